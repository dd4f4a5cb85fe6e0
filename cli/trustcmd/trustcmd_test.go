package trustcmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/trust"
)

func TestFlagsAndArguments(t *testing.T) {
	for _, tc := range []struct {
		args                 []string
		dir                  string
		list, revoke, asJSON bool
		code                 int
	}{
		{args: nil, dir: "."},
		{args: []string{"my-clone"}, dir: "my-clone"},
		{args: []string{"--revoke"}, dir: ".", revoke: true},
		{args: []string{"--revoke", "x"}, dir: "x", revoke: true},
		{args: []string{"--list"}, dir: ".", list: true},
		{args: []string{"--list", "--json"}, dir: ".", list: true, asJSON: true},
		{args: []string{"a", "b"}, code: 2},
		{args: []string{"--list", "x"}, code: 2},
		{args: []string{"--list", "--revoke"}, code: 2},
		{args: []string{"--json"}, code: 2},
		{args: []string{"--nope"}, code: 2},
	} {
		ios, _, _, _ := cmdutil.Test()
		var got *Options
		cmd := NewCmdTrust(&cmdutil.Factory{IO: ios}, func(o *Options) error { got = o; return nil })
		cmd.SetArgs(tc.args)
		cmd.SetOut(ios.Out)
		cmd.SetErr(ios.ErrOut)
		cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return cmdutil.Usage(err) })
		err := cmd.Execute()
		if code := cmdutil.ExitCode(err); code != tc.code {
			t.Errorf("%v: exit %d (%v), want %d", tc.args, code, err, tc.code)
			continue
		}
		if tc.code == 0 && (got == nil || got.Dir != tc.dir || got.List != tc.list || got.Revoke != tc.revoke || got.JSON != tc.asJSON) {
			t.Errorf("%v: options %+v", tc.args, got)
		}
	}
}

type run struct {
	out, errOut, err string
	code             int
}

func trustRun(t *testing.T, store *trust.Store, opts Options) run {
	t.Helper()
	ios, _, out, errOut := cmdutil.Test()
	opts.IO, opts.Store = ios, store
	opts.Now = func() time.Time { return time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC) }
	if opts.Dir == "" {
		opts.Dir = "."
	}
	err := Run(&opts)
	r := run{out: out.String(), errOut: errOut.String(), code: cmdutil.ExitCode(err)}
	if err != nil {
		r.err = err.Error()
	}
	return r
}

// TestTrustListRevoke: the three actions, each saying what it did, and their no-op forms.
func TestTrustListRevoke(t *testing.T) {
	store := trust.At(filepath.Join(t.TempDir(), trust.FileName))
	dir := t.TempDir()
	real, _ := filepath.EvalSymlinks(dir)
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"p"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := trustRun(t, store, Options{List: true}); r.code != 0 || r.out != "" || !strings.Contains(r.errOut, "No trusted directories") {
		t.Fatalf("empty list: %+v", r)
	}
	if r := trustRun(t, store, Options{Dir: dir}); r.code != 0 || r.out != "✓ Trusted "+real+": scape gizmo build runs its own TypeScript there\n" || r.errOut != "" {
		t.Fatalf("trust: %+v", r)
	}
	if r := trustRun(t, store, Options{Dir: dir}); r.code != 0 || r.out != real+" is already trusted\n" {
		t.Fatalf("trust again: %+v", r)
	}
	if r := trustRun(t, store, Options{List: true}); r.code != 0 || !strings.HasPrefix(r.out, real+"  (trust, ") || strings.Count(r.out, "\n") != 1 {
		t.Fatalf("list: %+v", r)
	}
	r := trustRun(t, store, Options{List: true, JSON: true})
	var rep ListReport
	if err := json.Unmarshal([]byte(r.out), &rep); err != nil || r.code != 0 || rep.Record != store.Path() || len(rep.Directories) != 1 || rep.Directories[0].Dir != real || rep.Unusable != "" {
		t.Fatalf("list --json: %+v (%v)", r, err)
	}
	if r := trustRun(t, store, Options{Dir: dir, Revoke: true}); r.code != 0 || r.out != "✓ No longer trusted: "+real+"\n" {
		t.Fatalf("revoke: %+v", r)
	}
	if _, ok, _ := store.Trusted(dir); ok {
		t.Fatal("still trusted after --revoke")
	}
	if r := trustRun(t, store, Options{Dir: dir, Revoke: true}); r.code != 0 || r.out != real+" was not trusted\n" {
		t.Fatalf("revoke again: %+v", r)
	}
}

// TestTrustRefusals: a directory that does not exist, or a file, is a usage error and nothing
// is recorded; a directory that is not a project is trusted alone, with a note saying so.
func TestTrustRefusals(t *testing.T) {
	store := trust.At(filepath.Join(t.TempDir(), trust.FileName))
	base := t.TempDir()
	file := filepath.Join(base, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{filepath.Join(base, "missing"), file} {
		if r := trustRun(t, store, Options{Dir: dir}); r.code != 2 || r.out != "" || !strings.HasPrefix(r.err, "cannot trust "+dir+": ") {
			t.Errorf("%s: %+v", dir, r)
		}
	}
	if list, _ := store.List(); len(list) != 0 {
		t.Fatalf("recorded: %+v", list)
	}
	if r := trustRun(t, store, Options{Dir: base}); r.code != 0 || !strings.Contains(r.errOut, "only this directory is trusted, not the projects inside it") {
		t.Errorf("not a project: %+v", r)
	}
}

// TestUnusableRecord: --list warns once and lists nothing (exit 0); trusting replaces the record
// and says so once.
func TestUnusableRecord(t *testing.T) {
	store := trust.At(filepath.Join(t.TempDir(), trust.FileName))
	if err := os.WriteFile(store.Path(), []byte("[1,2"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := trustRun(t, store, Options{List: true})
	if r.code != 0 || r.out != "" || strings.Count(r.errOut, "warning: ") != 1 || !strings.Contains(r.errOut, "is unusable") {
		t.Fatalf("list: %+v", r)
	}
	r = trustRun(t, store, Options{Dir: t.TempDir()})
	if r.code != 0 || strings.Count(r.errOut, "warning: ") != 1 || !strings.Contains(r.errOut, "has been replaced") {
		t.Fatalf("trust over it: %+v", r)
	}
	if r := trustRun(t, store, Options{List: true}); r.code != 0 || strings.Contains(r.errOut, "warning") || strings.Count(r.out, "\n") != 1 {
		t.Fatalf("list after: %+v", r)
	}
}
