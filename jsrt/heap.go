package jsrt

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"time"
)

// heapPoll is how often the watchdog reads the heap during a guarded call. A read of
// runtime/metrics costs a few microseconds (runtime.ReadMemStats would stop the world).
const heapPoll = 2 * time.Millisecond

const (
	// objectsMetric is the heap now, garbage not yet collected included: cheap and current.
	objectsMetric = "/memory/classes/heap/objects:bytes"
	// liveMetric is what the last completed collection found reachable.
	liveMetric = "/gc/heap/live:bytes"
)

var samplePool = sync.Pool{New: func() any { return []metrics.Sample{{Name: objectsMetric}, {Name: liveMetric}} }}

// heapBytes returns the current heap (with garbage) and the live heap of the last collection.
func heapBytes() (objects, live uint64) {
	s := samplePool.Get().([]metrics.Sample)
	metrics.Read(s)
	if s[0].Value.Kind() == metrics.KindUint64 {
		objects = s[0].Value.Uint64()
	}
	if s[1].Value.Kind() == metrics.KindUint64 {
		live = s[1].Value.Uint64()
	}
	samplePool.Put(s)
	return objects, live
}

// watchHeap calls over once when the live heap grows more than budget bytes during the call,
// polling until the returned stop function is called.
//
// The cheap current-heap reading counts garbage too, which a high GOGC (or a callback that
// churns through temporary arrays) can push past any budget; so crossing the budget triggers one
// collection, and only the live heap that collection finds is compared with the budget.
//
// It is a watchdog, not a hard limit: a single native call ('x'.repeat(2**30), a huge
// ArrayBuffer) allocates before the next poll, and the heap is the whole process's (concurrent
// runtimes share it). A hard cap would need a child process with an OS limit.
func watchHeap(budget uint64, over func()) (stop func()) {
	baseObjects, baseLive := heapBytes()
	if baseObjects < baseLive {
		baseLive = baseObjects
	}
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(heapPoll)
		defer t.Stop()
		threshold := baseObjects + budget
		for {
			select {
			case <-done:
				return
			case <-t.C:
				objects, _ := heapBytes()
				if objects <= threshold {
					continue
				}
				runtime.GC()
				objects, live := heapBytes()
				if live > baseLive+budget {
					over()
					return
				}
				// Garbage: look again once the heap has grown by the budget once more.
				threshold = objects + budget
			}
		}
	}()
	var once sync.Once
	return func() { once.Do(func() { close(done) }) }
}
