package audio

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// conformanceCase is one entry of testdata/conformance/*.json (see its README): the SDK's
// verdict on a value, checked by the SDK's own tests under Node and goja.
type conformanceCase struct {
	Validator string            `json:"validator"`
	Value     json.RawMessage   `json:"value"`
	Args      []json.RawMessage `json:"args"`
	OK        bool              `json:"ok"`
	Error     string            `json:"error"`
	Note      string            `json:"note"`
}

// looser lists the cases where Decode deliberately disagrees with the SDK, keyed by validator
// and note, with the reason. Empty: the guard accepts exactly what the SDK accepts.
var looser = map[string]string{}

// TestDecodeAgreesWithSDK keeps the renderer's guard (recipe.go's check methods) identical to
// the SDK's recipe rules, which are the rules (kit/sdk/src/{synthesis,noiseSound,partials}.ts):
// every conformance case the SDK accepts, Decode accepts, and every case it refuses, Decode
// refuses.
func TestDecodeAgreesWithSDK(t *testing.T) {
	files := map[string]string{
		"synthesis.json":  "gizmoSynthError",
		"noiseSound.json": "gizmoNoiseSoundError",
		"partials.json":   "gizmoPartialsError",
	}
	for file, validator := range files {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "conformance", file))
		if err != nil {
			t.Fatal(err)
		}
		var cases []conformanceCase
		if err := json.Unmarshal(data, &cases); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		checked, skipped, accepted := 0, 0, 0
		for i, c := range cases {
			name := fmt.Sprintf("%s[%d] %s", file, i, c.Note)
			if c.Validator != validator || len(c.Args) != 0 {
				t.Errorf("%s: validator %s with %d args; this test reads %s(value) only", name, c.Validator, len(c.Args), validator)
				continue
			}
			raw, ok := untag(c.Value)
			if !ok {
				// NaN, ±Infinity, undefined or a function: not JSON, so never a recipe this
				// decoder can be handed.
				skipped++
				continue
			}
			checked++
			_, err := Decode(raw)
			if reason, listed := looser[validator+": "+c.Note]; listed {
				if (err == nil) == c.OK {
					t.Errorf("%s: listed as a disagreement (%s) but Decode now agrees; remove it from looser", name, reason)
				}
				continue
			}
			switch {
			case c.OK && err != nil:
				t.Errorf("%s: the SDK accepts it; Decode refuses: %v\n%s", name, err, c.Value)
			case !c.OK && err == nil:
				t.Errorf("%s: the SDK refuses it (%s); Decode accepts it\n%s", name, c.Error, c.Value)
			case c.OK:
				accepted++
			}
		}
		if checked < len(cases)/2 || accepted == 0 || accepted == checked {
			t.Errorf("%s: %d of %d cases checked (%d skipped, %d accepted): the corpus should hold both verdicts", file, checked, len(cases), skipped, accepted)
		}
		t.Logf("%s: %d cases checked, %d skipped as not JSON", file, checked, skipped)
	}
}

// TestRecordedAgreesWithSDK: Recorded (a WAV string) renders exactly when the SDK's
// readGizmoSound reads it (testdata/conformance/wav.json), so the build's render of a recorded
// sound refuses what the SDK refuses and nothing else.
func TestRecordedAgreesWithSDK(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "conformance", "wav.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []conformanceCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	accepted := 0
	for i, c := range cases {
		raw, ok := untag(c.Value)
		if !ok || c.Validator != "readGizmoSound" {
			t.Fatalf("wav.json[%d]: not a readGizmoSound case of JSON", i)
		}
		var s string
		if json.Unmarshal(raw, &s) != nil {
			if c.OK {
				t.Errorf("wav.json[%d] %s: the SDK accepts a non-string", i, c.Note)
			}
			continue
		}
		_, err := Recorded(s).Render()
		if c.OK != (err == nil) {
			t.Errorf("wav.json[%d] %s: the SDK says ok=%v; Recorded.Render: %v", i, c.Note, c.OK, err)
		}
		if c.OK {
			accepted++
		}
	}
	if accepted == 0 || accepted == len(cases) {
		t.Errorf("%d of %d accepted: the corpus should hold both verdicts", accepted, len(cases))
	}
}

// untag turns the corpus' tagged values back into JSON where JSON can hold them ({"$": "-0"}
// is the number -0) and reports false for those it cannot.
func untag(raw json.RawMessage) (json.RawMessage, bool) {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, false
	}
	out, ok := untagValue(v)
	if !ok {
		return nil, false
	}
	b, err := json.Marshal(out)
	if err != nil {
		return nil, false
	}
	return b, true
}

type negativeZero struct{}

func (negativeZero) MarshalJSON() ([]byte, error) { return []byte("-0"), nil }

func untagValue(v any) (any, bool) {
	switch v := v.(type) {
	case map[string]any:
		if tag, ok := v["$"].(string); ok && len(v) == 1 {
			if tag == "-0" {
				return negativeZero{}, true
			}
			return nil, false
		}
		if v["$"] == "repeat" {
			prefix, _ := v["prefix"].(string)
			value, _ := v["value"].(string)
			count, _ := v["count"].(float64)
			suffix, _ := v["suffix"].(string)
			return prefix + strings.Repeat(value, int(count)) + suffix, true
		}
		for k, x := range v {
			y, ok := untagValue(x)
			if !ok {
				return nil, false
			}
			v[k] = y
		}
	case []any:
		for i, x := range v {
			y, ok := untagValue(x)
			if !ok {
				return nil, false
			}
			v[i] = y
		}
	}
	return v, true
}
