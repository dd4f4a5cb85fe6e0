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

// fastTanh is tanh(x) as 1 − 2/(e^(2x) + 1): one exp instead of math.Tanh's work, within 1e-15
// of it (absolute) for every x.
func fastTanh(x float64) float64 {
	if x > 20 {
		return 1
	}
	if x < -20 {
		return -1
	}
	return 1 - 2/(math.Exp(2*x)+1)
}
