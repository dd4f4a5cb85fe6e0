package testcmd

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/internal/testtree"
)

// tsHostile is what an author test may print, as TypeScript writes it: an OSC that sets the
// window title, an OSC 52 that writes the clipboard, a C1 CSI, a CR over the line; shown is how
// the terminal gets it.
const (
	tsHostile = `\x1b]0;pwned\x07 \x1b]52;c;aGk=\x07 \u009b31m \r`
	shown     = `\u001b]0;pwned\u0007 \u001b]52;c;aGk=\u0007 \u009b31m \u000d`
)

// escapingTests name tests, log, skip, fail and throw with the escapes, beside ordinary Unicode.
const escapingTests = `import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
console.log('top ` + tsHostile + `');
describe('suite ` + tsHostile + `', () => {
  test('passes ` + tsHostile + `', () => { console.log('inside ` + tsHostile + `'); console.error('two\nlines'); });
  test('fails ` + tsHostile + `', () => { assert.equal('a ` + tsHostile + `', 'b'); });
  test('throws', () => { throw new Error('thrown ` + tsHostile + `'); });
  test.skip('skipped', () => {}, );
  test('Lämpchen 灯 👩‍💻 ❤️', () => { console.log('ordinary: café 中文 🗳️\ttab'); });
});
`

// TestOutputCarriesNoControlSequences: test names, console output, assertion and thrown messages
// reach neither stream raw, in text or JSON; ordinary Unicode prints unchanged.
func TestOutputCarriesNoControlSequences(t *testing.T) {
	dir := testtree.Write(t, map[string]string{"test/escapes.test.ts": escapingTests})
	ios, _, out, errOut := cmdutil.Test()
	err := Run(context.Background(), &Options{IO: ios, Dir: dir, Timeout: 5 * time.Second})
	if cmdutil.ExitCode(err) != cmdutil.ExitInvalid {
		t.Fatalf("exit %d (%v)\n%s\n%s", cmdutil.ExitCode(err), err, out, errOut)
	}
	assertClean(t, "stdout", out.String())
	assertClean(t, "stderr", errOut.String())
	for _, want := range []string{
		"  ok   suite " + shown + " > passes " + shown,
		"  FAIL suite " + shown + " > fails " + shown,
		"thrown " + shown,
		"  ok   suite " + shown + " > Lämpchen 灯 👩‍💻 ❤️",
		`'a \x1B]0;pwned\x07 \x1B]52;c;aGk=\x07 \u009b31m \r' !== 'b'`, // assert's own inspection escapes
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	for _, want := range []string{
		"console.log: top " + shown + "\n",
		"console.log: inside " + shown + "\n",
		"console.error: two\nlines\n",
		"console.log: ordinary: café 中文 🗳️\ttab\n",
	} {
		if !strings.Contains(errOut.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}

	ios, _, out, _ = cmdutil.Test()
	err = Run(context.Background(), &Options{IO: ios, Dir: dir, Timeout: 5 * time.Second, JSON: true})
	if cmdutil.ExitCode(err) != cmdutil.ExitInvalid {
		t.Fatalf("--json: exit %d (%v)", cmdutil.ExitCode(err), err)
	}
	assertClean(t, "--json", out.String())
	var report struct{ Results []struct{ Name string } }
	if err := json.Unmarshal(out.Bytes(), &report); err != nil {
		t.Fatal(err)
	}
	// The JSON holds the author's exact name: controls travel as data, escaped the JSON way.
	if want := "suite \x1b]0;pwned\x07 \x1b]52;c;aGk=\x07 \u009b31m \r > passes \x1b]0;pwned\x07 \x1b]52;c;aGk=\x07 \u009b31m \r"; len(report.Results) == 0 || report.Results[0].Name != want {
		t.Fatalf("--json names %q, want %q", report.Results, want)
	}
}

// assertClean fails when s holds a byte a terminal would act on (ESC, BEL, CR, any other C0
// control but newline and tab, DEL, a C1 control, a byte that is not UTF-8).
func assertClean(t *testing.T, what, s string) {
	t.Helper()
	for i, r := range s {
		bad := r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r <= 0x9f || r == '\uFFFD' && !strings.HasPrefix(s[i:], "\uFFFD")
		if bad {
			t.Fatalf("%s holds the control byte %#x at %d:\n%q", what, s[i], i, s)
		}
	}
}

// TestHostileTermEscapeBundle: testdata/hostile/term-escape-label.ts under a test that creates
// it, views it (the view logs the escapes) and runs its action, as scripts/hostile does: the run
// passes and prints no control character.
func TestHostileTermEscapeBundle(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "testdata", "hostile", "term-escape-label.ts"))
	if err != nil {
		t.Fatal(err)
	}
	dir := testtree.Write(t, map[string]string{
		"package.json":      `{"name":"hostile"}`,
		"src/definition.ts": string(src),
		"test/hostile.test.ts": `import { test } from 'node:test';
import { ObjectRegistry } from '@scape/sdk/runtime';
import gizmo from '../src/definition.js';
test('create, view and act ' + gizmo.label, () => {
  const registry = new ObjectRegistry([gizmo]);
  const instance = registry.create(gizmo.emoji, 'hostile-1')!;
  gizmo.view!(instance.state, { actorId: 'owner', canEdit: true });
  for (const name of Object.keys(gizmo.actions)) registry.act(instance, { name, payload: {} }, { actorId: 'owner', canEdit: true, now: 0, randomInt: (min: number) => min });
});
`,
	})
	ios, _, out, errOut := cmdutil.Test()
	if err := Run(context.Background(), &Options{IO: ios, Dir: dir, Timeout: 5 * time.Second}); err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, errOut)
	}
	assertClean(t, "stdout", out.String())
	assertClean(t, "stderr", errOut.String())
	for _, want := range []string{
		`  ok   create, view and act Escapes \u001b]0;pwned\u0007\u001b]52;c;aGk=\u0007\u009b31m\u000d\u001b[2K✓ hostile is valid`,
		`console.log: view \u001b]0;pwned\u0007`,
	} {
		if !strings.Contains(out.String()+errOut.String(), want) {
			t.Errorf("output lacks %q:\n%s\n%s", want, out, errOut)
		}
	}
}
