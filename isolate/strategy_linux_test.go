package isolate

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/jsrt"
)

// addressSpaceLimit is a process's RLIMIT_AS as the kernel reports it ("unlimited" or bytes).
func addressSpaceLimit(t *testing.T, pid int) string {
	t.Helper()
	f, err := os.Open(fmt.Sprintf("/proc/%d/limits", pid))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "Max address space"); ok {
			return strings.Fields(rest)[0]
		}
	}
	t.Fatal("no address-space line")
	return ""
}

// startWorker starts one worker under the named strategy ("" the platform's).
func startWorker(t *testing.T, limits string, lim Limits) *proc {
	t.Helper()
	exe, err := SelfExecutable()
	if err != nil {
		t.Fatal(err)
	}
	lim = lim.withDefaults()
	w, err := startProc(exe, workerConfig{memory: lim.Memory, grace: lim.Grace, outside: lim.Outside, limits: limits}, lim)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.close)
	return w
}

// TestStrategies: by default a Linux worker runs under the hard strategy, with an address-space
// limit the kernel holds; SCAPE_LIMITS=portable starts it with none (the macOS/Windows case),
// watched by its parent instead, from its warm resident memory plus Limits.Memory.
func TestStrategies(t *testing.T) {
	skipUnlessIsolated(t)
	t.Setenv(limitsEnv, "")
	hard := startWorker(t, currentStrategy().name(), Limits{})
	if got := addressSpaceLimit(t, hard.ready.PID); got == "unlimited" || hard.ready.Strategy != strategyHard || hard.watched != nil {
		t.Errorf("default: RLIMIT_AS %s, strategy %q, watched %v", got, hard.ready.Strategy, hard.watched != nil)
	}
	t.Setenv(limitsEnv, "portable")
	port := startWorker(t, currentStrategy().name(), Limits{})
	if got := addressSpaceLimit(t, port.ready.PID); got != "unlimited" || port.ready.Strategy != strategyPortable {
		t.Errorf("portable: RLIMIT_AS %s, strategy %q", got, port.ready.Strategy)
	}
	if port.watched == nil || port.memLimit < DefaultMemory || port.memLimit > DefaultMemory+512<<20 {
		t.Errorf("portable: watched %v, memory limit %d MiB", port.watched != nil, port.memLimit>>20)
	}
}

// TestPortableParentKills: under the portable strategy the parent itself ends a worker whose
// resident memory passes its limit, or whose CPU time passes the request's budget, and says
// which: the worker's own bounds are kept out of the way here (a minute of deadline, no CPU
// budget of its own), so only the parent's watch can end these requests.
func TestPortableParentKills(t *testing.T) {
	skipUnlessIsolated(t)
	lim := Limits{Author: time.Minute, Outside: time.Minute}
	slow := &checkRequest{JS: gizmo("for (;;);", ""), Options: Options{Limits: jsrt.Limits{Timeout: time.Minute}}}
	req := request{Op: opCheck, Budget: budget{Author: time.Minute}, Check: slow}

	t.Run("memory", func(t *testing.T) {
		w := startWorker(t, strategyPortable, lim)
		w.memLimit = 1 // below what any process holds: the first poll is over it
		_, err := w.do(context.Background(), req, time.Minute, &pending{})
		var b *Breach
		if !errors.As(err, &b) || b.Kind != BreachMemory {
			t.Fatalf("got %v, want a memory breach", err)
		}
	})
	t.Run("cpu", func(t *testing.T) {
		w := startWorker(t, strategyPortable, lim)
		// The worker sets no RLIMIT_CPU (budget 0); the parent watches 200 ms (plus its second).
		stop := w.guard(200 * time.Millisecond)
		defer stop()
		start := time.Now()
		_, err := w.do(context.Background(), req, time.Minute, &pending{})
		var b *Breach
		if !errors.As(err, &b) || b.Kind != BreachCPU {
			t.Fatalf("got %v, want a CPU breach", err)
		}
		if d := time.Since(start); d > 20*time.Second {
			t.Fatalf("ended after %s", d)
		}
	})
}

// TestBusyWorkerEndsWhenStdinCloses: where no parent-death signal exists (macOS, and Windows
// before its job closes), a worker learns its parent is gone when its stdin closes. A worker busy
// in endless author code must then end within the grace, not run on as an orphan.
func TestBusyWorkerEndsWhenStdinCloses(t *testing.T) {
	skipUnlessIsolated(t)
	lim := Limits{Author: time.Minute, Outside: time.Minute, Grace: 300 * time.Millisecond}
	w := startWorker(t, strategyPortable, lim)
	slow := &checkRequest{JS: gizmo("for (;;);", ""), Options: Options{Limits: jsrt.Limits{Timeout: time.Minute}}}
	done := make(chan error, 1)
	go func() {
		_, err := w.do(context.Background(), request{Op: opCheck, Budget: budget{Author: time.Minute}, Check: slow}, time.Minute, &pending{})
		done <- err
	}()
	time.Sleep(300 * time.Millisecond) // the request is in flight
	w.stdin.Close()
	// Not a timing claim: without the exit the worker runs on to its one-minute deadline; ten
	// seconds tells the two apart on any machine.
	select {
	case <-w.dead:
	case <-time.After(10 * time.Second):
		t.Fatal("a busy worker ran on 10 s after its stdin closed")
	}
	<-done
}
