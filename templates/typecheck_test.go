package templates

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/scapeworld/scape/internal/nodetest"
)

// TestTemplatesTypeCheck type-checks every template's sources and tests with `tsc --strict`
// against kit/sdk itself (and the test-subset declarations of package testrun), exactly as a
// project's tsconfig maps them after init.
func TestTemplatesTypeCheck(t *testing.T) {
	node, tsc, root := nodetest.Node(t), nodetest.Module(t, "typescript/bin/tsc"), nodetest.Root(t)
	abs := func(p string) string { return filepath.Join(root, filepath.FromSlash(p)) }
	var include []string
	for _, tmpl := range All() {
		include = append(include, abs("templates/"+tmpl.Name+"/src/**/*.ts"), abs("templates/"+tmpl.Name+"/test/**/*.ts"))
	}
	config := map[string]any{
		"compilerOptions": map[string]any{
			"target": "ES2022", "module": "ESNext", "moduleResolution": "Bundler", "lib": []string{"ES2022"},
			"strict": true, "noEmit": true, "isolatedModules": true, "verbatimModuleSyntax": true,
			"skipLibCheck": false, "types": []string{},
			"paths": map[string][]string{
				"@scape/sdk":         {abs("kit/sdk/src/index.ts")},
				"@scape/sdk/runtime": {abs("kit/sdk/src/runtime.ts")},
				"node:test":          {abs("testrun/types/node-test.d.ts")},
				"node:assert/strict": {abs("testrun/types/node-assert-strict.d.ts")},
			},
		},
		"include": include,
	}
	data, err := json.MarshalIndent(config, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "tsconfig.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, tsc, "-p", filepath.Join(dir, "tsconfig.json"), "--strict", "--pretty", "false")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tsc --strict over the templates: %v\n%s", err, out)
	}
}
