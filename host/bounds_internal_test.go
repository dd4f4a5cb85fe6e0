package host

import (
	"fmt"
	"testing"
	"time"
)

// TestLimiterMemoryBounded: a client cycling through addresses cannot grow the limiter without
// bound, and a source that is being limited stays limited while others come and go.
func TestLimiterMemoryBounded(t *testing.T) {
	l := newSourceLimiter(PairingBurst, PairingRefill, 64)
	now := time.Now()
	for i := 0; i < PairingBurst; i++ {
		l.allow("noisy", now)
	}
	for i := 0; i < 10000; i++ {
		l.allow(fmt.Sprintf("10.0.%d.%d", i/250, i%250), now.Add(time.Duration(i)*time.Millisecond))
		if len(l.buckets) > 64 {
			t.Fatalf("%d sources remembered, bound 64", len(l.buckets))
		}
	}
	// The others came and went; the exhausted source was never the one forgotten.
	if ok, _, _ := l.allow("noisy", now.Add(10*time.Second)); ok {
		t.Fatal("cycling through other addresses reset a limited source")
	}
	if ok, _, _ := l.allow("noisy", now.Add(10*time.Second+PairingRefill)); !ok {
		t.Fatal("a source was not refilled after its window")
	}
}

// TestPairingsMemoryBounded: finished pairings kept for precise answers never exceed
// maxPairings, however many are made; live ones are never dropped for room.
func TestPairingsMemoryBounded(t *testing.T) {
	ps := newPairings()
	now := time.Now()
	live := &pairing{project: "keep", created: now, expires: now.Add(time.Hour)}
	ps.add(live, now)
	for i := 0; i < maxPairings+500; i++ {
		p := &pairing{project: "x", created: now.Add(time.Duration(i) * time.Millisecond), expires: now.Add(5 * time.Minute)}
		ps.add(p, now)
		p.state = pairingIssued // spent at once
	}
	if len(ps.byDevice) > maxPairings || len(ps.byCode) != len(ps.byDevice) {
		t.Fatalf("%d pairings kept (%d codes), bound %d", len(ps.byDevice), len(ps.byCode), maxPairings)
	}
	if ps.byCode[live.userCode] != live {
		t.Fatal("a pending pairing was dropped to make room")
	}
}
