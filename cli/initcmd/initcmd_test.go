package initcmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/scaffold/scaffoldtest"
)

func TestFlagsAndArguments(t *testing.T) {
	for _, tc := range []struct {
		args     []string
		dir      string
		template string
		code     int
	}{
		{args: []string{"my-gizmo"}, dir: "my-gizmo", template: "blank"},
		{args: []string{"my-lamp", "--template", "lamp"}, dir: "my-lamp", template: "lamp"},
		{args: []string{"-t", "chime", "x"}, dir: "x", template: "chime"},
		{args: nil, code: 2},
		{args: []string{"a", "b"}, code: 2},
	} {
		ios, _, _, _ := cmdutil.Test()
		f := &cmdutil.Factory{IO: ios}
		var got *Options
		cmd := NewCmdInit(f, func(o *Options) error { got = o; return nil })
		cmd.SetArgs(tc.args)
		cmd.SetOut(ios.Out)
		cmd.SetErr(ios.ErrOut)
		err := cmd.Execute()
		if code := cmdutil.ExitCode(err); code != tc.code {
			t.Errorf("%v: exit %d (%v), want %d", tc.args, code, err, tc.code)
			continue
		}
		if tc.code == 0 && (got == nil || got.Dir != tc.dir || got.Template != tc.template || got.SDK == nil || got.TestTypes == nil) {
			t.Errorf("%v: options %+v", tc.args, got)
		}
	}
}

func TestRun(t *testing.T) {
	parent := t.TempDir()
	ios, _, out, _ := cmdutil.Test()
	dir := filepath.Join(parent, "my lamp")
	if err := Run(&Options{IO: ios, Dir: dir, Template: "lamp", SDK: scaffoldtest.SDK()}); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{"Created my-lamp from the lamp template", "cd '" + dir + "'", "scape gizmo build", "scape gizmo test"} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "src", "definition.ts")); err != nil {
		t.Fatal(err)
	}
	// Refusals are usage errors (exit 2).
	err := Run(&Options{IO: ios, Dir: dir, SDK: scaffoldtest.SDK()})
	if cmdutil.ExitCode(err) != 2 || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("existing target: %v (exit %d)", err, cmdutil.ExitCode(err))
	}
	err = Run(&Options{IO: ios, Dir: filepath.Join(parent, "new"), Template: "nope", SDK: scaffoldtest.SDK()})
	if cmdutil.ExitCode(err) != 2 {
		t.Errorf("unknown template: %v (exit %d)", err, cmdutil.ExitCode(err))
	}
	// The blank template has no tests, so no test step is suggested.
	ios, _, out, _ = cmdutil.Test()
	if err := Run(&Options{IO: ios, Dir: filepath.Join(parent, "blank"), SDK: scaffoldtest.SDK()}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "gizmo test") {
		t.Errorf("blank suggests tests:\n%s", out)
	}
}
