package store

import (
	"context"
	"database/sql"
	"time"
)

// People are the world page's persons (host/persons.go): what identifies one across a restart
// of the host, so a browser that presents its person secret is the same actor again. The secret
// itself is never stored, only its SHA-256, so a copy of the database opens nobody; a person is
// also bound to what opened it (the owner's sign-in, by its cookie's hash, or an invite's id),
// which a tab must present again.

// peopleSchema is the people's table (one row per person the host's table holds).
const peopleSchema = `CREATE TABLE IF NOT EXISTS people (
	person_hash TEXT PRIMARY KEY,
	world_id TEXT NOT NULL REFERENCES worlds(id),
	actor_id TEXT NOT NULL,
	role TEXT NOT NULL,
	owner_hash TEXT NOT NULL,
	owner_until INTEGER NOT NULL,
	invite TEXT NOT NULL,
	opened_at INTEGER NOT NULL,
	seen_at INTEGER NOT NULL
);`

// Person is one stored person.
type Person struct {
	Hash       string // SHA-256 of the person secret
	Actor      string
	Role       string
	Owner      string    // an admin's: the hash of the owner's sign-in it was opened under
	OwnerUntil time.Time // when that sign-in ends
	Invite     string    // a guest's: the id of the invite it came by
	Opened     time.Time
	Seen       time.Time // its last use, as last saved (the host saves it at most once a minute)
}

// migratePeople adds the people's table to a database from before it.
func migratePeople(db *sql.DB) error {
	_, err := db.Exec(peopleSchema)
	return err
}

// People are the world's stored persons, least recently seen first.
func (s *DB) People(ctx context.Context, world string) ([]Person, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT person_hash, actor_id, role, owner_hash, owner_until, invite, opened_at, seen_at
		FROM people WHERE world_id = ? ORDER BY seen_at, opened_at`, world)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Person
	for rows.Next() {
		var p Person
		var until, opened, seen int64
		if err := rows.Scan(&p.Hash, &p.Actor, &p.Role, &p.Owner, &until, &p.Invite, &opened, &seen); err != nil {
			return nil, err
		}
		p.OwnerUntil, p.Opened, p.Seen = fromMS(until), fromMS(opened), fromMS(seen)
		out = append(out, p)
	}
	return out, rows.Err()
}

// SavePeople writes the persons that are new or were seen again, and deletes those that ended
// (by their hash), in one transaction: the host batches them, so a flood of tab opens is not a
// flood of fsynced writes.
func (s *DB) SavePeople(ctx context.Context, world string, save []Person, ended []string) error {
	if len(save) == 0 && len(ended) == 0 {
		return nil
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, h := range ended {
		if _, err := tx.ExecContext(ctx, `DELETE FROM people WHERE person_hash = ?`, h); err != nil {
			return err
		}
	}
	for _, p := range save {
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO people(person_hash, world_id, actor_id, role, owner_hash, owner_until, invite, opened_at, seen_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, p.Hash, world, p.Actor, p.Role, p.Owner, ms(p.OwnerUntil), p.Invite, ms(p.Opened), ms(p.Seen)); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// Invites are the owner's invite links (host/invites.go), kept across restarts so a guest's
// person (bound to the invite it came by) can come back, and a capped link stays capped. The
// code is kept as its SHA-256 only.

// invitesSchema is the invites' table.
const invitesSchema = `CREATE TABLE IF NOT EXISTS invites (
	id TEXT PRIMARY KEY,
	world_id TEXT NOT NULL REFERENCES worlds(id),
	code_hash TEXT NOT NULL UNIQUE,
	role TEXT NOT NULL,
	created_at INTEGER NOT NULL,
	expires_at INTEGER NOT NULL,
	max_uses INTEGER NOT NULL,
	uses INTEGER NOT NULL
);`

// Invite is one stored invite.
type Invite struct {
	ID, Hash, Role   string
	Created, Expires time.Time
	MaxUses, Uses    int
}

// migrateInvites adds the invites' table to a database from before it.
func migrateInvites(db *sql.DB) error {
	_, err := db.Exec(invitesSchema)
	return err
}

// Invites are the world's stored invites.
func (s *DB) Invites(ctx context.Context, world string) ([]Invite, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, code_hash, role, created_at, expires_at, max_uses, uses FROM invites WHERE world_id = ?`, world)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Invite
	for rows.Next() {
		var in Invite
		var created, expires int64
		if err := rows.Scan(&in.ID, &in.Hash, &in.Role, &created, &expires, &in.MaxUses, &in.Uses); err != nil {
			return nil, err
		}
		in.Created, in.Expires = fromMS(created), fromMS(expires)
		out = append(out, in)
	}
	return out, rows.Err()
}

// SaveInvites writes the invites that are new or changed and deletes those gone (by id), in
// one transaction.
func (s *DB) SaveInvites(ctx context.Context, world string, save []Invite, gone []string) error {
	if len(save) == 0 && len(gone) == 0 {
		return nil
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, id := range gone {
		if _, err := tx.ExecContext(ctx, `DELETE FROM invites WHERE id = ?`, id); err != nil {
			return err
		}
	}
	for _, in := range save {
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO invites(id, world_id, code_hash, role, created_at, expires_at, max_uses, uses)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, in.ID, world, in.Hash, in.Role, ms(in.Created), ms(in.Expires), in.MaxUses, in.Uses); err != nil {
			return err
		}
	}
	return tx.Commit()
}
