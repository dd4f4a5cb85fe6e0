package isolate

import (
	"os"
	"time"

	"github.com/scapeworld/scape/internal/procstat"
)

// A strategy is how this platform bounds a worker's memory. Everything else is the same on
// every platform: the worker's own watchdog (guarded-call deadlines, phase budgets, the outside
// bound, the heap poll that stops a call with jsrt's MemoryError), RLIMIT_CPU where the OS has
// it, and the parent's wall-clock kill.
//
//   - hard (Linux): the worker caps its own address space (RLIMIT_AS) once warm; every mapping
//     past it fails and the Go runtime ends the process.
//   - portable (macOS, Windows; Linux with SCAPE_LIMITS=portable): no address-space limit exists
//     there, so the parent watches the OS's own figure for the worker (internal/procstat:
//     resident memory, the physical footprint, the job's committed memory) while a request runs
//     and kills it past its warm figure plus Limits.Memory, and its CPU time past the request's
//     budget where the OS has no RLIMIT_CPU. On Windows the job also enforces the memory limit
//     itself and kills the worker with the parent.
type strategy interface {
	name() string
	// limitSelf runs in the worker once it is warm: it caps the process's memory where the OS
	// lets a process do so, returning the baseline footprint and the limit set (0: none).
	limitSelf(memory uint64) (baseline, limit uint64, err error)
	// footprint is the figure the worker's own heap poll compares with baseline + memory/2.
	footprint() uint64
	// watches says whether the parent polls the worker's figures while a request runs.
	watches() bool
}

// Strategy names: SCAPE_LIMITS and the worker's -limits flag.
const (
	strategyHard     = "hard"
	strategyPortable = "portable"
)

// limitsEnv selects the strategy: "portable" runs the macOS/Windows strategy on Linux too.
const limitsEnv = "SCAPE_LIMITS"

// currentStrategy is the strategy a parent starts its workers with.
func currentStrategy() strategy { return strategyNamed(os.Getenv(limitsEnv)) }

// strategyNamed is the strategy of that name, or the platform's own for any other.
func strategyNamed(name string) strategy {
	if name == strategyPortable {
		return portableStrategy{}
	}
	return platformStrategy
}

// portableStrategy: no cap the worker sets on itself; the parent watches.
type portableStrategy struct{}

func (portableStrategy) name() string { return strategyPortable }

// limitSelf sets nothing: the baseline is the Go runtime's memory, the figure footprint polls.
func (portableStrategy) limitSelf(uint64) (baseline, limit uint64, err error) {
	return goMemory(), 0, nil
}

// footprint is the memory the Go runtime holds (runtime/metrics: the same on every platform).
// It counts a large allocation before its pages are touched, as the address space does.
func (portableStrategy) footprint() uint64 { return goMemory() }

func (portableStrategy) watches() bool { return true }

// framesOut is the worker's frame stream. Nothing else may write to it, so os.Stdout is pointed
// at stderr for the rest of the process (a stray fmt.Println of a library), and on Unix fd 1 too
// (framesFile).
func framesOut() *os.File {
	frames := os.Stdout
	if f, ok := framesFile(); ok {
		frames = f
	}
	os.Stdout = os.Stderr
	return frames
}

// guardPoll is how often the parent reads a watched worker's figures during a request: a read
// of /proc costs some 20 µs, a proc_info call less; memory touched at gigabytes a second
// overshoots the limit by a few tens of MiB in 5 ms.
const guardPoll = 5 * time.Millisecond

// Why the parent killed a worker it watched.
const (
	killMemory = "memory"
	killCPU    = "cpu"
)

// watch starts watching a just-started worker's OS figures (the portable strategy). On Windows
// this puts it in its job at once, so it dies with the parent from the start.
func (p *proc) watch() {
	if !p.strategy.watches() {
		return
	}
	w, err := procstat.Watch(p.cmd.Process)
	if err != nil {
		return // the worker's own bounds and the wall-clock kill still hold
	}
	p.watched = w
}

// armMemory sets the watched worker's memory limit once it is warm: its figure now plus
// Limits.Memory, enforced by the OS where it can (a Windows job) and by guard everywhere.
func (p *proc) armMemory() {
	if p.watched == nil {
		return
	}
	u, err := p.watched.Usage()
	if err != nil {
		return
	}
	p.memLimit = u.Memory + p.limits.Memory
	_ = p.watched.LimitMemory(p.memLimit) // ErrUnsupported off Windows: guard enforces it
}

// guard watches the worker during one request: it kills it when its memory passes memLimit or
// its CPU time since the request began passes the request's budget (plus a second: RLIMIT_CPU,
// where it exists, is whole seconds and fires first). stop ends the watch.
func (p *proc) guard(cpuBudget time.Duration) (stop func()) {
	w := p.watched
	if w == nil {
		return func() {}
	}
	start, err := w.Usage()
	if err != nil {
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(guardPoll)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-p.dead:
				return
			case <-t.C:
			}
			u, err := w.Usage()
			if err != nil {
				continue
			}
			switch {
			case p.memLimit > 0 && u.Memory > p.memLimit:
				p.kill(killMemory)
				return
			case cpuBudget > 0 && u.HasCPU && start.HasCPU && u.CPU-start.CPU > cpuBudget+time.Second:
				p.kill(killCPU)
				return
			}
		}
	}()
	return func() { close(done) }
}
