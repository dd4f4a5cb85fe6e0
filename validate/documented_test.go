package validate

import (
	"context"
	"errors"
	"testing"

	"github.com/scapeworld/scape/diag"
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
		want := "src/definition.ts:16:21: example.lamp (🏮 Lamp): actions.toggle.run: must be synchronous (reducers are synchronous; got an async function)"
		if rep.OK() || len(rep.Diagnostics) != 1 || rep.Diagnostics[0].String() != want || rep.Diagnostics[0].Code != diag.CodeRule || rep.Diagnostics[0].Got != "" {
			t.Errorf("%s: %v\nwant %s", name, rep.Diagnostics, want)
		}
	}
	// Synchronous, as a method too: valid.
	if rep := check(t, project(t, map[string]string{sync: "run(state, payload) {\n        requirePayload(payload, []);"}, nil), Options{}); !rep.OK() {
		t.Fatalf("a synchronous method: %v", rep.Diagnostics)
	}

	// A plain function that returns a Promise passes the build and is refused when it runs.
	res := project(t, map[string]string{"return { ...state, on: !state.on };": "return Promise.resolve({ ...state, on: !state.on }) as never;"}, nil)
	if rep := check(t, res, Options{}); !rep.OK() {
		t.Fatalf("build: %v", rep.Diagnostics)
	}
	ctx := context.Background()
	p, rep, err := Open(ctx, res.JS, Options{SourceMap: res.SourceMap})
	if err != nil || p == nil {
		t.Fatalf("%v %v", err, rep.Diagnostics)
	}
	inst, _, err := p.Create(ctx, "🏮", "lamp-1")
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = p.Act(ctx, inst, Action{Name: "toggle"}, Context{ActorID: "alice", Now: 1})
	var refused *Refused
	if !errors.As(err, &refused) || refused.Status != 400 || refused.Message != "actions.toggle.run: must be synchronous (reducers are synchronous; returned a Promise)" {
		t.Fatalf("toggle: %v", err)
	}
	if next, _, err := p.Act(ctx, inst, Action{Name: "color", Payload: map[string]any{"color": "blue"}}, Context{ActorID: "alice", CanEdit: true, Now: 1}); err != nil || string(next.State) != `{"on":true,"color":"blue"}` {
		t.Fatalf("a synchronous action: %+v %v", next, err)
	}
}
