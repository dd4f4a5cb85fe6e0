package audio

import (
	"encoding/json"
	"runtime"
	"sort"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkWorstCaseMemory renders each worst-case recipe the cost rules allow (worst_test.go)
// through a cache, as a host would, and reports what one render allocates (MiB-alloc/op:
// runtime.MemStats.TotalAlloc) and the largest heap in use above the start while it ran
// (MiB-peak/op, sampled every 5 ms). This is why a host renders in a worker process
// (docs/audio.md, "Render budget"): measured on the 2-core machine, worst-synth-reverb (a
// 2^23-point FFT) allocates about 590 MiB and holds about 540 MiB at its peak, worst-synth about
// 245 and 150; the others stay under 40 MiB. Run: go test ./audio -run XXX -bench WorstCaseMemory
// -benchtime 1x.
func BenchmarkWorstCaseMemory(b *testing.B) {
	names := make([]string, 0, len(extraRecipes))
	for name := range extraRecipes {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		b.Run(name, func(b *testing.B) {
			var alloc, peak float64
			for b.Loop() {
				a, p := renderMemory(b, json.RawMessage(extraRecipes[name]))
				alloc, peak = alloc+a, max(peak, p)
			}
			b.ReportMetric(alloc/float64(b.N)/(1<<20), "MiB-alloc/op")
			b.ReportMetric(peak/(1<<20), "MiB-peak/op")
		})
	}
}

// renderMemory renders raw through a fresh cache and returns the bytes it allocated and the
// largest heap in use above the start seen while it ran.
func renderMemory(tb testing.TB, raw json.RawMessage) (alloc, peak float64) {
	runtime.GC()
	runtime.GC() // the recycled buffers of an earlier render (sync.Pool) are gone after two
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var top atomic.Uint64
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > top.Load() {
				top.Store(m.HeapInuse)
			}
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	_, _, err := NewCache(DefaultBudget, 128<<20).WAV(raw)
	close(stop)
	<-done
	if err != nil {
		tb.Fatal(err)
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	return float64(after.TotalAlloc - before.TotalAlloc), float64(top.Load()) - float64(before.HeapInuse)
}
