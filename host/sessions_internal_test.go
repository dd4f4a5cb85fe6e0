package host

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/scapeworld/scape/host/store"
	wm "github.com/scapeworld/scape/world"
)

// newTestSessions is a tab table over a fresh store, on the test's clock.
func newTestSessions(t *testing.T, clock *fakeNow) *sessions {
	t.Helper()
	st, err := store.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if _, err := st.EnsureWorld(context.Background(), worldID, "w", clock.Now()); err != nil {
		t.Fatal(err)
	}
	ids, err := openActorIDs(context.Background(), st, worldID)
	if err != nil {
		t.Fatal(err)
	}
	return newSessions(ids, clock.Now)
}

// TestFullTableOfLiveGuestsRefuses: when every guest has a live stream, a new guest is refused
// (503) rather than one of them dropped; the owner's tabs are another list and still open; once
// a guest's stream ends, that guest is the one forgotten for the newcomer.
func TestFullTableOfLiveGuestsRefuses(t *testing.T) {
	clock := &fakeNow{t: time.Now()}
	ss := newTestSessions(t, clock)
	var ended []string
	ss.onEnd = func(a []string) { ended = append(ended, a...) }
	ctx := context.Background()
	actors := make([]string, 0, maxGuestTabs)
	for i := 0; i < maxGuestTabs; i++ {
		_, a, err := ss.open(ctx, RoleParticipant, tabOrigin{invite: "inv-x"})
		if err != nil {
			t.Fatal(err)
		}
		ss.attach(a.ID)
		actors = append(actors, a.ID)
	}
	var ref *wm.Error
	if _, _, err := ss.open(ctx, RoleParticipant, tabOrigin{invite: "inv-x"}); !errors.As(err, &ref) || ref.Status != 503 {
		t.Fatalf("a guest past a table of live guests: %v, want 503", err)
	}
	if len(ended) != 0 {
		t.Fatalf("a live guest was dropped: %v", ended)
	}
	if _, _, err := ss.open(ctx, RoleAdmin, tabOrigin{owner: "o", ownerUntil: clock.Now().Add(time.Hour)}); err != nil {
		t.Fatalf("the owner's tab beside a full guest table: %v", err)
	}
	leaving := actors[maxGuestTabs/2]
	ss.detach(leaving)
	clock.Add(time.Second)
	ss.touch(actors[0]) // the oldest, but live: not the one to go
	if _, _, err := ss.open(ctx, RoleParticipant, tabOrigin{invite: "inv-x"}); err != nil {
		t.Fatalf("a guest once a stream ended: %v", err)
	}
	if len(ended) != 1 || ended[0] != leaving {
		t.Fatalf("forgotten for the newcomer: %v, want only %s (the one without a stream)", ended, leaving)
	}
	if g, a, _ := ss.counts(); g != maxGuestTabs || a != 1 {
		t.Fatalf("table: %d guests, %d admin tabs", g, a)
	}
}

// TestIdleTabsAreForgotten: a tab with no live stream and no request for tabIdleTTL is forgotten
// (and told to onEnd); one with a live stream, however old, and one in use stay.
func TestIdleTabsAreForgotten(t *testing.T) {
	clock := &fakeNow{t: time.Now()}
	ss := newTestSessions(t, clock)
	var ended []string
	ss.onEnd = func(a []string) { ended = append(ended, a...) }
	ctx := context.Background()
	_, idle, _ := ss.open(ctx, RoleEditor, tabOrigin{invite: "inv-x"})
	_, streaming, _ := ss.open(ctx, RoleEditor, tabOrigin{invite: "inv-x"})
	tok, used, _ := ss.open(ctx, RoleEditor, tabOrigin{invite: "inv-x"})
	ss.attach(streaming.ID)
	clock.Add(tabIdleTTL - time.Minute)
	if _, ok := ss.lookup(tok); !ok {
		t.Fatal("a tab in use was forgotten")
	}
	ss.expire()
	if len(ended) != 0 {
		t.Fatalf("forgotten before their time: %v", ended)
	}
	clock.Add(time.Minute)
	ss.expire()
	if len(ended) != 1 || ended[0] != idle.ID {
		t.Fatalf("forgotten: %v, want only %s", ended, idle.ID)
	}
	if !ss.present(streaming.ID) {
		t.Fatal("the live tab is not present")
	}
	// Used a minute ago: its avatar has left (past leaveGrace), its session stays to come back.
	if ss.present(used.ID) {
		t.Fatal("a tab quiet for a minute is present")
	}
	if _, ok := ss.lookup(tok); !ok {
		t.Fatal("a tab used a minute ago was forgotten")
	}
}
