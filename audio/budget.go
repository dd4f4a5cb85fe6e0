package audio

import (
	"encoding/json"
	"fmt"
	"sort"
	"time"
)

// Budget bounds the rendering of one sound at build time.
type Budget struct {
	// Time is the wall-clock limit for one render.
	Time time.Duration
	// Samples is the limit on frames × channels of one sound.
	Samples int
}

// DefaultBudget: the worst recipes the bounds allow (worst_test.go) take about 1.5 s of CPU each
// on one core of the development machine (BenchmarkWorstCase); typical sounds take a few
// milliseconds. The wall-clock limit is a backstop with room for a loaded machine (a build must
// not fail a valid recipe because other processes were busy); the sample bound is 12 s of stereo
// at 48 kHz, the longest sound the bounds allow.
var DefaultBudget = Budget{Time: 10 * time.Second, Samples: 2 * 12 * Rate}

// Problem is a sound that cannot be used: Sound is its key in `sounds` (or the name the caller
// gave, such as "soundBank.click"), Message says why.
type Problem struct {
	Sound   string `json:"sound"`
	Message string `json:"message"`
}

func (p Problem) String() string { return fmt.Sprintf("sound %q: %s", p.Sound, p.Message) }

// CheckSounds renders every sound once within DefaultBudget and returns the problems, sorted
// by sound name. Call it after the SDK's validators accepted the recipes; `sounds` maps each
// name to its recipe JSON (an object or a base64 WAV string).
func CheckSounds(sounds map[string]json.RawMessage) []Problem {
	return DefaultBudget.Check(sounds)
}

// Check is CheckSounds with this budget.
func (b Budget) Check(sounds map[string]json.RawMessage) []Problem {
	names := make([]string, 0, len(sounds))
	for name := range sounds {
		names = append(names, name)
	}
	sort.Strings(names)
	var problems []Problem
	for _, name := range names {
		if _, err := b.Render(sounds[name]); err != nil {
			problems = append(problems, Problem{Sound: name, Message: err.Error()})
		}
	}
	return problems
}

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
		channels = 1
		for _, v := range s.Voices {
			if v.Pan != nil {
				channels = 2
			}
		}
		return FramesFor(s.Duration, Rate), channels
	case *NoiseSound:
		return FramesFor(s.Duration, Rate), 1
	case *PartialsSound:
		return FramesFor(s.Duration, Rate), 1
	}
	return 0, 0
}

// CheckSoundMap is CheckSounds for a GizmoSounds JSON object as validation reports it
// (validate.Definition.Sounds or .SoundBank); prefix is prepended to each problem's sound name
// (e.g. "soundBank."). A value that is not a JSON object is one problem named by the prefix.
func CheckSoundMap(prefix string, raw json.RawMessage) []Problem {
	if len(raw) == 0 {
		return nil
	}
	var sounds map[string]json.RawMessage
	if err := json.Unmarshal(raw, &sounds); err != nil {
		return []Problem{{Sound: prefix, Message: fmt.Sprintf("sounds must be a JSON object of name → recipe: %v", err)}}
	}
	problems := CheckSounds(sounds)
	for i := range problems {
		problems[i].Sound = prefix + problems[i].Sound
	}
	return problems
}
