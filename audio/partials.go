package audio

import (
	"fmt"
	"math"
)

// DefaultTailFade is the partials tail fade (seconds) when a recipe gives none.
const DefaultTailFade = 0.005

// DecimationQ are the linear Qs of the 8th-order Butterworth decimation low-pass.
var DecimationQ = []float64{0.5097955791041592, 0.6013448869350453, 0.8999762231364156, 2.5629154477415055}

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
				if env < Tiny {
					env = 0
				}
			}
		})
	case "soft-clip":
		drive := s.Drive
		return Map(src, func(x float64) float64 { return fastTanh(drive * x) })
	case "hard-clip":
		drive := s.Drive
		return Map(src, func(x float64) float64 { return math.Max(-1, math.Min(1, drive*x)) })
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
		v *= math.Max(0, 1-(t-a.Release.At)/a.Release.Time)
	}
	if a.FadeOut > 0 {
		left := duration - t
		if left < a.FadeOut {
			v *= math.Max(0, left) / a.FadeOut
		}
	}
	return v
}

// SineSize is the length of the partials' sine table (linear interpolation, error < 2e-8).
const SineSize = 16384

var partialSine = func() []float64 {
	t := make([]float64, SineSize+1)
	for j := range t {
		t[j] = math.Sin(2 * math.Pi * float64(j) / SineSize)
	}
	return t
}()

// tableSine reads sin(2π·phase) from the table with linear interpolation (phase ∈ [0, 1)).
func tableSine(sine []float64, phase float64) float64 {
	x := phase * SineSize
	j := int(x) // phase ≥ 0: truncation is floor
	a := sine[j]
	return a + float64((sine[j+1]-a)*(x-float64(j)))
}

// decayStep multiplies an exponential decay by its per-sample ratio, flushing below Tiny.
func decayStep(amp, r float64) float64 {
	amp *= r
	if amp < Tiny {
		return 0
	}
	return amp
}

// wrapPhase keeps a phase in [0, 1): phase − floor(phase), computed as phase − 1 in the usual
// case (the same value there).
func wrapPhase(phase float64) float64 {
	if phase >= 1 {
		if phase < 2 {
			return phase - 1
		}
		return phase - math.Floor(phase)
	}
	return phase
}

// LayerSource sums a layer's partials (decay, vibrato, silent at or above Nyquist) times the
// layer gain, through the layer's stages.
func LayerSource(l *PartialLayer, inner float64) Source {
	nyquist := inner / 2
	type partial struct{ base, r, amp, phase float64 }
	parts := make([]partial, len(l.Partials))
	for i, p := range l.Partials {
		parts[i] = partial{base: l.Frequency * p.Ratio, r: math.Exp(-p.Decay / inner), amp: p.Gain}
	}
	depth, vrate := 0.0, 0.0
	if l.Vibrato != nil {
		depth, vrate = l.Vibrato.Depth, l.Vibrato.Rate
	}
	n := 0
	var vib []float64
	sine := partialSine
	var src Source = SourceFunc(func(dst []float64) {
		clear(dst)
		if cap(vib) < len(dst) {
			vib = make([]float64, len(dst))
		}
		vib = vib[:len(dst)]
		if depth > 0 {
			sinSeries(vib, 2*math.Pi*vrate/inner, n)
			for k := range vib {
				vib[k] = 1 + depth*vib[k]
			}
		} else {
			for k := range vib {
				vib[k] = 1
			}
		}
		invInner := 1 / inner // Go multiplies where the SDK divides: ~1e-16 relative per step
		i := 0
		// Two partials per pass: their recursions are independent, so the CPU overlaps them.
		// dst[k] still receives partial i, then partial i+1: the same sums as one at a time.
		for ; i+1 < len(parts); i += 2 {
			amp0, phase0, r0, base0 := parts[i].amp, parts[i].phase, parts[i].r, parts[i].base
			amp1, phase1, r1, base1 := parts[i+1].amp, parts[i+1].phase, parts[i+1].r, parts[i+1].base
			for k := range dst {
				vk := vib[k]
				f0, f1 := base0*vk, base1*vk
				acc := dst[k]
				if f0 < nyquist {
					acc += amp0 * tableSine(sine, phase0)
				}
				if f1 < nyquist {
					acc += amp1 * tableSine(sine, phase1)
				}
				dst[k] = acc
				amp0, amp1 = decayStep(amp0, r0), decayStep(amp1, r1)
				phase0, phase1 = wrapPhase(phase0+f0*invInner), wrapPhase(phase1+f1*invInner)
			}
			parts[i].amp, parts[i].phase = amp0, phase0
			parts[i+1].amp, parts[i+1].phase = amp1, phase1
		}
		for ; i < len(parts); i++ {
			amp, phase, r, base := parts[i].amp, parts[i].phase, parts[i].r, parts[i].base
			for k := range dst {
				f := base * vib[k]
				if f < nyquist {
					dst[k] += amp * tableSine(sine, phase)
				}
				amp = decayStep(amp, r)
				phase = wrapPhase(phase + f*invInner)
			}
			parts[i].amp, parts[i].phase = amp, phase
		}
		for k := range dst {
			dst[k] *= l.Gain
		}
		n += len(dst)
	})
	for i := range l.Stages {
		src = StageSource(src, &l.Stages[i], inner)
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
	frames := FramesFor(s.Duration, fr)
	inner := fr * float64(os)
	innerFrames := frames * os
	mix := make([]float64, innerFrames)
	for i := range s.Layers {
		layer := ReadAll(LayerSource(&s.Layers[i], inner), innerFrames)
		for n, x := range layer {
			mix[n] += x
		}
	}
	for n := range mix {
		mix[n] *= AmplitudeAt(&s.Amplitude, float64(n)/inner, s.Duration)
	}
	var src Source = Slice(mix)
	for i := range s.Stages {
		src = StageSource(src, &s.Stages[i], inner)
	}
	var out []float64
	if os == 1 {
		out = ReadAll(src, frames)
	} else {
		sections := make([]BiquadCoefficients, len(DecimationQ))
		for i, q := range DecimationQ {
			sections[i] = NewBiquadCoefficients(Lowpass, 0.45*fr, q, inner, true)
		}
		src = BiquadCascade(src, sections)
		full := ReadAll(src, innerFrames)
		out = make([]float64, frames)
		for n := range out {
			out[n] = full[n*os]
		}
	}
	if len(s.Echoes) > 0 {
		dry := append([]float64(nil), out...)
		for _, e := range s.Echoes {
			d := FramesFor(e.Time, fr)
			for n := d; n < frames; n++ {
				out[n] += e.Gain * dry[n-d]
			}
		}
	}
	tail := DefaultTailFade
	if s.TailFade != nil {
		tail = *s.TailFade
	}
	if tail > 0 {
		total := float64(frames) / fr
		for n := range out {
			left := total - float64(n)/fr
			if left < tail {
				out[n] *= left / tail
			}
		}
	}
	return toSamples([][]float64{out}, rate), nil
}
