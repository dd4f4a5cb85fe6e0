package audio

import (
	"fmt"
	"math"
)

// DefaultTailFade is the partials tail fade (seconds) when a recipe gives none.
const DefaultTailFade = 0.005

// DecimationQ are the linear Qs of the 8th-order Butterworth decimation low-pass.
var DecimationQ = [4]float64{0.5097955791041592, 0.6013448869350453, 0.8999762231364156, 2.5629154477415055}

// StageSource applies one signal stage to src at rate (the internal, oversampled rate).
func StageSource(src Source, s *Stage, rate float64) Source {
	switch s.Kind {
	case "pole":
		return OnePole(src, s.Frequency, rate, s.Subtract)
	case "noise":
		rng := NewMulberry32(uint32(s.Seed))
		r := math.Exp(-s.Decay / rate)
		env := s.Gain
		return SourceFunc(func(dst []float64) {
			src.Read(dst)
			for i := range dst {
				dst[i] += env * rng.Sample()
				env *= r
				if env < Tiny && env > -Tiny {
					env = 0
				}
			}
		})
	case "soft-clip":
		drive := s.Drive
		return SourceFunc(func(dst []float64) {
			src.Read(dst)
			softClip(dst, drive)
		})
	case "hard-clip":
		drive := s.Drive
		return SourceFunc(func(dst []float64) {
			src.Read(dst)
			for i, x := range dst {
				v := drive * x
				if v > 1 {
					v = 1
				} else if v < -1 {
					v = -1
				}
				dst[i] = v
			}
		})
	}
	return src
}

// AmplitudeAt is the amplitude factor at t seconds.
func AmplitudeAt(a *Amplitude, t, duration float64) float64 {
	v := a.Gain
	if a.Attack > 0 && t < a.Attack {
		x := t / a.Attack
		if a.AttackCurve == "sine-squared" {
			s := math.Sin(math.Pi / 2 * x)
			v *= s * s
		} else {
			v *= x
		}
	}
	if a.Decay > 0 {
		v *= math.Exp(-a.Decay * t)
	}
	if a.Release != nil && t >= a.Release.At {
		if a.Release.Time > 0 {
			v *= math.Max(0, 1-(t-a.Release.At)/a.Release.Time)
		} else {
			v *= 0 // a release of 0 s or less cuts at once
		}
	}
	if a.FadeOut > 0 {
		left := duration - t
		if left < a.FadeOut {
			v *= math.Max(0, left) / a.FadeOut
		}
	}
	return v
}

// firstFrom is the first n ≥ 0 where the monotone predicate (false, then true) holds, searched
// from a guess; limit when it never does before limit.
func firstFrom(holds func(n int) bool, guess, limit int) int {
	n := min(max(guess, 0), limit)
	for n > 0 && holds(n-1) {
		n--
	}
	for n < limit && !holds(n) {
		n++
	}
	return n
}

// amplitudeBlock multiplies blocks of samples (n0, n0+1, …) by AmplitudeAt(n/rate). Between
// the end of the attack and the start of the release or fade-out, without decay, the factor is
// exactly a.Gain: there it multiplies by the constant instead of evaluating the envelope.
func amplitudeBlock(a *Amplitude, rate, duration float64) func(dst []float64, n0 int) {
	limit := int(duration*rate) + 2
	lo, hi := 0, 0 // the constant span [lo, hi)
	if a.Decay == 0 {
		if a.Attack > 0 {
			lo = firstFrom(func(n int) bool { return float64(n)/rate >= a.Attack }, int(a.Attack*rate), limit)
		}
		hi = limit
		if a.Release != nil {
			hi = min(hi, firstFrom(func(n int) bool { return float64(n)/rate >= a.Release.At }, int(a.Release.At*rate), limit))
		}
		if a.FadeOut > 0 {
			hi = min(hi, firstFrom(func(n int) bool { return duration-float64(n)/rate < a.FadeOut }, int((duration-a.FadeOut)*rate), limit))
		}
	}
	gain := a.Gain
	return func(dst []float64, n0 int) {
		// Three runs: before the constant span, in it, after it.
		from := min(max(lo-n0, 0), len(dst))
		to := min(max(hi-n0, from), len(dst))
		for k := range dst[:from] {
			dst[k] *= AmplitudeAt(a, float64(n0+k)/rate, duration)
		}
		for k := range dst[from:to] {
			dst[from+k] *= gain
		}
		for k := to; k < len(dst); k++ {
			dst[k] *= AmplitudeAt(a, float64(n0+k)/rate, duration)
		}
	}
}

// SineSize is the length of the partials' sine table (linear interpolation, error < 2e-8).
const SineSize = 16384

// decayStep multiplies an exponential decay by its per-sample ratio, flushing below Tiny in
// magnitude (a negative gain is a partial in opposite phase).
func decayStep(amp, r float64) float64 {
	amp *= r
	if amp < Tiny && amp > -Tiny {
		return 0
	}
	return amp
}

// advanceAny is advance for a step of either sign (a negative frequency runs the sine
// backwards): the phase wrapped to [0, SineSize) both ways, as the SDK's phase − floor(phase).
func advanceAny(x, step float64) float64 {
	x += step
	if x >= SineSize || x < 0 {
		x -= math.Floor(x/SineSize) * SineSize
	}
	return x
}

// sineSteps holds, for every point j of the partials' sine table, its value and the step to the
// next point: the table's linear interpolation a + (b − a)·frac with b − a computed once (the same
// float64 value), in one array indexed by a masked integer, so a read needs no bounds check.
var sineSteps = func() *[SineSize][2]float64 {
	var t [SineSize][2]float64
	point := func(j int) float64 { return math.Sin(2 * math.Pi * float64(j) / SineSize) }
	for j := range t {
		t[j] = [2]float64{point(j), point(j+1) - point(j)}
	}
	return &t
}()

// sineAt is sin(2π·x/SineSize) for a phase x ≥ 0 in table points, interpolated between the
// points of tab (sineSteps, passed so a loop keeps it in a register). Every partials loop reads
// the table through it; it is inlined.
func sineAt(tab *[SineSize][2]float64, x float64) float64 {
	i := int(x) // x ≥ 0: truncation is floor
	e := &tab[i&(SineSize-1)]
	return e[0] + float64(e[1]*(x-float64(i)))
}

// advance moves a phase in table points by step, wrapped to [0, SineSize); inlined.
func advance(x, step float64) float64 {
	x += step
	if x >= SineSize {
		x = wrapPoints(x)
	}
	return x
}

// partialOsc is one partial's state: amplitude, per-sample decay ratio, phase in table points
// (phase × SineSize, an exact scaling of the SDK's phase) and the table points per sample per
// unit of vibrato.
type partialOsc struct{ amp, r, x, step, base float64 }

// steadyFor is how many more samples an amplitude decaying by r per sample stays ≥ 2·Tiny (so
// the flush to zero cannot apply): 0 when unsure.
func steadyFor(amp, r float64) int {
	amp = math.Abs(amp)
	if amp < 4*Tiny {
		return 0
	}
	if r >= 1 {
		return math.MaxInt32
	}
	n := math.Log(2*Tiny/amp)/math.Log(r) - 2
	if n < 1 || math.IsNaN(n) {
		return 0
	}
	return int(math.Min(n, math.MaxInt32))
}

// addPartials adds two partials' table sines to dst (vib: the vibrato factor, 1 without). The
// two recursions are independent, so the CPU overlaps them; dst[k] receives the pair's sum.
// While both amplitudes are known to stay above the flush threshold the first loop runs without
// that test; the second is the same loop with it.
func addPartials(dst, vib []float64, p, q *partialOsc) {
	tab := sineSteps
	amp0, x0, r0, s0 := p.amp, p.x, p.r, p.step
	amp1, x1, r1, s1 := q.amp, q.x, q.r, q.step
	k := 0
	if steady := min(steadyFor(amp0, r0), steadyFor(amp1, r1), len(dst)); steady > 0 {
		for k, v := range vib[:steady] {
			dst[k] += float64(amp0*sineAt(tab, x0)) + float64(amp1*sineAt(tab, x1))
			amp0, amp1 = amp0*r0, amp1*r1
			x0, x1 = advance(x0, s0*v), advance(x1, s1*v)
		}
		k = steady
	}
	for ; k < len(dst); k++ {
		dst[k] += float64(amp0*sineAt(tab, x0)) + float64(amp1*sineAt(tab, x1))
		amp0, amp1 = decayStep(amp0, r0), decayStep(amp1, r1)
		x0, x1 = advance(x0, s0*vib[k]), advance(x1, s1*vib[k])
	}
	p.amp, p.x, q.amp, q.x = amp0, x0, amp1, x1
}

// wrapPoints keeps a phase in table points in [0, SineSize): x − floor(x/SineSize)·SineSize,
// computed as x − SineSize in the usual case (the same value there).
func wrapPoints(x float64) float64 {
	if x < 2*SineSize {
		return x - SineSize
	}
	return x - math.Floor(x/SineSize)*SineSize
}

// LayerSource sums a layer's partials (decay, vibrato, silent at or above Nyquist) times the
// layer gain, through the layer's stages.
func LayerSource(l *PartialLayer, inner float64) Source {
	nyquist := inner / 2
	parts := make([]partialOsc, len(l.Partials))
	// Go multiplies where the SDK divides, and scales the increment per partial rather than per
	// sample (base·ratio·SineSize/inner, then × vibrato): ~1e-16 relative per step.
	for i, p := range l.Partials {
		base := l.Frequency * p.Ratio
		parts[i] = partialOsc{base: base, r: math.Exp(-p.Decay / inner), amp: p.Gain, step: base * (SineSize / inner)}
	}
	depth, vrate := 0.0, 0.0
	if l.Vibrato != nil {
		depth, vrate = l.Vibrato.Depth, l.Vibrato.Rate
	}
	// A pole as the layer's first stage runs inside the layer (see addPartials4Pole).
	stages := l.Stages
	var pole *onePole
	if len(stages) > 0 && stages[0].Kind == "pole" {
		pole = newOnePole(stages[0].Frequency, inner, stages[0].Subtract)
		stages = stages[1:]
	}
	n := 0
	var vib []float64
	var silent partialOsc // a stand-in partner with zero amplitude
	var src Source = SourceFunc(func(dst []float64) {
		clear(dst)
		if cap(vib) < len(dst) {
			vib = make([]float64, len(dst))
		}
		vib = vib[:len(dst)]
		for k := range vib {
			vib[k] = 1
		}
		vmax := 1.0
		if depth > 0 {
			addSines(vib, depth, 2*math.Pi*vrate/inner, n)
			// 1 + depth·sin ≤ 1 + depth; the exact block maximum only matters when a
			// partial is near Nyquist, where the bound sends it to the checked path.
			vmax = 1 + depth + 1e-9
		}
		// Partials strictly between 0 Hz and Nyquist for the whole block (a vibrato depth
		// below 1 keeps the factor positive) take the fast path, two at a time; the others
		// (rare: near Nyquist, negative, or swung through 0 by a deep vibrato) are checked
		// sample by sample.
		var fast []*partialOsc
		for i := range parts {
			p := &parts[i]
			if p.base > 0 && depth < 1 && p.base*vmax < nyquist {
				if p.amp != 0 {
					fast = append(fast, p)
				}
				continue
			}
			for k := range dst {
				f := p.base * vib[k]
				if f < nyquist && f > -nyquist {
					dst[k] += p.amp * sineAt(sineSteps, p.x)
				}
				p.amp = decayStep(p.amp, p.r)
				p.x = advanceAny(p.x, p.step*vib[k])
			}
		}
		// Pairs first (the partials beyond a multiple of four), then fours, while all of them
		// stay above the flush threshold for the whole block; otherwise pairs throughout.
		steady := len(fast) >= 4
		for _, p := range fast {
			if steady && steadyFor(p.amp, p.r) < len(dst) {
				steady = false
			}
		}
		pairs := len(fast)
		if steady {
			pairs = len(fast) % 4
		}
		for i := 0; i < pairs; i += 2 {
			q := &silent
			if i+1 < pairs {
				q = fast[i+1]
			}
			addPartials(dst, vib, fast[i], q)
			silent = partialOsc{}
		}
		done := false // gain and pole already applied
		for i := pairs; i < len(fast); i += 4 {
			quad := [4]*partialOsc{fast[i], fast[i+1], fast[i+2], fast[i+3]}
			if i+4 == len(fast) && pole != nil {
				// The last four carry the layer gain and the pole in the same loop, whose
				// recursion then overlaps their arithmetic.
				addPartials4Pole(dst, vib, &quad, l.Gain, pole)
				done = true
			} else {
				addPartials4(dst, vib, &quad)
			}
		}
		if !done {
			for k := range dst {
				dst[k] *= l.Gain
			}
			if pole != nil {
				pole.run(dst)
			}
		}
		n += len(dst)
	})
	for i := range stages {
		src = StageSource(src, &stages[i], inner)
	}
	return src
}

// Render renders the partials at 48 kHz.
func (s *PartialsSound) Render() (*Samples, error) { return s.RenderAt(Rate) }

// RenderAt renders the partials at another output rate (8,000–192,000 Hz).
func (s *PartialsSound) RenderAt(rate int) (*Samples, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	if rate < 8000 || rate > 192000 {
		return nil, fmt.Errorf("rate must be 8,000–192,000 Hz (got %d)", rate)
	}
	os := 1
	if s.Oversample != nil {
		os = *s.Oversample
	}
	fr := float64(rate)
	frames := max(0, FramesFor(s.Duration, fr))
	inner := fr * float64(os)
	innerFrames := frames * os
	// The whole chain streams block by block (layers → sum → amplitude → stages → decimation),
	// so the working set stays in cache and only the output is a full-length buffer. Each
	// block's arithmetic is the SDK's, in its order (the first layer is added to zeros).
	layers := make([]Source, len(s.Layers))
	for i := range s.Layers {
		layers[i] = LayerSource(&s.Layers[i], inner)
	}
	amplitude := amplitudeBlock(&s.Amplitude, inner, s.Duration)
	n := 0
	var layer []float64
	var src Source = SourceFunc(func(dst []float64) {
		layer = grow(layer, len(dst))
		clear(dst)
		for _, l := range layers {
			l.Read(layer)
			for k, x := range layer {
				dst[k] += x
			}
		}
		amplitude(dst, n)
		n += len(dst)
	})
	for i := range s.Stages {
		src = StageSource(src, &s.Stages[i], inner)
	}
	if os > 1 {
		var sections [4]BiquadCoefficients
		for i, q := range DecimationQ {
			sections[i] = NewBiquadCoefficients(Lowpass, 0.45*fr, q, inner, true)
		}
		src = biquad4(src, sections)
	}
	out := output(frames, false)   // every frame is written below
	block := make([]float64, 4096) // a multiple of every oversample factor
	for i := 0; i < innerFrames; i += len(block) {
		b := block[:min(len(block), innerFrames-i)]
		src.Read(b)
		o := out[i/os:]
		for j := 0; j*os < len(b); j++ {
			o[j] = b[j*os]
		}
	}
	if len(s.Echoes) > 0 {
		// out[n] += gain·dry[n − d] for each echo in order, dry being out before the echoes.
		// In place, from the last frame back: when frame n is summed, frames before it still
		// hold the dry signal (and frame n's own is kept in x), so no copy of the output is
		// made; each frame adds the same terms in the same order.
		type echo struct {
			d    int
			gain float64
		}
		var echoes []echo
		for _, e := range s.Echoes {
			// At least 0 frames late; one at or past the end is not heard (float64 first: no
			// int overflow).
			df := math.Floor(e.Time*fr + 0.5)
			if df >= float64(frames) {
				continue
			}
			echoes = append(echoes, echo{max(0, int(df)), e.Gain})
		}
		for n := frames - 1; n >= 0 && len(echoes) > 0; n-- {
			x, y := out[n], out[n]
			for _, e := range echoes {
				switch {
				case e.d == 0:
					y += e.gain * x
				case n >= e.d:
					y += e.gain * out[n-e.d]
				}
			}
			out[n] = y
		}
	}
	tail := DefaultTailFade
	if s.TailFade != nil {
		tail = *s.TailFade
	}
	if tail > 0 {
		total := float64(frames) / fr
		// Only the last `tail` seconds change (the same test per sample, from where it starts).
		zone := firstFrom(func(n int) bool { return total-float64(n)/fr < tail }, int((total-tail)*fr), frames)
		for n := zone; n < frames; n++ {
			left := total - float64(n)/fr
			if left < tail {
				out[n] *= left / tail
			}
		}
	}
	res := toSamples([][]float64{out}, rate)
	recycle(out)
	return res, nil
}

// addPartials4 is addPartials for four partials known to stay above the flush threshold for
// len(dst) samples: fewer loads and stores of dst per partial, more independent work per loop.
// addPartials4Pole is the same loop with the layer gain and pole after the sum; they stay two
// loops because the pole's chunks and recursion would otherwise cost every layer without one.
func addPartials4(dst, vib []float64, p *[4]*partialOsc) {
	tab := sineSteps
	a0, x0, r0, s0 := p[0].amp, p[0].x, p[0].r, p[0].step
	a1, x1, r1, s1 := p[1].amp, p[1].x, p[1].r, p[1].step
	a2, x2, r2, s2 := p[2].amp, p[2].x, p[2].r, p[2].step
	a3, x3, r3, s3 := p[3].amp, p[3].x, p[3].r, p[3].step
	vib = vib[:len(dst)]
	for k, v := range vib {
		dst[k] += float64(a0*sineAt(tab, x0)) + float64(a1*sineAt(tab, x1)) + float64(a2*sineAt(tab, x2)) + float64(a3*sineAt(tab, x3))
		a0, a1, a2, a3 = a0*r0, a1*r1, a2*r2, a3*r3
		x0, x1, x2, x3 = advance(x0, s0*v), advance(x1, s1*v), advance(x2, s2*v), advance(x3, s3*v)
	}
	p[0].amp, p[0].x, p[1].amp, p[1].x = a0, x0, a1, x1
	p[2].amp, p[2].x, p[3].amp, p[3].x = a2, x2, a3, x3
}

// addPartials4Pole is addPartials4 for the layer's last four partials, followed in the same loop
// by the layer gain and the pole p: the same operations in the same order as adding the four,
// multiplying the block by the gain and running the pole after (flushing its state at the same
// points), but the pole's recursion now overlaps the partials' arithmetic.
func addPartials4Pole(dst, vib []float64, p *[4]*partialOsc, gain float64, pl *onePole) {
	tab := sineSteps
	a0, x0, r0, s0 := p[0].amp, p[0].x, p[0].r, p[0].step
	a1, x1, r1, s1 := p[1].amp, p[1].x, p[1].r, p[1].step
	a2, x2, r2, s2 := p[2].amp, p[2].x, p[2].r, p[2].step
	a3, x3, r3, s3 := p[3].amp, p[3].x, p[3].r, p[3].step
	a, lp, subtract := pl.a, pl.lp, pl.subtract
	sub := 0.0
	if subtract {
		sub = pl.sub
	}
	vib = vib[:len(dst)]
	for len(dst) > 0 {
		chunk := dst[:min(FlushEvery, len(dst))]
		v := vib[:len(chunk)]
		dst, vib = dst[len(chunk):], vib[len(chunk):]
		for k, v := range v {
			x := chunk[k] + (float64(a0*sineAt(tab, x0)) + float64(a1*sineAt(tab, x1)) + float64(a2*sineAt(tab, x2)) + float64(a3*sineAt(tab, x3)))
			x *= gain
			lp += float64(a * (x - lp))
			if subtract {
				chunk[k] = x - float64(sub*lp)
			} else {
				chunk[k] = lp
			}
			a0, a1, a2, a3 = a0*r0, a1*r1, a2*r2, a3*r3
			x0, x1, x2, x3 = advance(x0, s0*v), advance(x1, s1*v), advance(x2, s2*v), advance(x3, s3*v)
		}
		lp = flush(lp)
	}
	pl.lp = lp
	p[0].amp, p[0].x, p[1].amp, p[1].x = a0, x0, a1, x1
	p[2].amp, p[2].x, p[3].amp, p[3].x = a2, x2, a3, x3
}
