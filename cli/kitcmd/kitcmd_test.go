package kitcmd

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/scaffold/scaffoldtest"
)

func TestExport(t *testing.T) {
	parent := t.TempDir()
	exe := filepath.Join(parent, "scape-bin")
	if err := os.WriteFile(exe, []byte("binary"), 0o755); err != nil {
		t.Fatal(err)
	}
	ios, _, out, _ := cmdutil.Test()
	dir := filepath.Join(parent, "kit")
	opts := &ExportOptions{IO: ios, Dir: dir, Template: "fan", SDK: scaffoldtest.SDK(), Executable: func() (string, error) { return exe, nil }}
	if err := RunExport(opts); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "vendor", "scape")); err != nil || string(data) != "binary" {
		t.Errorf("vendor/scape = %q, %v", data, err)
	}
	for _, want := range []string{"npm install", "npm run build", "npm test", "vendor/scape-sdk.tgz"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if err := RunExport(opts); cmdutil.ExitCode(err) != 2 {
		t.Errorf("second export: %v (exit %d), want a usage error", err, cmdutil.ExitCode(err))
	}
	opts.Dir = filepath.Join(parent, "other")
	opts.Executable = func() (string, error) { return "", errors.New("no executable") }
	if err := RunExport(opts); err == nil {
		t.Error("export without an executable succeeded")
	}
	if _, err := os.Stat(opts.Dir); err == nil {
		t.Error("a failed export left a directory")
	}
}

func TestCommandTree(t *testing.T) {
	ios, _, _, _ := cmdutil.Test()
	f := &cmdutil.Factory{IO: ios, Executable: os.Executable}
	cmd := NewCmd(f)
	cmd.SetArgs(nil)
	cmd.SetOut(ios.Out)
	cmd.SetErr(ios.ErrOut)
	if code := cmdutil.ExitCode(cmd.Execute()); code != 2 {
		t.Errorf("bare kit: exit %d, want 2", code)
	}
	var got *ExportOptions
	export := NewCmdExport(f, func(o *ExportOptions) error { got = o; return nil })
	export.SetArgs([]string{"dest", "--template", "lamp"})
	if err := export.Execute(); err != nil || got.Dir != "dest" || got.Template != "lamp" {
		t.Errorf("export parse: %v %+v", err, got)
	}
}
