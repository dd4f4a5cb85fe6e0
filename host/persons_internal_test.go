package host

import (
	"context"
	"testing"
	"time"
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
