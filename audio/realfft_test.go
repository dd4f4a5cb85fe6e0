package audio

import (
	"math"
	"testing"
)

// TestConvolveRealMatchesComplex: the Go-only real-FFT convolution gives the SDK algorithm's
// result for mono and stereo inputs of awkward lengths.
func TestConvolveRealMatchesComplex(t *testing.T) {
	rng := NewMulberry32(3)
	for _, c := range []struct{ length, ir, channels int }{{1, 1, 1}, {5, 3, 2}, {1000, 333, 1}, {4801, 2400, 2}} {
		chans := make([][]float64, c.channels)
		for i := range chans {
			chans[i] = make([]float64, c.length)
			for n := range chans[i] {
				chans[i][n] = rng.Sample()
			}
		}
		h := make([]float64, c.ir)
		for n := range h {
			h[n] = rng.Sample()
		}
		want := ConvolveChannels(chans, h, c.length)
		for i := range chans { // against the definition, y[n] = Σ x[m]·h[n−m]
			for n := 0; n < c.length; n += 97 {
				sum := 0.0
				for m := max(0, n-c.ir+1); m <= n; m++ {
					sum += chans[i][m] * h[n-m]
				}
				if math.Abs(sum-want[i][n]) > 1e-9 {
					t.Fatalf("%+v: FFT convolution %g, direct %g", c, want[i][n], sum)
				}
			}
		}
		got := ConvolveReal(chans, h, c.length)
		for i := range want {
			for n := range want[i] {
				if d := math.Abs(want[i][n] - got[i][n]); d > 1e-12 {
					t.Fatalf("%+v channel %d sample %d: %g vs %g", c, i, n, got[i][n], want[i][n])
				}
			}
		}
	}
}

// TestFFT4MatchesFFT: the two-stages-per-pass kernel computes the SDK algorithm's transform,
// forward and inverse, for odd and even powers of two.
func TestFFT4MatchesFFT(t *testing.T) {
	rng := NewMulberry32(5)
	for _, n := range []int{1, 2, 4, 8, 32, 512, 2048, 1 << 15} {
		for _, inverse := range []bool{false, true} {
			re, im := make([]float64, n), make([]float64, n)
			for i := range re {
				re[i], im[i] = rng.Sample(), rng.Sample()
			}
			wr, wi := append([]float64(nil), re...), append([]float64(nil), im...)
			FFT(wr, wi, inverse)
			fft4(re, im, inverse)
			for i := range re {
				if math.Abs(re[i]-wr[i]) > 1e-9 || math.Abs(im[i]-wi[i]) > 1e-9 {
					t.Fatalf("n=%d inverse=%v bin %d: %g%+gi, want %g%+gi", n, inverse, i, re[i], im[i], wr[i], wi[i])
				}
			}
		}
	}
}

// TestConvolveRealSpan: silence around the input and a response longer than the sound give the
// same samples as the direct sum.
func TestConvolveRealSpan(t *testing.T) {
	rng := NewMulberry32(8)
	const length = 3000
	for _, c := range []struct{ from, to, ir int }{{0, 1, 1}, {100, 400, 5000}, {2500, 3000, 700}, {1, 2999, 64}, {0, 0, 10}} {
		chans := [][]float64{make([]float64, length), make([]float64, length)}
		for n := c.from; n < c.to; n++ {
			chans[0][n] = rng.Sample()
			if n%3 == 0 {
				chans[1][n] = rng.Sample()
			}
		}
		h := make([]float64, c.ir)
		for n := range h {
			h[n] = rng.Sample()
		}
		got := ConvolveReal(chans, h, length)
		for i := range chans {
			for n := 0; n < length; n++ {
				sum := 0.0
				for m := max(0, n-c.ir+1); m <= n; m++ {
					sum += chans[i][m] * h[n-m]
				}
				if math.Abs(sum-got[i][n]) > 1e-9 {
					t.Fatalf("%+v channel %d sample %d: %g, direct %g", c, i, n, got[i][n], sum)
				}
			}
		}
	}
}
