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

// DefaultBudget: the worst recipes the bounds allow (worst_test.go) take under 1 s of CPU each
// on one core of the development machine (BenchmarkWorstCase, docs/audio.md); typical sounds
// take a few milliseconds. The wall-clock limit is a backstop with room for a loaded machine (a build must
// not fail a valid recipe because other processes were busy); the sample bound is 12 s of stereo
// at 48 kHz, the longest sound the bounds allow.
var DefaultBudget = Budget{Time: 10 * time.Second, Samples: 2 * 12 * Rate}

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

// estimate is the output size of a recipe before rendering it.
func estimate(r Recipe) (frames, channels int) {
	switch s := r.(type) {
	case *Synth:
		if s.stereo() {
			return FramesFor(s.Duration, Rate), 2
		}
		return FramesFor(s.Duration, Rate), 1
	case *NoiseSound:
		return FramesFor(s.Duration, Rate), 1
	case *PartialsSound:
		return FramesFor(s.Duration, Rate), 1
	}
	return 0, 0
}
