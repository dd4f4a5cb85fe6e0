package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
)

// The world's uid (host/credentials.go says what it is for) is kept with the world. The table is
// created here rather than in the schema so that an older database gets it on its next start,
// its other rows untouched; the uid is never changed once written.
const worldUIDSchema = `CREATE TABLE IF NOT EXISTS host_settings (
	name TEXT PRIMARY KEY,
	value TEXT NOT NULL
)`

// worldUIDBytes is the uid's size: 128 random bits, written as 32 hex digits.
const worldUIDBytes = 16

// WorldUID returns the database's world uid, creating it on first use.
func (s *DB) WorldUID(ctx context.Context) (string, error) {
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
