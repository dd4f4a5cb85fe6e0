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
