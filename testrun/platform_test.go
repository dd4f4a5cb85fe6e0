package testrun

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scapeworld/scape/internal/testtree"
)

// A test file that imports a file in another case than the file's fails, with the build's
// message, on every platform (here on Linux it would not resolve; on a Mac it would pass).
func TestImportInAnotherCaseFailsTheTestFile(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"src/lamp.ts":       "export const on = true;\n",
		"test/lamp.test.ts": header + "import { on } from '../src/Lamp.js';\ntest('on', () => { assert.equal(on, true); });\n",
	})
	r := byName(run(t, dir))["test/lamp.test.ts"]
	want := `test/lamp.test.ts:3:20: import "../src/Lamp.js" does not match the file's name on disk "../src/lamp.ts" in case (write "../src/lamp.js")`
	if r.Status != Failed || !strings.Contains(r.Message, want) || r.At.Line != 3 || r.At.Column != 20 {
		t.Fatalf("%s at %d:%d: %q\nwant a failure with %q", r.Status, r.At.Line, r.At.Column, r.Message, want)
	}
}

// A suite saved with CRLF line ends (a Windows editor, git's autocrlf) reports every failure
// exactly as the LF one does: an assertion, an error thrown in a callback in another file, a
// syntax error esbuild finds, all at the same file, line, column, line text and message.
func TestCRLFFailuresMatchLF(t *testing.T) {
	files := map[string]string{
		"src/lib.ts":          "export const lamps = ['a', 'b'];\n\nexport function check(names: string[]): number {\n  return names.map((n) => {\n    if (n === 'b') {\n      throw new RangeError('no ' + n);\n    }\n    return 1;\n  }).length;\n}\n",
		"test/lib.test.ts":    header + "import { lamps, check } from '../src/lib.js';\n\ntest('count', () => {\n  const label = '🏮 灯';\n  assert.equal(label + lamps.length, 'x');\n});\ntest('callback throws', () => {\n  check(lamps);\n});\n",
		"test/syntax.test.ts": header + "test('x', () => {\n\n  const = 1;\n});\n",
	}
	results := func(crlf bool) string {
		tree := map[string]string{}
		for name, text := range files {
			if crlf {
				text = strings.ReplaceAll(text, "\n", "\r\n")
			}
			tree[name] = text
		}
		var b strings.Builder
		for _, r := range run(t, testtree.Write(t, tree)).Results {
			fmt.Fprintf(&b, "%s %s %s:%d:%d %q %q\n", r.Name, r.Status, r.At.File, r.At.Line, r.At.Column, r.At.LineText, r.Message)
		}
		return b.String()
	}
	lf, crlf := results(false), results(true)
	if lf != crlf {
		t.Fatalf("LF:\n%s\nCRLF:\n%s", lf, crlf)
	}
	for _, want := range []string{
		`count fail test/lib.test.ts:7:10 "  assert.equal(label + lamps.length, 'x');"`,
		`callback throws fail src/lib.ts:6:13 "      throw new RangeError('no ' + n);" "RangeError: no b"`,
		`test/syntax.test.ts fail test/syntax.test.ts:5:9`,
	} {
		if !strings.Contains(lf, want) {
			t.Errorf("missing %q in\n%s", want, lf)
		}
	}
}

// A test file is read as the build reads the project (bundle.InputGuard): a file nested past the
// bound, or an import leaving the project, fails the file with the build's message, before
// esbuild parses it (a deep enough nesting would overflow esbuild's stack and end the process).
func TestTestFilesAreReadThroughTheInputGuard(t *testing.T) {
	deep := strings.Repeat("[", 600) + strings.Repeat("]", 600)
	outside := filepath.ToSlash(filepath.Join(t.TempDir(), "secret.json"))
	if err := os.WriteFile(outside, []byte(`{"secret": true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := testtree.Write(t, map[string]string{
		"src/deep.ts":          "export const deep = " + deep + ";\n",
		"test/deep.test.ts":    header + "import { deep } from '../src/deep.js';\ntest('deep', () => { assert.ok(deep); });\n",
		"test/outside.test.ts": header + "import data from '" + outside + "';\ntest('x', () => { assert.ok(data); });\n",
	})
	got := byName(run(t, dir))
	if r := got["test/deep.test.ts"]; r.Status != Failed || !strings.Contains(r.Message, "nested more than 500 levels deep") {
		t.Errorf("deep: %s %q", r.Status, r.Message)
	}
	if r := got["test/outside.test.ts"]; r.Status != Failed || !strings.Contains(r.Message, outside) {
		t.Errorf("outside: %s %q", r.Status, r.Message)
	}
}
