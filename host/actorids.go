package host

import (
	"context"
	"fmt"
	"strconv"
	"sync"

	"github.com/scapeworld/scape/host/store"
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

// actorIDs mints the world's actor ids.
type actorIDs struct {
	mu       sync.Mutex
	st       *store.DB
	world    string
	next     int64 // the next number to hand out
	reserved int64 // the highest number the database has reserved
}

// openActorIDs reads the world's counter (creating it from the placers already stored, for a
// database from before the counter: see seedActorCounter) and starts after its reserved mark.
func openActorIDs(ctx context.Context, st *store.DB, world string) (*actorIDs, error) {
	reserved, err := st.ActorCounter(ctx, world)
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
		if err := a.st.ReserveActorIDs(ctx, a.world, mark); err != nil {
			return "", fmt.Errorf("actor ids: %w", err)
		}
		a.reserved = mark
	}
	n := a.next
	a.next++
	return prefix + "-" + strconv.FormatInt(n, 10), nil
}
