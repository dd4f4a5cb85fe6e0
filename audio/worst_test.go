package audio

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// The most expensive recipes the bounds allow (docs/audio.md, "Bounds"). The budget test and
// BenchmarkWorstCase render them.
var (
	worstSynth = func() string {
		voices := make([]string, 32)
		waves := []string{"square", "sawtooth", "triangle", "noise"}
		for i := range voices {
			w := waves[i%4]
			freq := `"frequency": [{"time": 0, "value": 30}, {"time": 12, "value": 20000, "curve": "exponential"}], `
			if w == "noise" {
				freq = `"noiseRate": 44100, `
			}
			voices[i] = fmt.Sprintf(`{"wave": %q, "start": 0, "duration": 12, %s"gain": 0.03, "pan": %g, "filter": {"type": "lowpass", "frequency": 5000, "q": 6}}`, w, freq, float64(i%5)/2-1)
		}
		effects := `[{"type": "noise-reverb", "duration": 4, "decay": 1, "seed": 1, "mix": 0.3}, {"type": "reverb", "decay": 4, "mix": 0.3},
			{"type": "delay", "time": 0.001, "feedback": 0.95, "mix": 0.5}, {"type": "delay", "time": 2, "feedback": 0.95, "mix": 0.5, "parallel": true},
			{"type": "lowpass", "frequency": 20000, "q": 24}, {"type": "highpass", "frequency": 10, "q": -24}, {"type": "bandpass", "frequency": 1000, "q": 0.1}, {"type": "bandpass", "frequency": 20000, "q": 100}]`
		return fmt.Sprintf(`{"kind": "synth", "duration": 12, "seed": 4294967295, "voices": [%s], "effects": %s}`, strings.Join(voices, ","), effects)
	}()
	worstNoise = `{"kind": "noise", "duration": 12, "seed": 1, "layers": [` + strings.TrimSuffix(strings.Repeat(`{"frequency": 20000, "gain": 1},`, 8), ",") + `],
		"modulation": {"base": 0.5, "waves": [` + strings.TrimSuffix(strings.Repeat(`{"speed": 100, "amount": 0.0625},`, 8), ",") + `]},
		"grains": {"start": 0, "end": 12, "interval": [0.01, 0.01], "duration": [0.5, 0.5], "amplitude": [1, 1], "bias": 10, "smoothing": 0.5, "attack": 0.5, "decay": 1}, "fade": 6}`
	worstPartials = func() string {
		partials := strings.TrimSuffix(strings.Repeat(`{"ratio": 0.5, "gain": 1, "decay": 0},`, 32), ",")
		stages := `[{"kind": "pole", "frequency": 20000, "subtract": 1}, {"kind": "noise", "seed": 9, "gain": 1, "decay": 0}, {"kind": "soft-clip", "drive": 100}, {"kind": "hard-clip", "drive": 100},
			{"kind": "pole", "frequency": 1}, {"kind": "soft-clip", "drive": 0.01}, {"kind": "hard-clip", "drive": 0.01}, {"kind": "noise", "seed": 0, "gain": 1, "decay": 200}]`
		layer := fmt.Sprintf(`{"frequency": 1000, "gain": 1, "vibrato": {"depth": 0.5, "rate": 50}, "partials": [%s], "stages": %s}`, partials, stages)
		echoes := strings.TrimSuffix(strings.Repeat(`{"time": 2, "gain": 1},`, 8), ",")
		return fmt.Sprintf(`{"kind": "partials", "duration": 12, "oversample": 4, "layers": [%s, %s], "stages": %s,
			"amplitude": {"gain": 1, "attack": 12, "attackCurve": "sine-squared", "decay": 200, "release": {"at": 0, "time": 12}, "fadeOut": 12}, "echoes": [%s], "tailFade": 12}`, layer, layer, stages, echoes)
	}()
)

func TestWorstCasesDecode(t *testing.T) {
	for name, raw := range extraRecipes {
		if _, err := Decode([]byte(raw)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestBudgetRefuses: Budget.Render refuses a recipe that does not decode, breaks a bound,
// would exceed the sample budget or overruns the time budget, and renders one within them.
func TestBudgetRefuses(t *testing.T) {
	ring := json.RawMessage(`{"kind": "synth", "duration": 0.6, "voices": [{"wave": "sine", "start": 0, "duration": 0.55, "frequency": 880, "gain": 0.2}]}`)
	if s, err := DefaultBudget.Render(ring); err != nil || s.Frames() != 28800 {
		t.Fatalf("ring: %v", err)
	}
	for raw, want := range map[string]string{
		`"@@@@"`: "must be base64",
		`{"kind": "noise", "duration": 1, "seed": 1, "layers": [{"frequency": 100, "gain": 1}], "modulation": {"base": 1, "waves": []}, "fade": 0, "colour": 1}`: `unknown field "colour"`,
		`{"kind": "synth", "duration": 20, "voices": [{"wave": "sine", "start": 0, "duration": 1, "gain": 0.2}]}`:                                                "duration: must be 0.01–12 (got 20)",
	} {
		if _, err := DefaultBudget.Render(json.RawMessage(raw)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", raw, err, want)
		}
	}
	// The sample budget on both sides: 48,000 frames fit a budget of 48,000, not of 47,999.
	second := json.RawMessage(`{"kind": "synth", "duration": 1, "voices": [{"wave": "sine", "start": 0, "duration": 1, "gain": 0.1}]}`)
	if _, err := (Budget{Time: DefaultBudget.Time, Samples: 48000}).Render(second); err != nil {
		t.Fatalf("at the sample budget: %v", err)
	}
	if _, err := (Budget{Time: DefaultBudget.Time, Samples: 47999}).Render(second); err == nil || !strings.Contains(err.Error(), "would render 48000 samples; the budget is 47999") {
		t.Fatalf("over the sample budget: %v", err)
	}
	stereo := json.RawMessage(`{"kind": "synth", "duration": 1, "voices": [{"wave": "sine", "start": 0, "duration": 1, "gain": 0.1, "pan": 0}]}`)
	if _, err := (Budget{Time: DefaultBudget.Time, Samples: 95999}).Render(stereo); err == nil || !strings.Contains(err.Error(), "would render 96000 samples") {
		t.Fatalf("stereo over the sample budget: %v", err)
	}
	if testing.Short() {
		return
	}
	slow := Budget{Time: 1, Samples: DefaultBudget.Samples} // 1 ns: any real render overruns it
	if _, err := slow.Render(json.RawMessage(worstPartials)); err == nil || !strings.Contains(err.Error(), "took longer than the render budget") {
		t.Fatalf("got %v", err)
	}
}

// TestWorstCasesWithinBudget: every worst-case recipe renders within DefaultBudget, without
// non-finite values.
func TestWorstCasesWithinBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("renders 12-second worst cases")
	}
	before := nonFinite.Load()
	for name, raw := range extraRecipes {
		if _, err := DefaultBudget.Render(json.RawMessage(raw)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if n := nonFinite.Load() - before; n != 0 {
		t.Errorf("%d non-finite samples", n)
	}
}
