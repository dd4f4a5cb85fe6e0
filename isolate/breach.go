package isolate

import (
	"fmt"
	"os"
	"strings"
	"syscall"
	"time"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/procstat"
)

// BreachKind says which hard bound ended a worker.
type BreachKind string

const (
	// BreachMemory: the address-space limit (every allocation beyond it fails and the Go runtime
	// ends the process), or the kernel killed the process for memory.
	BreachMemory BreachKind = "memory"
	// BreachTimeout: one guarded call ran past its deadline by more than the grace (it was stuck
	// in a native built-in), or past the caller's deadline.
	BreachTimeout BreachKind = "timeout"
	// BreachBudget: all author code of the request together ran past Limits.Author (or the
	// renders past Limits.Render).
	BreachBudget BreachKind = "budget"
	// BreachOutside: the request spent more than Limits.Outside between guarded calls: author
	// code that Go's reading of a result triggered (a getter, an iterator, a toJSON).
	BreachOutside BreachKind = "outside"
	// BreachCPU: the request's CPU time passed Limits.CPU.
	BreachCPU BreachKind = "cpu"
	// BreachWall: the worker did not answer within the parent's own wall-clock bound.
	BreachWall BreachKind = "wall"
	// BreachStack: a goroutine's stack passed the worker's bound (runaway recursion in Go code,
	// e.g. a native built-in walking a value nested 10⁵ levels deep).
	BreachStack BreachKind = "stack"
	// BreachCrash: the worker ended any other way: a bug of the toolchain.
	BreachCrash BreachKind = "crash"
)

// Breach is a request whose worker process was ended because it passed a hard bound. It is a
// verdict on the author's code (except BreachCrash), not a failure of the caller: a build reports
// it as a diagnostic, a host as a refusal.
type Breach struct {
	Kind BreachKind
	// Callback is the guarded call that was running ("check", "view", "the bundle's top-level
	// code", `test "name"`), when known.
	Callback string
	// Limit is the time bound passed (timeouts, budgets, CPU, wall clock).
	Limit time.Duration
	// Memory is the address-space limit beyond the baseline (BreachMemory).
	Memory uint64
	// Detail is how a crashed process ended (its exit status and the first line it printed).
	Detail string
	// PeakRSS is the process's peak resident memory, from wait4.
	PeakRSS uint64
	// Subject, Doing and Owner word the message: "the bundle", "validating", "this toolchain's".
	Subject, Doing, Owner string
}

func (b *Breach) Error() string {
	subject, doing, owner := b.Subject, b.Doing, b.Owner
	if subject == "" {
		subject = "the bundle"
	}
	if doing == "" {
		doing = "validating"
	}
	if owner == "" {
		owner = "this toolchain's"
	}
	in := ""
	if b.Callback != "" {
		in = " (in " + b.Callback + ")"
	}
	const stopped = "; the process running it was stopped"
	switch b.Kind {
	case BreachMemory:
		return fmt.Sprintf("%s used more than %s of memory while %s%s: %s limit%s", subject, size(b.Memory), doing, in, owner, stopped)
	case BreachTimeout:
		what := b.Callback
		if what == "" {
			what = subject
		}
		if b.Limit > 0 {
			return fmt.Sprintf("%s did not return within %s (an endless loop, or a built-in that cannot be interrupted)%s", what, duration(b.Limit), stopped)
		}
		return fmt.Sprintf("%s did not return in time (an endless loop, or a built-in that cannot be interrupted)%s", what, stopped)
	case BreachBudget:
		return fmt.Sprintf("%s ran for more than %s while %s%s: %s limit for all of its code together%s", subject, duration(b.Limit), doing, in, owner, stopped)
	case BreachCPU:
		return fmt.Sprintf("%s used more than %s of CPU time while %s%s: %s limit%s", subject, duration(b.Limit), doing, in, owner, stopped)
	case BreachWall:
		return fmt.Sprintf("%s did not finish within %s%s: %s limit%s", doing, duration(b.Limit), in, owner, stopped)
	case BreachOutside:
		after := ""
		if b.Callback != "" {
			after = " after " + b.Callback
		}
		return fmt.Sprintf("%s ran code for more than %s outside any guarded call while %s%s (a hook that runs when the toolchain reads a value it returned)%s", subject, duration(b.Limit), doing, after, stopped)
	case BreachStack:
		return fmt.Sprintf("%s nested or recursed too deeply while %s%s: the process running it ran out of stack and was stopped", subject, doing, in)
	}
	return fmt.Sprintf("internal error: the process %s ended unexpectedly%s: %s", doing, in, b.Detail)
}

// Code is the diagnostic code of the breach: memory, stack, timeout, or thrown for a crash (as
// jsrt reports an internal panic).
func (b *Breach) Code() diag.Code {
	switch b.Kind {
	case BreachMemory:
		return diag.CodeMemory
	case BreachStack:
		return diag.CodeStack
	case BreachCrash:
		return diag.CodeThrown
	}
	return diag.CodeTimeout
}

// Diagnostic is the breach as a build or upload error.
func (b *Breach) Diagnostic() diag.Diagnostic {
	return diag.Diagnostic{Code: b.Code(), Message: b.Error()}
}

func size(n uint64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

func duration(d time.Duration) string {
	if d%time.Second == 0 {
		return fmt.Sprintf("%ds", int(d/time.Second))
	}
	return d.Round(10 * time.Millisecond).String()
}

// exitError classifies how the worker ended, once it was reaped.
func (p *proc) exitError() *Breach {
	p.mu.Lock()
	defer p.mu.Unlock()
	b := &Breach{Callback: p.lastCall, Memory: p.limits.Memory, PeakRSS: procstat.ExitedPeakRSS(p.state)}
	if br := p.breach; br != nil {
		switch br.Kind {
		case breachTimeout:
			b.Kind = BreachTimeout
		case breachBudget:
			b.Kind = BreachBudget
		case breachCPU:
			b.Kind, br.Limit = BreachCPU, p.cpuLimit
		case breachOutside:
			b.Kind = BreachOutside
		case breachMemory:
			b.Kind = BreachMemory
		}
		b.Limit = br.Limit
		if br.Callback != "" {
			b.Callback = br.Callback
		}
		return b
	}
	switch p.killedBy {
	case killWall:
		b.Kind, b.Limit = BreachWall, p.wall
		return b
	case killCancel:
		b.Kind = BreachTimeout
		return b
	case killMemory:
		b.Kind = BreachMemory
		return b
	case killCPU:
		b.Kind, b.Limit = BreachCPU, p.cpuLimit
		return b
	}
	text := p.stderr.String()
	switch {
	case strings.Contains(text, "out of memory"), strings.Contains(text, "cannot allocate memory"),
		strings.Contains(text, "errno=12"), strings.Contains(text, "failed to create new OS thread"):
		b.Kind = BreachMemory
		return b
	case strings.Contains(text, "stack overflow"), strings.Contains(text, "stack exceeds"):
		b.Kind = BreachStack
		return b
	}
	if sig, ok := signalled(p.state); ok {
		switch {
		case cpuSignal(sig) || sig == syscall.SIGKILL && p.cpuLimit > 0 && cpuOf(p.state) >= p.cpuLimit:
			b.Kind, b.Limit = BreachCPU, p.cpuLimit
			return b
		case sig == syscall.SIGKILL:
			// Not by the parent: the kernel's OOM killer (a cgroup limit, a machine out of memory).
			b.Kind = BreachMemory
			return b
		}
	}
	b.Kind = BreachCrash
	b.Detail = "exit " + p.exitTextLocked()
	return b
}

// cpuOf is a finished process's CPU time.
func cpuOf(ps *os.ProcessState) time.Duration {
	if ps == nil {
		return 0
	}
	return ps.UserTime() + ps.SystemTime()
}

// signalled reports the signal that ended a process, if one did (never on Windows, whose
// WaitStatus says so).
func signalled(ps *os.ProcessState) (syscall.Signal, bool) {
	if ps == nil {
		return 0, false
	}
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return ws.Signal(), true
	}
	return 0, false
}
