// The launcher's tests run shell scripts as fake scape binaries and signal process groups, so
// they are Unix only; its choice on Windows is checked here too, with a faked platform
// (TestLauncherPicksThePlatform).

//go:build unix

package scaffold

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/scapeworld/scape/internal/nodetest"
	"github.com/scapeworld/scape/scaffold/scaffoldtest"
)

// fakeScape writes an executable shell script that prints its name and arguments and exits 3.
func fakeScape(t *testing.T, path, name string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("#!/bin/sh\necho "+name+" \"$@\"\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// launch runs the project's launcher as the package scripts do (node vendor/scape-cli/scape.cjs)
// with only PATH and extra set, and returns its combined output and exit status.
func launch(t *testing.T, node, dir, path string, extra ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(node, VendorCLIScript, "gizmo", "build", "a b")
	cmd.Dir = dir
	cmd.Env = append([]string{"PATH=" + path, "HOME=" + dir}, extra...)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(out)), cmd.ProcessState.ExitCode()
}

// TestLauncherFindsTheBinary: $SCAPE_BIN, then a kit's vendor/scape, then the recorded binary,
// then PATH (never the launcher's own node_modules/.bin entry); arguments and the exit status
// pass through; with nothing found, a hint and status 127.
func TestLauncherFindsTheBinary(t *testing.T) {
	node := nodetest.Node(t)
	parent := t.TempDir()
	recorded := fakeScape(t, filepath.Join(parent, "recorded", "scape"), "recorded")
	dir := filepath.Join(parent, "project")
	if _, err := Create(Options{Dir: dir, SDK: scaffoldtest.SDK(), Executable: recorded}); err != nil {
		t.Fatal(err)
	}
	pathBin := filepath.Join(parent, "bin")
	// npm puts the launcher itself on PATH as node_modules/.bin/scape: it must be skipped.
	dotBin := filepath.Join(dir, "node_modules", ".bin")
	if err := os.MkdirAll(dotBin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, VendorCLIScript), filepath.Join(dotBin, "scape")); err != nil {
		t.Fatal(err)
	}
	path := dotBin + ":" + pathBin + ":/usr/bin:/bin"

	check := func(what, wantOut string, wantCode int, extra ...string) {
		t.Helper()
		out, code := launch(t, node, dir, path, extra...)
		if !strings.Contains(out, wantOut) || code != wantCode {
			t.Errorf("%s: exit %d, output:\n%s\nwant exit %d and %q", what, code, out, wantCode, wantOut)
		}
	}
	check("recorded", "recorded gizmo build a b", 3)
	env := fakeScape(t, filepath.Join(parent, "env-scape"), "env")
	check("SCAPE_BIN", "env gizmo build a b", 3, "SCAPE_BIN="+env)
	check("SCAPE_BIN missing", "SCAPE_BIN is "+filepath.Join(parent, "nope"), 127, "SCAPE_BIN="+filepath.Join(parent, "nope"))
	// The recorded binary is gone: PATH's scape runs.
	if err := os.Remove(recorded); err != nil {
		t.Fatal(err)
	}
	fakeScape(t, filepath.Join(pathBin, "scape"), "path")
	check("PATH", "path gizmo build a b", 3)
	// Nothing but the launcher itself: the hint.
	if err := os.Remove(filepath.Join(pathBin, "scape")); err != nil {
		t.Fatal(err)
	}
	out, code := launch(t, node, dir, path)
	for _, want := range []string{"cannot find the scape binary", "not on any registry", recorded + " (recorded", "SCAPE_BIN=/path/to/scape"} {
		if !strings.Contains(out, want) || code != 127 {
			t.Errorf("nothing found: exit %d, output lacks %q:\n%s", code, want, out)
		}
	}
	// A kit's own binary comes before the recorded one and PATH.
	fakeScape(t, filepath.Join(pathBin, "scape"), "path")
	kit := filepath.Join(parent, "kit")
	kitExe := fakeScape(t, filepath.Join(parent, "kit-scape"), "kit")
	if _, err := Create(Options{Dir: kit, SDK: scaffoldtest.SDK(), Kit: true, Executable: kitExe}); err != nil {
		t.Fatal(err)
	}
	if out, code := launch(t, node, kit, path); out != "kit gizmo build a b" || code != 3 {
		t.Errorf("kit: exit %d, %q", code, out)
	}
}

// TestLauncherPassesSignals: a SIGINT sent to the launcher alone reaches scape (which may then
// exit as it likes), and a scape killed by a signal makes the launcher die of the same signal.
func TestLauncherPassesSignals(t *testing.T) {
	node := nodetest.Node(t)
	parent := t.TempDir()
	bin := filepath.Join(parent, "scape")
	script := "#!/bin/sh\nif [ \"$1\" = die ]; then kill -TERM $$; fi\ntrap 'echo got INT; exit 130' INT\necho ready\nwhile :; do sleep 0.05; done\n"
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(parent, "project")
	if _, err := Create(Options{Dir: dir, SDK: scaffoldtest.SDK(), Executable: bin}); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, VendorCLIScript, "gizmo", "dev")
	cmd.Dir = dir
	cmd.Env = []string{"PATH=/usr/bin:/bin"}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // only the launcher gets the signal
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The whole group: the fake scape must not outlive a failed test.
	defer syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	// Lines are read in the background, so a launcher that lost the child cannot hang the test.
	lines := make(chan string, 4)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	next := func() string {
		select {
		case l := <-lines:
			return l
		case <-time.After(20 * time.Second):
			return "(nothing within 20 s)"
		}
	}
	if l := next(); l != "ready" {
		t.Fatalf("first line %q", l)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	got := next()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the launcher did not exit after SIGINT")
	}
	if got != "got INT" || cmd.ProcessState.ExitCode() != 130 {
		t.Errorf("after SIGINT: scape printed %q, launcher exit %d (want 130)", got, cmd.ProcessState.ExitCode())
	}

	die := exec.Command(node, VendorCLIScript, "die")
	die.Dir = dir
	die.Env = []string{"PATH=/usr/bin:/bin"}
	err = die.Run()
	ws, ok := die.ProcessState.Sys().(syscall.WaitStatus)
	if err == nil || !ok || !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
		t.Errorf("scape killed by SIGTERM: launcher %v (%v)", err, die.ProcessState)
	}
}
