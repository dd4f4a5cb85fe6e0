package kitcmd

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/internal/release"
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

// fakeRelease writes a release folder as make release lays it out, with small fake binaries
// ("scape for <platform>") in real archives and a SHA256SUMS.
func fakeRelease(t *testing.T, dir string, platforms ...release.Platform) {
	t.Helper()
	files := map[string][]byte{}
	for _, p := range platforms {
		data, err := release.Pack(p, []byte("scape for "+p.String()), time.Unix(1_700_000_000, 0))
		if err != nil {
			t.Fatal(err)
		}
		files[p.Archive("0.3.0")] = data
	}
	files[release.SumsFile] = release.Sums(files)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestExportPlatforms: --platform takes each platform's binary out of the release folder's
// archives (tar.gz and zip) into vendor/scape-<os>-<arch>[.exe]; a platform the folder lacks,
// a damaged archive or a missing folder refuses the export and creates nothing.
func TestExportPlatforms(t *testing.T) {
	parent := t.TempDir()
	rel := filepath.Join(parent, "dist", "release")
	linux, win, mac := release.Platform{OS: "linux", Arch: "amd64"}, release.Platform{OS: "windows", Arch: "arm64"}, release.Platform{OS: "darwin", Arch: "arm64"}
	fakeRelease(t, rel, linux, win)
	exe := filepath.Join(parent, "scape-bin")
	if err := os.WriteFile(exe, []byte("this binary"), 0o755); err != nil {
		t.Fatal(err)
	}
	export := func(dir string, platforms ...release.Platform) (string, error) {
		ios, _, out, _ := cmdutil.Test()
		err := RunExport(&ExportOptions{IO: ios, Dir: dir, SDK: scaffoldtest.SDK(), Executable: func() (string, error) { return exe, nil },
			Platforms: platforms, Release: rel})
		return out.String(), err
	}

	dir := filepath.Join(parent, "kit")
	out, err := export(dir, linux, win)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"scape-linux-amd64": "scape for linux-amd64", "scape-windows-arm64.exe": "scape for windows-arm64"} {
		p := filepath.Join(dir, "vendor", name)
		data, err := os.ReadFile(p)
		info, _ := os.Stat(p)
		if err != nil || string(data) != want || info.Mode().Perm()&0o111 == 0 {
			t.Errorf("vendor/%s = %q, %v (%v)", name, data, err, info)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "vendor", "scape")); err == nil {
		t.Error("the kit also carries this machine's binary as vendor/scape")
	}
	if !strings.Contains(out, "scape for linux-amd64, windows-arm64 from "+rel) {
		t.Errorf("output does not name the platforms and the folder:\n%s", out)
	}

	// darwin-arm64 is not in the folder: the error names it and the folder, and what it has.
	missing := filepath.Join(parent, "missing")
	_, err = export(missing, mac, linux)
	if cmdutil.ExitCode(err) != 2 || err == nil ||
		!strings.Contains(err.Error(), rel+" has no scape for darwin-arm64") || !strings.Contains(err.Error(), "it has scape for linux-amd64, windows-arm64") {
		t.Errorf("missing platform: %v (exit %d)", err, cmdutil.ExitCode(err))
	}
	if _, err := os.Stat(missing); err == nil {
		t.Error("a refused export created its directory")
	}

	// An archive that does not match SHA256SUMS is refused (exit 1), and nothing is left.
	damaged := filepath.Join(rel, win.Archive("0.3.0"))
	data, _ := os.ReadFile(damaged)
	data[len(data)-30] ^= 0xff
	if err := os.WriteFile(damaged, data, 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(parent, "bad")
	if _, err := export(bad, linux, win); cmdutil.ExitCode(err) != 1 || !strings.Contains(err.Error(), "does not match SHA256SUMS") {
		t.Errorf("damaged archive: %v (exit %d)", err, cmdutil.ExitCode(err))
	}
	if _, err := os.Stat(bad); err == nil {
		t.Error("a failed export left its directory")
	}

	// No folder at all: what to do about it.
	rel = filepath.Join(parent, "nowhere")
	if _, err := export(filepath.Join(parent, "k3"), linux); cmdutil.ExitCode(err) != 2 || !strings.Contains(err.Error(), "no release folder "+rel) || !strings.Contains(err.Error(), "make release") {
		t.Errorf("missing folder: %v", err)
	}
}

// TestExportPlatformFlags: --platform lists (or all) parse into platforms, with the release
// folder from --release, else $SCAPE_RELEASE, else dist/release; an unknown name, or --release
// alone, is a usage error.
func TestExportPlatformFlags(t *testing.T) {
	ios, _, _, _ := cmdutil.Test()
	env := map[string]string{}
	f := &cmdutil.Factory{IO: ios, Executable: os.Executable, Getenv: func(k string) string { return env[k] }}
	parse := func(args ...string) (*ExportOptions, error) {
		var got *ExportOptions
		cmd := NewCmdExport(f, func(o *ExportOptions) error { got = o; return nil })
		cmd.SetArgs(append([]string{"dest"}, args...))
		cmd.SetOut(ios.Out)
		cmd.SetErr(ios.ErrOut)
		return got, cmd.Execute()
	}
	names := func(o *ExportOptions) string {
		var s []string
		for _, p := range o.Platforms {
			s = append(s, p.String())
		}
		return strings.Join(s, " ")
	}
	if o, err := parse("--platform", "linux-amd64,darwin-arm64"); err != nil || names(o) != "darwin-arm64 linux-amd64" || o.Release != filepath.Join("dist", "release") {
		t.Errorf("two platforms: %v %+v", err, o)
	}
	env["SCAPE_RELEASE"] = "/srv/releases"
	if o, err := parse("--platform", "all"); err != nil || len(o.Platforms) != 6 || o.Release != "/srv/releases" {
		t.Errorf("all, SCAPE_RELEASE: %v %+v", err, o)
	}
	if o, err := parse("--platform", "windows-amd64", "--platform", "linux-arm64", "--release", "here"); err != nil || names(o) != "linux-arm64 windows-amd64" || o.Release != "here" {
		t.Errorf("repeated --platform, --release: %v %+v", err, o)
	}
	if o, err := parse(); err != nil || o.Platforms != nil || o.Release != "" {
		t.Errorf("no --platform: %v %+v", err, o)
	}
	_, err := parse("--platform", "darwin-arm64,macos")
	if cmdutil.ExitCode(err) != 2 || !strings.Contains(err.Error(), `unknown platform "macos"`) || !strings.Contains(err.Error(), release.Names()) {
		t.Errorf("unknown platform: %v", err)
	}
	if _, err := parse("--platform="); cmdutil.ExitCode(err) != 2 || !strings.Contains(err.Error(), "names no platform") {
		t.Errorf("empty --platform: %v", err)
	}
	if _, err := parse("--release", "here"); cmdutil.ExitCode(err) != 2 || !strings.Contains(err.Error(), "--release") {
		t.Errorf("--release alone: %v", err)
	}
}
