package testrun

import (
	"strings"
	"testing"

	"github.com/scapeworld/scape/internal/testtree"
)

// TestUnsupportedNodeAPIsSayWhat: every export of Node's node:test and node:assert/strict that
// the subset lacks, and every missing member of the test context, fails the test that uses it
// with an error naming it and listing what is supported, at the line that used it; a file that
// only imports one still runs. Node's top-level skip/todo/only work.
func TestUnsupportedNodeAPIsSayWhat(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"test/unsupported.test.ts": `import { test, mock, run, snapshot, skip, todo, only } from 'node:test';
import assert, { ifError, CallTracker } from 'node:assert/strict';
test('mock', () => {
  mock.fn();
});
test('run', () => { run(); });
test('snapshot', () => { snapshot.setDefaultSnapshotSerializers([]); });
test('ifError', () => { ifError(null); });
test('CallTracker', () => { new CallTracker(); });
test('partialDeepStrictEqual', () => { (assert as any).partialDeepStrictEqual({}, {}); });
test('t.mock', (t: any) => { t.mock.method({}, 'x'); });
test('t.signal', (t: any) => { void t.signal; });
test('t.plan', (t: any) => { t.plan(1); });
skip('top-level skip', () => { throw new Error('must not run'); });
todo('top-level todo');
only('top-level only', () => { assert.ok(true); });
test('importing is fine', () => { assert.equal(typeof mock, 'function'); });
`,
	})
	results := byName(run(t, dir))
	for name, want := range map[string]struct {
		line int
		msg  string
	}{
		"mock":                   {4, "node:test's mock is not supported by scape gizmo test (tests run where validation runs: no mocks, timers or I/O). Supported: test, it, describe"},
		"run":                    {6, "node:test's run is not supported"},
		"snapshot":               {7, "node:test's snapshot is not supported"},
		"ifError":                {8, "node:assert/strict's ifError is not supported by scape gizmo test. Supported: assert(), AssertionError, deepEqual,"},
		"CallTracker":            {9, "node:assert/strict's CallTracker is not supported"},
		"partialDeepStrictEqual": {10, "node:assert/strict's partialDeepStrictEqual is not supported"},
		"t.mock":                 {11, "t.mock is not supported by scape gizmo test (tests run where validation runs: no mocks, timers or I/O). Supported: t.name, t.skip(), t.todo(), t.diagnostic(), t.test()."},
		"t.signal":               {12, "t.signal is not supported"},
		"t.plan":                 {13, "t.plan is not supported"},
	} {
		r := results[name]
		if r.Status != Failed || !strings.HasPrefix(r.Message, want.msg) || r.At.Line != want.line {
			t.Errorf("%s: %s at line %d: %q\nwant line %d, message starting %q", name, r.Status, r.At.Line, r.Message, want.line, want.msg)
		}
	}
	if r := results["partialDeepStrictEqual"]; !strings.Contains(r.Message, "strictEqual, throws.") {
		t.Errorf("the supported list is incomplete: %q", r.Message)
	}
	for name, want := range map[string]Status{"top-level skip": Skipped, "top-level todo": Todo, "top-level only": Passed, "importing is fine": Passed} {
		if r := results[name]; r.Status != want {
			t.Errorf("%s: %s (%s), want %s", name, r.Status, r.Message, want)
		}
	}
}
