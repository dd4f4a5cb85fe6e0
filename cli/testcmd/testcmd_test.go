package testcmd

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/testtree"
)

func TestArguments(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args             []string
		pattern, wantDir string
		code             int
	}{
		{args: nil, wantDir: "."},
		{args: []string{dir}, wantDir: dir},
		{args: []string{"permission"}, pattern: "permission", wantDir: "."},
		{args: []string{"lamp", dir}, pattern: "lamp", wantDir: dir},
		{args: []string{"a", "b", "c"}, code: 2},
	} {
		ios, _, _, _ := cmdutil.Test()
		var got *Options
		cmd := NewCmdTest(&cmdutil.Factory{IO: ios}, func(o *Options) error { got = o; return nil })
		cmd.SetArgs(tc.args)
		cmd.SetOut(ios.Out)
		cmd.SetErr(ios.ErrOut)
		err := cmd.Execute()
		if code := cmdutil.ExitCode(err); code != tc.code {
			t.Errorf("%v: exit %d (%v)", tc.args, code, err)
			continue
		}
		if tc.code == 0 && (got.Pattern != tc.pattern || got.Dir != tc.wantDir) {
			t.Errorf("%v: pattern %q dir %q", tc.args, got.Pattern, got.Dir)
		}
	}
}

const sample = `import { test } from 'node:test';
import assert from 'node:assert/strict';
test('good', () => { assert.ok(true); });
test('bad', () => {
  assert.equal(1, 2);
});
test.skip('later', () => {});
`

func TestRunReportsFailures(t *testing.T) {
	dir := testtree.Write(t, map[string]string{"test/a.test.ts": sample})
	ios, _, out, _ := cmdutil.Test()
	err := Run(context.Background(), &Options{IO: ios, Dir: dir, Timeout: 5 * time.Second})
	if cmdutil.ExitCode(err) != 1 {
		t.Fatalf("exit %d (%v), want 1\n%s", cmdutil.ExitCode(err), err, out)
	}
	text := out.String()
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if last := lines[len(lines)-1]; last != "1 passed, 1 failed" {
		t.Errorf("last line %q", last)
	}
	for _, want := range []string{"test/a.test.ts:5: bad", "1 !== 2", "    5 |   assert.equal(1, 2);", "  skip later", "1 skipped, 1 file in"} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
}

func TestRunJSON(t *testing.T) {
	dir := testtree.Write(t, map[string]string{"test/a.test.ts": sample})
	ios, _, out, _ := cmdutil.Test()
	err := Run(context.Background(), &Options{IO: ios, Dir: dir, JSON: true})
	if cmdutil.ExitCode(err) != 1 {
		t.Fatalf("exit %d", cmdutil.ExitCode(err))
	}
	var report struct {
		Files   []string
		Passed  int
		Failed  int
		Skipped int
		Results []struct {
			Name, Status string
			At           *struct {
				File string
				Line int
			}
			Diagnostic *diag.Diagnostic
		}
	}
	if err := json.Unmarshal(out.Bytes(), &report); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if report.Passed != 1 || report.Failed != 1 || report.Skipped != 1 || len(report.Results) != 3 {
		t.Errorf("report %+v", report)
	}
	if r := report.Results[1]; r.Status != "fail" || r.At == nil || r.At.File != "test/a.test.ts" || r.At.Line != 5 {
		t.Errorf("failure %+v", r)
	}
	// The same diagnostic shape as build --json.
	if d := report.Results[1].Diagnostic; d == nil || d.Code != diag.CodeTestFailure || d.File != "test/a.test.ts" || d.Line != 5 || d.Column < 1 || d.LineText == "" || d.Message == "" {
		t.Errorf("diagnostic %+v", d)
	}
	if report.Results[0].Diagnostic != nil {
		t.Errorf("a passing test has a diagnostic")
	}
}

func TestRunUsageErrors(t *testing.T) {
	ios, _, _, _ := cmdutil.Test()
	if err := Run(context.Background(), &Options{IO: ios, Dir: t.TempDir(), Pattern: "("}); cmdutil.ExitCode(err) != 2 {
		t.Errorf("bad pattern: exit %d", cmdutil.ExitCode(err))
	}
	if err := Run(context.Background(), &Options{IO: ios, Dir: filepath.Join(t.TempDir(), "missing")}); cmdutil.ExitCode(err) != 2 {
		t.Errorf("missing dir: exit %d", cmdutil.ExitCode(err))
	}
	ios, _, out, _ := cmdutil.Test()
	if err := Run(context.Background(), &Options{IO: ios, Dir: t.TempDir()}); err != nil {
		t.Errorf("no tests: %v", err)
	}
	if !strings.Contains(out.String(), "no test files") || !strings.HasSuffix(out.String(), "0 passed, 0 failed\n") {
		t.Errorf("no tests output:\n%s", out)
	}
}
