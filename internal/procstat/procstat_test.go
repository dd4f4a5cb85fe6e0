package procstat

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"testing"
	"time"
)

// A child of this test binary: touches childMiB of memory, spins the CPU for a moment, says
// "ready" and waits for its stdin to close.
const childEnv = "PROCSTAT_TEST_CHILD"
const childMiB = 96
const childCPU = 300 * time.Millisecond

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		buf := make([]byte, childMiB<<20)
		for i := range buf {
			buf[i] = byte(i)
		}
		// Spin until the OS counts 300 ms of CPU time (not wall time: a loaded machine gives
		// a spinning process less than its wall time).
		for start, wall := CPU(), time.Now(); CPU()-start < childCPU && time.Since(wall) < time.Minute; {
		}
		os.Stdout.WriteString("ready\n")
		bufio.NewReader(os.Stdin).ReadString('\n')
		os.Stdout.WriteString(string(buf[len(buf)-1:]))
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestWatch: a running child's memory counts what it touched and its CPU time what it spun,
// figures the OS itself keeps; after it exits its peak resident memory is read from wait4.
func TestWatch(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"=1")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	w, err := Watch(cmd.Process)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if line, err := bufio.NewReader(stdout).ReadString('\n'); err != nil || line != "ready\n" {
		t.Fatalf("child: %q %v", line, err)
	}
	u, err := w.Usage()
	if err != nil {
		t.Fatal(err)
	}
	if u.Memory < childMiB<<20 {
		t.Errorf("memory %d MiB, want at least the %d MiB the child touched", u.Memory>>20, childMiB)
	}
	if u.HasCPU && u.CPU < childCPU-20*time.Millisecond {
		t.Errorf("CPU %s, want at least the %s the child spun (less a tick)", u.CPU, childCPU)
	}
	if err := w.LimitMemory(1 << 30); err != nil && !errors.Is(err, ErrUnsupported) {
		t.Errorf("LimitMemory: %v", err)
	}
	stdin.Close()
	cmd.Wait()
	if peak := ExitedPeakRSS(cmd.ProcessState); peak < childMiB<<20 {
		t.Errorf("exited peak RSS %d MiB, want at least %d", peak>>20, childMiB)
	}
}

// TestSelf: this process's own figures move with work done and memory touched.
func TestSelf(t *testing.T) {
	// CPU time advances while this process spins (on a loaded machine slower than wall time:
	// the bound is a minute of wall time for 20 ms of CPU).
	before := CPU()
	for wall := time.Now(); CPU()-before < 20*time.Millisecond; {
		if time.Since(wall) > time.Minute {
			t.Fatalf("CPU advanced %s over a minute of spinning", CPU()-before)
		}
	}
	if PeakRSS() < 1<<20 {
		t.Errorf("peak RSS %d", PeakRSS())
	}
	if ThreadCPU() <= 0 {
		t.Error("ThreadCPU is zero")
	}
}
