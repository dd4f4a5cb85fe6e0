package audio

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"testing"

	"github.com/scapeworld/scape/internal/procstat"
)

// threadCPU is the CPU time (user + system, seconds) of the calling OS thread (of the process
// where the OS does not count threads: the benchmarks run with GOMAXPROCS=1).
func threadCPU() float64 { return procstat.ThreadCPU().Seconds() }

type benchRecipe struct {
	Name   string          `json:"name"`
	Family string          `json:"family"`
	Recipe json.RawMessage `json:"recipe"`
}

// BenchmarkRecipes renders the recipes of testdata/audio/bench.json (one per family, typical
// sizes) and reports × realtime. scripts/audio-bench.mjs runs it with GOMAXPROCS=1 beside the
// SDK's TypeScript renderer under Node on the same recipes and prints the ratio.
func BenchmarkRecipes(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(vectorDir, "bench.json"))
	if err != nil {
		b.Fatal(err)
	}
	var recipes []benchRecipe
	if err := json.Unmarshal(data, &recipes); err != nil {
		b.Fatal(err)
	}
	for _, r := range recipes {
		b.Run(r.Name, func(b *testing.B) {
			rec, err := Decode(r.Recipe)
			if err != nil {
				b.Fatal(err)
			}
			s, err := rec.Render() // warm the wavetable cache, as a long-running host would be
			if err != nil {
				b.Fatal(err)
			}
			// CPU time of this thread as well as wall time: on a shared machine the wall clock
			// also counts other processes' work.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu0 := threadCPU()
			b.ResetTimer()
			for b.Loop() {
				if _, err := rec.Render(); err != nil {
					b.Fatal(err)
				}
			}
			cpu := threadCPU() - cpu0
			perRender := b.Elapsed().Seconds() / float64(b.N)
			b.ReportMetric(s.Duration()/perRender, "x-realtime")
			if cpu > 0 {
				b.ReportMetric(s.Duration()/(cpu/float64(b.N)), "x-realtime-cpu")
			}
		})
	}
}

// BenchmarkWorstCase renders the costliest recipes the SDK's cost rules allow (worst_test.go) and
// reports the CPU seconds of this thread per render (cpu-s/op) beside the wall time: on a shared
// machine the wall clock also counts other processes' work. `go test ./audio -run XXX -bench
// WorstCase -benchtime 2x`; docs/audio.md ("Render budget") records the figures.
func BenchmarkWorstCase(b *testing.B) {
	names := make([]string, 0, len(extraRecipes))
	for name := range extraRecipes {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		b.Run(name, func(b *testing.B) {
			rec, err := Decode([]byte(extraRecipes[name]))
			if err != nil {
				b.Fatal(err)
			}
			if _, err := rec.Render(); err != nil { // warm the tables, as a long-running host would be
				b.Fatal(err)
			}
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu0 := threadCPU()
			for b.Loop() {
				if _, err := rec.Render(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric((threadCPU()-cpu0)/float64(b.N), "cpu-s/op")
		})
	}
}
