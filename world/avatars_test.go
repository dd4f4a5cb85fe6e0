package world_test

import (
	"encoding/json"
	"testing"

	"github.com/scapeworld/scape/world"
)

// TestRememberedForget: an ended tab's settings are dropped; another tab's stay.
func TestRememberedForget(t *testing.T) {
	r := world.NewRemembered()
	d := thermostat()
	state := json.RawMessage(`{"target":"30.5","mode":"cool"}`)
	r.Accepted("tab-1", d, "home.thermostat", 1, "setTarget", state)
	r.Accepted("tab-2", d, "home.thermostat", 1, "setTarget", state)
	r.Forget("tab-1")
	if _, _, ok := r.Replay("tab-1", d, "home.thermostat", 1); ok {
		t.Fatal("a forgotten tab's settings replayed")
	}
	if _, _, ok := r.Replay("tab-2", d, "home.thermostat", 1); !ok {
		t.Fatal("forgetting one tab dropped another's settings")
	}
}
