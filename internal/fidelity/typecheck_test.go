package fidelity

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/scapeworld/scape/internal/nodetest"
)

// TestCorpusTypeChecks type-checks every case with `tsc --strict`, as an author's editor
// would, against two copies of the contract: the published declarations
// (testdata/fidelity/contract, copied from the SDK reference pages) and the SDK's own sources
// (kit/sdk). A case keeps every type the docs declare: field types, enums, required keys, no
// unknown keys in object literals. A failure only against kit/sdk means the SDK's types are
// narrower than the published ones.
func TestCorpusTypeChecks(t *testing.T) {
	node, tsc, root := nodetest.Node(t), nodetest.Module(t, "typescript/bin/tsc"), nodetest.Root(t)
	abs := func(p string) string { return filepath.Join(root, filepath.FromSlash(p)) }
	for _, sdk := range []struct{ name, index string }{
		{"published", "testdata/fidelity/contract/index.d.ts"},
		{"kit-sdk", "kit/sdk/src/index.ts"},
	} {
		t.Run(sdk.name, func(t *testing.T) {
			t.Parallel()
			config := map[string]any{
				"compilerOptions": map[string]any{
					"target": "ES2022", "module": "ESNext", "moduleResolution": "Bundler", "lib": []string{"ES2022"},
					"strict": true, "noEmit": true, "isolatedModules": true, "verbatimModuleSyntax": true,
					"skipLibCheck": true, "types": []string{},
					"paths": map[string][]string{"@scape/sdk": {abs(sdk.index)}},
				},
				// The globals a scaffolded project declares (vendor/scape-env/globals.d.ts).
				"include": []string{abs("testdata/fidelity/*.ts"), abs("jsrt/types/globals.d.ts")},
			}
			data, err := json.MarshalIndent(config, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "tsconfig.json"), data, 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(node, tsc, "-p", filepath.Join(dir, "tsconfig.json"), "--pretty", "false")
			cmd.Dir = root
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("tsc --strict over testdata/fidelity against %s: %v\n%s", sdk.index, err, out)
			}
		})
	}
}

var (
	importRE  = regexp.MustCompile(`(?m)^\s*(?:import|export)\b[^'";]*?\bfrom\s+'([^']+)'|^\s*import\s+'([^']+)'`)
	defaultRE = regexp.MustCompile(`(?m)^export default `)
)

// TestCasesImportOnlyTheSDK: a case is a project entry that imports only '@scape/sdk' (and its
// own generated assets), has a default export and a header comment.
func TestCasesImportOnlyTheSDK(t *testing.T) {
	cases := Cases(t)
	if len(cases) < 64 {
		t.Errorf("the corpus has %d cases; it should keep at least 64", len(cases))
	}
	for _, c := range cases {
		for _, m := range importRE.FindAllStringSubmatch(c.Source, -1) {
			spec := m[1] + m[2]
			if spec != "@scape/sdk" && !assetRE.MatchString("from '"+spec+"'") {
				t.Errorf("%s imports %q: a case imports only '@scape/sdk' and ./*.glb or ./*.wav assets", c.File, spec)
			}
		}
		if !defaultRE.MatchString(c.Source) {
			t.Errorf("%s has no default export", c.File)
		}
		if c.Header() == "" {
			t.Errorf("%s has no header comment", c.File)
		}
	}
}
