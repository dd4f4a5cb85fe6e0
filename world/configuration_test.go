package world_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/scapeworld/scape/world"
)

// thermostat is the fidelity corpus's thermostat as derive reports it: settings saved through
// setTarget/setMode (editor), copied through configure, remembered.
func thermostat() *world.Derived {
	return &world.Derived{
		Actions:       map[string]world.Permission{"setTarget": world.Editor, "setMode": world.Editor, "configure": world.Editor, "poke": world.Participant},
		Configuration: &world.Configuration{Action: "configure", Fields: []string{"target", "mode"}, Remember: true},
	}
}

func TestRememberedReplaysAcceptedEditorSettings(t *testing.T) {
	r := world.NewRemembered()
	d := thermostat()
	state := json.RawMessage(`{"target":"30.5","mode":"cool","serial":7}`)
	if r.Accepted("tab-1", d, "home.thermostat", 1, "poke", state) {
		t.Fatal("a participant action recorded settings")
	}
	if _, _, ok := r.Replay("tab-1", d, "home.thermostat", 1); ok {
		t.Fatal("replay with nothing accepted")
	}
	if !r.Accepted("tab-1", d, "home.thermostat", 1, "setTarget", state) {
		t.Fatal("an accepted editor action was not recorded")
	}
	action, payload, ok := r.Replay("tab-1", d, "home.thermostat", 1)
	// Only the declared fields: never the rest of the live state.
	if !ok || action != "configure" || string(payload) != `{"mode":"cool","target":"30.5"}` {
		t.Fatalf("replay: %q %s %v", action, payload, ok)
	}
	if _, _, ok := r.Replay("tab-2", d, "home.thermostat", 1); ok {
		t.Fatal("another tab's placement replayed tab-1's settings")
	}
	if _, _, ok := r.Replay("tab-1", d, "home.thermostat", 2); ok {
		t.Fatal("settings of version 1 replayed on version 2")
	}
	// A later build that copies fewer fields copies only those.
	fewer := thermostat()
	fewer.Configuration.Fields = []string{"mode"}
	if _, payload, _ := r.Replay("tab-1", fewer, "home.thermostat", 1); string(payload) != `{"mode":"cool"}` {
		t.Fatalf("replay under fewer fields: %s", payload)
	}
	// Without remember nothing is recorded or replayed.
	once := thermostat()
	once.Configuration.Remember = false
	if r.Accepted("tab-3", once, "home.thermostat", 1, "setMode", state) {
		t.Fatal("recorded without remember")
	}
	if _, _, ok := r.Replay("tab-1", once, "home.thermostat", 1); ok {
		t.Fatal("replayed without remember")
	}
}

func TestConfigurationValuesNeedsAnObjectState(t *testing.T) {
	c := world.Configuration{Action: "configure", Fields: []string{"a"}}
	if _, err := c.Values(json.RawMessage(`[1]`)); err == nil {
		t.Fatal("an array state gave configuration values")
	}
	v, err := c.Values(json.RawMessage(`{"b":1}`))
	if err != nil || len(v) != 0 {
		t.Fatalf("a state without the field: %v %v", v, err)
	}
}

// The memory is bounded: MaxRememberedSessions sessions are all kept; one more starts again.
func TestRememberedIsBounded(t *testing.T) {
	r := world.NewRemembered()
	d := thermostat()
	state := json.RawMessage(`{"target":"20","mode":"heat"}`)
	for i := 0; i < world.MaxRememberedSessions; i++ {
		r.Accepted(fmt.Sprintf("tab-%d", i), d, "home.thermostat", 1, "setMode", state)
	}
	if _, _, ok := r.Replay("tab-0", d, "home.thermostat", 1); !ok {
		t.Fatal("the first session was forgotten at the bound")
	}
	r.Accepted("one-more", d, "home.thermostat", 1, "setMode", state)
	if _, _, ok := r.Replay("tab-0", d, "home.thermostat", 1); ok {
		t.Fatal("past the bound the memory kept the old sessions")
	}
	if _, _, ok := r.Replay("one-more", d, "home.thermostat", 1); !ok {
		t.Fatal("past the bound the newest session was not kept")
	}
}
