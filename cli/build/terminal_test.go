package build

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scapeworld/scape/cli/cmdutil"
)

// The escapes of docs/security.md's class 9, as TypeScript source writes them: an OSC that sets
// the window title, an OSC 52 that writes the clipboard, a C1 CSI (U+009B) that colours, and a
// CR that sends the cursor back over the line.
const (
	tsHostile = `\x1b]0;pwned\x07 \x1b]52;c;aGk=\x07 \u009b31m \r`
	// shown is how the terminal gets them: escaped as a TypeScript string writes them.
	shown = `\u001b]0;pwned\u0007 \u001b]52;c;aGk=\u0007 \u009b31m \u000d`
)

// escapeDefinitions is a valid project whose every author string carries the escapes: the
// type (a warning: control characters in a type), the label, the hint, a console.log at the top
// level; and a second definition in ordinary Unicode, which must print unchanged.
const escapeDefinitions = `import { defineProject, defineObject } from '@scape/sdk';
console.log('log ` + tsHostile + `');
console.log('line one\nline two\tand a tab');
const evil = defineObject({
  type: 'evil.lamp` + tsHostile + `', version: 1, emoji: '🧪', label: 'Lamp ` + tsHostile + `', hint: 'hint ` + tsHostile + `',
  initial: () => ({}), valid: (s): s is {} => typeof s === 'object' && s !== null, actions: {},
});
const fine = defineObject({
  type: 'café.灯', version: 1, emoji: '👩‍💻', label: 'Lämpchen 灯 ❤️ 中文', hint: 'a lamp',
  initial: () => ({}), valid: (s): s is {} => typeof s === 'object' && s !== null, actions: {},
});
export default defineProject({ objects: [evil, fine] });
`

// thrownDefinition is an invalid one: its error message, quoted in the diagnostic, carries them.
const thrownDefinition = `import { defineObject } from '@scape/sdk';
export default defineObject({
  type: 't.thrown', version: 1, emoji: '🧨', label: 'Boom ` + tsHostile + `', hint: '',
  initial: () => { throw new Error('boom ` + tsHostile + `\nsecond line'); },
  valid: (s): s is {} => true, actions: {},
});
`

func projectWith(t *testing.T, source string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"escapes"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "src", "definition.ts"), []byte(source), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// controlAt is the index of the first byte in s a terminal would act on (ESC, BEL, CR, any other
// C0 control but newline and tab, DEL, a C1 control, a byte that is not UTF-8), or -1.
func controlAt(s string) int {
	for i, r := range s {
		switch {
		case r == '\uFFFD' && !strings.HasPrefix(s[i:], "\uFFFD"):
			return i
		case r < 0x20 && r != '\n' && r != '\t', r >= 0x7f && r <= 0x9f:
			return i
		}
	}
	return -1
}

func assertClean(t *testing.T, what, s string) {
	t.Helper()
	if i := controlAt(s); i >= 0 {
		t.Fatalf("%s holds the control byte %#x at %d:\n%q", what, s[i], i, s)
	}
}

// TestBuildOutputCarriesNoControlSequences: the author's escapes reach neither stream of a
// build, valid or invalid, in colour or not; they show escaped, and ordinary text is unchanged.
func TestBuildOutputCarriesNoControlSequences(t *testing.T) {
	dir := projectWith(t, escapeDefinitions)
	ios, _, out, errOut := cmdutil.Test()
	if err := Run(context.Background(), &Options{IO: ios, Dir: dir, NoTypecheck: true}); err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	assertClean(t, "stdout", out.String())
	assertClean(t, "stderr", errOut.String())
	for _, want := range []string{
		"🧪 evil.lamp" + shown + " v1  Lamp " + shown + "\n", // the definitions listed
		"👩‍💻 café.灯 v1  Lämpchen 灯 ❤️ 中文\n",                 // ordinary Unicode unchanged
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	for _, want := range []string{
		"console.log: log " + shown + "\n",
		"console.log: line one\nline two\tand a tab\n",
		"type: contains whitespace or control characters", // the warning quoting the type
		`(got "evil.lamp\u001b]0;pwned\u0007`,
	} {
		if !strings.Contains(errOut.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}

	// With colour, the only escape sequences are the renderer's own SGR colours.
	ios, _, out, errOut = cmdutil.Test()
	ios.NoColor = false
	if err := Run(context.Background(), &Options{IO: ios, Dir: dir, NoTypecheck: true}); err != nil {
		t.Fatal(err)
	}
	coloured := errOut.String()
	if !strings.Contains(coloured, "\x1b[33m") {
		t.Fatalf("no colour on the warning: %q", coloured)
	}
	for _, sgr := range []string{"\x1b[31m", "\x1b[33m", "\x1b[1m", "\x1b[2m", "\x1b[32m", "\x1b[0m"} {
		coloured = strings.ReplaceAll(coloured, sgr, "")
	}
	assertClean(t, "coloured stderr", coloured)
	assertClean(t, "coloured stdout", out.String())

	// --json carries the exact characters as data, with every control escaped the JSON way.
	ios, _, out, _ = cmdutil.Test()
	if err := Run(context.Background(), &Options{IO: ios, Dir: dir, JSON: true, NoTypecheck: true}); err != nil {
		t.Fatal(err)
	}
	assertClean(t, "--json", out.String())
	var rep Report
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if got, want := rep.Definitions[0].Label, "Lamp \x1b]0;pwned\x07 \x1b]52;c;aGk=\x07 \u009b31m \r"; got != want {
		t.Fatalf("the JSON label is %q, want the author's %q", got, want)
	}
}

// TestInvalidBuildOutputCarriesNoControlSequences: a thrown message with the escapes and a
// second line prints escaped, its line break kept.
func TestInvalidBuildOutputCarriesNoControlSequences(t *testing.T) {
	dir := projectWith(t, thrownDefinition)
	ios, _, out, errOut := cmdutil.Test()
	err := Run(context.Background(), &Options{IO: ios, Dir: dir, NoTypecheck: true})
	if cmdutil.ExitCode(err) != cmdutil.ExitInvalid {
		t.Fatalf("exit %d (%v)\n%s", cmdutil.ExitCode(err), err, errOut)
	}
	assertClean(t, "stdout", out.String())
	assertClean(t, "stderr", errOut.String())
	for _, want := range []string{
		"t.thrown (🧨 Boom " + strings.TrimSuffix(shown, ` \u000d`) + "): ", // the label (trimmed)
		"initial: threw boom " + shown + "\nsecond line\n",
	} {
		if !strings.Contains(errOut.String(), want) {
			t.Fatalf("stderr lacks %q:\n%s", want, errOut)
		}
	}
}

// lookalikeDefinitions are docs/security.md's class 10: the reserved type and emoji written with
// a zero-width space, which every list and palette shows as scape.piano and 🎹.
const lookalikeDefinitions = `import { defineProject, defineObject } from '@scape/sdk';
const valid = (s: unknown): s is {} => typeof s === 'object' && s !== null;
const a = defineObject({ type: 'scape\u200b.piano', version: 1, emoji: '🎸', label: 'Piano', hint: '', initial: () => ({}), valid, actions: {} });
const b = defineObject({ type: 'my-game.piano', version: 1, emoji: '🎹\u200b', label: 'Piano', hint: '', initial: () => ({}), valid, actions: {} });
export default defineProject({ objects: [a, b] });
`

// ordinaryDefinitions are the same with ordinary identities: a ZWJ sequence, and one that joins
// a reserved emoji (🔥) to another with a variation selector and a joiner.
const ordinaryDefinitions = `import { defineProject, defineObject } from '@scape/sdk';
const valid = (s: unknown): s is {} => typeof s === 'object' && s !== null;
const a = defineObject({ type: 'my-game.keys', version: 1, emoji: '👩\u200d💻', label: 'Keys', hint: '', initial: () => ({}), valid, actions: {} });
const b = defineObject({ type: 'my-game.piano', version: 1, emoji: '❤\ufe0f\u200d🔥', label: 'Piano', hint: '', initial: () => ({}), valid, actions: {} });
export default defineProject({ objects: [a, b] });
`

// TestLookalikeReservedIdentities: the build refuses a reserved type and emoji spelled with an
// invisible character, naming the field and showing the value with the invisible made visible;
// ordinary ZWJ and variation-selector emojis still build.
func TestLookalikeReservedIdentities(t *testing.T) {
	dir := projectWith(t, lookalikeDefinitions)
	ios, _, out, errOut := cmdutil.Test()
	err := Run(context.Background(), &Options{IO: ios, Dir: dir, NoTypecheck: true})
	if cmdutil.ExitCode(err) != cmdutil.ExitInvalid {
		t.Fatalf("exit %d (%v), want 1\n%s%s", cmdutil.ExitCode(err), err, out, errOut)
	}
	for _, want := range []string{
		"src/definition.ts:3:26: scape\u200b.piano (🎸 Piano): type: uses the reserved \"scape.\" namespace once its invisible characters are removed (\"scape\\u200b.piano\" reads \"scape.piano\") (choose your own, like \"my-game.counter\") (got \"scape\u200b.piano\")\n",
		"src/definition.ts:4:61: my-game.piano (🎹\u200b Piano): emoji: is reserved for a built-in Gizmo once its invisible characters are removed (\"🎹\\u200b\" reads \"🎹\") (choose another emoji) (got \"🎹\u200b\")\n",
		"✗ escapes is invalid: 2 errors",
	} {
		if !strings.Contains(errOut.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	ios, _, out, _ = cmdutil.Test()
	if err := Run(context.Background(), &Options{IO: ios, Dir: dir, JSON: true, NoTypecheck: true}); cmdutil.ExitCode(err) != cmdutil.ExitInvalid {
		t.Fatalf("--json: exit %d (%v)", cmdutil.ExitCode(err), err)
	}
	var rep Report
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	var rules []string
	for _, d := range rep.Errors {
		rules = append(rules, d.Path+" "+d.Rule)
	}
	if strings.Join(rules, ", ") != "type catalog.reserved.namespace, emoji catalog.reserved.emoji" {
		t.Fatalf("errors %v", rules)
	}

	dir = projectWith(t, ordinaryDefinitions)
	ios, _, out, errOut = cmdutil.Test()
	if err := Run(context.Background(), &Options{IO: ios, Dir: dir, NoTypecheck: true}); err != nil {
		t.Fatalf("ordinary emojis refused: %v\n%s", err, errOut)
	}
	if !strings.Contains(out.String(), "👩\u200d💻 my-game.keys v1") || !strings.Contains(out.String(), "❤\ufe0f\u200d🔥 my-game.piano v1") || errOut.Len() != 0 {
		t.Fatalf("stdout:\n%s\nstderr:\n%s", out, errOut)
	}
}

// TestHostileTermEscapeBundle: testdata/hostile/term-escape-label.ts (escapes in its type, label,
// hint, action, control and sound names, view and console output) builds, and neither stream of
// the build, in text or JSON, carries a control character.
func TestHostileTermEscapeBundle(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "testdata", "hostile", "term-escape-label.ts"))
	if err != nil {
		t.Fatal(err)
	}
	dir := projectWith(t, string(src))
	for _, asJSON := range []bool{false, true} {
		ios, _, out, errOut := cmdutil.Test()
		if err := Run(context.Background(), &Options{IO: ios, Dir: dir, JSON: asJSON, NoTypecheck: true}); err != nil {
			t.Fatalf("json %v: %v\n%s", asJSON, err, errOut)
		}
		assertClean(t, "stdout", out.String())
		assertClean(t, "stderr", errOut.String())
		if !strings.Contains(errOut.String(), `console.log: top level \u001b]0;pwned\u0007\u001b]52;c;aGk=\u0007\u009b31m\u000d\u001b[2K✓ hostile is valid`) {
			t.Fatalf("json %v: the console line is not shown escaped:\n%s", asJSON, errOut)
		}
	}
}
