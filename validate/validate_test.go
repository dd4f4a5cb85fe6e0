package validate

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
	"github.com/scapeworld/scape/world"
)

// project scaffolds the lamp template (as `scape gizmo init --template lamp` does) into a temp
// dir, applies edits (old → new in src/definition.ts, or whole files), and bundles it. The
// template is the one copy of the documented example, so these tests follow it.
func project(t *testing.T, replace map[string]string, files map[string]string) *bundle.Result {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "lamp")
	if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: "lamp", SDK: kit.SDK()}); err != nil {
		t.Fatal(err)
	}
	if len(replace) > 0 {
		def := filepath.Join(dir, "src", "definition.ts")
		data, err := os.ReadFile(def)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		for old, repl := range replace {
			if !strings.Contains(text, old) {
				t.Fatalf("definition.ts has no %q", old)
			}
			text = strings.Replace(text, old, repl, 1)
		}
		if err := os.WriteFile(def, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, content := range files {
		dst := filepath.Join(dir, filepath.FromSlash(name))
		_ = os.MkdirAll(filepath.Dir(dst), 0o755)
		if err := os.WriteFile(dst, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK() {
		t.Fatalf("bundle: %v", res.Diagnostics)
	}
	return res
}

func check(t *testing.T, res *bundle.Result, opts Options) *Report {
	t.Helper()
	opts.SourceMap = res.SourceMap
	rep, err := Check(context.Background(), res.JS, opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestValidLamp(t *testing.T) {
	rep := check(t, project(t, nil, nil), Options{})
	if !rep.OK() || len(rep.Diagnostics) != 0 {
		t.Fatalf("diagnostics: %v", rep.Diagnostics)
	}
	if len(rep.Definitions) != 1 {
		t.Fatalf("definitions %+v", rep.Definitions)
	}
	d := rep.Definitions[0]
	if d.Type != "example.lamp" || d.Version != 1 || d.Emoji != "🏮" || d.Label != "Lamp" {
		t.Fatalf("%+v", d)
	}
	// defineObject<LampState>({ is on line 16 of definition.ts
	if d.File != "src/definition.ts" || d.Line != 16 {
		t.Fatalf("defined at %s:%d:%d", d.File, d.Line, d.Column)
	}
}

func TestRuleProblemNamesDefinitionAndLine(t *testing.T) {
	rep := check(t, project(t, map[string]string{"radiusCells: 3,": "radiusCells: 13,"}, nil), Options{})
	if rep.OK() || len(rep.Diagnostics) != 1 {
		t.Fatalf("diagnostics: %v", rep.Diagnostics)
	}
	d := rep.Diagnostics[0]
	// At the member the lighting callback returned, not at defineObject (kept as a note).
	want := "src/definition.ts:76:13: example.lamp (🏮 Lamp): lighting.light.radiusCells: must be 0.25–12 cells (got 13)"
	if d.String() != want || d.Code != diag.CodeRule || string(d.Value) != "13" {
		t.Fatalf("got  %s (%s, value %s)\nwant %s", d, d.Code, d.Value, want)
	}
	if d.LineText != "            radiusCells: 13," || d.Length != len("radiusCells: 13") {
		t.Fatalf("line text %q, length %d", d.LineText, d.Length)
	}
	if n := d.Notes; len(n) != 1 || n[0].Line != 16 || n[0].Column != 21 || n[0].Message != "example.lamp is defined here" {
		t.Fatalf("notes %+v", n)
	}
}

func TestThrownCallbackIsAProblem(t *testing.T) {
	rep := check(t, project(t, map[string]string{"view: (state, viewer) => ({": "view: (state, viewer) => ({ ...(() => { throw new RangeError('nope'); })(),"}, nil), Options{})
	if rep.OK() {
		t.Fatal("valid")
	}
	d := rep.Diagnostics[0]
	if d.Code != diag.CodeThrown || !strings.Contains(d.String(), "example.lamp (🏮 Lamp): view: threw RangeError: nope") {
		t.Fatalf("%s (%s)", d, d.Code)
	}
}

func TestRunawayViewTimesOutNamingView(t *testing.T) {
	res := project(t, map[string]string{"view: (state, viewer) => ({": "view: (state, viewer) => ({ ...(() => { for (;;) { state = { ...state }; } })(),"}, nil)
	start := time.Now()
	rep := check(t, res, Options{Limits: jsrt.Limits{Timeout: 300 * time.Millisecond}})
	if time.Since(start) > 3*time.Second {
		t.Fatalf("took %s", time.Since(start))
	}
	if len(rep.Diagnostics) != 1 {
		t.Fatalf("%v", rep.Diagnostics)
	}
	d := rep.Diagnostics[0]
	if d.Code != diag.CodeTimeout || d.Definition == nil || d.Definition.Type != "example.lamp" || d.File != "src/definition.ts" {
		t.Fatalf("%+v", d)
	}
	if !strings.Contains(d.String(), "example.lamp (🏮 Lamp): view did not return within 300ms") {
		t.Fatalf("%s", d)
	}
}

func TestTopLevelFailures(t *testing.T) {
	res := project(t, nil, map[string]string{"src/project.ts": "const f = (n: number): number => f(n + 1) + 1;\nf(0);\nexport default {};\n"})
	rep := check(t, res, Options{})
	if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Code != diag.CodeStack || rep.Diagnostics[0].File != "src/project.ts" || rep.Diagnostics[0].Line != 1 {
		t.Fatalf("%v", rep.Diagnostics)
	}
	res = project(t, nil, map[string]string{"src/project.ts": "export const nothing = 1;\n"})
	rep = check(t, res, Options{})
	if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Code != diag.CodeLoad || !strings.Contains(rep.Diagnostics[0].Message, "exports no project") {
		t.Fatalf("%v", rep.Diagnostics)
	}
}

// TestProjectIsTheDefaultExport: "A project default-exports its definitions" (spec, Install and
// build). A default-exported project or single definition is valid; definitions exported only by
// name are a load error that names them and shows the default export to write.
func TestProjectIsTheDefaultExport(t *testing.T) {
	res := project(t, nil, map[string]string{"src/project.ts": "export { default } from './definition.js';\n"})
	rep := check(t, res, Options{})
	if !rep.OK() || len(rep.Definitions) != 1 || rep.Definitions[0].Export != "default" {
		t.Fatalf("%v %+v", rep.Diagnostics, rep.Definitions)
	}
	res = project(t, nil, map[string]string{"src/project.ts": "import { defineProject } from '@scape/sdk';\nimport { lamp } from './definition.js';\nexport default defineProject({ objects: [lamp] });\n"})
	if rep = check(t, res, Options{}); !rep.OK() || len(rep.Definitions) != 1 {
		t.Fatalf("%v %+v", rep.Diagnostics, rep.Definitions)
	}
	named := map[string]string{
		"export { lamp } from './definition.js';\n": "the entry exports definitions only by name (lamp: example.lamp); a project default-exports its definitions: export default defineProject({ objects: [lamp] })",
		"import { lamp } from './definition.js';\nexport { lamp as desk };\nexport const other = { ...lamp, type: 'example.other' };\n": "the entry exports definitions only by name (desk: example.lamp, other: example.other); a project default-exports its definitions: export default defineProject({ objects: [desk, other] })",
		"export { lamp } from './definition.js';\nexport default 7;\n":                                                                  "the entry's default export is not a project or a definition (got 7); it exports definitions by name (lamp: example.lamp): export default defineProject({ objects: [lamp] })",
	}
	for entry, want := range named {
		rep := check(t, project(t, nil, map[string]string{"src/project.ts": entry}), Options{})
		if rep.OK() || len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Code != diag.CodeLoad || rep.Diagnostics[0].Message != want || len(rep.Definitions) != 0 {
			t.Errorf("%q:\n got %v\nwant %s", entry, rep.Diagnostics, want)
		}
	}
}

func TestExistingInstancesMustStillValidate(t *testing.T) {
	res := project(t, nil, nil)
	instances := []world.Instance{
		{ID: "a", Type: "example.lamp", Version: 1, State: json.RawMessage(`{"on":true,"color":"warm"}`)},
		{ID: "b", Type: "example.lamp", Version: 1, State: json.RawMessage(`{"on":true,"color":"green"}`)},
		{ID: "c", Type: "example.gone", Version: 1, State: json.RawMessage(`{}`)},
		{ID: "d", Type: "example.lamp", Version: 2, State: json.RawMessage(`{"on":true,"color":"warm"}`)},
	}
	rep := check(t, res, Options{Instances: instances})
	var got []string
	for _, d := range rep.Diagnostics {
		if d.Code != diag.CodeInstance {
			t.Errorf("code %s: %s", d.Code, d)
		}
		got = append(got, d.Path)
	}
	if strings.Join(got, " ") != `instances["b"].state instances["c"].type instances["d"].version` {
		t.Fatalf("%v", rep.Diagnostics)
	}
}

// TestProblemValueUpToFourKiB: a problem carries its value as JSON up to 4,096 characters
// (toolchain.ts VALUE_JSON_LIMIT); a longer value is left out.
func TestProblemValueUpToFourKiB(t *testing.T) {
	state := func(size int) json.RawMessage {
		head := `{"on":true,"color":"`
		return json.RawMessage(head + strings.Repeat("x", size-len(head)-2) + `"}`)
	}
	at, over := state(4096), state(4097)
	rep := check(t, project(t, nil, nil), Options{Instances: []world.Instance{
		{ID: "at", Type: "example.lamp", Version: 1, State: at},
		{ID: "over", Type: "example.lamp", Version: 1, State: over},
	}})
	if len(rep.Diagnostics) != 2 {
		t.Fatalf("%v", rep.Diagnostics)
	}
	if got := rep.Diagnostics[0].Value; string(got) != string(at) {
		t.Fatalf("a 4,096-character value: got %d characters", len(got))
	}
	if got := rep.Diagnostics[1].Value; got != nil {
		t.Fatalf("a 4,097-character value was kept (%d characters)", len(got))
	}
}

func TestLiveProject(t *testing.T) {
	res := project(t, nil, nil)
	p, rep, err := Open(context.Background(), res.JS, Options{SourceMap: res.SourceMap})
	if err != nil || p == nil {
		t.Fatalf("%v %v", err, rep.Diagnostics)
	}
	ctx := context.Background()
	inst, ok, err := p.Create(ctx, "🏮", "lamp-1")
	if err != nil || !ok || inst.Type != "example.lamp" || string(inst.State) != `{"on":true,"color":"warm"}` {
		t.Fatalf("create: %+v %v %v", inst, ok, err)
	}
	if _, ok, _ := p.Create(ctx, "🚫", "x"); ok {
		t.Fatal("created an unknown emoji")
	}
	next, _, err := p.Act(ctx, inst, Action{Name: "toggle"}, Context{Access: world.Access{ActorID: "alice"}, Now: 1})
	if err != nil || string(next.State) != `{"on":false,"color":"warm"}` {
		t.Fatalf("toggle: %+v %v", next, err)
	}
	_, _, err = p.Act(ctx, inst, Action{Name: "color", Payload: map[string]any{"color": "blue"}}, Context{Access: world.Access{ActorID: "bob", CanEdit: false}})
	var refused *world.Error
	if !errors.As(err, &refused) || refused.Status != 403 {
		t.Fatalf("editor action without permission: %v", err)
	}
	_, _, err = p.Act(ctx, inst, Action{Name: "color", Payload: map[string]any{"color": "plaid"}}, Context{Access: world.Access{ActorID: "bob", CanEdit: true}})
	if !errors.As(err, &refused) || refused.Status != 400 || refused.Message != "Choose a lamp color." {
		t.Fatalf("bad color: %v", err)
	}
	view, err := p.View(ctx, next, world.Access{ActorID: "alice"})
	if err != nil || !strings.Contains(string(view), `"label":"Turn on"`) {
		t.Fatalf("view: %s %v", view, err)
	}
	diags, err := p.ValidateInstances(ctx, []world.Instance{next, {ID: "z", Type: "example.lamp", Version: 1, State: json.RawMessage(`{}`)}})
	if err != nil || len(diags) != 1 || diags[0].Path != `instances["z"].state` {
		t.Fatalf("%v %v", diags, err)
	}
}

func TestCalleeColumn(t *testing.T) {
	cases := []struct {
		line string
		col  int
		want int
	}{
		{"export const lamp = defineObject<LampState>({", 44, 21},
		{"export const lamp = defineObject<LampState>({", 45, 21},
		{"  defineObject({ ...base })", 15, 3},
		{"x = (a)(", 8, 8},
		{"short", 40, 40},
		{"f<A<B>>(", 8, 1},
	}
	for _, c := range cases {
		if got := calleeColumn(c.line, c.col); got != c.want {
			t.Errorf("calleeColumn(%q, %d) = %d, want %d", c.line, c.col, got, c.want)
		}
	}
}

const soundsDefinition = `import { defineObject, requirePayload } from '@scape/sdk';
const tone = (frequency: number) => ({
  kind: 'synth' as const,
  duration: 0.3,
  voices: [{ wave: 'sine' as const, start: 0, duration: 0.25, frequency, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.2 }, { time: 0.25, value: 0 }] }],
});
type State = { pitch: number };
export default defineObject<State>({
  type: 'test.bell', version: 1, emoji: '🔔', label: 'Bell', hint: 'a bell',
  initial: () => ({ pitch: 440 }),
  valid: (s): s is State => typeof s === 'object' && s !== null && typeof (s as State).pitch === 'number',
  actions: { tune: { permission: 'editor', run: (s, p) => { requirePayload(p, ['pitch']); return { pitch: Number(p.pitch) }; } } },
  soundBank: (s) => ({ ring: tone(s.pitch) }),
  previews: { hear: { permission: 'editor', run: (s, p) => ({ sound: tone(Number(p.pitch)), gain: 0.5 }) } },
  view: (s) => ({
    title: 'Bell', description: '',
    controls: [
      { id: 'low', label: 'Low', kind: 'preview', action: { name: 'hear', payload: { pitch: 220 } } },
      { id: 'high', label: 'High', preview: 'hear', action: { name: 'tune', payload: { pitch: 880 } } },
    ],
  }),
});
`

func TestEffectsForAudioAndModels(t *testing.T) {
	res := project(t, nil, map[string]string{"src/project.ts": soundsDefinition})
	rep := check(t, res, Options{})
	if !rep.OK() || len(rep.Definitions) != 1 {
		t.Fatalf("%v", rep.Diagnostics)
	}
	d := rep.Definitions[0]
	var bank map[string]struct {
		Voices []struct{ Frequency float64 }
	}
	if err := json.Unmarshal(d.SoundBank, &bank); err != nil || bank["ring"].Voices[0].Frequency != 440 {
		t.Fatalf("soundBank %s: %v", d.SoundBank, err)
	}
	var previews []struct {
		Name    string
		Payload struct{ Pitch float64 }
		Preview struct {
			Gain  float64
			Sound struct{ Voices []struct{ Frequency float64 } }
		}
	}
	if err := json.Unmarshal(d.Previews, &previews); err != nil || len(previews) != 2 {
		t.Fatalf("previews %s: %v", d.Previews, err)
	}
	if previews[0].Name != "hear" || previews[0].Preview.Sound.Voices[0].Frequency != 220 || previews[1].Preview.Sound.Voices[0].Frequency != 880 || previews[1].Preview.Gain != 0.5 {
		t.Fatalf("previews %s", d.Previews)
	}
	if d.Sounds != nil || d.Model != "" {
		t.Fatalf("sounds %s model %q", d.Sounds, d.Model)
	}
	lamp := check(t, project(t, nil, nil), Options{})
	if lamp.Definitions[0].Previews != nil || lamp.Definitions[0].SoundBank != nil {
		t.Fatal("lamp has no sounds")
	}
}

func FuzzCalleeColumn(f *testing.F) {
	f.Add("export const lamp = defineObject<LampState>({", 45)
	f.Add("f<<>>(", 6)
	f.Add("", 0)
	f.Fuzz(func(t *testing.T, line string, col int) {
		got := calleeColumn(line, col)
		if got != col && (got < 1 || got > col) {
			t.Fatalf("calleeColumn(%q, %d) = %d", line, col, got)
		}
	})
}

// A bundle cannot reach the toolchain to replace the checks with ones that always pass.
func TestBundleCannotSpoofTheToolchain(t *testing.T) {
	res := project(t, map[string]string{"radiusCells: 3,": "radiusCells: 13,"}, map[string]string{"src/project.ts": `import { defineProject } from '@scape/sdk';
import { lamp } from './definition.js';
const g = globalThis as any;
if (g.__scapeToolchain) g.__scapeToolchain.check = () => ({ definitions: [], problems: [], loadError: '' });
g.__scapeToolchain = { check: () => ({ definitions: [], problems: [], loadError: '' }) };
export default defineProject({ objects: [lamp] });
`})
	rep := check(t, res, Options{})
	if rep.OK() || len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Path != "lighting.light.radiusCells" {
		t.Fatalf("spoofed: %v", rep.Diagnostics)
	}
}

func TestCancelledCheckSaysSo(t *testing.T) {
	res := project(t, map[string]string{"view: (state, viewer) => ({": "view: (state, viewer) => ({ ...(() => { console.log('looping'); for (;;) { state = { ...state }; } })(),"}, nil)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	started := make(chan struct{}, 1)
	var err error
	go func() {
		defer close(done)
		_, err = Check(ctx, res.JS, Options{Limits: jsrt.Limits{Timeout: 30 * time.Second}, SourceMap: res.SourceMap,
			Console: func(level, text string) { started <- struct{}{} }})
	}()
	select { // the runaway view has started; cancellation must end it
	case <-started:
	case <-time.After(10 * time.Second):
		t.Fatal("the view never ran")
	}
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("cancellation did not stop the check")
	}
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}

// A guess rule that reports (kit/sdk/src/internal/rules.ts) is a warning: the project stays valid,
// the diagnostic names its rule and carries code likely-mistake; the value's own rule ids reach Go.
func TestWarningKeepsTheProjectValid(t *testing.T) {
	flare := "illumination: 0.7,\n            motion: { phase: [0, 0], bias: 0, bands: [], flare: [1, 0.9, 0.1, 0.5, 0] },"
	rep := check(t, project(t, map[string]string{"illumination: 0.7,": flare}, nil), Options{})
	if !rep.OK() || len(rep.Diagnostics) != 1 {
		t.Fatalf("diagnostics: %v", rep.Diagnostics)
	}
	d := rep.Diagnostics[0]
	want := "src/definition.ts:81:58: warning: example.lamp (🏮 Lamp): lighting.light.motion.flare: has low above high, so the flare never fires (got [1,0.9,0.1,0.5,0])"
	if d.String() != want || d.Severity != diag.Warning || d.Code != diag.CodeLikelyMistake || d.Rule != "light.motion.flare.order" {
		t.Fatalf("got  %s (%s, %s, rule %q)\nwant %s", d, d.Severity, d.Code, d.Rule, want)
	}
	if strict := rep.Diagnostics.Strict(); !strict.HasErrors() || rep.Diagnostics.HasErrors() {
		t.Fatal("Strict must turn the warning into an error without changing the report")
	}

	rep = check(t, project(t, map[string]string{"radiusCells: 3,": "radiusCells: 13,"}, nil), Options{})
	if rep.OK() || rep.Diagnostics[0].Rule != "light.radiusCells" {
		t.Fatalf("an error carries its rule id: %+v", rep.Diagnostics)
	}
}
