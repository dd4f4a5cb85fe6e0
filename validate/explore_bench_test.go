package validate

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/dop251/goja"
	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/internal/benchproject"
	"github.com/scapeworld/scape/jsrt"
)

// writeSixteenDeep writes the deep 16-definition project (internal/benchproject).
func writeSixteenDeep(dir string) error { return benchproject.WriteSixteenDeep(dir) }

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
