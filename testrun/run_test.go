package testrun

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/testtree"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/kit"
)

// fakeSDK is a tiny SDK with the toolchain global jsrt needs, so these tests exercise the
// runner alone, whatever state the real SDK is in.
var fakeSDK = sync.OnceValues(func() (*kit.Compiled, error) {
	return kit.CompileSDK(fstest.MapFS{
		"package.json": {Data: []byte(`{"name":"@scape/sdk","version":"0.1.0"}`)},
		"src/toolchain.ts": {Data: []byte(`
export class ObjectActionError extends Error {
  constructor(readonly status: number, message: string) { super(message); this.name = 'ObjectActionError'; }
}
const sdk = { ObjectActionError, double: (n: number) => n * 2 };
const runtime = { refuse: () => { throw new ObjectActionError(403, 'not allowed'); } };
// What jsrt needs of every toolchain besides the modules: which callback runs (JSON), how to
// describe a thrown value (JSON) and to show console arguments.
const describeThrown = (e: unknown) =>
  JSON.stringify(e instanceof Error ? { error: true, name: String(e.name), message: String(e.message), stack: String(e.stack) } : { error: false, name: '', message: String(e), stack: '' });
const display = (...values: unknown[]) => values.map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))).join(' ');
(globalThis as any).__scapeToolchain = { sdk, runtime, currentCall: () => 'null', describeThrown, display };
`)},
	})
})

func run(t *testing.T, dir string, mutate ...func(*Options)) *Report {
	t.Helper()
	sdk, err := fakeSDK()
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Dir: dir, SDK: sdk}
	for _, m := range mutate {
		m(&opts)
	}
	report, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return report
}

func byName(r *Report) map[string]Result {
	out := map[string]Result{}
	for _, res := range r.Results {
		out[res.Name] = res
	}
	return out
}

const header = "import { test, describe, it, before, after, beforeEach, afterEach } from 'node:test';\nimport assert from 'node:assert/strict';\n"

func TestPassFailAndLocations(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"src/lib.ts": "export const add = (a: number, b: number): number => a + b;\nexport function explode(): never {\n  throw new RangeError('boom');\n}\n",
		"test/math.test.ts": header + `import { add, explode } from '../src/lib.js';
import { double, ObjectActionError } from '@scape/sdk';
import { refuse } from '@scape/sdk/runtime';

describe('math', () => {
  test('adds', () => {
    assert.equal(add(1, 2), 3);
  });
  test('adds wrongly', () => {
    const sum: number = add(2, 2);
    assert.equal(sum, 5);
  });
  it('async pass', async () => {
    await Promise.resolve();
    assert.deepEqual({ a: [1, 2] }, { a: [1, 2] });
  });
  it('async fail', async () => {
    await null;
    assert.deepStrictEqual({ a: 1 }, { a: 2 });
  });
});
test('throws from the library', () => {
  explode();
});
test('sdk is supplied', () => {
  assert.equal(double(21), 42);
  assert.throws(() => refuse(), (e: unknown) => e instanceof ObjectActionError && e.status === 403);
});
`,
	})
	report := run(t, dir)
	if report.Passed != 3 || report.Failed != 3 {
		t.Fatalf("passed %d, failed %d: %+v", report.Passed, report.Failed, report.Results)
	}
	results := byName(report)
	wrong := results["math > adds wrongly"]
	if wrong.Status != Failed || wrong.Location() != "test/math.test.ts:13" {
		t.Errorf("adds wrongly: %s at %s, want failure at test/math.test.ts:13", wrong.Status, wrong.Location())
	}
	if want := "Expected values to be strictly equal:\n\n4 !== 5\n"; wrong.Message != want {
		t.Errorf("message %q, want %q", wrong.Message, want)
	}
	if !strings.Contains(wrong.At.LineText, "assert.equal(sum, 5)") {
		t.Errorf("line text %q", wrong.At.LineText)
	}
	async := results["math > async fail"]
	if async.Location() != "test/math.test.ts:21" || !strings.Contains(async.Message, "strictly deep-equal") {
		t.Errorf("async fail: %q at %s", async.Message, async.Location())
	}
	thrown := results["throws from the library"]
	if thrown.Location() != "src/lib.ts:3" || thrown.Message != "RangeError: boom" {
		t.Errorf("thrown: %q at %s, want RangeError: boom at src/lib.ts:3", thrown.Message, thrown.Location())
	}
}

func TestHooksSkipTodoAndSubtests(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"test/hooks.test.ts": header + `
const log: string[] = [];
before(() => { log.push('root before'); });
describe('outer', () => {
  before(() => { log.push('before'); });
  beforeEach(() => { log.push('beforeEach'); });
  afterEach(() => { log.push('afterEach'); });
  after(() => { log.push('after'); });
  test('one', () => { log.push('one'); });
  test('two', async () => { await null; log.push('two'); });
});
test('order', () => {
  assert.deepEqual(log, ['root before', 'before', 'beforeEach', 'one', 'afterEach', 'beforeEach', 'two', 'afterEach', 'after']);
});
test.skip('skipped', () => { throw new Error('must not run'); });
test('skipped by option', { skip: 'not today' }, () => { throw new Error('must not run'); });
test('skipped inside', (t) => { t.skip('later'); });
test.todo('todo failing', () => { assert.fail('not yet'); });
describe.skip('skipped suite', () => { test('inner', () => { throw new Error('must not run'); }); });
test('subtests', async (t) => {
  await t.test('inner ok', () => { assert.ok(true); });
  await t.test('inner bad', () => { assert.equal(1, 2); });
});
`,
	})
	report := run(t, dir)
	results := byName(report)
	if r := results["order"]; r.Status != Passed {
		t.Errorf("hook order: %s %s", r.Status, r.Message)
	}
	for _, name := range []string{"skipped", "skipped by option", "skipped inside", "skipped suite > inner"} {
		if r := results[name]; r.Status != Skipped {
			t.Errorf("%s: %s (%s)", name, r.Status, r.Message)
		}
	}
	if r := results["skipped by option"]; r.Message != "not today" {
		t.Errorf("skip reason %q", r.Message)
	}
	if r := results["todo failing"]; r.Status != Todo {
		t.Errorf("todo: %s", r.Status)
	}
	if r := results["subtests"]; r.Status != Failed || !strings.Contains(r.Message, "1 !== 2") {
		t.Errorf("subtests: %s %q", r.Status, r.Message)
	}
	if report.Failed != 1 || report.Skipped != 4 || report.Todo != 1 || report.Passed != 3 {
		t.Errorf("counts: %d passed %d failed %d skipped %d todo", report.Passed, report.Failed, report.Skipped, report.Todo)
	}
}

// Runaway code fails its own test, with a position, and the next test still runs.
func TestGuards(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"test/guard.test.ts": header + `
test('loops forever', () => {
  for (;;) {}
});
test('recurses forever', () => {
  const down = (n: number): number => down(n + 1) + 1;
  down(0);
});
test('never settles', async () => {
  await new Promise(() => {});
});
test('still runs', () => {
  assert.ok(true);
});
`,
	})
	started := time.Now()
	report := run(t, dir, func(o *Options) { o.Timeout = 300 * time.Millisecond })
	if elapsed := time.Since(started); elapsed > 20*time.Second {
		t.Errorf("guards took %s", elapsed)
	}
	results := byName(report)
	if r := results["loops forever"]; r.Status != Failed || !strings.Contains(r.Message, "did not return within") || r.Location() != "test/guard.test.ts:4" {
		t.Errorf("loop: %s %q at %s", r.Status, r.Message, r.Location())
	}
	if r := results["recurses forever"]; r.Status != Failed || !strings.Contains(r.Message, "recursed too deeply") {
		t.Errorf("recursion: %s %q", r.Status, r.Message)
	}
	if r := results["never settles"]; r.Status != Failed || !strings.Contains(r.Message, "never finished") {
		t.Errorf("pending: %s %q", r.Status, r.Message)
	}
	if r := results["still runs"]; r.Status != Passed {
		t.Errorf("after the guards: %s %q", r.Status, r.Message)
	}
}

func TestCompileErrorsAndUnsupportedImports(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"test/fs.test.ts":     header + "import { readFileSync } from 'node:fs';\ntest('x', () => { readFileSync('x'); });\n",
		"test/syntax.test.ts": header + "test('x', () => {\n  const = 1;\n});\n",
		"test/ok.test.ts":     header + "test('fine', () => {});\n",
	})
	report := run(t, dir)
	results := byName(report)
	fsr := results["test/fs.test.ts"]
	if fsr.Status != Failed || fsr.Location() != "test/fs.test.ts:3" || !strings.Contains(fsr.Message, `unsupported import "node:fs"`) {
		t.Errorf("node:fs: %s %q at %s", fsr.Status, fsr.Message, fsr.Location())
	}
	syn := results["test/syntax.test.ts"]
	if syn.Status != Failed || syn.Location() != "test/syntax.test.ts:4" {
		t.Errorf("syntax: %s %q at %s", syn.Status, syn.Message, syn.Location())
	}
	if results["fine"].Status != Passed {
		t.Error("a good file next to broken ones did not run")
	}
}

func TestPatternAndDiscovery(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"test/a.test.ts":                 header + "test('alpha one', () => {});\ntest('beta', () => {});\n",
		"src/b.test.ts":                  header + "test('gamma', () => {});\n",
		"node_modules/x/c.test.ts":       "throw new Error('never found')",
		"vendor/scape-sdk/src/d.test.ts": "throw new Error('never found')",
		".scape/e.test.ts":               "throw new Error('never found')",
		"dist/f.test.ts":                 "throw new Error('never found')",
	})
	files, err := FindTests(dir)
	if err != nil || strings.Join(files, ",") != "src/b.test.ts,test/a.test.ts" {
		t.Fatalf("FindTests = %v, %v", files, err)
	}
	report := run(t, dir, func(o *Options) { o.Pattern = regexp.MustCompile("alpha") })
	if len(report.Results) != 1 || report.Results[0].Name != "alpha one" {
		t.Errorf("pattern by name: %+v", report.Results)
	}
	report = run(t, dir, func(o *Options) { o.Pattern = regexp.MustCompile(`^src/`) })
	if len(report.Results) != 1 || report.Results[0].Name != "gamma" {
		t.Errorf("pattern by file: %+v", report.Results)
	}
}

func TestConsoleIsCaptured(t *testing.T) {
	dir := testtree.Write(t, map[string]string{"test/log.test.ts": header + "test('logs', () => { console.log('hello', 42); });\n"})
	var lines []string
	run(t, dir, func(o *Options) {
		o.Console = func(file, level, text string) { lines = append(lines, file+" "+level+" "+text) }
	})
	if strings.Join(lines, "|") != "test/log.test.ts log hello 42" {
		t.Errorf("console lines %q", lines)
	}
}

func TestMemoryGuardAndBrokenSuites(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"test/mem.test.ts": header + `
test('hoards memory', () => {
  const hoard: number[][] = [];
  for (;;) hoard.push(new Array(10000).fill(1));
});
describe('broken suite', () => {
  throw new Error('suite body failed');
});
describe('bad hook', () => {
  beforeEach(() => { throw new Error('hook failed'); });
  test('never reached', () => {});
});
test('after all that', () => {});
`,
	})
	report := run(t, dir, func(o *Options) { o.HeapBudget = 64 << 20; o.Timeout = 20 * time.Second })
	results := byName(report)
	if r := results["hoards memory"]; r.Status != Failed || !strings.Contains(r.Message, "memory") {
		t.Errorf("memory: %s %q", r.Status, r.Message)
	}
	if r := results["broken suite"]; r.Status != Failed || r.Message != "suite body failed" || r.Location() != "test/mem.test.ts:9" {
		t.Errorf("broken suite: %s %q at %s", r.Status, r.Message, r.Location())
	}
	if r := results["bad hook > never reached"]; r.Status != Failed || r.Message != "hook failed" {
		t.Errorf("hook: %s %q", r.Status, r.Message)
	}
	if r := results["after all that"]; r.Status != Passed {
		t.Errorf("last test: %s %q", r.Status, r.Message)
	}
}

// A regular expression goja runs wrongly fails its file at the TypeScript line, like a build.
func TestUnfaithfulRegexpFailsTheFile(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"src/text.ts":       "// A letter check\nexport const letters = /^\\p{L}+$/u;\n",
		"test/text.test.ts": header + "import { letters } from '../src/text.js';\ntest('letters', () => { assert.ok(letters.test('abc')); });\n",
	})
	report := run(t, dir)
	if len(report.Results) != 1 {
		t.Fatalf("results %+v", report.Results)
	}
	r := report.Results[0]
	if r.Status != Failed || r.Location() != "src/text.ts:2" || !strings.Contains(r.Message, `\p{`) {
		t.Errorf("%s %q at %s", r.Status, r.Message, r.Location())
	}
}

// Packages in node_modules are bundled into the test, as into a build.
func TestNodeModulesAreBundled(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"node_modules/tiny/package.json": `{"name":"tiny","main":"index.js"}`,
		"node_modules/tiny/index.js":     "module.exports = { triple: (n) => n * 3 };\n",
		"data/table.json":                `{"answer": 42}`,
		"test/dep.test.ts":               header + "import { triple } from 'tiny';\nimport table from '../data/table.json';\ntest('uses a package and JSON', () => { assert.equal(triple(table.answer), 126); });\n",
	})
	report := run(t, dir)
	if report.Passed != 1 || report.Failed != 0 {
		t.Errorf("%+v", report.Results)
	}
}

// With SDKSource, '@scape/sdk' and '@scape/sdk/runtime' are bundled from that package's sources
// rather than supplied: a test importing the sources relatively and a module importing
// '@scape/sdk' then share one instance (the SDK's own suite relies on it); without it, the
// supplied SDK is a different instance.
func TestSDKSourceGivesOneInstance(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"sdk/src/index.ts":   "export class ObjectActionError extends Error {}\nexport const origin = 'source';\n",
		"sdk/src/runtime.ts": "import { ObjectActionError } from './index.js';\nexport const refuse = (): never => { throw new ObjectActionError('no'); };\n",
		"example/definition.ts": "import { ObjectActionError, origin } from '@scape/sdk';\n" +
			"export const fail = (): never => { throw new ObjectActionError(origin); };\n",
		"sdk/test/one.test.ts": header + `import { ObjectActionError } from '../src/index.js';
import { refuse } from '@scape/sdk/runtime';
import { fail } from '../../example/definition.js';

test('one instance', () => {
  assert.throws(() => fail(), (e: unknown) => e instanceof ObjectActionError && e.message === 'source');
  assert.throws(() => refuse(), ObjectActionError);
});
`,
	})
	sdkDir := filepath.Join(dir, "sdk")
	bundled := run(t, sdkDir, func(o *Options) { o.SDKSource = sdkDir })
	if bundled.Passed != 1 || bundled.Failed != 0 {
		t.Fatalf("with SDKSource: %+v", bundled.Results)
	}
	supplied := run(t, sdkDir)
	if supplied.Passed != 0 || supplied.Failed != 1 {
		t.Fatalf("without SDKSource the supplied SDK should be a second instance: %+v", supplied.Results)
	}
}

// Hostile thrown values (the issue's `throw { toString() { for (;;) {} } }`) and names: the
// runner reads what a test threw only inside a guarded call, where the deadline stops a getter
// or toString that never returns; each test fails with a message, and the run ends.
func TestHostileThrownValues(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"test/hostile.test.ts": header + `
const spin = (): never => { for (;;) {} };
test('throws a looping toString', () => {
  throw { toString() { for (;;) {} } };
});
test('throws an error with a looping message getter', () => {
  const e = new Error('m');
  Object.defineProperty(e, 'message', { get: spin });
  throw e;
});
test('throws an error whose name loops', () => {
  class Loud extends Error { get name(): string { return spin(); } }
  throw new Loud('loud');
});
test('rejects with a looping toJSON and Symbol.toPrimitive', async () => {
  throw { toJSON: spin, [Symbol.toPrimitive]: spin };
});
test('changes a built-in', () => {
  Array.prototype.push = () => 0;
});
test({ toString: spin } as any, () => {
  assert.ok(true);
});
test('still runs', () => {
  assert.ok(true);
});
`,
	})
	done := make(chan *Report, 1)
	// The embedded SDK: its toolchain gives the frozen-built-in hint.
	go func() {
		report, err := Run(context.Background(), Options{Limits: jsrt.Limits{Timeout: 500 * time.Millisecond}, Dir: dir})
		if err != nil {
			t.Error(err)
		}
		done <- report
	}()
	var report *Report
	select {
	case report = <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("the run never ended: a thrown value was read outside the guard")
	}
	if report == nil {
		t.FailNow()
	}
	results := byName(report)
	for name, want := range map[string]string{
		"throws a looping toString":                            "threw { toString: [Function: toString] }",
		"throws an error with a looping message getter":        "",
		"throws an error whose name loops":                     "",
		"rejects with a looping toJSON and Symbol.toPrimitive": "",
		"changes a built-in":                                   "built-ins such as Array.prototype",
	} {
		r, ok := results[name]
		if !ok || r.Status != Failed || !strings.Contains(r.Message, want) {
			t.Errorf("%s: %+v", name, r)
		}
	}
	if r := results["still runs"]; r.Status != Passed {
		t.Errorf("after the hostile tests: %+v", r)
	}
	if len(report.Results) != 7 {
		t.Errorf("%d results: %+v", len(report.Results), report.Results)
	}
}

// Failure columns are 1-based UTF-16 units, as a build's: after emoji and CJK text on the same
// line (🏮 is two units, 灯 one), and at the start of a line. A method call is placed at the
// method's name (`assert.equal` at `equal`), as goja and V8 place it.
func TestFailureColumnsAfterMultibyteText(t *testing.T) {
	line := "  const label = '🏮🏮 灯'; assert.equal(label, 'x');"
	dir := testtree.Write(t, map[string]string{
		"test/wide.test.ts": header + "test('wide', () => {\n" + line + "\n});\ntest('first column', () => {\nassert.equal(1, 2);\n});\ntest('thrown', () => {\n  const s = '灯🏮'; throw new Error(s);\n});\n",
	})
	results := byName(run(t, dir))
	want := diag.UTF16Len(line[:strings.Index(line, "equal(")]) + 1
	if r := results["wide"]; r.At.Line != 4 || r.At.Column != want {
		t.Errorf("wide: at %d:%d, want 4:%d", r.At.Line, r.At.Column, want)
	}
	if r := results["first column"]; r.At.Line != 7 || r.At.Column != len("assert.")+1 {
		t.Errorf("first column: at %d:%d, want 7:8", r.At.Line, r.At.Column)
	}
	thrownLine := "  const s = '灯🏮'; throw new Error(s);"
	if r := results["thrown"]; r.At.Line != 10 || r.At.Column != diag.UTF16Len(thrownLine[:strings.Index(thrownLine, "new Error")])+1 {
		t.Errorf("thrown: at %d:%d", r.At.Line, r.At.Column)
	}
}

// A compile error's position travels as data: a Windows path's drive letter (C:) once made the
// text's file:line:col unreadable, and the failure lost its line.
func TestCompileErrorPositionWithDriveLetter(t *testing.T) {
	file := `C:\proj\test\a.test.ts`
	ce := compileError("test/a.test.ts", []api.Message{
		{Text: `unsupported import "node:fs"`, Location: &api.Location{File: file, Line: 3, Column: 29, LineText: "import { readFileSync } from 'node:fs';"}},
		{Text: `unsupported import "node:fs"`, Location: &api.Location{File: file, Line: 3, Column: 29, LineText: "import { readFileSync } from 'node:fs';"}},
	})
	at := compilePosition(ce)
	if at.File != filepath.ToSlash(file) || at.Line != 3 || at.Column != 30 {
		t.Fatalf("position %+v, want %s line 3 column 30", at, filepath.ToSlash(file))
	}
	if len(ce.Messages) != 1 || !strings.HasPrefix(ce.Messages[0], filepath.ToSlash(file)+":3:30: unsupported import") {
		t.Fatalf("messages %q", ce.Messages)
	}
	res := Result{File: "test/a.test.ts", At: at}
	if got, want := res.Location(), filepath.ToSlash(file)+":3"; got != want {
		t.Errorf("location %q, want %q", got, want)
	}
	// No located message: the file itself.
	if at := compilePosition(compileError("test/b.test.ts", []api.Message{{Text: "broken"}})); at.File != "test/b.test.ts" || at.Line != 0 {
		t.Errorf("unlocated: %+v", at)
	}
}
