package validate

import (
	"context"
	"strings"
	"testing"
)

// A --recipes sound is checked by the SDK's validators: the build's message, with the wrapper
// key of gizmoSoundsError removed.
func TestRecipeChecker(t *testing.T) {
	c, err := NewRecipeChecker()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ raw, want string }{
		{`{"kind": "synth", "duration": 0.1, "voices": [{"wave": "sine", "start": 0, "duration": 0.1, "gain": 0.1}]}`, ""},
		{`{"kind": "partials", "duration": 0.5, "oversample": 3, "layers": [{"frequency": 20001, "gain": 1, "partials": [{"ratio": 1, "gain": 1, "decay": 1}]}], "amplitude": {"gain": 1, "attack": 0, "fadeOut": 0}}`, "oversample: must be one of 1, 2, 4 (got 3)"},
		{`{"kind": "synth", "duration": 20, "voices": [{"wave": "noise", "start": 0, "duration": 1, "frequency": 300, "gain": 0.1}]}`, ""},
		{`{"kind": "noise"}`, "duration: is required (got nothing)"},
		{`"not base64!"`, "base64"},
		{`42`, "must be a sound recipe object"},
		{`{"kind": 3}`, `kind: must be one of "synth", "noise", "partials" (got 3)`},
	} {
		got, err := c.Problem(context.Background(), []byte(tc.raw))
		if err != nil {
			t.Fatalf("%s: %v", tc.raw, err)
		}
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) || strings.HasPrefix(got, wrapKey) {
			t.Errorf("%s: got %q, want %q", tc.raw, got, tc.want)
		}
	}
}
