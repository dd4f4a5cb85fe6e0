package bundle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scapeworld/scape/diag"
)

// FuzzUnfaithfulRegexps: any script, any source map: no panic, only unfaithful diagnostics, and
// every position it reports is 1-based.
func FuzzUnfaithfulRegexps(f *testing.F) {
	f.Add(`var a = new RegExp("\\p{L}+", "u");`, `{"version":3,"sources":["a.ts"],"sourcesContent":["x"],"mappings":"AAAA"}`)
	f.Add(`new RegExp("x", "d"); new RegExp('[a--b]', 'v'); new RegExp(`+"`\\\\P{Lu}`"+`, "gu")`, ``)
	f.Add("new RegExp(\"\\\n\", \"u\")", `{`)
	f.Fuzz(func(t *testing.T, js, sourceMap string) {
		for _, d := range unfaithfulRegexps([]byte(js), []byte(sourceMap)) {
			if d.Code != diag.CodeUnfaithful || (d.Line != 0 && (d.Line < 1 || d.Column < 1)) {
				t.Fatalf("bad diagnostic %+v", d)
			}
		}
	})
}

// FuzzReadProject: any package.json is either a project or diagnostics naming package.json or
// the entry, never a panic and never an entry outside the project.
func FuzzReadProject(f *testing.F) {
	f.Add(`{"name":"@me/x","scape":{"entry":"src/project.ts"}}`)
	f.Add(`{"scape":{"entry":"../../etc/passwd"}}`)
	f.Add(`{"scape":{"entry":"/etc/passwd"}}`)
	f.Add(`{"name": 3}`)
	f.Add("{\n  \"name\": \"x\",\n  oops\n}")
	f.Add(`[]`)
	f.Fuzz(func(t *testing.T, manifest string) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(manifest), 0o644); err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Join(dir, "src"), 0o755)
		os.WriteFile(filepath.Join(dir, "src", "definition.ts"), []byte("export default 1;\n"), 0o644)
		p, diags, err := ReadProject(dir)
		if err != nil {
			t.Fatalf("a project directory with a package.json is never a NotProjectError: %v", err)
		}
		if p == nil && len(diags) == 0 {
			t.Fatal("neither project nor diagnostics")
		}
		if p != nil {
			if strings.HasPrefix(p.Entry, "../") || filepath.IsAbs(p.Entry) || p.Entry == ".." {
				t.Fatalf("entry outside the project: %q", p.Entry)
			}
			if p.Name == "" || strings.ContainsAny(p.Name, "/\\ ") {
				t.Fatalf("unsafe bundle name %q", p.Name)
			}
		}
	})
}
