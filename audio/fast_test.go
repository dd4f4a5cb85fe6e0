package audio

// Tests of the renderers' fast paths: each against the plain form it replaces.

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

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

// TestConcurrentRendersDeterministic: renders running at once (CheckSounds renders in
// goroutines; the FFT buffers are pooled and the tables cached) give the samples of a render
// alone.
func TestConcurrentRendersDeterministic(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(vectorDir, "bench.json"))
	if err != nil {
		t.Fatal(err)
	}
	var recipes []benchRecipe
	if err := json.Unmarshal(data, &recipes); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, r := range recipes {
		rec, err := Decode(r.Recipe)
		if err != nil {
			t.Fatal(err)
		}
		s, err := rec.Render()
		if err != nil {
			t.Fatal(err)
		}
		want[r.Name] = s.Stats().Hash
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4*len(recipes))
	for range 4 {
		for _, r := range recipes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rec, _ := Decode(r.Recipe)
				s, err := rec.Render()
				if err != nil {
					errs <- r.Name + ": " + err.Error()
				} else if h := s.Stats().Hash; h != want[r.Name] {
					errs <- r.Name + ": hash " + h + ", alone " + want[r.Name]
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
