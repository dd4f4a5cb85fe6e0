package audio

// Tests of the renderers' fast paths: each against the plain form it replaces.

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// TestFastExpAndTanh: the table exponential stays within 1e-15 relative of math.Exp, and the
// soft clip built on it within 1e-15 of math.Tanh, over the range the renderers use.
func TestFastExpAndTanh(t *testing.T) {
	for x := -45.0; x <= 45; x += 0.000917 {
		e := math.Exp(x)
		if d := math.Abs(fastExp(x)-e) / e; d > 1e-15 {
			t.Fatalf("fastExp(%g) = %g, math.Exp %g (relative %g)", x, fastExp(x), e, d)
		}
		if d := math.Abs(fastTanh(x) - math.Tanh(x)); d > 1e-15 {
			t.Fatalf("fastTanh(%g) = %g, math.Tanh %g", x, fastTanh(x), math.Tanh(x))
		}
	}
}

// TestNoiseLayerPathsAgree: the one-pass kernel (up to four layers) and the grouped path (more)
// give the same samples bit for bit: two silent layers added to three change nothing.
func TestNoiseLayerPathsAgree(t *testing.T) {
	three := NoiseSound{Duration: 0.5, Seed: 42, Layers: []NoiseLayer{{Frequency: 200, Gain: 0.6}, {Frequency: 1200, Gain: 0.3}, {Frequency: 9000, Gain: 0.1}},
		Modulation: Modulation{Base: 0.5}}
	three.Modulation.Waves = append(three.Modulation.Waves, struct {
		Speed  float64 `json:"speed"`
		Amount float64 `json:"amount"`
	}{3, 0.2})
	five := three
	five.Layers = append(append([]NoiseLayer(nil), three.Layers...), NoiseLayer{Frequency: 50, Gain: 0}, NoiseLayer{Frequency: 5000, Gain: 0})
	a := ReadAll(NoiseLayers(&three, Rate), 24000)
	b := ReadAll(NoiseLayers(&five, Rate), 24000)
	for n := range a {
		if math.Float64bits(a[n]) != math.Float64bits(b[n]) {
			t.Fatalf("sample %d: %g (one pass) vs %g (grouped)", n, a[n], b[n])
		}
	}
}

// TestLayerPoleFused: a layer whose first stage is a pole (run inside the layer's last four
// partials) gives the samples of the same layer without stages followed by OnePole, bit for bit,
// for partial counts with and without a remainder of pairs, with and without subtract, and
// through partials that decay to the flush threshold.
func TestLayerPoleFused(t *testing.T) {
	const inner = 96000.0
	half := 0.5
	for _, count := range []int{3, 4, 6, 8, 9} {
		for _, subtract := range []*float64{nil, &half} {
			var layer PartialLayer
			if err := json.Unmarshal([]byte(`{"frequency": 440, "gain": 0.7, "vibrato": {"depth": 0.01, "rate": 5}, "partials": []}`), &layer); err != nil {
				t.Fatal(err)
			}
			for i := range count {
				layer.Partials = append(layer.Partials, struct {
					Ratio float64 `json:"ratio"`
					Gain  float64 `json:"gain"`
					Decay float64 `json:"decay"`
				}{Ratio: 1 + 1.37*float64(i), Gain: 1 / float64(i+1), Decay: 40 * float64(i)})
			}
			plain := layer
			plain.Stages = nil
			want := ReadAll(OnePole(LayerSource(&plain, inner), 3000, inner, subtract), 3*48000)
			layer.Stages = []Stage{{Kind: "pole", Frequency: 3000, Subtract: subtract}}
			got := ReadAll(LayerSource(&layer, inner), 3*48000)
			for n := range want {
				if math.Float64bits(got[n]) != math.Float64bits(want[n]) {
					t.Fatalf("%d partials, subtract %v, sample %d: fused %g, separate %g", count, subtract != nil, n, got[n], want[n])
				}
			}
		}
	}
}

// TestConcurrentRendersDeterministic: renders running at once (CheckSounds renders in
// goroutines; the FFT buffers are pooled and the tables cached) give the samples of a render
// alone.
func TestConcurrentRendersDeterministic(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(vectorDir, "bench.json"))
	if err != nil {
		t.Fatal(err)
	}
	var recipes []benchRecipe
	if err := json.Unmarshal(data, &recipes); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, r := range recipes {
		rec, err := Decode(r.Recipe)
		if err != nil {
			t.Fatal(err)
		}
		s, err := rec.Render()
		if err != nil {
			t.Fatal(err)
		}
		want[r.Name] = s.Stats().Hash
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4*len(recipes))
	for range 4 {
		for _, r := range recipes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rec, _ := Decode(r.Recipe)
				s, err := rec.Render()
				if err != nil {
					errs <- r.Name + ": " + err.Error()
				} else if h := s.Stats().Hash; h != want[r.Name] {
					errs <- r.Name + ": hash " + h + ", alone " + want[r.Name]
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestDelayMixMatchesPlain: the in-place delay (one history buffer, dry and wet mixed in the
// same pass) gives the samples of the rule written out with a separate wet signal,
// w[n] = s(n − D) interpolated, s[n] = x[n] + feedback·w[n], y = dry·x + mix·w, bit for bit.
func TestDelayMixMatchesPlain(t *testing.T) {
	rng := NewMulberry32(11)
	x := make([]float64, 5000)
	for n := range 1000 { // a burst, then silence for the repeats to decay (feedback 0.1: through the flush)
		x[n] = rng.Sample()
	}
	for _, c := range []struct{ delay, feedback, dry, mix float64 }{{48, 0.5, 0.5, 0.5}, {100.37, 0.95, 1, 0.3}, {1.5, 0, 0.2, 0.8}, {4999.9, 0.9, 0, 1}, {48, 0.1, 0.5, 0.5}} {
		s := make([]float64, len(x))
		want := make([]float64, len(x))
		for n := range x {
			w := 0.0
			if m := float64(n) - c.delay; m >= 0 {
				j := int(math.Floor(m))
				b := 0.0
				if j+1 < n {
					b = s[j+1]
				}
				w = s[j] + float64((b-s[j])*(m-float64(j)))
				if math.Abs(w) < Tiny {
					w = 0
				}
			}
			s[n] = x[n] + float64(c.feedback*w)
			want[n] = float64(c.dry*x[n]) + float64(c.mix*w)
		}
		got := append([]float64(nil), x...)
		delayMix(got, make([]float64, len(x)), c.delay, c.feedback, c.dry, c.mix)
		for n := range want {
			if math.Float64bits(got[n]) != math.Float64bits(want[n]) {
				t.Fatalf("%+v sample %d: in place %g, plain %g", c, n, got[n], want[n])
			}
		}
	}
}

// TestAmplitudeBlockMatchesPerSample: the amplitude in three runs (envelope, plain gain,
// envelope) multiplies by AmplitudeAt at every sample, bit for bit, for blocks that start and
// end inside each run.
func TestAmplitudeBlockMatchesPerSample(t *testing.T) {
	const rate, duration = 8000.0, 1.0
	var amps []Amplitude
	for _, raw := range []string{`{"gain": 0.8, "attack": 0.1, "fadeOut": 0.2}`, `{"gain": 0.5, "attack": 0.25, "attackCurve": "sine-squared", "release": {"at": 0.6, "time": 0.1}}`,
		`{"gain": 1, "attack": 0, "decay": 3, "fadeOut": 0.5}`, `{"gain": 0.3, "attack": 0.3333, "fadeOut": 0}`, `{"gain": 0.7, "attack": 1, "fadeOut": 1}`} {
		var a Amplitude
		if err := json.Unmarshal([]byte(raw), &a); err != nil {
			t.Fatal(err)
		}
		amps = append(amps, a)
	}
	for i := range amps {
		a := &amps[i]
		apply := amplitudeBlock(a, rate, duration)
		got := make([]float64, int(rate*duration)+2)
		for n := range got {
			got[n] = 1 + float64(n%7)/7
		}
		want := append([]float64(nil), got...)
		for n0, size := 0, 1; n0 < len(got); n0, size = n0+size, size*3%997+1 {
			apply(got[n0:min(n0+size, len(got))], n0)
		}
		for n := range want {
			want[n] *= AmplitudeAt(a, float64(n)/rate, duration)
			if math.Float64bits(got[n]) != math.Float64bits(want[n]) {
				t.Fatalf("amplitude %d sample %d: blocks %g, per sample %g", i, n, got[n], want[n])
			}
		}
	}
}

// TestVoiceLevelMatchesPerSample: a voice's level with its fades applied only in their zones
// equals gain(t)·t/in·(duration − t)/out evaluated at every sample, bit for bit.
func TestVoiceLevelMatchesPerSample(t *testing.T) {
	for _, raw := range []string{`{"wave": "sine", "start": 0.013, "duration": 0.5, "gain": 0.4}`, `{"wave": "sine", "start": 0, "duration": 0.4, "gain": 0.4, "fade": [0.1, 0.2]}`,
		`{"wave": "sine", "start": 0.2, "duration": 0.3, "gain": [{"time": 0, "value": 0}, {"time": 0.1, "value": 1}, {"time": 0.3, "value": 0.2}], "fade": [0, 0.05]}`} {
		var v Voice
		if err := json.Unmarshal([]byte(raw), &v); err != nil {
			t.Fatal(err)
		}
		clock := Clock{From: firstFrameAtOrAfter(v.Start, Rate), Start: v.Start, Rate: Rate}
		fadeIn, fadeOut := DefaultFade, DefaultFade
		if v.Fade != nil {
			fadeIn, fadeOut = v.Fade[0], v.Fade[1]
		}
		frames := int(v.Duration*Rate) + 10
		got := make([]float64, frames)
		level := voiceLevel(&v, clock, int(v.Duration*Rate))
		for k0, size := 0, 1; k0 < frames; k0, size = k0+size, size*5%1009+1 {
			level(got[k0:min(k0+size, frames)], k0)
		}
		for k := range got {
			t0 := clock.At(k)
			want := v.Gain.At(t0)
			if fadeIn > 0 && t0 < fadeIn {
				want *= t0 / fadeIn
			}
			if left := v.Duration - t0; fadeOut > 0 && left < fadeOut {
				want *= left / fadeOut
			}
			if math.Float64bits(got[k]) != math.Float64bits(want) {
				t.Fatalf("%s frame %d: zones %g, per sample %g", raw, k, got[k], want)
			}
		}
	}
}

// TestLayerSourceMatchesPlain: a layer summed in pairs and fours, with and without the flush
// test, and with partials crossing Nyquist under vibrato on the checked path, gives the plain
// sum (each partial on its own, checked every sample) to within float64 rounding of the order
// of summation.
func TestLayerSourceMatchesPlain(t *testing.T) {
	const inner, frames = 96000.0, 40000
	for _, count := range []int{1, 2, 3, 4, 5, 7, 8, 9, 13} {
		var layer PartialLayer
		if err := json.Unmarshal([]byte(`{"frequency": 2000, "gain": 0.6, "vibrato": {"depth": 0.05, "rate": 7}, "partials": []}`), &layer); err != nil {
			t.Fatal(err)
		}
		for i := range count {
			ratio := 1 + 0.73*float64(i)
			if i == count-1 && count > 2 {
				ratio = 23.5 // 47 kHz: crosses the 48 kHz Nyquist when the vibrato rises
			}
			decay := 0.0
			if i%3 == 1 {
				decay = 3000 // reaches the flush threshold within the render
			}
			layer.Partials = append(layer.Partials, struct {
				Ratio float64 `json:"ratio"`
				Gain  float64 `json:"gain"`
				Decay float64 `json:"decay"`
			}{Ratio: ratio, Gain: 1 / float64(i+1), Decay: decay})
		}
		got := ReadAll(LayerSource(&layer, inner), frames)
		want := make([]float64, frames)
		vib := make([]float64, frames)
		for n0 := 0; n0 < frames; n0 += 4096 { // the vibrato as the layer computes it, block by block
			b := vib[n0:min(n0+4096, frames)]
			for k := range b {
				b[k] = 1
			}
			addSines(b, layer.Vibrato.Depth, 2*math.Pi*layer.Vibrato.Rate/inner, n0)
		}
		for _, p := range layer.Partials {
			base := layer.Frequency * p.Ratio
			amp, r, x, step := p.Gain, math.Exp(-p.Decay/inner), 0.0, base*(SineSize/inner)
			for n := range want {
				if base*vib[n] < inner/2 {
					want[n] += amp * sineAt(sineSteps, x)
				}
				amp = decayStep(amp, r)
				x = advance(x, step*vib[n])
			}
		}
		for n := range want {
			want[n] *= layer.Gain
			if d := math.Abs(got[n] - want[n]); d > 1e-12 {
				t.Fatalf("%d partials, sample %d: layer %g, plain %g", count, n, got[n], want[n])
			}
		}
	}
}

// TestGrainZonesMatchPerSample: grains with their envelope evaluated only in the attack and
// decay zones give the samples of the rule evaluated at every sample, bit for bit.
func TestGrainZonesMatchPerSample(t *testing.T) {
	for _, g := range []Grains{
		{Start: 0, End: 1, Interval: [2]float64{0.01, 0.05}, Duration: [2]float64{0.001, 0.2}, Amplitude: [2]float64{0.2, 1}, Bias: 0.7, Smoothing: 0.4, Attack: 0.013, Decay: 0.3},
		{Start: 0.1, End: 0.9, Interval: [2]float64{0.02, 0.02}, Duration: [2]float64{0.5, 0.5}, Amplitude: [2]float64{1, 1}, Bias: 1, Smoothing: 0, Attack: 0.5, Decay: 1},
		{Start: 0, End: 0.5, Interval: [2]float64{0.01, 0.3}, Duration: [2]float64{0.05, 0.1}, Amplitude: [2]float64{0, 1}, Bias: 3, Smoothing: 0.99, Attack: 0, Decay: 0},
	} {
		const rate, frames = 48000.0, 48000
		got := make([]float64, frames)
		addGrains(got, &g, 77, rate, frames/rate)
		want := make([]float64, frames)
		rng := NewMulberry32(GrainSeed(77))
		for at := g.Start; at < g.End; {
			du, da, di := rng.Uniform(), rng.Uniform(), rng.Uniform()
			duration := g.Duration[0] + float64((g.Duration[1]-g.Duration[0])*math.Pow(du, g.Bias))
			amplitude := g.Amplitude[0] + float64((g.Amplitude[1]-g.Amplitude[0])*math.Pow(da, g.Bias))
			from, length := FramesFor(at, rate), max(1, FramesFor(duration, rate))
			y := 0.0
			for k := 0; k < length && from+k < frames; k++ {
				y = float64(g.Smoothing*y) + float64((1-g.Smoothing)*rng.Sample())
				if math.Abs(y) < Tiny {
					y = 0
				}
				tau, env := float64(k)/rate, amplitude
				if g.Attack > 0 && tau < g.Attack {
					env *= tau / g.Attack
				}
				if decay := g.Decay * duration; decay > 0 && duration-tau < decay {
					env *= math.Max(0, duration-tau) / decay
				}
				want[from+k] += env * y
			}
			at += g.Interval[0] + float64((g.Interval[1]-g.Interval[0])*di)
		}
		for n := range want {
			if math.Float64bits(got[n]) != math.Float64bits(want[n]) {
				t.Fatalf("%+v sample %d: zones %g, per sample %g", g, n, got[n], want[n])
			}
		}
	}
}

// TestEnvelopeFillerMatchesAt: the block filler (segment runs, a per-frame ratio inside
// exponential segments) gives At's values: exactly for holds, steps and linear segments, within
// 1e-12 relative for exponential ones, for blocks that start anywhere.
func TestEnvelopeFillerMatchesAt(t *testing.T) {
	for _, c := range []struct {
		points    string
		tolerance float64
	}{
		{`[{"time": 0.01, "value": 0.5}, {"time": 0.05, "value": 1}, {"time": 0.05, "value": 0.2}, {"time": 0.15, "value": 0.1, "curve": "step"},
			{"time": 0.2, "value": 0, "curve": "exponential"}, {"time": 0.3, "value": 0.9}]`, 0},
		{`[{"time": 0.01, "value": 0.5}, {"time": 0.05, "value": 1, "curve": "exponential"}, {"time": 0.05, "value": 0.2},
			{"time": 0.1, "value": 0.8}, {"time": 0.15, "value": 0.1, "curve": "step"}, {"time": 0.2, "value": 0, "curve": "exponential"},
			{"time": 0.3, "value": 0.001, "curve": "exponential"}, {"time": 0.3001, "value": 0.7, "curve": "exponential"}]`, 1e-11},
	} {
		var e Envelope
		if err := json.Unmarshal([]byte(c.points), &e); err != nil {
			t.Fatal(err)
		}
		clock := Clock{From: 480, Start: 0.0101, Rate: Rate}
		const frames = 20000
		got := make([]float64, frames)
		fill := e.Filler(clock)
		for k0, size := 0, 1; k0 < frames; k0, size = k0+size, size*7%4099+1 {
			fill(got[k0:min(k0+size, frames)], k0)
		}
		for k := range got {
			want := e.At(clock.At(k))
			if d := math.Abs(got[k] - want); d > c.tolerance*math.Abs(want) {
				t.Fatalf("%s frame %d (t = %g): filled %g, At %g", c.points, k, clock.At(k), got[k], want)
			}
		}
	}
}

// TestTableValidMatchesIndex: the oscillator's check that its table still fits a frequency
// agrees with choosing the table afresh, across the whole frequency range.
func TestTableValidMatchesIndex(t *testing.T) {
	for f := 0.5; f < 30000; f *= 1.0007 {
		idx := TableIndex(f, Rate)
		for _, other := range []int{idx - 1, idx, idx + 1} {
			if other < 0 || other >= len(Harmonics) {
				continue
			}
			if got := tableValid(other, f, Rate); got != (other == idx) {
				t.Fatalf("f = %g: tableValid(%d) = %v, TableIndex %d", f, other, got, idx)
			}
		}
	}
}

// TestTableRangeIsInsideTheTable: inside tableRange(idx) the oscillator skips the exact table
// test, so every frequency there, at both ends and between, must be one TableIndex gives idx.
func TestTableRangeIsInsideTheTable(t *testing.T) {
	for _, rate := range []float64{Rate, 96000, 8000} {
		for idx := range Harmonics {
			lo, hi := tableRange(idx, rate)
			if lo > hi {
				continue
			}
			for _, f := range []float64{lo, hi, math.Nextafter(lo, hi), math.Nextafter(hi, lo), (lo + hi) / 2, lo + (hi-lo)/7, hi - (hi-lo)/1e6} {
				for _, sign := range []float64{1, -1} {
					if got := TableIndex(sign*f, rate); got != idx || !tableValid(idx, sign*f, rate) {
						t.Fatalf("rate %g, table %d (%d harmonics): %g Hz is in [%g, %g] but TableIndex gives %d", rate, idx, Harmonics[idx], sign*f, lo, hi, got)
					}
				}
			}
			// The range is nearly all of the table's: within one harmonic of either end the
			// table changes (so a sweep takes the exact test only near a table's edge).
			h := float64(Harmonics[idx])
			if TableIndex(hi*(h+1)/h*(1+1e-6), rate) == idx {
				t.Errorf("rate %g, table %d: the range ends at %g Hz, over a harmonic below the table's end", rate, idx, hi)
			}
			if idx > 0 {
				h1 := float64(Harmonics[idx-1])
				if TableIndex(lo*(h1-1)/h1*(1-1e-6), rate) == idx {
					t.Errorf("rate %g, table %d: the range starts at %g Hz, over a harmonic above the table's start", rate, idx, lo)
				}
			}
		}
	}
	if lo, hi := tableRange(-1, Rate); lo <= hi {
		t.Fatal("no table (above Nyquist) must have an empty range")
	}
}

// TestRunEndIsTheFirstSampleAtTheTime: the envelope filler finds where a segment's run ends
// once; it must be the sample the per-sample test `clock.At(k) < until` stops at.
func TestRunEndIsTheFirstSampleAtTheTime(t *testing.T) {
	rng := NewMulberry32(7)
	for trial := 0; trial < 20000; trial++ {
		clock := Clock{From: int(rng.Uniform() * 1e5), Start: (rng.Uniform() - 0.3) * 3, Rate: []float64{Rate, 96000, 44100}[trial%3]}
		k0 := int(rng.Uniform() * 1e5)
		n := 1 + int(rng.Uniform()*4096)
		i := int(rng.Uniform() * float64(n-1))
		until := clock.At(k0+i) + rng.Uniform()*float64(n)/clock.Rate*1.2
		if trial%4 == 0 {
			until = clock.At(k0 + i + 1 + int(rng.Uniform()*float64(n))) // exactly a sample's time
		}
		if !(clock.At(k0+i) < until) {
			continue
		}
		want := i + 1
		for want < n && clock.At(k0+want) < until {
			want++
		}
		if got := runEnd(clock, k0, i, n, until); got != want {
			t.Fatalf("clock %+v, k0 %d, i %d, n %d, until %v: runEnd %d, the per-sample test %d", clock, k0, i, n, until, got, want)
		}
	}
}
