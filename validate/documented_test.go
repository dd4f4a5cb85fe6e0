package validate

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/world"
)

// Rules the spec states, run through the toolchain in goja (docs/sdk.md, "Documented rules
// added"). TestProjectIsTheDefaultExport (validate_test.go) is the first of them.

// TestReducersAreSynchronous: "Reducers are synchronous and side-effect-free" (spec, Actions).
// An async run is refused at build, as an arrow and as a method (goja gives async methods the
// prototype of ordinary functions); a run that returns a Promise is refused when it runs.
func TestReducersAreSynchronous(t *testing.T) {
	const sync = "run: (state, payload) => {\n        requirePayload(payload, []);"
	for name, run := range map[string]string{
		"arrow":  "run: async (state, payload) => {\n        requirePayload(payload, []);",
		"method": "async run(state, payload) {\n        requirePayload(payload, []);",
	} {
		rep := check(t, project(t, map[string]string{sync: run}, nil), Options{})
		want := "src/definition.ts:32:7: example.lamp (🏮 Lamp): actions.toggle.run: must be synchronous (reducers are synchronous; got an async function)"
		if rep.OK() || len(rep.Diagnostics) != 1 || rep.Diagnostics[0].String() != want || rep.Diagnostics[0].Code != diag.CodeRule || rep.Diagnostics[0].Got != "" {
			t.Errorf("%s: %v\nwant %s", name, rep.Diagnostics, want)
		}
	}
	// Synchronous, as a method too: valid.
	if rep := check(t, project(t, map[string]string{sync: "run(state, payload) {\n        requirePayload(payload, []);"}, nil), Options{}); !rep.OK() {
		t.Fatalf("a synchronous method: %v", rep.Diagnostics)
	}

	// A plain function that returns a Promise is refused when it runs: state exploration runs
	// the toggle the view offers, so the build says so with the trail; without exploration the
	// build passes and the registry refuses the action.
	res := project(t, map[string]string{"return { ...state, on: !state.on };": "return Promise.resolve({ ...state, on: !state.on }) as never;"}, nil)
	want := "src/definition.ts:32:7: example.lamp (🏮 Lamp): after toggle: actions.toggle.run: must be synchronous (reducers are synchronous; returned a Promise)"
	if rep := check(t, res, Options{}); rep.OK() || len(rep.Diagnostics) != 1 || rep.Diagnostics[0].String() != want {
		t.Fatalf("build: %v\nwant %s", rep.Diagnostics, want)
	}
	if rep := check(t, res, Options{Explore: NoExplore}); !rep.OK() {
		t.Fatalf("build without exploration: %v", rep.Diagnostics)
	}
	ctx := context.Background()
	// The host's verdict is the build's: Open explores and refuses it too.
	if p, rep, err := Open(ctx, res.JS, Options{SourceMap: res.SourceMap}); err != nil || p != nil || len(rep.Diagnostics) != 1 || rep.Diagnostics[0].String() != want {
		t.Fatalf("Open: project %v, %v %v\nwant %s", p != nil, err, rep.Diagnostics, want)
	}
	// Opened without exploration, the registry refuses the action when it runs.
	p, rep, err := Open(ctx, res.JS, Options{SourceMap: res.SourceMap, Explore: NoExplore})
	if err != nil || p == nil {
		t.Fatalf("%v %v", err, rep.Diagnostics)
	}
	inst, _, err := p.Create(ctx, "🏮", "lamp-1")
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = p.Act(ctx, inst, Action{Name: "toggle"}, Context{Access: world.Access{ActorID: "alice"}, Now: 1})
	var refused *world.Error
	if !errors.As(err, &refused) || refused.Status != 400 || refused.Message != "actions.toggle.run: must be synchronous (reducers are synchronous; returned a Promise)" {
		t.Fatalf("toggle: %v", err)
	}
	if next, _, err := p.Act(ctx, inst, Action{Name: "color", Payload: map[string]any{"color": "blue"}}, Context{Access: world.Access{ActorID: "alice", CanEdit: true}, Now: 1}); err != nil || string(next.State) != `{"on":true,"color":"blue"}` {
		t.Fatalf("a synchronous action: %+v %v", next, err)
	}
}

// TestWalkabilityChangeNeedsInstancesRemoved: "Changing fixed walkability also requires removing
// placed instances" (spec, Live updates are atomic). An instance carries its type's walkability
// in the build it is placed under; a build that changes it is refused while it is placed.
func TestWalkabilityChangeNeedsInstancesRemoved(t *testing.T) {
	yes, no := true, false
	state := json.RawMessage(`{"on":true,"color":"warm"}`)
	lamp := project(t, nil, nil)
	if rep := check(t, lamp, Options{}); len(rep.Definitions) != 1 || rep.Definitions[0].Walkable {
		t.Fatalf("the lamp is not walkable: %+v", rep.Definitions)
	}
	walkable := project(t, map[string]string{"version: 1,": "version: 1,\n  walkable: true,"}, nil)
	if rep := check(t, walkable, Options{}); !rep.OK() || len(rep.Definitions) != 1 || !rep.Definitions[0].Walkable {
		t.Fatalf("walkable lamp: %v %+v", rep.Diagnostics, rep.Definitions)
	}
	cases := []struct {
		name     string
		build    func() Options
		res      bool // true: the walkable build
		want     string
		wantPath string
	}{
		{name: "placed blocking, now walkable", res: true, build: func() Options {
			return Options{Instances: []world.Instance{{ID: "a", Type: "example.lamp", Version: 1, State: state, Walkable: &no}, {ID: "b", Type: "example.lamp", Version: 1, State: state, Walkable: &no}}}
		}, want: `src/definition.ts:16:21: example.lamp (🏮 Lamp): instances["a"].walkable: is placed as blocking but example.lamp is now walkable (remove the placed instances before changing fixed walkability) (got false)`, wantPath: `instances["a"].walkable instances["b"].walkable`},
		{name: "placed walkable, now blocking", res: false, build: func() Options {
			return Options{Instances: []world.Instance{{ID: "a", Type: "example.lamp", Version: 1, State: state, Walkable: &yes}}}
		}, want: `src/definition.ts:16:21: example.lamp (🏮 Lamp): instances["a"].walkable: is placed as walkable but example.lamp is no longer walkable (remove the placed instances before changing fixed walkability) (got true)`, wantPath: `instances["a"].walkable`},
		{name: "unchanged walkable", res: true, build: func() Options {
			return Options{Instances: []world.Instance{{ID: "a", Type: "example.lamp", Version: 1, State: state, Walkable: &yes}}}
		}},
		{name: "unchanged blocking", res: false, build: func() Options {
			return Options{Instances: []world.Instance{{ID: "a", Type: "example.lamp", Version: 1, State: state, Walkable: &no}}}
		}},
		{name: "unknown previous walkability", res: true, build: func() Options {
			return Options{Instances: []world.Instance{{ID: "a", Type: "example.lamp", Version: 1, State: state}}}
		}},
		{name: "no instances", res: true, build: func() Options { return Options{} }},
	}
	for _, c := range cases {
		res := lamp
		if c.res {
			res = walkable
		}
		rep := check(t, res, c.build())
		if c.want == "" {
			if !rep.OK() {
				t.Errorf("%s: %v", c.name, rep.Diagnostics)
			}
			continue
		}
		var paths []string
		for _, d := range rep.Diagnostics {
			if d.Code != diag.CodeInstance {
				t.Errorf("%s: code %s: %s", c.name, d.Code, d)
			}
			paths = append(paths, d.Path)
		}
		if rep.OK() || rep.Diagnostics[0].String() != c.want || strings.Join(paths, " ") != c.wantPath {
			t.Errorf("%s:\n got %v\nwant %s", c.name, rep.Diagnostics, c.want)
		}
	}
}
