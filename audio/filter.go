package audio

import "math"

// Tiny: decaying recursive state (filter tails, feedback, exponential decays) is flushed to 0
// below this magnitude, here and in the SDK alike: subnormal floats are up to 100× slower on
// common CPUs, and 1e-30 is 570 dB below full scale.
const Tiny = 1e-30

// FlushEvery: the Go filters (biquads, one-poles, noise layers) flush their state below Tiny to
// zero at the end of every run of FlushEvery samples instead of after every sample as the SDK
// does. A per-sample test is a taken branch per sample and filter, which cost up to 15 % of a
// render; the difference in output is below Tiny (570 dB below full scale), and a state cannot
// fall from Tiny to the subnormal range (2.2e-308) within FlushEvery samples unless its filter
// decays by more than 10^(−278/64) per sample (poles within 5e-5 of zero), so the slow
// arithmetic the flush exists to avoid stays out.
const FlushEvery = 64

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
	var st biquadState
	return SourceFunc(func(dst []float64) {
		src.Read(dst)
		if st == (biquadState{}) && allZero(dst) {
			return // at rest with silent input: the output is the (zero) input
		}
		st = st.run(c, dst)
	})
}

type biquadState struct{ x1, x2, y1, y2 float64 }

// run filters data in place from state st and returns the new state (outputs flushed every
// FlushEvery samples).
func (st biquadState) run(c BiquadCoefficients, data []float64) biquadState {
	x1, x2, y1, y2 := st.x1, st.x2, st.y1, st.y2
	for len(data) > 0 {
		chunk := data[:min(FlushEvery, len(data))]
		data = data[len(chunk):]
		for i, x := range chunk {
			// Explicit float64 conversions stop Go from fusing multiply-adds on arm64, which
			// would change the last bits against the TypeScript renderer.
			y := float64(c.B0*x) + float64(c.B1*x1) + float64(c.B2*x2) - float64(c.A1*y1) - float64(c.A2*y2)
			x2, x1 = x1, x
			y2, y1 = y1, y
			chunk[i] = y
		}
		y1, y2 = flush(y1), flush(y2)
	}
	return biquadState{x1, x2, y1, y2}
}

// biquadInPlace filters a whole buffer from rest.
func biquadInPlace(c BiquadCoefficients, data []float64) { biquadState{}.run(c, data) }

// OnePole is the low-pass y += a·(x − y) with a = 1 − e^(−2π·frequency/rate); subtract, when not
// nil, turns it into x − subtract·y (subtract 1 is a one-pole high-pass).
func OnePole(src Source, frequency, rate float64, subtract *float64) Source {
	p := newOnePole(frequency, rate, subtract)
	return SourceFunc(func(dst []float64) {
		src.Read(dst)
		p.run(dst)
	})
}

// onePole is OnePole's state: coefficient, optional subtraction and the low-pass value.
type onePole struct {
	a, sub, lp float64
	subtract   bool
}

func newOnePole(frequency, rate float64, subtract *float64) *onePole {
	p := &onePole{a: 1 - math.Exp(-2*math.Pi*frequency/rate)}
	if subtract != nil {
		p.subtract, p.sub = true, *subtract
	}
	return p
}

// run filters dst in place, flushing the state every FlushEvery samples.
func (p *onePole) run(dst []float64) {
	a, lp, sub := p.a, p.lp, p.sub
	for len(dst) > 0 {
		chunk := dst[:min(FlushEvery, len(dst))]
		dst = dst[len(chunk):]
		if !p.subtract {
			for i, x := range chunk {
				lp += float64(a * (x - lp))
				chunk[i] = lp
			}
		} else {
			for i, x := range chunk {
				lp += float64(a * (x - lp))
				chunk[i] = x - float64(sub*lp)
			}
		}
		lp = flush(lp)
	}
	p.lp = lp
}

// biquad4 is Biquad applied section after section for four sections (the partials' decimation
// filter), computed sample by sample across the sections so their independent recursions
// overlap in the CPU, with every state in a scalar local, so the compiler keeps them in registers (no store-to-load round trip in the
// recursions), and each section's a1·y1 subtracted last, so the loop-carried chain is one
// multiply and one subtraction (the same terms summed in another order: ~1e-16 relative). The
// outputs are flushed every FlushEvery samples rather than every sample (see FlushEvery).
func biquad4(src Source, c [4]BiquadCoefficients) Source {
	var s [4][4]float64 // x1, x2, y1, y2 per section
	return SourceFunc(func(dst []float64) {
		src.Read(dst)
		c0, c1, c2, c3 := c[0], c[1], c[2], c[3]
		ax1, ax2, ay1, ay2 := s[0][0], s[0][1], s[0][2], s[0][3]
		bx1, bx2, by1, by2 := s[1][0], s[1][1], s[1][2], s[1][3]
		cx1, cx2, cy1, cy2 := s[2][0], s[2][1], s[2][2], s[2][3]
		dx1, dx2, dy1, dy2 := s[3][0], s[3][1], s[3][2], s[3][3]
		for len(dst) > 0 {
			chunk := dst[:min(FlushEvery, len(dst))]
			dst = dst[len(chunk):]
			for i, x := range chunk {
				y := float64(c0.B0*x) + float64(c0.B1*ax1) + float64(c0.B2*ax2) - float64(c0.A2*ay2) - float64(c0.A1*ay1)
				ax2, ax1, ay2, ay1 = ax1, x, ay1, y
				x = y
				y = float64(c1.B0*x) + float64(c1.B1*bx1) + float64(c1.B2*bx2) - float64(c1.A2*by2) - float64(c1.A1*by1)
				bx2, bx1, by2, by1 = bx1, x, by1, y
				x = y
				y = float64(c2.B0*x) + float64(c2.B1*cx1) + float64(c2.B2*cx2) - float64(c2.A2*cy2) - float64(c2.A1*cy1)
				cx2, cx1, cy2, cy1 = cx1, x, cy1, y
				x = y
				y = float64(c3.B0*x) + float64(c3.B1*dx1) + float64(c3.B2*dx2) - float64(c3.A2*dy2) - float64(c3.A1*dy1)
				dx2, dx1, dy2, dy1 = dx1, x, dy1, y
				chunk[i] = y
			}
			// Section outputs (and the next section's copies of them) below Tiny become 0.
			ay1, ay2, by1, by2 = flush(ay1), flush(ay2), flush(by1), flush(by2)
			cy1, cy2, dy1, dy2 = flush(cy1), flush(cy2), flush(dy1), flush(dy2)
			bx1, bx2, cx1, cx2, dx1, dx2 = flush(bx1), flush(bx2), flush(cx1), flush(cx2), flush(dx1), flush(dx2)
		}
		s = [4][4]float64{{ax1, ax2, ay1, ay2}, {bx1, bx2, by1, by2}, {cx1, cx2, cy1, cy2}, {dx1, dx2, dy1, dy2}}
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
