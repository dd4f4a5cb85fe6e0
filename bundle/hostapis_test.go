package bundle

import (
	"strings"
	"testing"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/testtree"
)

// TestUnlistedHostAPIsWarn: a host API the docs do not list is a warning (the build still
// succeeds) once per API at its first use in the TypeScript, with the count of the others; the
// same names in strings, templates, comments, regular expressions, property names and object
// keys are no use, and a project's own declaration of the name is its own.
func TestUnlistedHostAPIsWarn(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"package.json": `{}`,
		"src/definition.ts": "export const text = 'atob and btoa in a string';\n" +
			"// structuredClone in a comment\n" +
			"export const re = /atob/g;\n" +
			"export const obj = { atob: 1, TextDecoder: 2 };\n" +
			"export const prop = obj.atob + `${obj.TextDecoder} structuredClone`;\n" +
			"export const bytes = new TextEncoder().encode('x');\n" +
			"export const copy = structuredClone({ a: 1 });\n" +
			"export const again = structuredClone(copy);\n" +
			"export const viaGlobal = globalThis.btoa('x');\n" +
			"export { mine } from './own';\n",
		"src/own.ts": "function atob(s: string) { return s; }\nexport const mine = atob('x');\n",
	})
	res := build(t, dir)
	if !res.OK() {
		t.Fatalf("a warning must not fail the build: %v", res.Diagnostics)
	}
	var got []string
	for _, d := range res.Diagnostics {
		if d.Code != diag.CodeUnlistedAPI {
			t.Errorf("unexpected %s", d)
			continue
		}
		if d.Severity != diag.Warning {
			t.Errorf("not a warning: %s", d)
		}
		got = append(got, d.Location()+" "+strings.TrimSuffix(strings.Fields(d.Message)[1], ","))
	}
	want := "src/definition.ts:7:21 structuredClone, src/definition.ts:6:26 TextEncoder, src/definition.ts:9:37 btoa"
	if strings.Join(got, ", ") != want {
		t.Fatalf("got %v\n%v", got, res.Diagnostics)
	}
	for _, d := range res.Diagnostics {
		if strings.Contains(d.Message, "structuredClone") && !strings.Contains(d.Message, "(and 1 more uses)") {
			t.Errorf("the second use is not counted: %s", d.Message)
		}
	}
}

// TestNoHostAPINoScan: a bundle that names none of the APIs gets no warning.
func TestNoHostAPINoScan(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"package.json":      `{}`,
		"src/definition.ts": "export default JSON.parse(JSON.stringify({ a: [1, 2] }));\n",
	})
	res := build(t, dir)
	for _, d := range res.Diagnostics {
		t.Errorf("unexpected %s", d)
	}
}
