//go:build unix

package fdlimit

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

func limit(t *testing.T) (cur, hard uint64) {
	t.Helper()
	var lim unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	return uint64(lim.Cur), uint64(lim.Max)
}

// A soft limit lowered below the hard one (macOS's 256 at start, or any program's ulimit) is
// raised to the hard limit (on macOS its cap). In a child process, so this test binary's own
// limit is never lowered.
func TestRaiseLiftsALoweredSoftLimit(t *testing.T) {
	if os.Getenv("SCAPE_FDLIMIT_CHILD") == "1" {
		cur, hard := limit(t)
		low := unix.Rlimit{Cur: 64, Max: hard}
		if err := unix.Setrlimit(unix.RLIMIT_NOFILE, &low); err != nil {
			t.Fatal(err)
		}
		if c, _ := limit(t); c != 64 {
			t.Fatalf("soft limit %d after lowering it to 64 (was %d)", c, cur)
		}
		got, err := Raise()
		if err != nil {
			t.Fatal(err)
		}
		after, _ := limit(t)
		if after != ceiling(hard) || got != after {
			t.Fatalf("after Raise: soft limit %d, Raise said %d; want the hard limit %d (capped: %d)", after, got, hard, ceiling(hard))
		}
		if ceiling(hard) == hard && after != hard {
			t.Fatalf("soft %d, hard %d", after, hard)
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestRaiseLiftsALoweredSoftLimit$", "-test.v")
	cmd.Env = append(os.Environ(), "SCAPE_FDLIMIT_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS") {
		t.Fatalf("child: %v\n%s", err, out)
	}
}

// The limit Go's runtime set at start-up (the hard limit less one) is kept as it is: Raise
// does not call setrlimit then, so processes started later still get the limit this one started
// with (the runtime puts it back for them only while nobody else has set the limit).
func TestRaiseKeepsTheRuntimesLimit(t *testing.T) {
	before, hard := limit(t)
	if before+1 < ceiling(hard) {
		t.Skipf("the runtime did not raise this process's limit (soft %d, hard %d)", before, hard)
	}
	got, err := Raise()
	if after, _ := limit(t); err != nil || got != before || after != before {
		t.Fatalf("Raise = %d, %v; soft limit %d → %d", got, err, before, after)
	}
}
