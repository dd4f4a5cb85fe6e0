package audio

import (
	"encoding/json"
	"fmt"
	"time"
)

// Budget bounds the rendering of one sound at build time.
type Budget struct {
	// Time is the wall-clock limit for one render.
	Time time.Duration
	// Samples is the limit on frames × channels of one sound.
	Samples int
}

// DefaultBudget: the worst recipes the SDK's cost rules allow (worst_test.go) take about 1–3.2 s of
// CPU each on one core of the 2-core development machine under load (BenchmarkWorstCase,
// docs/audio.md "Render budget"); typical sounds take a few milliseconds. The wall-clock limit
// is a backstop, not the protection (the cost rules are): a build must not fail a valid recipe
// because other processes were busy, and one of them took 20 s of wall time while `go test`
// ran ten packages beside other builds on the 2 cores, so it leaves room for a machine shared
// twenty ways. The sample bound is 60 s of stereo at 48 kHz, the longest sound the rules allow.
var DefaultBudget = Budget{Time: 60 * time.Second, Samples: 2 * 60 * Rate}

// Render decodes and renders one sound within the budget. A render that outlives the time
// limit is reported as an error; it finishes in the background (validated recipes are bounded,
// so it does end).
func (b Budget) Render(raw json.RawMessage) (*Samples, error) {
	r, err := Decode(raw)
	if err != nil {
		return nil, err
	}
	if frames, channels := estimate(r); b.Samples > 0 && frames*channels > b.Samples {
		return nil, fmt.Errorf("would render %d samples; the budget is %d", frames*channels, b.Samples)
	}
	type result struct {
		s   *Samples
		err error
	}
	done := make(chan result, 1)
	start := time.Now()
	go func() {
		s, err := r.Render()
		done <- result{s, err}
	}()
	timer := time.NewTimer(b.Time)
	defer timer.Stop()
	select {
	case res := <-done:
		if res.err != nil {
			return nil, res.err
		}
		if b.Samples > 0 && res.s.Frames()*len(res.s.Channels) > b.Samples {
			return nil, fmt.Errorf("rendered %d samples; the budget is %d", res.s.Frames()*len(res.s.Channels), b.Samples)
		}
		return res.s, nil
	case <-timer.C:
		return nil, fmt.Errorf("took longer than the render budget of %v (stopped waiting after %v)", b.Time, time.Since(start).Round(time.Millisecond))
	}
}

// estimate is the output size of a recipe before rendering it (no frames for a duration of 0 or
// less).
func estimate(r Recipe) (frames, channels int) {
	switch s := r.(type) {
	case *Synth:
		if s.stereo() {
			return max(0, FramesFor(s.Duration, Rate)), 2
		}
		return max(0, FramesFor(s.Duration, Rate)), 1
	case *NoiseSound:
		return FramesFor(s.Duration, Rate), 1
	case *PartialsSound:
		return max(0, FramesFor(s.Duration, Rate)), 1
	}
	return 0, 0
}
