package store

import (
	"context"
	"database/sql"
	"regexp"
	"strconv"
	"strings"
)

// Actor ids are "<role>-<n>" with n from one counter per world that only grows (host/actorids.go
// mints them); these are the counter's rows.

// actorIDSchema is the counter's table: the highest id number reserved per world.
const actorIDSchema = `CREATE TABLE IF NOT EXISTS actor_ids (
	world_id TEXT PRIMARY KEY REFERENCES worlds(id),
	reserved INTEGER NOT NULL
);`

// actorCounter is the world's reserved mark; a world without one gets it from seedActorCounter
// first (the migration: it keeps every id already recorded out of reach).
func (s *DB) ActorCounter(ctx context.Context, world string) (int64, error) {
	var reserved int64
	err := s.db.QueryRowContext(ctx, `SELECT reserved FROM actor_ids WHERE world_id = ?`, world).Scan(&reserved)
	if err == nil {
		return reserved, nil
	}
	if !IsNotFound(err) {
		return 0, err
	}
	seed, err := s.SeedActorCounter(ctx, world)
	if err != nil {
		return 0, err
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO actor_ids(world_id, reserved) VALUES (?, ?)`, world, seed)
	return seed, err
}

// seedActorCounter is the highest id number a database from before the counter recorded (ids
// then restarted at 1 with every start, so any of them may be taken): among the placers, and the
// ids author state holds (a ballot's voter).
func (s *DB) SeedActorCounter(ctx context.Context, world string) (int64, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT placer, state FROM instances WHERE world_id = ?`, world)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var top int64
	for rows.Next() {
		var placer, state string
		if err := rows.Scan(&placer, &state); err != nil {
			return 0, err
		}
		top = max(top, actorNumber(placer))
		for _, m := range storedActorID.FindAllStringSubmatch(state, -1) {
			top = max(top, actorNumber(m[0]))
		}
	}
	return top, rows.Err()
}

// storedActorID is an actor id as the host minted them before the counter.
var storedActorID = regexp.MustCompile(`\b(?:owner|participant|editor|remover)-[0-9]{1,18}\b`)

// actorNumber is n of an id "<prefix>-<n>", else 0.
func actorNumber(id string) int64 {
	i := strings.LastIndexByte(id, '-')
	if i < 0 {
		return 0
	}
	n, err := strconv.ParseInt(id[i+1:], 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// reserveActorIDs raises the world's reserved mark to mark (never lowers it).
func (s *DB) ReserveActorIDs(ctx context.Context, world string, mark int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE actor_ids SET reserved = MAX(reserved, ?) WHERE world_id = ?`, mark, world)
	return err
}

// migrateActorIDs adds the counter's table to a database from before it.
func migrateActorIDs(db *sql.DB) error {
	_, err := db.Exec(actorIDSchema)
	return err
}
