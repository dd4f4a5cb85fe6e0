//go:build unix

package scaffold

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/scapeworld/scape/internal/nodetest"
	"github.com/scapeworld/scape/internal/release"
	"github.com/scapeworld/scape/scaffold/scaffoldtest"
)

// fakeBinary is a PlatformBinary whose "binary" is a shell script printing the platform's name
// and its arguments, so a test sees which one the launcher ran.
func fakeBinary(p release.Platform) PlatformBinary {
	return PlatformBinary{Platform: p, Load: func() ([]byte, error) {
		return []byte("#!/bin/sh\necho " + p.String() + " \"$@\"\nexit 3\n"), nil
	}}
}

// TestLauncherPicksThePlatform: a kit exported for several platforms runs the binary for the
// platform the launcher is on (faked with SCAPE_LAUNCHER_PLATFORM, and once the real one, which
// checks the process.platform/process.arch mapping); on a platform the kit lacks it stops with
// status 127 naming that platform and the ones it has, rather than running the recorded binary
// or PATH's. SCAPE_BIN still comes first.
func TestLauncherPicksThePlatform(t *testing.T) {
	node := nodetest.Node(t)
	parent := t.TempDir()
	recorded := fakeScape(t, filepath.Join(parent, "recorded", "scape"), "recorded")
	pathBin := filepath.Join(parent, "bin")
	fakeScape(t, filepath.Join(pathBin, "scape"), "path")
	path := pathBin + ":/usr/bin:/bin"
	host := release.Host()
	platforms := []release.Platform{{OS: "darwin", Arch: "arm64"}, {OS: "windows", Arch: "amd64"}}
	if host.OS != "darwin" && host.OS != "windows" {
		platforms = append(platforms, host)
	}
	bins := make([]PlatformBinary, len(platforms))
	for i, p := range platforms {
		bins[i] = fakeBinary(p)
	}
	dir := filepath.Join(parent, "kit")
	res, err := Create(Options{Dir: dir, SDK: scaffoldtest.SDK(), Kit: true, Executable: recorded, Platforms: bins})
	if err != nil {
		t.Fatal(err)
	}
	// The kit holds the platforms' binaries, executable, and no copy of the exporting binary.
	for _, p := range platforms {
		info, err := os.Stat(filepath.Join(dir, filepath.FromSlash(VendorPlatformBinary(p))))
		if err != nil || info.Mode().Perm()&0o111 == 0 {
			t.Errorf("%s: %v (%v)", VendorPlatformBinary(p), err, info)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, VendorBinary)); err == nil {
		t.Errorf("a kit with platforms also has %s", VendorBinary)
	}
	if !strings.Contains(strings.Join(res.Files, " "), "vendor/scape-windows-amd64.exe") {
		t.Errorf("created files: %v", res.Files)
	}
	readme, _ := os.ReadFile(filepath.Join(dir, "README.md"))
	if !strings.Contains(string(readme), "`vendor/scape-darwin-arm64`, `vendor/scape-windows-amd64.exe`") {
		t.Errorf("README does not name the kit's binaries:\n%s", readme)
	}

	check := func(what, wantOut string, wantCode int, extra ...string) {
		t.Helper()
		out, code := launch(t, node, dir, path, extra...)
		if !strings.Contains(out, wantOut) || code != wantCode {
			t.Errorf("%s: exit %d, output:\n%s\nwant exit %d and %q", what, code, out, wantCode, wantOut)
		}
	}
	check("darwin-arm64", "darwin-arm64 gizmo build a b", 3, "SCAPE_LAUNCHER_PLATFORM=darwin-arm64")
	check("windows-amd64 (the .exe)", "windows-amd64 gizmo build a b", 3, "SCAPE_LAUNCHER_PLATFORM=windows-amd64")
	if runtime.GOOS != "darwin" && runtime.GOOS != "windows" {
		check("this machine, unfaked", host.String()+" gizmo build a b", 3)
	}
	check("SCAPE_BIN first", "recorded gizmo build a b", 3, "SCAPE_LAUNCHER_PLATFORM=darwin-arm64", "SCAPE_BIN="+recorded)
	// A platform the kit lacks: named, with the ones it has; neither the recorded binary nor
	// PATH's scape runs in its place.
	lacking := "linux-riscv64"
	out, code := launch(t, node, dir, path, "SCAPE_LAUNCHER_PLATFORM="+lacking)
	has := []string{}
	for _, p := range platforms {
		has = append(has, p.String())
	}
	slices.Sort(has)
	want := "this kit has scape for " + strings.Join(has, ", ") + " but not for linux-riscv64, the platform this runs on"
	if code != 127 || !strings.Contains(out, want) || strings.Contains(out, "recorded gizmo") || strings.Contains(out, "path gizmo") {
		t.Errorf("lacking platform: exit %d, output:\n%s\nwant 127 and %q", code, out, want)
	}
	// The platform's binary is there but cannot run (an unzip that dropped the mode bits).
	if err := os.Chmod(filepath.Join(dir, "vendor", "scape-darwin-arm64"), 0o644); err != nil {
		t.Fatal(err)
	}
	check("not executable", "scape-darwin-arm64 for darwin-arm64 is not an executable file", 127, "SCAPE_LAUNCHER_PLATFORM=darwin-arm64")
}
