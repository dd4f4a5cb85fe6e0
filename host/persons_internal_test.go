package host

import (
	"context"
	"testing"
	"time"

	"github.com/scapeworld/scape/host/store"
)

// TestPersonTabsBound: one person's tab tokens are bounded on both sides — up to
// maxTabsPerPerson tabs all work as the same actor; one more and only the oldest stops working.
func TestPersonTabsBound(t *testing.T) {
	ss := newTestSessions(t, &fakeNow{t: time.Now()})
	ss.onEnd = func([]string) {}
	from := tabOrigin{invite: "inv-p"}
	first, secret, a, existing, err := ss.openAs(context.Background(), RoleParticipant, from, "")
	if err != nil || existing || secret == "" {
		t.Fatalf("first tab: %v existing=%v secret=%q", err, existing, secret)
	}
	tokens := []string{first}
	for len(tokens) < maxTabsPerPerson {
		tok, _, b, existing, err := ss.openAs(context.Background(), RoleParticipant, from, secret)
		if err != nil || !existing || b.ID != a.ID {
			t.Fatalf("tab %d: %v existing=%v actor %s, want %s", len(tokens)+1, err, existing, b.ID, a.ID)
		}
		tokens = append(tokens, tok)
	}
	for i, tok := range tokens {
		if b, ok := ss.lookup(tok); !ok || b.ID != a.ID {
			t.Fatalf("at the bound, tab %d does not work (%v %s)", i+1, ok, b.ID)
		}
	}
	one, _, _, _, err := ss.openAs(context.Background(), RoleParticipant, from, secret)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := ss.lookup(tokens[0]); ok {
		t.Fatal("past the bound the oldest tab token still works")
	}
	for i, tok := range append(tokens[1:], one) {
		if _, ok := ss.lookup(tok); !ok {
			t.Fatalf("past the bound, tab %d stopped working", i+2)
		}
	}
	// Another origin's secret is not this person's.
	if _, _, b, existing, _ := ss.openAs(context.Background(), RoleParticipant, tabOrigin{invite: "inv-q"}, secret); existing || b.ID == a.ID {
		t.Fatal("a person secret opened a tab under another invite")
	}
}

// TestRestoredPeopleKeepTheirEnds: a person's last use is saved (at most a minute stale), so
// after a restart it ends by the same idle rule: the person used an hour before the restart is
// back, the one idle past tabIdleTTL is not and is deleted from the store with the next save.
func TestRestoredPeopleKeepTheirEnds(t *testing.T) {
	ctx := context.Background()
	clock := &fakeNow{t: time.Now()}
	st, err := store.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.EnsureWorld(ctx, worldID, "w", clock.Now()); err != nil {
		t.Fatal(err)
	}
	run := func() *sessions {
		t.Helper()
		ids, err := openActorIDs(ctx, st, worldID)
		if err != nil {
			t.Fatal(err)
		}
		ss := newSessions(ids, clock.Now)
		if err := ss.restorePeople(ctx, st, worldID); err != nil {
			t.Fatal(err)
		}
		return ss
	}
	signIn := tabOrigin{owner: "sign-in", ownerUntil: clock.Now().Add(48 * time.Hour)}
	ss := run()
	usedTok, used, usedActor, err := ss.openNew(ctx, RoleAdmin, signIn)
	if err != nil {
		t.Fatal(err)
	}
	_, idle, idleActor, err := ss.openNew(ctx, RoleAdmin, signIn)
	if err != nil {
		t.Fatal(err)
	}
	ss.saveNow()
	clock.Add(tabIdleTTL - time.Hour)
	if _, ok := ss.lookup(usedTok); !ok {
		t.Fatal("the used person's tab ended")
	}
	ss.saveNow() // the host's Close
	clock.Add(2 * time.Hour)

	ss = run()
	if _, a, ok := ss.rejoin(RoleAdmin, signIn, used); !ok || a != usedActor {
		t.Fatalf("the person used an hour ago is %v %v after the restart, want %s", a, ok, usedActor)
	}
	if _, a, ok := ss.rejoin(RoleAdmin, signIn, idle); ok {
		t.Fatalf("the person idle for %v came back as %s (was %s)", tabIdleTTL+time.Hour, a, idleActor)
	}
	ss.saveNow()
	people, err := st.People(ctx, worldID)
	if err != nil || len(people) != 1 || people[0].Actor != usedActor.ID {
		t.Fatalf("stored after the restart: %+v %v, want only %s", people, err, usedActor.ID)
	}
}

// openAs opens a tab for role as handleOpenTab does: another tab of the person whose secret the page presented when
// it matches (same role and origin, not ended), else a new person. It returns the tab's token,
// the person secret for the page to keep, the actor, and whether it is an existing person.
func (ss *sessions) openAs(ctx context.Context, role Role, from tabOrigin, person string) (string, string, Actor, bool, error) {
	if person != "" {
		if tok, a, ok := ss.rejoin(role, from, person); ok {
			return tok, person, a, true, nil
		}
	}
	tok, secret, a, err := ss.openNew(ctx, role, from)
	return tok, secret, a, false, err
}
