package host

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
)

// A world's uid tells it apart from every other world on the machine. Browsers send the cookies
// of 127.0.0.1 to every port of it (cookies are scoped by host, not port), so two local worlds
// that used one cookie name overwrote and signed out each other, and each read the other's
// cookie. The uid is made once per data directory, at random, and kept in the database with the
// world: the owner cookie's name carries it (ownerCookieName), so each world reads and deletes
// only its own cookie, and its value is a secret only this world's database knows.
//
// The table is created here rather than in the schema so that an older database gets it on its
// next start, its other rows untouched; the uid is never changed once written.
const worldUIDSchema = `CREATE TABLE IF NOT EXISTS host_settings (
	name TEXT PRIMARY KEY,
	value TEXT NOT NULL
)`

// worldUIDBytes is the uid's size: 128 random bits, written as 32 hex digits.
const worldUIDBytes = 16

// ownerCookiePrefix starts every world's owner cookie name; the rest is its uid's first 12 hex
// digits (48 bits: two worlds of one machine colliding is out of reach).
const ownerCookiePrefix = "scape_owner_"

// worldUID returns the database's world uid, creating it on first use.
func (s *store) worldUID(ctx context.Context) (string, error) {
	if _, err := s.db.ExecContext(ctx, worldUIDSchema); err != nil {
		return "", fmt.Errorf("world uid: %w", err)
	}
	b := make([]byte, worldUIDBytes)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	// INSERT OR IGNORE keeps a uid already written: it is made once, whoever starts first.
	if _, err := s.db.ExecContext(ctx, `INSERT OR IGNORE INTO host_settings(name, value) VALUES ('world_uid', ?)`, hex.EncodeToString(b)); err != nil {
		return "", fmt.Errorf("world uid: %w", err)
	}
	var uid string
	if err := s.db.QueryRowContext(ctx, `SELECT value FROM host_settings WHERE name = 'world_uid'`).Scan(&uid); err != nil {
		return "", fmt.Errorf("world uid: %w", err)
	}
	// A database is a file a cloned project may have planted: the uid goes into a cookie's name,
	// so anything but hex digits is refused rather than sent.
	if _, err := hex.DecodeString(uid); err != nil || len(uid) < 12 {
		return "", fmt.Errorf("world uid: %q is not at least 12 hex digits", uid)
	}
	return uid, nil
}

// ownerCookieName is the owner cookie of the world with this uid.
func ownerCookieName(uid string) string { return ownerCookiePrefix + uid[:12] }

// OwnerCookie is the name of this world's owner cookie (tests and tools that drive the owner's
// browser session look for it).
func (s *Server) OwnerCookie() string { return s.ownerCookie }
