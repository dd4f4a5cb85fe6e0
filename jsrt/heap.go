package jsrt

import (
	"runtime/metrics"
	"sync"
	"time"
)

// heapPoll is how often the watchdog reads the heap during a guarded call. A read of
// runtime/metrics costs a few microseconds (runtime.ReadMemStats would stop the world).
const heapPoll = 2 * time.Millisecond

const heapMetric = "/memory/classes/heap/objects:bytes"

var samplePool = sync.Pool{New: func() any { return []metrics.Sample{{Name: heapMetric}} }}

func heapBytes() uint64 {
	s := samplePool.Get().([]metrics.Sample)
	metrics.Read(s)
	v := uint64(0)
	if s[0].Value.Kind() == metrics.KindUint64 {
		v = s[0].Value.Uint64()
	}
	samplePool.Put(s)
	return v
}

// watchHeap calls over once when the heap grows more than budget bytes above its level now,
// polling until the returned stop function is called.
//
// It is a watchdog, not a hard limit: a single native call ('x'.repeat(2**30), a huge
// ArrayBuffer) allocates before the next poll, and the heap is the whole process's (concurrent
// runtimes share it). A hard cap would need a child process with an OS limit.
func watchHeap(budget uint64, over func()) (stop func()) {
	base := heapBytes()
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(heapPoll)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				if heapBytes() > base+budget {
					over()
					return
				}
			}
		}
	}()
	var once sync.Once
	return func() { once.Do(func() { close(done) }) }
}
