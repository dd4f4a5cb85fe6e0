package validate

import (
	"strings"
	"testing"
)

// A definition's hint reaches a host for its page (cards, tooltips), bounded: the lamp's as it
// is written, a 300-character one cut to 240 characters (the docs give no length; a page shows
// one line), and the build is accepted either way.
func TestDefinitionHint(t *testing.T) {
	rep := check(t, project(t, nil, nil), Options{})
	if len(rep.Definitions) != 1 || rep.Definitions[0].Hint != "switch the light on or choose a color" {
		t.Fatalf("the lamp's hint: %+v", rep.Definitions)
	}
	long := strings.Repeat("é", 300)
	rep = check(t, project(t, map[string]string{"hint: 'switch the light on or choose a color'": "hint: '" + long + "'"}, nil), Options{})
	if !rep.OK() || len(rep.Definitions) != 1 || rep.Definitions[0].Hint != strings.Repeat("é", 240) {
		t.Fatalf("a 300-character hint: %v, %d characters kept", rep.Diagnostics, len([]rune(rep.Definitions[0].Hint)))
	}
}
