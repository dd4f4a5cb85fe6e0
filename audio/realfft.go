package audio

// Real-input convolution through half-size complex FFTs. The Go renderer uses it for reverbs: a
// real FFT of N points costs one complex FFT of N/2 plus a linear pass, so a mono reverb needs
// the work of 1.5 full-size transforms instead of 3. It agrees with ConvolveChannels (the SDK's
// algorithm) to ~1e-15 relative.

// realFFT returns the spectrum X[0..n/2] of the real signal x (len n, a power of two ≥ 4).
func realFFT(x []float64) (re, im []float64) {
	n := len(x)
	h := n / 2
	zr := make([]float64, h)
	zi := make([]float64, h)
	for k := 0; k < h; k++ {
		zr[k], zi[k] = x[2*k], x[2*k+1]
	}
	FFT(zr, zi, false)
	tw := twiddles(n)
	wc, ws := tw.cos[h-1:n-1], tw.sin[h-1:n-1] // cos, sin of 2πk/n for k < n/2
	re = make([]float64, h+1)
	im = make([]float64, h+1)
	for k := 0; k <= h; k++ {
		a, b := zr[k%h], zi[k%h]          // Z[k]
		c, d := zr[(h-k)%h], -zi[(h-k)%h] // conj(Z[h−k])
		er, ei := (a+c)/2, (b+d)/2        // even part
		or, oi := (b-d)/2, -(a-c)/2       // odd part: (Z − conj Z')/(2i)
		var cr, ci float64                // e^{−2πik/n}
		if k < h {
			cr, ci = wc[k], -ws[k]
		} else {
			cr, ci = -1, 0
		}
		re[k] = er + (or*cr - oi*ci)
		im[k] = ei + (or*ci + oi*cr)
	}
	return re, im
}

// inverseRealFFT returns n·x, the unscaled inverse of a Hermitian spectrum X[0..n/2].
func inverseRealFFT(re, im []float64, n int) []float64 {
	h := n / 2
	tw := twiddles(n)
	wc, ws := tw.cos[h-1:n-1], tw.sin[h-1:n-1]
	zr := make([]float64, h)
	zi := make([]float64, h)
	for k := 0; k < h; k++ {
		a, b := re[k], im[k]
		c, d := re[h-k], -im[h-k] // conj(X[h−k])
		er, ei := (a+c)/2, (b+d)/2
		dr, di := (a-c)/2, (b-d)/2
		or, oi := dr*wc[k]-di*ws[k], dr*ws[k]+di*wc[k] // × e^{+2πik/n}
		zr[k], zi[k] = er-oi, ei+or                    // Xe + i·Xo
	}
	FFT(zr, zi, true)
	out := make([]float64, n)
	for k := 0; k < h; k++ {
		out[2*k], out[2*k+1] = 2*zr[k], 2*zi[k]
	}
	return out
}

// ConvolveReal is ConvolveChannels computed with real FFTs (each channel separately, the
// response's spectrum once).
func ConvolveReal(channels [][]float64, response []float64, length int) [][]float64 {
	size := 4
	for size < length+len(response)-1 {
		size <<= 1
	}
	pad := func(x []float64) []float64 {
		p := make([]float64, size)
		copy(p, x)
		return p
	}
	hr, hi := realFFT(pad(response))
	out := make([][]float64, len(channels))
	for c, ch := range channels {
		xr, xi := realFFT(pad(ch[:length]))
		for k := range xr {
			r := xr[k]*hr[k] - xi[k]*hi[k]
			i := xr[k]*hi[k] + xi[k]*hr[k]
			xr[k], xi[k] = r, i
		}
		y := inverseRealFFT(xr, xi, size)
		o := make([]float64, length)
		for n := range o {
			o[n] = y[n] / float64(size)
		}
		out[c] = o
	}
	return out
}
