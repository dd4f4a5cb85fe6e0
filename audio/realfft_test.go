package audio

import (
	"encoding/json"
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

// TestFastExpAndTanh: the table exponential stays within 1e-15 relative of math.Exp, and the
// soft clip built on it within 1e-15 of math.Tanh, over the range the renderers use.
func TestFastExpAndTanh(t *testing.T) {
	for x := -45.0; x <= 45; x += 0.000917 {
		e := math.Exp(x)
		if d := math.Abs(fastExp(x)-e) / e; d > 1e-15 {
			t.Fatalf("fastExp(%g) = %g, math.Exp %g (relative %g)", x, fastExp(x), e, d)
		}
		if d := math.Abs(fastTanh(x) - math.Tanh(x)); d > 1e-15 {
			t.Fatalf("fastTanh(%g) = %g, math.Tanh %g", x, fastTanh(x), math.Tanh(x))
		}
	}
}

// TestNoiseLayerPathsAgree: the one-pass kernel (up to four layers) and the grouped path (more)
// give the same samples bit for bit: two silent layers added to three change nothing.
func TestNoiseLayerPathsAgree(t *testing.T) {
	three := NoiseSound{Duration: 0.5, Seed: 42, Layers: []NoiseLayer{{Frequency: 200, Gain: 0.6}, {Frequency: 1200, Gain: 0.3}, {Frequency: 9000, Gain: 0.1}},
		Modulation: Modulation{Base: 0.5}}
	three.Modulation.Waves = append(three.Modulation.Waves, struct {
		Speed  float64 `json:"speed"`
		Amount float64 `json:"amount"`
	}{3, 0.2})
	five := three
	five.Layers = append(append([]NoiseLayer(nil), three.Layers...), NoiseLayer{Frequency: 50, Gain: 0}, NoiseLayer{Frequency: 5000, Gain: 0})
	a := ReadAll(NoiseLayers(&three, Rate), 24000)
	b := ReadAll(NoiseLayers(&five, Rate), 24000)
	for n := range a {
		if math.Float64bits(a[n]) != math.Float64bits(b[n]) {
			t.Fatalf("sample %d: %g (one pass) vs %g (grouped)", n, a[n], b[n])
		}
	}
}

// TestLayerPoleFused: a layer whose first stage is a pole (run inside the layer's last four
// partials) gives the samples of the same layer without stages followed by OnePole, bit for bit,
// for partial counts with and without a remainder of pairs, with and without subtract, and
// through partials that decay to the flush threshold.
func TestLayerPoleFused(t *testing.T) {
	const inner = 96000.0
	half := 0.5
	for _, count := range []int{3, 4, 6, 8, 9} {
		for _, subtract := range []*float64{nil, &half} {
			var layer PartialLayer
			if err := json.Unmarshal([]byte(`{"frequency": 440, "gain": 0.7, "vibrato": {"depth": 0.01, "rate": 5}, "partials": []}`), &layer); err != nil {
				t.Fatal(err)
			}
			for i := range count {
				layer.Partials = append(layer.Partials, struct {
					Ratio float64 `json:"ratio"`
					Gain  float64 `json:"gain"`
					Decay float64 `json:"decay"`
				}{Ratio: 1 + 1.37*float64(i), Gain: 1 / float64(i+1), Decay: 40 * float64(i)})
			}
			plain := layer
			plain.Stages = nil
			want := ReadAll(OnePole(LayerSource(&plain, inner), 3000, inner, subtract), 3*48000)
			layer.Stages = []Stage{{Kind: "pole", Frequency: 3000, Subtract: subtract}}
			got := ReadAll(LayerSource(&layer, inner), 3*48000)
			for n := range want {
				if math.Float64bits(got[n]) != math.Float64bits(want[n]) {
					t.Fatalf("%d partials, subtract %v, sample %d: fused %g, separate %g", count, subtract != nil, n, got[n], want[n])
				}
			}
		}
	}
}
