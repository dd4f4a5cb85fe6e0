package audio

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// vectorDir holds the reference vectors the SDK's TypeScript renderer produced
// (scripts/audio-vectors.mjs).
var vectorDir = filepath.Join("..", "testdata", "audio")

type vector struct {
	Name     string          `json:"name"`
	Note     string          `json:"note"`
	Recipe   json.RawMessage `json:"recipe"`
	Channels int             `json:"channels"`
	Frames   int             `json:"frames"`
	Hash     string          `json:"hash"`
}

func loadVectors(t testing.TB) []vector {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(vectorDir, "vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	var vs []vector
	if err := json.Unmarshal(data, &vs); err != nil {
		t.Fatal(err)
	}
	if len(vs) < 20 {
		t.Fatalf("only %d reference vectors", len(vs))
	}
	return vs
}

// Tolerance against the TypeScript samples. Both renderers run the same float64 operations in
// the same order; only libm results (sin, cos, exp, pow, tanh: V8 and Go may differ in the last
// bit, ~1e-16 relative) differ, and those differences pass through at most a few filters and
// one FFT before the float32 rounding (6e-8 at full scale). 1e-6 leaves room for a float32
// rounding flip plus accumulated libm noise, and is still 100× below one PCM16 step (3e-5).
const vectorTolerance = 1e-6

// exactVectors use no libm function after the generator (only +, ×, floor): they must be
// bit-identical.
var exactVectors = map[string]bool{"noise-loop": true}

func TestReferenceVectors(t *testing.T) {
	for _, v := range loadVectors(t) {
		t.Run(v.Name, func(t *testing.T) {
			r, err := Decode(v.Recipe)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			got, err := r.Render()
			if err != nil {
				t.Fatalf("render: %v", err)
			}
			if len(got.Channels) != v.Channels || got.Frames() != v.Frames {
				t.Fatalf("got %d channels × %d frames, want %d × %d", len(got.Channels), got.Frames(), v.Channels, v.Frames)
			}
			raw, err := os.ReadFile(filepath.Join(vectorDir, v.Name+".f32"))
			if err != nil {
				t.Fatal(err)
			}
			if len(raw) != 4*v.Channels*v.Frames {
				t.Fatalf("%s.f32 has %d bytes", v.Name, len(raw))
			}
			worst, at := 0.0, 0
			for c, ch := range got.Channels {
				for n, x := range ch {
					i := c*v.Frames + n
					want := math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:]))
					if d := math.Abs(float64(x) - float64(want)); d > worst || math.IsNaN(d) {
						worst, at = d, i
					}
				}
			}
			if worst > vectorTolerance {
				t.Errorf("max |Go − TS| = %.3g at sample %d (tolerance %g)", worst, at, vectorTolerance)
			}
			if exactVectors[v.Name] && got.Stats().Hash != v.Hash {
				t.Errorf("hash %s, want the TypeScript renderer's %s (bit-identical expected)", got.Stats().Hash, v.Hash)
			}
			t.Logf("max |Go − TS| = %.3g", worst)
		})
	}
}

func TestMulberry32Stream(t *testing.T) {
	// The first values of mulberry32(1), as the SDK's test also asserts.
	m := NewMulberry32(1)
	for i, want := range []uint32{2693262067, 11749833, 2265367787} {
		if got := m.Uint32(); got != want {
			t.Fatalf("value %d = %d, want %d", i, got, want)
		}
	}
}
