package isolate

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/internal/benchproject"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/validate"
)

// BenchmarkExploreAcrossWorkers is a check's wall time through a pool, the deep 16-definition
// project (internal/benchproject) explored in one worker (Explorers 1) and across workers
// (Explorers 2, and SCAPE_BENCH_EXPLORERS, e.g. "2,4,8"), alternated in each op so all see the
// same load: deep (64 states a definition), default (8) and off. ms/state is (on − off) /
// states explored; x1 is a row's wall over the one-worker row's. On a machine of C cores, more
// than C explorers only share the cores.
//
//	go test ./isolate -run XXX -bench ExploreAcrossWorkers -benchtime 3x
func BenchmarkExploreAcrossWorkers(b *testing.B) {
	if !Available() {
		b.Skip("isolation is off")
	}
	dir := b.TempDir()
	if err := benchproject.WriteSixteenDeep(dir); err != nil {
		b.Fatal(err)
	}
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil || !res.OK() {
		b.Fatalf("%v %v", err, res.Diagnostics)
	}
	counts := []int{1, 2}
	if v := os.Getenv("SCAPE_BENCH_EXPLORERS"); v != "" {
		counts = []int{1}
		for _, f := range strings.Split(v, ",") {
			if n, err := strconv.Atoi(f); err == nil && n > 1 {
				counts = append(counts, n)
			}
		}
	}
	// A generous per-call timeout (exploration is one guarded call, its time bound at most ¾ of
	// it), so the state bound decides the deep row even on a loaded machine.
	limits := jsrt.Limits{Timeout: 2 * time.Minute, Budget: 4 * time.Minute}
	shapes := []struct {
		name string
		opts Options
	}{
		{"deep", Options{Limits: limits, SourceMap: res.SourceMap, Explore: 64, ExploreTime: time.Minute}},
		{"default", Options{Limits: limits, SourceMap: res.SourceMap}},
		{"off", Options{Limits: limits, SourceMap: res.SourceMap, Explore: validate.NoExplore}},
	}
	pools := make([]*Pool, len(counts))
	for i, n := range counts {
		pools[i] = NewPool(Config{Size: 1, Explorers: n})
		defer pools[i].Close()
	}
	wall := make([][]time.Duration, len(counts))
	states := make([][]int, len(counts))
	run := func(pi, si int) time.Duration {
		start := time.Now()
		rep, err := pools[pi].Check(context.Background(), res.JS, shapes[si].opts)
		d := time.Since(start)
		if err != nil || !rep.OK() {
			b.Fatalf("%v %v", err, rep.Diagnostics)
		}
		states[pi][si] = 0
		for _, e := range rep.Explored {
			states[pi][si] += e.States
		}
		return d
	}
	for pi := range pools { // warm: every pool's workers started, the explorers' too
		wall[pi] = make([]time.Duration, len(shapes))
		states[pi] = make([]int, len(shapes))
		run(pi, 0)
	}
	b.ResetTimer()
	for range b.N {
		for si := range shapes {
			for pi := range pools {
				wall[pi][si] += run(pi, si)
			}
		}
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 / float64(b.N) }
	for pi, n := range counts {
		off := ms(wall[pi][2])
		for si, s := range shapes[:2] {
			b.ReportMetric(ms(wall[pi][si]), fmt.Sprintf("%s-w%d-ms/op", s.name, n))
			b.ReportMetric((ms(wall[pi][si])-off)/float64(states[pi][si]), fmt.Sprintf("%s-w%d-ms/state", s.name, n))
			b.ReportMetric(ms(wall[pi][si])/ms(wall[0][si]), fmt.Sprintf("%s-w%d-x1", s.name, n))
		}
		b.ReportMetric(off, fmt.Sprintf("off-w%d-ms/op", n))
		b.ReportMetric(float64(states[pi][0]), fmt.Sprintf("deep-w%d-states", n))
		b.ReportMetric(float64(states[pi][1]), fmt.Sprintf("default-w%d-states", n))
	}
}
