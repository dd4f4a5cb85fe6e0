package validate

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"
	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/jsrt"
)

// writeSixteenDeep writes a project of 16 definitions whose controls reach 128 states each (a
// switch and a level 0–63 moved one step up or down, or set from a select by an editor), so an
// exploration bound of 64 is what stops each one: the shape issue 24 measures exploration's
// cost a state with. The light follows the level, so every state's lighting is checked anew.
func writeSixteenDeep(dir string) error {
	if err := os.MkdirAll(filepath.Join(dir, "src"), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"sixteen-deep","scape":{"entry":"src/project.ts"}}`), 0o644); err != nil {
		return err
	}
	var imports, names []string
	for i, emoji := range sixteenEmojis {
		src := fmt.Sprintf(`import { defineObject, exactKeys, record, requirePayload, ObjectActionError } from '@scape/sdk';
type State = { on: boolean; level: number };
const TOP = 63;
export const dial%[1]d = defineObject<State>({
  type: 'bench.dial-%[1]d',
  version: 1,
  emoji: '%[2]s',
  label: 'Dial %[1]d',
  hint: 'switch it, or turn its level up and down',
  initial: () => ({ on: false, level: 0 }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on', 'level']) && typeof s.on === 'boolean' && Number.isSafeInteger(s.level) && Number(s.level) >= 0 && Number(s.level) <= TOP,
  actions: {
    toggle: { permission: 'participant', run: (s, p) => { requirePayload(p, []); return { ...s, on: !s.on }; } },
    up: { permission: 'participant', run: (s, p) => { requirePayload(p, []); if (s.level >= TOP) throw new ObjectActionError(400, 'At the top.'); return { ...s, level: s.level + 1 }; } },
    down: { permission: 'participant', run: (s, p) => { requirePayload(p, []); if (s.level <= 0) throw new ObjectActionError(400, 'At the bottom.'); return { ...s, level: s.level - 1 }; } },
    set: {
      permission: 'editor',
      run: (s, p) => {
        requirePayload(p, ['level']);
        const level = Number(p.level);
        if (!Number.isSafeInteger(level) || level < 0 || level > TOP) throw new ObjectActionError(400, 'Choose 0–63.');
        return { ...s, level };
      },
    },
  },
  view: (s, viewer) => ({
    title: 'Dial %[1]d',
    description: (s.on ? 'on' : 'off') + ' at ' + s.level,
    fields: [{ id: 'level', kind: 'select', label: 'Level', value: String(s.level - (s.level %% 16)), options: [0, 16, 32, 48].map((n) => ({ value: String(n), label: 'Level ' + n })) }],
    controls: [
      { id: 'toggle', icon: 'toggle', label: s.on ? 'Turn off' : 'Turn on', pressed: s.on, action: { name: 'toggle', payload: {} } },
      { id: 'up', label: 'Up', disabled: s.level >= TOP, action: { name: 'up', payload: {} } },
      { id: 'down', label: 'Down', disabled: s.level <= 0, action: { name: 'down', payload: {} } },
      { id: 'set', label: 'Set', disabled: !viewer.canEdit, fields: ['level'], action: { name: 'set', payload: {} } },
    ],
  }),
  lighting: (s) => (s.on ? { light: { radiusCells: 1 + (s.level %% 10), color: '#ffc078', intensity: 0.12, basementIntensity: 0.25, illumination: 0.7 } } : {}),
});
`, i, emoji)
		if err := os.WriteFile(filepath.Join(dir, "src", fmt.Sprintf("dial%d.ts", i)), []byte(src), 0o644); err != nil {
			return err
		}
		imports = append(imports, fmt.Sprintf("import { dial%[1]d } from './dial%[1]d.js';", i))
		names = append(names, fmt.Sprintf("dial%d", i))
	}
	project := "import { defineProject } from '@scape/sdk';\n" + strings.Join(imports, "\n") +
		"\nexport default defineProject({ objects: [" + strings.Join(names, ", ") + "] });\n"
	return os.WriteFile(filepath.Join(dir, "src", "project.ts"), []byte(project), 0o644)
}

// TestWriteSixteenDeepForScript writes the deep 16-definition project where a script asks
// (SCAPE_BENCH_SIXTEEN_DEEP); without the variable it does nothing.
func TestWriteSixteenDeepForScript(t *testing.T) {
	dir := os.Getenv("SCAPE_BENCH_SIXTEEN_DEEP")
	if dir == "" {
		t.Skip("only for scripts/bench-explore.sh (set SCAPE_BENCH_SIXTEEN_DEEP)")
	}
	if err := writeSixteenDeep(dir); err != nil {
		t.Fatal(err)
	}
}

// TestSixteenDeepExploresItsBound keeps the per-state benchmark honest: the project is valid,
// and at 64 states each definition is stopped by the state bound (not time), so the benchmark's
// divisor is 16 × 64 states.
func TestSixteenDeepExploresItsBound(t *testing.T) {
	dir := t.TempDir()
	if err := writeSixteenDeep(dir); err != nil {
		t.Fatal(err)
	}
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil || !res.OK() {
		t.Fatalf("%v %v", err, res.Diagnostics)
	}
	rep := check(t, res, Options{Explore: 64, ExploreTime: time.Minute, Limits: jsrt.Limits{Timeout: 2 * time.Minute, Budget: 4 * time.Minute}})
	if !rep.OK() || len(rep.Diagnostics) != 0 || len(rep.Explored) != 16 {
		t.Fatalf("%d explored: %v", len(rep.Explored), rep.Diagnostics)
	}
	for _, e := range rep.Explored {
		if e.States != 64 || e.Stopped != "states" {
			t.Errorf("%+v: want 64 states, stopped at the state bound", e)
		}
	}
}

// BenchmarkExploreStates is exploration's cost a state (issue 24): the deep 16-definition
// project validated with 64 states a definition, the default, and exploration off, alternated
// in each op so all three see the same load. ms/state is (on − off) / states explored, in wall time and in the process's CPU time
// (what a loaded machine inflates least).
//
//	go test ./validate -run XXX -bench ExploreStates -benchtime 5x
func BenchmarkExploreStates(b *testing.B) {
	dir := b.TempDir()
	if err := writeSixteenDeep(dir); err != nil {
		b.Fatal(err)
	}
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil || !res.OK() {
		b.Fatalf("%v %v", err, res.Diagnostics)
	}
	limits := jsrt.Limits{Timeout: 2 * time.Minute, Budget: 4 * time.Minute}
	runs := []struct {
		name   string
		opts   Options
		total  time.Duration
		cpu    time.Duration
		states int
	}{
		{name: "deep", opts: Options{SourceMap: res.SourceMap, Limits: limits, Explore: 64, ExploreTime: time.Minute}},
		{name: "default", opts: Options{SourceMap: res.SourceMap, Limits: limits}},
		{name: "off", opts: Options{SourceMap: res.SourceMap, Limits: limits, Explore: NoExplore}},
	}
	if rep, err := Check(context.Background(), res.JS, runs[0].opts); err != nil || !rep.OK() {
		b.Fatalf("%v %v", err, rep.Diagnostics) // also warms the SDK program
	}
	if path := os.Getenv("SCAPE_JS_PROFILE"); path != "" {
		stopProfile := jsProfile(b, path)
		defer stopProfile()
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for r := range runs {
			start, cpu := time.Now(), cpuTime()
			rep, err := Check(context.Background(), res.JS, runs[r].opts)
			runs[r].total += time.Since(start)
			runs[r].cpu += cpuTime() - cpu
			if err != nil || !rep.OK() {
				b.Fatalf("%v %v", err, rep.Diagnostics)
			}
			runs[r].states = 0
			for _, e := range rep.Explored {
				runs[r].states += e.States
			}
		}
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 / float64(b.N) }
	off, offCPU := ms(runs[2].total), ms(runs[2].cpu)
	for _, r := range runs[:2] {
		b.ReportMetric(ms(r.total), r.name+"-ms/op")
		b.ReportMetric((ms(r.total)-off)/float64(r.states), r.name+"-ms/state")
		b.ReportMetric((ms(r.cpu)-offCPU)/float64(r.states), r.name+"-cpu-ms/state")
	}
	b.ReportMetric(off, "off-ms/op")
	b.ReportMetric(float64(runs[0].states), "deep-states")
}

// jsProfile writes a pprof profile of the JavaScript functions goja runs (the SDK's and the
// author's, by name and line) to path until the returned function is called: Go's own
// -cpuprofile shows only goja's interpreter loop.
//
//	SCAPE_JS_PROFILE=/tmp/js.prof go test ./validate -run XXX -bench ExploreStates -benchtime 3x
//	go tool pprof -top /tmp/js.prof
func jsProfile(b *testing.B, path string) func() {
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	if err := goja.StartProfile(f); err != nil {
		b.Fatal(err)
	}
	return func() {
		goja.StopProfile()
		_ = f.Close()
	}
}
