package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	_ "modernc.org/sqlite" // pure-Go SQLite: the host stays one static binary

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/projdir"
	"github.com/scapeworld/scape/protocol"
)

// The schema. Session tokens and owner cookies are stored as SHA-256 hashes only, so a copy
// of the database grants nothing. A revision row and the world's active pointer change in one
// transaction: a killed host has either both or neither.
const schema = `
CREATE TABLE IF NOT EXISTS worlds (
	id TEXT PRIMARY KEY,
	name TEXT NOT NULL,
	created_at INTEGER NOT NULL,
	active_revision INTEGER
);
CREATE TABLE IF NOT EXISTS owner_sessions (
	token_hash TEXT PRIMARY KEY,
	csrf TEXT NOT NULL,
	created_at INTEGER NOT NULL,
	expires_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS dev_sessions (
	id TEXT PRIMARY KEY,
	token_hash TEXT NOT NULL UNIQUE,
	world_id TEXT NOT NULL REFERENCES worlds(id),
	project TEXT NOT NULL,
	created_at INTEGER NOT NULL,
	expires_at INTEGER NOT NULL,
	revoked_at INTEGER,
	revoke_reason TEXT
);
CREATE TABLE IF NOT EXISTS revisions (
	world_id TEXT NOT NULL REFERENCES worlds(id),
	number INTEGER NOT NULL,
	sha256 TEXT NOT NULL,
	size INTEGER NOT NULL,
	base_revision INTEGER NOT NULL,
	session_id TEXT NOT NULL,
	project TEXT NOT NULL,
	status TEXT NOT NULL CHECK (status IN ('accepted', 'rejected')),
	created_at INTEGER NOT NULL,
	problems TEXT NOT NULL,
	definitions TEXT NOT NULL,
	bundle BLOB,
	PRIMARY KEY (world_id, number)
);
CREATE TABLE IF NOT EXISTS instances (
	id TEXT PRIMARY KEY,
	world_id TEXT NOT NULL REFERENCES worlds(id),
	type TEXT NOT NULL,
	version INTEGER NOT NULL,
	state TEXT NOT NULL,
	created_at INTEGER NOT NULL,
	updated_at INTEGER NOT NULL
);
`

// store is the host's durable state. All writes go through one connection; the host also
// serialises world changes with its own mutex, so no write ever waits on SQLITE_BUSY.
type DB struct {
	db *sql.DB
}

func Open(dir string) (*DB, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("create data directory: %w", err)
	}
	path := filepath.Join(dir, "host.db")
	// The database and its WAL and shared-memory files are opened by name by SQLite, which
	// follows links: one planted at any of them (a cloned project's .scape) would give another
	// file the host's schema, WAL mode and mode 0600. Each must be a regular file or missing.
	for _, f := range []string{path, path + "-wal", path + "-shm"} {
		if err := projdir.NotLink(f); err != nil {
			return nil, err
		}
	}
	// WAL keeps readers and the writer apart and makes each commit one append; synchronous=FULL
	// makes an accepted revision survive even a power cut, not only a killed process.
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_txlock=immediate"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if err := migrateGrid(db); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if err := migrateActorIDs(db); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if err := migratePeople(db); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if err := migrateInvites(db); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		db.Close()
		return nil, err
	}
	return &DB{db: db}, nil
}

func (s *DB) Close() error { return s.db.Close() }

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

// ---- worlds

// World is the host's one world row.
type World struct {
	ID             string
	Name           string
	ActiveRevision int // 0: none yet
}

func (s *DB) EnsureWorld(ctx context.Context, id, name string, now time.Time) (World, error) {
	_, err := s.db.ExecContext(ctx, `INSERT OR IGNORE INTO worlds(id, name, created_at) VALUES (?, ?, ?)`, id, name, ms(now))
	if err != nil {
		return World{}, err
	}
	return s.World(ctx, id)
}

func (s *DB) World(ctx context.Context, id string) (World, error) {
	var w World
	var active sql.NullInt64
	err := s.db.QueryRowContext(ctx, `SELECT id, name, active_revision FROM worlds WHERE id = ?`, id).Scan(&w.ID, &w.Name, &active)
	w.ActiveRevision = int(active.Int64)
	return w, err
}

// ---- owner sessions (browser cookies)

func (s *DB) AddOwnerSession(ctx context.Context, tokenHash, csrf string, now, expires time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO owner_sessions(token_hash, csrf, created_at, expires_at) VALUES (?, ?, ?, ?)`,
		tokenHash, csrf, ms(now), ms(expires))
	return err
}

// ownerSession returns the CSRF token of a live owner session, or sql.ErrNoRows.
func (s *DB) OwnerSession(ctx context.Context, tokenHash string, now time.Time) (string, error) {
	var csrf string
	err := s.db.QueryRowContext(ctx, `SELECT csrf FROM owner_sessions WHERE token_hash = ? AND expires_at > ?`, tokenHash, ms(now)).Scan(&csrf)
	return csrf, err
}

func (s *DB) DeleteOwnerSession(ctx context.Context, tokenHash string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM owner_sessions WHERE token_hash = ?`, tokenHash)
	return err
}

// ---- dev sessions
// OwnerSessionExpiry is when the owner's sign-in of that cookie hash ends.
func (st *DB) OwnerSessionExpiry(ctx context.Context, tokenHash string) (time.Time, error) {
	var expires int64
	err := st.db.QueryRowContext(ctx, `SELECT expires_at FROM owner_sessions WHERE token_hash = ?`, tokenHash).Scan(&expires)
	return fromMS(expires), err
}

const devSessionCols = `id, world_id, project, created_at, expires_at, revoked_at, revoke_reason`

func scanDevSession(row interface{ Scan(...any) error }) (protocol.Session, error) {
	var d protocol.Session
	var created, expires int64
	var revoked sql.NullInt64
	var reason sql.NullString
	if err := row.Scan(&d.ID, &d.WorldID, &d.Project, &created, &expires, &revoked, &reason); err != nil {
		return protocol.Session{}, err
	}
	d.CreatedAt, d.ExpiresAt = fromMS(created), fromMS(expires)
	if revoked.Valid {
		d.RevokedAt = fromMS(revoked.Int64)
	}
	d.RevokeReason = reason.String
	return d, nil
}

// replaceDevSession revokes every live session of the world and adds the new one, in one
// transaction: a world has at most one connected project.
func (s *DB) ReplaceDevSession(ctx context.Context, d protocol.Session, tokenHash string, now time.Time) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE dev_sessions SET revoked_at = ?, revoke_reason = 'replaced' WHERE world_id = ? AND revoked_at IS NULL`,
		ms(now), d.WorldID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO dev_sessions(id, token_hash, world_id, project, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
		d.ID, tokenHash, d.WorldID, d.Project, ms(d.CreatedAt), ms(d.ExpiresAt)); err != nil {
		return err
	}
	return tx.Commit()
}

func (s *DB) DevSessionByToken(ctx context.Context, tokenHash string) (protocol.Session, error) {
	return scanDevSession(s.db.QueryRowContext(ctx, `SELECT `+devSessionCols+` FROM dev_sessions WHERE token_hash = ?`, tokenHash))
}

// currentDevSession is the world's newest session that is neither revoked nor expired.
func (s *DB) CurrentDevSession(ctx context.Context, worldID string, now time.Time) (protocol.Session, error) {
	return scanDevSession(s.db.QueryRowContext(ctx, `SELECT `+devSessionCols+` FROM dev_sessions
		WHERE world_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at DESC LIMIT 1`, worldID, ms(now)))
}

func (s *DB) RevokeDevSession(ctx context.Context, id, reason string, now time.Time) error {
	_, err := s.db.ExecContext(ctx, `UPDATE dev_sessions SET revoked_at = ?, revoke_reason = ? WHERE id = ? AND revoked_at IS NULL`, ms(now), reason, id)
	return err
}

// ---- revisions

const revisionCols = `number, status, sha256, size, base_revision, project, created_at, problems, definitions`

func scanRevision(row interface{ Scan(...any) error }) (protocol.Revision, error) {
	var r protocol.Revision
	var created int64
	var problems, defs string
	if err := row.Scan(&r.Number, &r.Status, &r.SHA256, &r.Size, &r.BaseRevision, &r.Project, &created, &problems, &defs); err != nil {
		return protocol.Revision{}, err
	}
	r.CreatedAt = fromMS(created)
	if err := json.Unmarshal([]byte(problems), &r.Problems); err != nil {
		return protocol.Revision{}, err
	}
	if err := json.Unmarshal([]byte(defs), &r.Definitions); err != nil {
		return protocol.Revision{}, err
	}
	if r.Problems == nil {
		r.Problems = diag.List{}
	}
	if r.Definitions == nil {
		r.Definitions = []protocol.Definition{}
	}
	return r, nil
}

func (s *DB) Revision(ctx context.Context, worldID string, number int) (protocol.Revision, error) {
	return scanRevision(s.db.QueryRowContext(ctx, `SELECT `+revisionCols+` FROM revisions WHERE world_id = ? AND number = ?`, worldID, number))
}

// activeRevision is the world's active revision (sql.ErrNoRows: none accepted yet), in one
// query: the sidebar asks for it every second.
func (s *DB) ActiveRevision(ctx context.Context, worldID string) (protocol.Revision, error) {
	return scanRevision(s.db.QueryRowContext(ctx, `SELECT `+revisionCols+` FROM revisions
		WHERE world_id = ? AND number = (SELECT active_revision FROM worlds WHERE id = ?)`, worldID, worldID))
}

func (s *DB) LatestRevision(ctx context.Context, worldID string) (protocol.Revision, error) {
	return scanRevision(s.db.QueryRowContext(ctx, `SELECT `+revisionCols+` FROM revisions WHERE world_id = ? ORDER BY number DESC LIMIT 1`, worldID))
}

// rejectionsSince lists rejected revisions newer than the active one, newest first.
func (s *DB) RejectionsSince(ctx context.Context, worldID string, after, limit int) ([]protocol.Revision, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+revisionCols+` FROM revisions WHERE world_id = ? AND status = 'rejected' AND number > ? ORDER BY number DESC LIMIT ?`,
		worldID, after, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []protocol.Revision
	for rows.Next() {
		r, err := scanRevision(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

func (s *DB) Bundle(ctx context.Context, worldID string, number int) ([]byte, error) {
	var b []byte
	err := s.db.QueryRowContext(ctx, `SELECT bundle FROM revisions WHERE world_id = ? AND number = ?`, worldID, number).Scan(&b)
	return b, err
}

// addRevision records a verdict and, for an accepted one, makes it the world's active build,
// in one transaction, which also drops the revisions past KeptRevisions (prune.go). It returns the revision with its number.
// keepRejected keeps a rejected revision's bundle too (one rejected only for what is placed: the
// host judges it again when the placed instances change, or on the owner's Retry, also after a
// restart); the store holds at most one rejected bundle, so any older one is cleared in the same
// transaction. Bundles stay within StoreBound: they live only on the kept revisions' rows.
func (s *DB) AddRevision(ctx context.Context, worldID, sessionID string, r protocol.Revision, js []byte, keepRejected bool) (protocol.Revision, error) {
	problems, err := json.Marshal(r.Problems)
	if err != nil {
		return protocol.Revision{}, err
	}
	defs, err := json.Marshal(r.Definitions)
	if err != nil {
		return protocol.Revision{}, err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return protocol.Revision{}, err
	}
	defer tx.Rollback()
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(number), 0) + 1 FROM revisions WHERE world_id = ?`, worldID).Scan(&r.Number); err != nil {
		return protocol.Revision{}, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE revisions SET bundle = NULL WHERE world_id = ? AND status = 'rejected' AND bundle IS NOT NULL`, worldID); err != nil {
		return protocol.Revision{}, err
	}
	var stored []byte
	if r.Status == "accepted" || keepRejected {
		stored = js // any other rejected build is never run again: keep its verdict, not its code
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO revisions(world_id, number, sha256, size, base_revision, session_id, project, status, created_at, problems, definitions, bundle)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		worldID, r.Number, r.SHA256, r.Size, r.BaseRevision, sessionID, r.Project, r.Status, ms(r.CreatedAt), string(problems), string(defs), stored); err != nil {
		return protocol.Revision{}, err
	}
	if r.Status == "accepted" {
		if _, err := tx.ExecContext(ctx, `UPDATE worlds SET active_revision = ? WHERE id = ?`, r.Number, worldID); err != nil {
			return protocol.Revision{}, err
		}
	}
	if err := pruneRevisions(ctx, tx, worldID); err != nil {
		return protocol.Revision{}, err
	}
	if err := tx.Commit(); err != nil {
		return protocol.Revision{}, err
	}
	return r, nil
}

func IsNotFound(err error) bool { return errors.Is(err, sql.ErrNoRows) }
