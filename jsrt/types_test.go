package jsrt

import (
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestGlobalTypesMatchRuntime: globals.d.ts declares exactly the console methods a runtime has,
// so the editor neither flags a method the build accepts nor offers one that would throw.
func TestGlobalTypesMatchRuntime(t *testing.T) {
	r := newRuntime(t, Options{})
	v, err := r.VM.RunString(`Object.keys(console).sort().join(',')`)
	if err != nil {
		t.Fatal(err)
	}
	var declared []string
	inConsole := false
	for _, line := range strings.Split(string(GlobalTypes()), "\n") {
		switch {
		case strings.HasPrefix(line, "interface Console {"):
			inConsole = true
		case strings.HasPrefix(line, "}"):
			inConsole = false
		case inConsole:
			if m := regexp.MustCompile(`^\s+(\w+)\(`).FindStringSubmatch(line); m != nil {
				declared = append(declared, m[1])
			}
		}
	}
	sort.Strings(declared)
	if got, want := strings.Join(declared, ","), v.String(); got != want {
		t.Fatalf("globals.d.ts declares console %s; the runtime has %s", got, want)
	}
	if !strings.Contains(string(GlobalTypes()), "declare var console: Console;") {
		t.Fatal("globals.d.ts does not declare the console variable")
	}
}
