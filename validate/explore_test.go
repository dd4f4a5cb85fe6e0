package validate_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/fidelity"
	"github.com/scapeworld/scape/internal/nodetest"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
	"github.com/scapeworld/scape/templates"
	"github.com/scapeworld/scape/validate"
)

// exploreExpectation is one case of testdata/explore/expected.json: the first problem state
// exploration reports for the case, and the trail that reaches it.
type exploreExpectation struct {
	Rule     string   `json:"rule"`               // the rule id ("" for a thrown callback)
	Path     string   `json:"path"`               // the diagnostic's path ("" for a thrown callback)
	Trail    []string `json:"trail"`              // the shortest trail of actions from initial()
	Callback string   `json:"callback,omitempty"` // for a thrown callback: the callback in the message
	Code     string   `json:"code,omitempty"`     // the diagnostic code when not "rule"
	Severity string   `json:"severity,omitempty"` // "warning" for a guess rule
}

// TestExploreCorpus: every case of testdata/explore has a valid initial state (the build passes
// with exploration off) and a reachable state that is not; state exploration reports it once,
// under its rule, with the shortest trail of actions that reaches it.
func TestExploreCorpus(t *testing.T) {
	dir := filepath.Join(nodetest.Root(t), "testdata", "explore")
	data, err := os.ReadFile(filepath.Join(dir, "expected.json"))
	if err != nil {
		t.Fatal(err)
	}
	var expected map[string]exploreExpectation
	if err := json.Unmarshal(data, &expected); err != nil {
		t.Fatal(err)
	}
	cases := fidelity.CasesIn(t, dir)
	if len(cases) < 30 || len(cases) != len(expected) {
		t.Fatalf("%d cases, %d expectations: want at least 30, one expectation per case", len(cases), len(expected))
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			want, ok := expected[c.Name]
			if !ok {
				t.Fatalf("no expectation for %s in expected.json", c.Name)
			}
			res, err := bundle.Build(bundle.Options{Dir: c.Project(t)})
			if err != nil || !res.OK() {
				t.Fatalf("bundle: %v %v", err, res.Diagnostics)
			}
			ctx := context.Background()
			off, err := validate.Check(ctx, res.JS, validate.Options{SourceMap: res.SourceMap, Explore: validate.NoExplore})
			if err != nil || len(off.Diagnostics) != 0 {
				t.Fatalf("the initial state must be valid: %v %v", err, off.Diagnostics)
			}
			// A generous time bound: on a loaded machine the default could stop before the state.
			rep, err := validate.Check(ctx, res.JS, validate.Options{Limits: jsrt.Limits{Timeout: time.Minute, Budget: 2 * time.Minute}, SourceMap: res.SourceMap, ExploreTime: 30 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			var found []diag.Diagnostic
			for _, d := range rep.Diagnostics {
				if len(d.Trail) == 0 {
					t.Errorf("a diagnostic without a trail: %v", d)
				}
				found = append(found, d)
			}
			if len(found) == 0 {
				t.Fatalf("no exploration finding; explored %+v", rep.Explored)
			}
			got := found[0]
			if want.Severity == "warning" {
				if got.Severity != diag.Warning || !rep.OK() {
					t.Errorf("want a warning only: %v", rep.Diagnostics)
				}
			} else if got.Severity != diag.Error || rep.OK() {
				t.Errorf("want an error: %v", rep.Diagnostics)
			}
			code := want.Code
			if code == "" {
				code = string(diag.CodeRule)
				if want.Severity == "warning" {
					code = string(diag.CodeLikelyMistake)
				}
			}
			if got.Rule != want.Rule || got.Path != want.Path || string(got.Code) != code || !reflect.DeepEqual(got.Trail, want.Trail) {
				t.Errorf("got  rule %q path %q code %s trail %q\nwant rule %q path %q code %s trail %q\n%v", got.Rule, got.Path, got.Code, got.Trail, want.Rule, want.Path, code, want.Trail, got)
			}
			if want.Callback != "" && !strings.Contains(got.Message, "threw") {
				t.Errorf("want a thrown %s: %v", want.Callback, got)
			}
			// The host's verdict (Open) is the build's: the same finding, and no live project
			// for an error.
			proj, orep, err := validate.Open(ctx, res.JS, validate.Options{Limits: jsrt.Limits{Timeout: time.Minute, Budget: 2 * time.Minute}, SourceMap: res.SourceMap, ExploreTime: 30 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			if (proj == nil) != (want.Severity != "warning") || len(orep.Diagnostics) == 0 || orep.Diagnostics[0].Rule != rep.Diagnostics[0].Rule || !reflect.DeepEqual(orep.Diagnostics[0].Trail, rep.Diagnostics[0].Trail) {
				t.Errorf("Open's verdict differs from Check's: project %v, %v", proj != nil, orep.Diagnostics)
			}
			// One report per (rule, path), and per callback for a throw.
			seen := map[string]bool{}
			for _, d := range found {
				key := d.Rule + "\x00" + d.Path + "\x00" + string(d.Code)
				if d.Rule == "" {
					key = d.Message[:min(len(d.Message), 20)] + "\x00" + string(d.Code)
				}
				if seen[key] {
					t.Errorf("reported twice: %v", d)
				}
				seen[key] = true
			}
			// The trail is in the terminal form, before the path.
			if text := got.String(); !strings.Contains(text, "after "+strings.Join(want.Trail, " → ")+": ") {
				t.Errorf("the message does not carry the trail: %s", text)
			}
			t.Log(got.String())
		})
	}
}

// TestExploreFindsNothingInValidProjects: the eight templates and every fidelity case (projects
// written from the docs alone) build with state exploration on and have no finding in any state
// their controls reach, error or warning; exploration ran (a definition with controls reached
// at least one new state). The conformance corpus's accepted catalogs are explored by the SDK's
// own suite (kit/sdk/test/conformance.test.ts).
func TestExploreFindsNothingInValidProjects(t *testing.T) {
	var dirs []string
	names := map[string]string{}
	for _, name := range templates.Names() {
		dir := filepath.Join(t.TempDir(), name)
		if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: name, SDK: kit.SDK()}); err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, dir)
		names[dir] = "template " + name
	}
	for _, c := range fidelity.Cases(t) {
		dir := c.Project(t)
		dirs = append(dirs, dir)
		names[dir] = "fidelity " + c.Name
	}
	explored := 0
	for _, dir := range dirs {
		res, err := bundle.Build(bundle.Options{Dir: dir})
		if err != nil || !res.OK() {
			t.Fatalf("%s: %v %v", names[dir], err, res.Diagnostics)
		}
		rep, err := validate.Check(context.Background(), res.JS, validate.Options{Limits: jsrt.Limits{Timeout: time.Minute, Budget: 2 * time.Minute}, SourceMap: res.SourceMap, ExploreTime: 30 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range rep.Diagnostics {
			if len(d.Trail) > 0 {
				t.Errorf("%s: %v", names[dir], d)
			}
		}
		for _, e := range rep.Explored {
			explored += e.States
			// A fidelity case may be costly per state (a 48×48 pixel canvas redraws its sprite); the
			// templates must explore within the bound.
			if e.Stopped == "time" && strings.HasPrefix(names[dir], "template") {
				t.Errorf("%s: %s stopped at the time bound: %+v", names[dir], e.Type, e)
			}
		}
	}
	if explored == 0 {
		t.Fatal("no state explored at all")
	}
}

// TestExploreDefaultBound: the default explores DefaultExplore new states and says it stopped
// there (the counter's graph is endless); one more asked for is one more explored; the lamp's
// whole graph (5 new states) fits under the default, which then does not say it stopped.
func TestExploreDefaultBound(t *testing.T) {
	build := func(name string) []byte {
		dir := filepath.Join(t.TempDir(), name)
		if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: name, SDK: kit.SDK()}); err != nil {
			t.Fatal(err)
		}
		res, err := bundle.Build(bundle.Options{Dir: dir})
		if err != nil || !res.OK() {
			t.Fatalf("%s: %v %v", name, err, res.Diagnostics)
		}
		return res.JS
	}
	explored := func(js []byte, states int) validate.Explored {
		t.Helper()
		rep, err := validate.Check(context.Background(), js, validate.Options{Limits: jsrt.Limits{Timeout: time.Minute, Budget: 2 * time.Minute}, Explore: states, ExploreTime: 30 * time.Second})
		if err != nil || len(rep.Explored) != 1 {
			t.Fatalf("%v %+v", err, rep)
		}
		return rep.Explored[0]
	}
	counter := build("counter")
	if e := explored(counter, 0); e.States != validate.DefaultExplore || e.Stopped != "states" {
		t.Errorf("counter at the default: %+v, want %d states, stopped at states", e, validate.DefaultExplore)
	}
	if e := explored(counter, validate.DefaultExplore+1); e.States != validate.DefaultExplore+1 || e.Stopped != "states" {
		t.Errorf("counter at one more: %+v", e)
	}
	if e := explored(build("lamp"), 0); e.States >= validate.DefaultExplore || e.Stopped != "" {
		t.Errorf("lamp at the default: %+v, want its whole graph", e)
	}
}
