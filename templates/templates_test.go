package templates

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestEveryTemplateHasItsSources(t *testing.T) {
	if got := Names(); got[0] != Blank || len(got) != 9 {
		t.Fatalf("Names() = %v, want blank then the eight examples", got)
	}
	for _, tmpl := range All() {
		for _, p := range []string{"src/definition.ts", "src/project.ts"} {
			data, err := fs.ReadFile(tmpl.Files(), p)
			if err != nil || len(data) == 0 {
				t.Errorf("%s: %s missing or empty: %v", tmpl.Name, p, err)
			}
		}
		project, _ := fs.ReadFile(tmpl.Files(), "src/project.ts")
		if !strings.Contains(string(project), "defineProject") {
			t.Errorf("%s: src/project.ts does not call defineProject", tmpl.Name)
		}
		// Every worked example ships tests; the blank project has none (as the spec says).
		if want := tmpl.Name != Blank; tmpl.HasTests() != want {
			t.Errorf("%s: HasTests() = %v, want %v", tmpl.Name, tmpl.HasTests(), want)
		}
	}
}

func TestLookup(t *testing.T) {
	tmpl, err := Lookup("lamp")
	if err != nil || tmpl.Title != "Lamp" {
		t.Fatalf("Lookup(lamp) = %+v, %v", tmpl, err)
	}
	_, err = Lookup("lamps")
	if err == nil || !strings.Contains(err.Error(), `unknown template "lamps"`) || !strings.Contains(err.Error(), "jump-pad") {
		t.Fatalf("Lookup(lamps) error = %v, want one naming the choices", err)
	}
}

// TestExamplesMatchTheSpec checks that each example's sources are exactly the spec's "Source"
// sections. The spec lives beside the repository (../shared); a bare clone skips this.
func TestExamplesMatchTheSpec(t *testing.T) {
	specPath := filepath.Join("..", "..", "shared", "spec", "scape-gizmo-docs.md")
	data, err := os.ReadFile(specPath)
	if err != nil {
		t.Skipf("skipping: the specification is not at %s (%v)", specPath, err)
	}
	sources := specSources(string(data))
	for _, tmpl := range All() {
		if tmpl.Name == Blank {
			continue
		}
		for _, file := range []string{"definition.ts", "project.ts"} {
			want, ok := sources[tmpl.Name+"/"+file]
			if !ok {
				t.Errorf("the spec has no src/%s for %s", file, tmpl.Name)
				continue
			}
			got, err := fs.ReadFile(tmpl.Files(), "src/"+file)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != want {
				t.Errorf("%s/src/%s differs from the spec's source", tmpl.Name, file)
			}
		}
	}
}

var (
	exampleSection = regexp.MustCompile(`(?m)^Source: https://developer\.scape\.wtf/examples/gizmos/([a-z-]+)\n`)
	sourceBlock    = regexp.MustCompile("(?ms)^### src/([a-z]+\\.ts)\n\n```ts\n(.*?)^```\n")
)

// specSources maps "<example>/<file>" to the code block under the example's "### src/<file>".
func specSources(spec string) map[string]string {
	out := map[string]string{}
	locs := exampleSection.FindAllStringSubmatchIndex(spec, -1)
	for i, loc := range locs {
		end := len(spec)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		name := spec[loc[2]:loc[3]]
		body := spec[loc[1]:end]
		if next := strings.Index(body, "\n---\nSource:"); next >= 0 {
			body = body[:next]
		}
		for _, m := range sourceBlock.FindAllStringSubmatch(body, -1) {
			out[name+"/"+m[1]] = m[2]
		}
	}
	return out
}
