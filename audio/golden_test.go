package audio

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/golden_stats.json from the current renderer")

const goldenPath = "testdata/golden_stats.json"

// goldenSounds are the test recipes: every reference vector (which include the chime and
// pressure-pad examples' sounds) plus the fuzz seeds' recipes, by name.
func goldenSounds(t *testing.T) map[string]json.RawMessage {
	sounds := map[string]json.RawMessage{}
	for _, v := range loadVectors(t) {
		sounds[v.Name] = v.Recipe
	}
	for name, raw := range extraRecipes {
		sounds[name] = json.RawMessage(raw)
	}
	return sounds
}

// extraRecipes cover the largest shapes the bounds allow, so their cost and output stay pinned.
var extraRecipes = map[string]string{
	"worst-synth":           worstSynth,
	"worst-synth-reverb":    worstSynthReverb,
	"worst-synth-counts":    worstSynthCounts,
	"worst-noise":           worstNoise,
	"worst-noise-starts":    worstNoiseStarts,
	"worst-partials":        worstPartials,
	"worst-partials-layers": worstPartialsLayers,
}

// TestGoldenStats pins length, peak, RMS and hash of every test recipe's Go rendering: a change
// in any sample changes the hash. Run with -update after an intended change (and regenerate the
// SDK vectors with scripts/audio-vectors.mjs).
func TestGoldenStats(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the worst-case recipes")
	}
	got := map[string]Stats{}
	for name, raw := range goldenSounds(t) {
		s, err := DefaultBudget.Render(raw)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got[name] = s.Stats()
	}
	if *update {
		data, _ := json.MarshalIndent(got, "", " ")
		if err := os.MkdirAll(filepath.Dir(goldenPath), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(goldenPath, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatalf("%v (run go test -run TestGoldenStats -update)", err)
	}
	var want map[string]Stats
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	for name, w := range want {
		g, ok := got[name]
		if !ok {
			t.Errorf("%s: golden entry without a recipe", name)
			continue
		}
		if g != w {
			t.Errorf("%s:\n got %+v\nwant %+v", name, g, w)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: no golden entry (run with -update)", name)
		}
	}
}
