package host

import (
	"encoding/json"
	"testing"

	wm "github.com/scapeworld/scape/world"
)

// TestReactionShare: the one rule for an 'acted' event's reaction. The actor gets the reaction
// whole (haptic and area removal included), a recipient of the delivery the feedback without
// haptic and without the removal request, anyone else nothing; a reaction without delivered
// feedback is the actor's alone. Other kinds of change pass unchanged.
func TestReactionShare(t *testing.T) {
	feedback := `{"durationMs":600,"haptic":"light","burst":{"color":"#ffffff","radiusCells":1,"particles":0}}`
	reaction := json.RawMessage(`{"feedback":` + feedback + `,"removeArea":{"radiusCells":1}}`)
	d := &wm.Delivery{Feedback: wm.Feedback{Initiator: "ann", Recipients: []string{"ann", "bob"}, Effects: json.RawMessage(feedback)}, Haptic: "light"}
	cases := []struct {
		name, viewer string
		d            *wm.Delivery
		want         string
	}{
		{"the actor", "ann", d, string(reaction)},
		{"a recipient", "bob", d, `{"feedback":{"burst":{"color":"#ffffff","radiusCells":1,"particles":0},"durationMs":600}}`},
		{"not a recipient", "cyd", d, `{"undelivered":true}`},
		{"the actor, nothing delivered", "ann", nil, string(reaction)},
		{"another, nothing delivered", "bob", nil, ""},
	}
	for _, c := range cases {
		got := reactionShare(reaction, c.d, "ann", c.viewer)
		if string(got) != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	acted := change{Kind: "acted", Actor: "ann", Reaction: reaction, delivery: d}
	if got := acted.sharedWith("cyd"); string(got.Reaction) != `{"undelivered":true}` || got.Instance != acted.Instance || got.Kind != "acted" {
		t.Errorf("acted for a bystander: %+v", got)
	}
	if got := acted.sharedWith("ann"); string(got.Reaction) != string(reaction) {
		t.Errorf("acted for the actor: %s", got.Reaction)
	}
	seeded := change{Kind: "seeded", Actor: "ann", Instance: "i1"}
	if got := seeded.sharedWith("bob"); got.Kind != "seeded" || got.Instance != "i1" {
		t.Errorf("seeded changed: %+v", got)
	}
}
