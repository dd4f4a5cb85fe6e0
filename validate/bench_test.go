package validate

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/glb"
	"github.com/scapeworld/scape/glb/glbtest"
	"github.com/scapeworld/scape/internal/benchproject"
	"github.com/scapeworld/scape/internal/procstat"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
	"github.com/scapeworld/scape/templates"
)

// Benchmarks of the two halves of a build, per template and for a 16-definition project:
//
//	go test ./validate -run XXX -bench . -benchmem
//
// BenchmarkBundle is a fresh esbuild build (what `scape gizmo build` does once per process);
// BenchmarkRebuild is the dev loop's incremental rebuild; BenchmarkValidate runs the bundle with
// the SDK program already compiled (warm). scripts/bench-build.sh measures whole processes,
// cold and warm, with peak RSS.

var (
	benchOnce sync.Once
	benchDirs map[string]string
	benchErr  error
)

// benchProjects scaffolds every template and the 16-definition project once per test binary.
func benchProjects(b *testing.B) map[string]string {
	b.Helper()
	benchOnce.Do(func() {
		root, err := os.MkdirTemp("", "scape-bench-")
		if err != nil {
			benchErr = err
			return
		}
		benchDirs = map[string]string{}
		for _, name := range templates.Names() {
			dir := filepath.Join(root, name)
			if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: name, SDK: kit.SDK()}); err != nil {
				benchErr = err
				return
			}
			benchDirs[name] = dir
		}
		dir := filepath.Join(root, "sixteen")
		if err := writeSixteen(dir); err != nil {
			benchErr = err
			return
		}
		benchDirs["sixteen"] = dir
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	return benchDirs
}

func benchNames() []string { return append(templates.Names(), "sixteen") }

// writeSixteen writes the lamp-like 16-definition project (internal/benchproject).
func writeSixteen(dir string) error { return benchproject.WriteSixteen(dir) }

func BenchmarkBundle(b *testing.B) {
	benchBuilds(b, func(b *testing.B, dir string) func() (*bundle.Result, error) {
		return func() (*bundle.Result, error) { return bundle.Build(bundle.Options{Dir: dir}) }
	})
}

func BenchmarkRebuild(b *testing.B) {
	benchBuilds(b, func(b *testing.B, dir string) func() (*bundle.Result, error) {
		c, err := bundle.NewContext(bundle.Options{Dir: dir})
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(c.Dispose)
		return c.Rebuild
	})
}

// benchBuilds times, in each benchmark project, the build that setup prepares for it.
func benchBuilds(b *testing.B, setup func(b *testing.B, dir string) func() (*bundle.Result, error)) {
	dirs := benchProjects(b)
	for _, name := range benchNames() {
		b.Run(name, func(b *testing.B) {
			build := setup(b, dirs[name])
			for i := 0; i < b.N; i++ {
				if res, err := build(); err != nil || !res.OK() {
					b.Fatalf("%v %v", err, res.Diagnostics)
				}
			}
		})
	}
}

func BenchmarkValidate(b *testing.B) {
	dirs := benchProjects(b)
	for _, name := range benchNames() {
		b.Run(name, func(b *testing.B) {
			res, err := bundle.Build(bundle.Options{Dir: dirs[name]})
			if err != nil || !res.OK() {
				b.Fatalf("%v %v", err, res.Diagnostics)
			}
			opts := Options{SourceMap: res.SourceMap}
			if rep, err := Check(context.Background(), res.JS, opts); err != nil || !rep.OK() {
				b.Fatalf("%v %v", err, rep.Diagnostics) // also warms the SDK program
			}
			b.ResetTimer()
			defer reportCPU(b, cpuTime())
			for i := 0; i < b.N; i++ {
				rep, err := Check(context.Background(), res.JS, opts)
				if err != nil || !rep.OK() {
					b.Fatalf("%v %v", err, rep.Diagnostics)
				}
			}
		})
	}
}

// cpuTime is the process's user and system CPU time: on a loaded machine wall time per op says
// more about the other processes than about validation, so BenchmarkValidate also reports
// cpu-ms/op.
func cpuTime() time.Duration { return procstat.CPU() }

func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N)/1e6, "cpu-ms/op")
}

// TestSixteenIsValid keeps the benchmark's project honest: 16 definitions, all valid.
func TestSixteenIsValid(t *testing.T) {
	dir := t.TempDir()
	if err := writeSixteen(dir); err != nil {
		t.Fatal(err)
	}
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil || !res.OK() {
		t.Fatalf("%v %v", err, res.Diagnostics)
	}
	rep := check(t, res, Options{})
	if !rep.OK() || len(rep.Definitions) != 16 {
		t.Fatalf("%d definitions: %v", len(rep.Definitions), rep.Diagnostics)
	}
}

// TestWriteSixteenForScript writes the 16-definition project where scripts/bench-build.sh asks
// (SCAPE_BENCH_SIXTEEN); without the variable it does nothing.
func TestWriteSixteenForScript(t *testing.T) {
	dir := os.Getenv("SCAPE_BENCH_SIXTEEN")
	if dir == "" {
		t.Skip("only for scripts/bench-build.sh (set SCAPE_BENCH_SIXTEEN)")
	}
	if err := writeSixteen(dir); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkSounds is the render check alone (every declared sound of a valid project rendered
// within the budget), per template: what the audio integration adds to each build.
func BenchmarkSounds(b *testing.B) {
	dirs := benchProjects(b)
	for _, name := range benchNames() {
		b.Run(name, func(b *testing.B) {
			res, err := bundle.Build(bundle.Options{Dir: dirs[name]})
			if err != nil || !res.OK() {
				b.Fatalf("%v %v", err, res.Diagnostics)
			}
			opts := Options{SourceMap: res.SourceMap}
			rep, err := Check(context.Background(), res.JS, opts)
			if err != nil || !rep.OK() {
				b.Fatalf("%v %v", err, rep.Diagnostics)
			}
			rendered := 0
			for _, d := range rep.Definitions {
				rendered += d.Rendered
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				r := &Report{Definitions: rep.Definitions}
				checkSounds(context.Background(), opts, r, nil)
				if len(r.Diagnostics) > 0 {
					b.Fatal(r.Diagnostics)
				}
			}
			b.ReportMetric(float64(rendered), "sounds")
		})
	}
}

// BenchmarkModel validates a project whose model is near the triangle budget (8 subdivided
// cubes, 18,816 triangles): "sdk" is the whole Check, whose SDK model check defers to glb
// through the hook (installModelHook) and the cache; "glb" is glb's own check of the same bytes
// without the cache, what a cache miss costs. Without the hook, Check took 687 ms here.
func BenchmarkModel(b *testing.B) {
	model := glbtest.Cubes(glbtest.Options{Cubes: 8, Subdivide: 14}).GLB()
	dir := b.TempDir()
	files := map[string]string{
		"package.json":      `{ "name": "crate" }`,
		"src/definition.ts": strings.Replace(modelDefinition(true), "./crate.glb", "./crate.glb", 1),
		"src/crate.glb":     string(model),
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		_ = os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil || !res.OK() {
		b.Fatalf("%v %v", err, res.Diagnostics)
	}
	opts := Options{SourceMap: res.SourceMap, Models: glb.NewCache(4)}
	rep, err := Check(context.Background(), res.JS, opts)
	if err != nil || !rep.OK() || rep.Definitions[0].ModelFacts.Triangles != 18816 {
		b.Fatalf("%v %v", err, rep.Diagnostics)
	}
	b.Run("sdk", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if rep, err := Check(context.Background(), res.JS, opts); err != nil || !rep.OK() {
				b.Fatal(err, rep.Diagnostics)
			}
		}
	})
	b.Run("glb", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if !glb.Check(model).OK() {
				b.Fatal("refused")
			}
		}
	})
	b.ReportMetric(float64(len(model)), "bytes")
}

// BenchmarkExplore is what state exploration adds to validation, per template and for the
// 16-definition project, in one run: each op validates the bundle with exploration at its
// defaults and again with Explore: NoExplore (`--explore=0`), alternating so both see the same
// machine load. Metrics: on-ms and off-ms per validation, their ratio, and the states explored.
//
//	go test ./validate -run XXX -bench Explore
func BenchmarkExplore(b *testing.B) {
	dirs := benchProjects(b)
	for _, name := range benchNames() {
		b.Run(name, func(b *testing.B) {
			res, err := bundle.Build(bundle.Options{Dir: dirs[name]})
			if err != nil || !res.OK() {
				b.Fatalf("%v %v", err, res.Diagnostics)
			}
			on := Options{SourceMap: res.SourceMap}
			off := Options{SourceMap: res.SourceMap, Explore: NoExplore}
			rep, err := Check(context.Background(), res.JS, on) // also warms the SDK program
			if err != nil || !rep.OK() {
				b.Fatalf("%v %v", err, rep.Diagnostics)
			}
			states := 0
			for _, e := range rep.Explored {
				states += e.States
			}
			b.ResetTimer()
			var onTime, offTime time.Duration
			for i := 0; i < b.N; i++ {
				for _, o := range []struct {
					opts Options
					sum  *time.Duration
				}{{on, &onTime}, {off, &offTime}} {
					start := time.Now()
					rep, err := Check(context.Background(), res.JS, o.opts)
					*o.sum += time.Since(start)
					if err != nil || !rep.OK() {
						b.Fatalf("%v %v", err, rep.Diagnostics)
					}
				}
			}
			b.ReportMetric(float64(onTime.Microseconds())/1e3/float64(b.N), "on-ms/op")
			b.ReportMetric(float64(offTime.Microseconds())/1e3/float64(b.N), "off-ms/op")
			b.ReportMetric(float64(onTime)/float64(offTime), "on/off")
			b.ReportMetric(float64(states), "states")
		})
	}
}
