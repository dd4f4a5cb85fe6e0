package host

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// Actor ids are stored with the world and never handed to a second person: instances record
// their placer's actor id (editing follows it), and author state may record it too (a voting
// booth's ballots), so an id a new tab reused would inherit another person's rights and votes.
// Ids are "<role>-<n>" with n from one counter per world that only grows. The counter is
// reserved in blocks (actorIDBlock) so a flood of tab opens is not a flood of fsynced writes: a
// restart skips what remains of the block it was in, and no id below the stored mark is ever
// minted again.

// actorIDBlock is how many ids one write to the database reserves.
const actorIDBlock = 64

// actorIDSchema is the counter's table: the highest id number reserved per world.
const actorIDSchema = `CREATE TABLE IF NOT EXISTS actor_ids (
	world_id TEXT PRIMARY KEY REFERENCES worlds(id),
	reserved INTEGER NOT NULL
);`

// actorIDs mints the world's actor ids.
type actorIDs struct {
	mu       sync.Mutex
	st       *store
	world    string
	next     int64 // the next number to hand out
	reserved int64 // the highest number the database has reserved
}

// openActorIDs reads the world's counter (creating it from the placers already stored, for a
// database from before the counter: see seedActorCounter) and starts after its reserved mark.
func openActorIDs(ctx context.Context, st *store, world string) (*actorIDs, error) {
	reserved, err := st.actorCounter(ctx, world)
	if err != nil {
		return nil, fmt.Errorf("actor ids: %w", err)
	}
	return &actorIDs{st: st, world: world, next: reserved + 1, reserved: reserved}, nil
}

// mint returns a new id for prefix (a role, or "owner" for the owner's tabs).
func (a *actorIDs) mint(ctx context.Context, prefix string) (string, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.next > a.reserved {
		mark := a.next + actorIDBlock - 1
		if err := a.st.reserveActorIDs(ctx, a.world, mark); err != nil {
			return "", fmt.Errorf("actor ids: %w", err)
		}
		a.reserved = mark
	}
	n := a.next
	a.next++
	return prefix + "-" + strconv.FormatInt(n, 10), nil
}

// ---- the store's side

// actorCounter is the world's reserved mark; a world without one gets it from seedActorCounter
// first (the migration: it keeps every id already recorded out of reach).
func (s *store) actorCounter(ctx context.Context, world string) (int64, error) {
	var reserved int64
	err := s.db.QueryRowContext(ctx, `SELECT reserved FROM actor_ids WHERE world_id = ?`, world).Scan(&reserved)
	if err == nil {
		return reserved, nil
	}
	if !isNotFound(err) {
		return 0, err
	}
	seed, err := s.seedActorCounter(ctx, world)
	if err != nil {
		return 0, err
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO actor_ids(world_id, reserved) VALUES (?, ?)`, world, seed)
	return seed, err
}

// seedActorCounter is the highest id number a database from before the counter recorded (ids
// then restarted at 1 with every start, so any of them may be taken): among the placers, and the
// ids author state holds (a ballot's voter).
func (s *store) seedActorCounter(ctx context.Context, world string) (int64, error) {
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
func (s *store) reserveActorIDs(ctx context.Context, world string, mark int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE actor_ids SET reserved = MAX(reserved, ?) WHERE world_id = ?`, mark, world)
	return err
}

// migrateActorIDs adds the counter's table to a database from before it.
func migrateActorIDs(db *sql.DB) error {
	_, err := db.Exec(actorIDSchema)
	return err
}
