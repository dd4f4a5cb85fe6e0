package audio

import "math"

// GrainSeed seeds the grain generator: seed + 0x9E3779B9 (mod 2^32).
func GrainSeed(seed uint32) uint32 { return seed + 0x9e3779b9 }

// EdgeFade is the linear end-fade factor at frame n of frames (fade in seconds).
func EdgeFade(n, frames int, fade, rate float64) float64 {
	if fade <= 0 {
		return 1
	}
	t := float64(n) / rate
	left := float64(frames)/rate - t
	factor := 1.0
	if t < fade {
		factor *= t / fade
	}
	if left < fade {
		factor *= left / fade
	}
	return factor
}

// NoiseLayers is the continuous part of a noise sound: one seeded white source through
// correlated one-pole low-passes, summed with their gains, times the modulation.
func NoiseLayers(s *NoiseSound, rate float64) Source {
	rng := NewMulberry32(uint32(s.Seed))
	coefficients := make([]float64, len(s.Layers))
	for i, l := range s.Layers {
		coefficients[i] = 1 - math.Exp(-2*math.Pi*l.Frequency/rate)
	}
	states := make([]float64, len(s.Layers))
	gains := make([]float64, len(s.Layers))
	for i, l := range s.Layers {
		gains[i] = l.Gain
	}
	n := 0
	var mod, acc []float64
	return SourceFunc(func(dst []float64) {
		mod = grow(mod, len(dst))
		for i := range mod {
			mod[i] = s.Modulation.Base
		}
		for _, w := range s.Modulation.Waves {
			addSines(mod, w.Amount, w.Speed/rate, n)
		}
		if len(states) <= 4 {
			// One pass: draw, filter, sum and modulate per sample, all state in registers.
			var a, gn, st [4]float64
			copy(a[:], coefficients)
			copy(gn[:], gains)
			copy(st[:], states)
			st = layers4(dst, mod, rng, &a, &gn, st)
			copy(states, st[:])
			n += len(dst)
			return
		}
		for i := range dst {
			dst[i] = rng.Sample()
		}
		// Layers in groups of four with their states in local variables (registers): the four
		// recursions overlap in the CPU. Sums keep the layer order; a padded layer (gain and
		// coefficient 0) adds an exact 0 (and the sum, started at +0, is never −0).
		if cap(acc) < len(dst) {
			acc = make([]float64, len(dst))
		}
		acc = acc[:len(dst)]
		clear(acc)
		for g := 0; g < len(states); g += 4 {
			var a, gn, st [4]float64
			for j := 0; j < 4 && g+j < len(states); j++ {
				a[j], gn[j], st[j] = coefficients[g+j], gains[g+j], states[g+j]
			}
			s0, s1, s2, s3 := st[0], st[1], st[2], st[3]
			for i, x := range dst {
				s0 = flush(s0 + float64(a[0]*(x-s0)))
				s1 = flush(s1 + float64(a[1]*(x-s1)))
				s2 = flush(s2 + float64(a[2]*(x-s2)))
				s3 = flush(s3 + float64(a[3]*(x-s3)))
				acc[i] = acc[i] + float64(gn[0]*s0) + float64(gn[1]*s1) + float64(gn[2]*s2) + float64(gn[3]*s3)
			}
			st = [4]float64{s0, s1, s2, s3}
			for j := 0; j < 4 && g+j < len(states); j++ {
				states[g+j] = st[j]
			}
		}
		for i := range dst {
			dst[i] = mod[i] * acc[i]
		}
		n += len(dst)
	})
}

// layers4 writes mod[i] × Σ gain·layer for up to four layers (padded with zero coefficient and
// gain), drawing the white source from rng (Mulberry32.Sample written out), and returns the
// layer states (flushed every FlushEvery samples).
func layers4(dst, mod []float64, rng *Mulberry32, a, g *[4]float64, st [4]float64) [4]float64 {
	a0, a1, a2, a3 := a[0], a[1], a[2], a[3]
	g0, g1, g2, g3 := g[0], g[1], g[2], g[3]
	s0, s1, s2, s3 := st[0], st[1], st[2], st[3]
	state := rng.state
	mod = mod[:len(dst)]
	for len(dst) > 0 {
		chunk := dst[:min(FlushEvery, len(dst))]
		m := mod[:len(chunk)]
		dst, mod = dst[len(chunk):], mod[len(chunk):]
		for i := range chunk {
			state += 0x6d2b79f5
			t := state
			t = (t ^ (t >> 15)) * (t | 1)
			t ^= t + (t^(t>>7))*(t|61)
			x := float64(float32(float64(t^(t>>14))/4294967296*2 - 1))
			s0 += float64(a0 * (x - s0))
			s1 += float64(a1 * (x - s1))
			s2 += float64(a2 * (x - s2))
			s3 += float64(a3 * (x - s3))
			chunk[i] = m[i] * (0 + float64(g0*s0) + float64(g1*s1) + float64(g2*s2) + float64(g3*s3))
		}
		s0, s1, s2, s3 = flush(s0), flush(s1), flush(s2), flush(s3)
	}
	rng.state = state
	return [4]float64{s0, s1, s2, s3}
}

// addGrains adds the grain bursts to out (docs/audio.md, "Noise"): starts from g.Start up to
// min(g.End, the sound's end), each step at least 0; frames before 0 are cut.
func addGrains(out []float64, g *Grains, seed uint32, rate, soundDuration float64) {
	rng := NewMulberry32(GrainSeed(seed))
	frames := len(out)
	stop := math.Min(g.End, soundDuration)
	t := g.Start
	for t < stop {
		du, da, di := rng.Uniform(), rng.Uniform(), rng.Uniform()
		// A draw u^bias stays in 0–1 (a negative bias would leave it).
		duration := g.Duration[0] + float64((g.Duration[1]-g.Duration[0])*math.Min(1, math.Pow(du, g.Bias)))
		amplitude := g.Amplitude[0] + float64((g.Amplitude[1]-g.Amplitude[0])*math.Min(1, math.Pow(da, g.Bias)))
		// The grain runs from frame round(t·rate) for max(1, round(duration·rate)) frames, up to the
		// sound's end: n frames (in float64 first: no int overflow for any t or duration).
		fromF := math.Floor(t*rate + 0.5)
		nF := math.Min(math.Max(1, math.Floor(duration*rate+0.5)), float64(frames)-fromF)
		if !(nF > 0) {
			nF = 0
		}
		n := int(nF)
		decay := g.Decay * duration
		// The envelope's factors apply only in the attack and decay zones (the same tests as per
		// sample, found once: τ increases with k); in between it is exactly the amplitude.
		attackEnd, decayFrom := 0, n
		if g.Attack > 0 {
			attackEnd = firstFrom(func(k int) bool { return float64(k)/rate >= g.Attack }, int(g.Attack*rate), n)
		}
		if decay > 0 {
			decayFrom = firstFrom(func(k int) bool { return duration-float64(k)/rate < decay }, int((duration-decay)*rate), n)
		}
		y := 0.0
		s, c := g.Smoothing, 1-g.Smoothing
		// A grain starting before 0 draws its noise from its start, but only frames ≥ 0 exist.
		skip, base := 0, 0
		if fromF < 0 {
			skip = int(math.Min(-fromF, nF))
		} else {
			base = int(fromF)
		}
		for k := 0; k < skip; k++ {
			y = float64(s*y) + float64(c*rng.Sample())
			if math.Abs(y) < Tiny {
				y = 0
			}
		}
		grain := out[base : base+n-skip]
		for i := range grain {
			k := skip + i
			x := rng.Sample()
			y = float64(s*y) + float64(c*x)
			if math.Abs(y) < Tiny {
				y = 0
			}
			env := amplitude
			if k < attackEnd || k >= decayFrom {
				tau := float64(k) / rate
				if g.Attack > 0 && tau < g.Attack {
					env *= tau / g.Attack
				}
				left := duration - tau
				if decay > 0 && left < decay {
					env *= math.Max(0, left) / decay
				}
			}
			grain[i] += env * y
		}
		// A step is at least 0: time never runs back.
		t += math.Max(0, g.Interval[0]+float64((g.Interval[1]-g.Interval[0])*di))
	}
}

// Render renders the noise sound at 48 kHz (mono).
func (s *NoiseSound) Render() (*Samples, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	rate := float64(Rate)
	frames := FramesFor(s.Duration, rate)
	out := ReadAll(NoiseLayers(s, rate), frames)
	if s.Grains != nil {
		addGrains(out, s.Grains, uint32(s.Seed), rate, s.Duration)
	}
	if s.Fade > 0 {
		// Only the fade zones change: EdgeFade is exactly 1 between them.
		zone := frames
		if z := math.Ceil(s.Fade*rate) + 1; z < float64(frames) {
			zone = int(z)
		}
		for n := 0; n < zone; n++ {
			out[n] *= EdgeFade(n, frames, s.Fade, rate)
		}
		for n := max(zone, frames-zone); n < frames; n++ {
			out[n] *= EdgeFade(n, frames, s.Fade, rate)
		}
	}
	return toSamples([][]float64{out}, Rate), nil
}
