package isolate

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/scapeworld/scape/testrun"
	"github.com/scapeworld/scape/validate"
)

// inProcess is the fallback where isolation is turned off (SCAPE_ISOLATE=0): the
// same operations in this process, under jsrt's soft bounds only (a deadline per call, a heap
// watchdog, a stack bound). A native built-in can then overrun its deadline and a single large
// allocation is not capped.
type inProcess struct {
	mu   sync.Mutex // validate.Project is not safe for concurrent use
	js   []byte
	proj *validate.Project
}

func (ip *inProcess) check(ctx context.Context, js []byte, opts Options, live *Pool) (*validate.Report, error) {
	to := ip // as a worker's CheckOpen: the project this validation built serves live's calls
	if live != nil && live.inProcess != nil {
		to = live.inProcess
	}
	return runCheck(ctx, inProcessSite{to}, js, opts, budget{})
}

// inProcessSite is a check in this process: no watchdog, and a valid bundle's project kept
// for the live calls of ip.
type inProcessSite struct{ ip *inProcess }

func (inProcessSite) phase(time.Duration, string) func() { return func() {} }
func (inProcessSite) trusted() func()                    { return func() {} }

// elsewhere is nil: in one process the heap budget reads the whole process's growth, so two
// runtimes exploring at once would trip each other's (SCAPE_ISOLATE=0 explores serially).
func (inProcessSite) elsewhere() validate.Elsewhere { return nil }
func (s inProcessSite) keep(js []byte, p *validate.Project) {
	s.ip.mu.Lock()
	s.ip.proj, s.ip.js = p, js
	s.ip.mu.Unlock()
}
func (s inProcessSite) drop(js []byte) {
	s.ip.mu.Lock()
	if bytes.Equal(s.ip.js, js) {
		s.ip.proj, s.ip.js = nil, nil
	}
	s.ip.mu.Unlock()
}

func (ip *inProcess) live(ctx context.Context, js []byte, lr *liveRequest) (*liveReply, error) {
	ip.mu.Lock()
	defer ip.mu.Unlock()
	if ip.proj == nil || !bytes.Equal(ip.js, js) {
		if lr.noOpen {
			return nil, ErrNotOpen
		}
		p, rep, err := validate.Open(ctx, js, validate.Options{Limits: lr.JSOpts, CallerRenders: true})
		if err != nil {
			return nil, err
		}
		if p == nil {
			msg := "the build does not load"
			if rep != nil && len(rep.Diagnostics.Errors()) > 0 {
				msg = rep.Diagnostics.Errors()[0].String()
			}
			return nil, &loadError{msg: msg}
		}
		ip.proj, ip.js = p, js
	}
	out := &liveReply{}
	switch lr.Call {
	case liveInitial:
		for _, d := range ip.proj.Report.Definitions {
			if d.Type != lr.Type {
				continue
			}
			inst, ok, err := ip.proj.Create(ctx, d.Emoji, "new")
			if err != nil {
				return nil, err
			}
			if ok {
				out.State = inst.State
				return out, nil
			}
		}
		return nil, &loadError{msg: fmt.Sprintf("the build has no Gizmo %q", lr.Type)}
	case liveOpen:
	case liveValid:
		if err := validInstance(ctx, ip.proj, lr.Instance); err != nil {
			return nil, err
		}
	case liveView:
		v, err := ip.proj.View(ctx, lr.Instance, lr.Viewer)
		if err != nil {
			return nil, err
		}
		out.View = v
	case liveAct:
		inst, reaction, err := ip.proj.Act(ctx, lr.Instance, lr.Action, lr.Context)
		if err != nil {
			return nil, err
		}
		out.State, out.Reaction = inst.State, reaction
	case liveDerive:
		d, err := ip.proj.Derive(ctx, lr.Instance, lr.Env)
		if err != nil {
			return nil, err
		}
		out.Derived = d
	case liveStep:
		e, err := liveStepCall(ctx, ip.proj, lr)
		if err != nil {
			return nil, err
		}
		out.Effects = e
	default:
		return nil, fmt.Errorf("unknown live call %q", lr.Call)
	}
	return out, nil
}

func (ip *inProcess) test(ctx context.Context, opts TestOptions) (*testrun.Report, error) {
	run, err := opts.run()
	if err != nil {
		return nil, err
	}
	return testrun.Run(ctx, run)
}
