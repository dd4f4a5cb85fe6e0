//go:build unix

package watch

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// Starting a watcher raises the open-file limit (kqueue holds one descriptor per watched file):
// a child process lowers its soft limit, starts one, and finds the limit raised.
func TestNewRaisesTheOpenFileLimit(t *testing.T) {
	if os.Getenv("SCAPE_WATCH_FDLIMIT_CHILD") == "1" {
		var lim unix.Rlimit
		if err := unix.Getrlimit(unix.RLIMIT_NOFILE, &lim); err != nil {
			t.Fatal(err)
		}
		low := lim
		low.Cur = 64
		if err := unix.Setrlimit(unix.RLIMIT_NOFILE, &low); err != nil {
			t.Fatal(err)
		}
		w, err := New(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close()
		var after unix.Rlimit
		if err := unix.Getrlimit(unix.RLIMIT_NOFILE, &after); err != nil {
			t.Fatal(err)
		}
		if after.Cur <= 64 {
			t.Fatalf("soft open-file limit %d after New, want it raised towards the hard limit %d", after.Cur, after.Max)
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestNewRaisesTheOpenFileLimit$", "-test.v")
	cmd.Env = append(os.Environ(), "SCAPE_WATCH_FDLIMIT_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS") {
		t.Fatalf("child: %v\n%s", err, out)
	}
}
