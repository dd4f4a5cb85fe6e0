package audio

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
)

// The most expensive recipes the SDK's cost rules allow (docs/audio.md, "Render budget"), one or
// two per family: where the work rules charge the most per unit of CPU. The budget test and
// BenchmarkWorstCase render them.
var (
	// sweptVoices are n voices of `seconds` s cycling through every wave, each sweeping 30 Hz →
	// 20 kHz exponentially (a new wavetable every few frames), filtered and panned (stereo).
	sweptVoices = func(n int, seconds float64) string {
		voices := make([]string, n)
		waves := []string{"square", "sawtooth", "triangle", "noise", "sine"}
		for i := range voices {
			w := waves[i%len(waves)]
			freq := fmt.Sprintf(`"frequency": [{"time": 0, "value": 30}, {"time": %g, "value": 20000, "curve": "exponential"}], `, seconds)
			if w == "noise" {
				freq = `"noiseRate": 44100, `
			}
			voices[i] = fmt.Sprintf(`{"wave": %q, "start": 0, "duration": %g, %s"gain": 0.03, "pan": %g, "filter": {"type": "lowpass", "frequency": 5000, "q": 6}}`, w, seconds, freq, float64(i%5)/2-1)
		}
		return strings.Join(voices, ",")
	}
	// 60 s × 40 voices: the synth render work at its budget (2,400 voice-seconds).
	worstSynth = fmt.Sprintf(`{"kind": "synth", "duration": 60, "seed": 4294967295, "voices": [%s]}`, sweptVoices(40, 60))
	// 47 s, one voice and a 47 s reverb: 47 + 25 × 94 = 2,397 voice-seconds, a 2^23-point FFT.
	worstSynthReverb = fmt.Sprintf(`{"kind": "synth", "duration": 47, "seed": 1, "voices": [%s], "effects": [{"type": "noise-reverb", "duration": 47, "decay": 1, "seed": 1, "mix": 0.3}]}`, sweptVoices(1, 47))
	// 12.5 s, 128 voices and 64 delays and filters: (128 + 64) × 12.5 = 2,400.
	worstSynthCounts = fmt.Sprintf(`{"kind": "synth", "duration": 12.5, "voices": [%s], "effects": [%s]}`, sweptVoices(128, 12.5),
		strings.TrimSuffix(strings.Repeat(`{"type": "delay", "time": 0.001, "feedback": 0.95, "mix": 0.5}, {"type": "bandpass", "frequency": 1000, "q": 0.1},`, 32), ","))
	noiseLayers = `"layers": [` + strings.TrimSuffix(strings.Repeat(`{"frequency": 20000, "gain": 1},`, 64), ",") + `],
		"modulation": {"base": 0.5, "waves": [` + strings.TrimSuffix(strings.Repeat(`{"speed": 100, "amount": 0.0078125},`, 64), ",") + `]}`
	// 64 layers, 64 waves and 1,201 grains of 0.99 s: about 1,189 grain-seconds.
	worstNoise = `{"kind": "noise", "duration": 12, "seed": 1, ` + noiseLayers + `,
		"grains": {"start": 0, "end": 12, "interval": [0.01, 0.01], "duration": [0.99, 0.99], "amplitude": [1, 1], "bias": 10, "smoothing": 0.5, "attack": 0.5, "decay": 1}, "fade": 6}`
	// About 100,000 grain starts of 11 ms each.
	worstNoiseStarts = `{"kind": "noise", "duration": 12, "seed": 2, ` + noiseLayers + `,
		"grains": {"start": 0, "end": 12, "interval": [0.00012001, 0.00012001], "duration": [0.011, 0.011], "amplitude": [1, 1], "bias": 10, "smoothing": 0.5, "attack": 0.005, "decay": 1}, "fade": 6}`
	partialsLayer = func(partials int, frequency, depth float64, stages string) string {
		return fmt.Sprintf(`{"frequency": %g, "gain": 1, "vibrato": {"depth": %g, "rate": 50}, "partials": [%s], "stages": [%s]}`,
			frequency, depth, strings.TrimSuffix(strings.Repeat(`{"ratio": 0.5, "gain": 1, "decay": 0},`, partials), ","), stages)
	}
	partialsSound = func(seconds float64, layers, stages string) string {
		echoes := strings.TrimSuffix(strings.Repeat(`{"time": 0.5, "gain": 1},`, 64), ",")
		return fmt.Sprintf(`{"kind": "partials", "duration": %g, "oversample": 4, "layers": [%s], "stages": [%s],
			"amplitude": {"gain": 1, "attack": 12, "attackCurve": "sine-squared", "decay": 200, "release": {"at": 0, "time": 12}, "fadeOut": 12}, "echoes": [%s], "tailFade": 12}`, seconds, layers, stages, echoes)
	}
	// 4 × 30 s × (48 partials + 1 layer + 1 stage) = 6,000, every partial on the checked path
	// (a vibrato deeper than the pitch swings it through 0 Hz), and 64 echoes.
	worstPartials = partialsSound(30, partialsLayer(48, 1000, 2, `{"kind": "soft-clip", "drive": 100}`), "")
	// 4 × 45 s × (16 layers of one partial + 1 noise stage) = 5,940: the per-layer work.
	worstPartialsLayers = partialsSound(45, strings.TrimSuffix(strings.Repeat(partialsLayer(1, -1000, 0.5, "")+",", 16), ","), `{"kind": "noise", "seed": 9, "gain": 1, "decay": 0}`)
)

func TestWorstCasesDecode(t *testing.T) {
	for name, raw := range extraRecipes {
		r, err := Decode([]byte(raw))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		// Each sits at (within 2 % of) the cost bound it is the worst case of.
		var work, bound float64
		switch s := r.(type) {
		case *Synth:
			work, bound = s.Work(), MaxSynthWork
		case *PartialsSound:
			_, units := s.Units()
			work, bound = float64(*s.Oversample)*s.Duration*float64(units), MaxPartialsWork
		case *NoiseSound:
			g := s.Grains
			starts := 1 + (math.Min(g.End, s.Duration)-g.Start)/GrainStep(g.Interval)
			work, bound = starts*g.Duration[1], MaxGrainWork
			if starts > MaxGrainStarts/2 {
				work, bound = starts, MaxGrainStarts
			}
		}
		if work > bound || work < 0.98*bound {
			t.Errorf("%s: work %g, not at its bound %g", name, work, bound)
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
		`{"kind": "synth", "duration": 61, "voices": [{"wave": "sine", "start": 0, "duration": 1, "gain": 0.2}]}`:                                                "duration: must be at most 60 (got 61)",
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
// non-finite values, and its Decode is right at the SDK's cost bounds (so these are the worst).
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
