package audio

import "math"

// Tiny: decaying recursive state (filter tails, feedback, exponential decays) is flushed to 0
// below this magnitude, here and in the SDK alike: subnormal floats are up to 100× slower on
// common CPUs, and 1e-30 is 570 dB below full scale.
const Tiny = 1e-30

// FilterType is a biquad shape.
type FilterType string

// Biquad shapes (the recipe's `type`).
const (
	Lowpass  FilterType = "lowpass"
	Highpass FilterType = "highpass"
	Bandpass FilterType = "bandpass"
)

// BiquadCoefficients are Audio EQ Cookbook coefficients normalised by a0.
type BiquadCoefficients struct{ B0, B1, B2, A1, A2 float64 }

// NewBiquadCoefficients follows Web Audio's reading of the cookbook: q is in dB for lowpass and
// highpass (resonance 10^(q/20)) and linear for bandpass; linearQ forces the linear reading (the
// partials decimation filter). The frequency is clamped to 0..Nyquist.
func NewBiquadCoefficients(kind FilterType, frequency, q, rate float64, linearQ bool) BiquadCoefficients {
	nyquist := rate / 2
	f := math.Min(math.Max(frequency, 0), nyquist)
	w0 := 2 * math.Pi * f / rate
	cosw := math.Cos(w0)
	sinw := math.Sin(w0)
	var alpha float64
	if kind == Bandpass || linearQ {
		alpha = sinw / (2 * q)
	} else {
		alpha = sinw / (2 * math.Pow(10, q/20))
	}
	var b0, b1, b2 float64
	switch kind {
	case Lowpass:
		b0, b1, b2 = (1-cosw)/2, 1-cosw, (1-cosw)/2
	case Highpass:
		b0, b1, b2 = (1+cosw)/2, -(1 + cosw), (1+cosw)/2
	default:
		b0, b1, b2 = alpha, 0, -alpha
	}
	a0 := 1 + alpha
	return BiquadCoefficients{B0: b0 / a0, B1: b1 / a0, B2: b2 / a0, A1: -2 * cosw / a0, A2: (1 - alpha) / a0}
}

// Biquad filters src (direct form I, float64 state starting at zero).
func Biquad(src Source, c BiquadCoefficients) Source {
	var x1, x2, y1, y2 float64
	return SourceFunc(func(dst []float64) {
		src.Read(dst)
		if x1 == 0 && x2 == 0 && y1 == 0 && y2 == 0 && allZero(dst) {
			return // at rest with silent input: the output is the (zero) input
		}
		for i, x := range dst {
			// Explicit float64 conversions stop Go from fusing multiply-adds on arm64, which
			// would change the last bits against the TypeScript renderer.
			y := float64(c.B0*x) + float64(c.B1*x1) + float64(c.B2*x2) - float64(c.A1*y1) - float64(c.A2*y2)
			if y < Tiny && y > -Tiny {
				y = 0 // a decaying tail would otherwise reach subnormals (slow)
			}
			x2, x1 = x1, x
			y2, y1 = y1, y
			dst[i] = y
		}
	})
}

// OnePole is the low-pass y += a·(x − y) with a = 1 − e^(−2π·frequency/rate); subtract, when not
// nil, turns it into x − subtract·y (subtract 1 is a one-pole high-pass).
func OnePole(src Source, frequency, rate float64, subtract *float64) Source {
	a := 1 - math.Exp(-2*math.Pi*frequency/rate)
	lp := 0.0
	return SourceFunc(func(dst []float64) {
		src.Read(dst)
		if subtract == nil {
			for i, x := range dst {
				lp += float64(a * (x - lp))
				if lp < Tiny && lp > -Tiny {
					lp = 0
				}
				dst[i] = lp
			}
			return
		}
		sub := *subtract
		for i, x := range dst {
			lp += float64(a * (x - lp))
			if lp < Tiny && lp > -Tiny {
				lp = 0
			}
			dst[i] = x - float64(sub*lp)
		}
	})
}

// BiquadCascade is Biquad applied section after section, computed sample by sample across all
// sections so their independent recursions overlap in the CPU (the same arithmetic per section,
// so the same result as chaining Biquad).
func BiquadCascade(src Source, sections []BiquadCoefficients) Source {
	if len(sections) == 4 {
		return biquad4(src, [4]BiquadCoefficients(sections))
	}
	type state struct{ x1, x2, y1, y2 float64 }
	st := make([]state, len(sections))
	return SourceFunc(func(dst []float64) {
		src.Read(dst)
		for i, x := range dst {
			for j := range sections {
				c, s := &sections[j], &st[j]
				y := float64(c.B0*x) + float64(c.B1*s.x1) + float64(c.B2*s.x2) - float64(c.A1*s.y1) - float64(c.A2*s.y2)
				if y < Tiny && y > -Tiny {
					y = 0
				}
				s.x2, s.x1 = s.x1, x
				s.y2, s.y1 = s.y1, y
				x = y
			}
			dst[i] = x
		}
	})
}

// biquad4 is BiquadCascade for four sections (the partials' decimation filter) with the state in
// local variables, so the compiler keeps it in registers.
func biquad4(src Source, c [4]BiquadCoefficients) Source {
	var s [4][4]float64 // x1, x2, y1, y2 per section
	return SourceFunc(func(dst []float64) {
		src.Read(dst)
		a, b, d, e := s[0], s[1], s[2], s[3]
		step := func(c *BiquadCoefficients, st *[4]float64, x float64) float64 {
			y := float64(c.B0*x) + float64(c.B1*st[0]) + float64(c.B2*st[1]) - float64(c.A1*st[2]) - float64(c.A2*st[3])
			if y < Tiny && y > -Tiny {
				y = 0
			}
			st[1], st[0] = st[0], x
			st[3], st[2] = st[2], y
			return y
		}
		for i, x := range dst {
			x = step(&c[0], &a, x)
			x = step(&c[1], &b, x)
			x = step(&c[2], &d, x)
			dst[i] = step(&c[3], &e, x)
		}
		s[0], s[1], s[2], s[3] = a, b, d, e
	})
}

func allZero(x []float64) bool {
	for _, v := range x {
		if v != 0 {
			return false
		}
	}
	return true
}
