package devclient

import (
	"context"
	"fmt"
	"sync"

	"github.com/scapeworld/scape/typecheck"
)

// Type errors, one policy: `scape gizmo build` refuses them; the dev loop sends the build (the
// host judges the bundle, which types do not change) and reports the same diagnostics after the
// cycle's verdict, saying the build would refuse them. The check starts as soon as the bundle
// exists and runs beside the local check and the upload, so it never delays them; its report
// waits for the verdict so the cycle's line comes first.

// typesState is what the loop remembers of its type checks.
type typesState struct {
	mu         sync.Mutex
	gen        int  // the latest cycle that started a check: an older cycle's result is dropped
	hadErrors  bool // the last report listed errors: a clean check then says they are gone
	saidWhyNot bool // "types not checked" is said once, not on every save
	wg         sync.WaitGroup
}

// wait returns when every started check has been reported or dropped.
func (t *typesState) wait() { t.wg.Wait() }

// pendingTypes is one cycle's check in flight.
type pendingTypes struct {
	l    *Loop
	ctx  context.Context
	gen  int
	done chan typecheck.Status
}

// startTypes starts the type check of the build just bundled (nil without Loop.Types).
func (l *Loop) startTypes(ctx context.Context) *pendingTypes {
	if l.Types == nil {
		return nil
	}
	l.types.mu.Lock()
	l.types.gen++
	p := &pendingTypes{l: l, ctx: ctx, gen: l.types.gen, done: make(chan typecheck.Status, 1)}
	l.types.mu.Unlock()
	l.types.wg.Add(1)
	go func() { p.done <- l.Types(ctx) }()
	return p
}

// report reports the check once it is done, without waiting for it.
func (p *pendingTypes) report() {
	if p == nil {
		return
	}
	go func() {
		defer p.l.types.wg.Done()
		p.l.reportTypes(p.ctx, p.gen, <-p.done)
	}()
}

func (l *Loop) reportTypes(ctx context.Context, gen int, st typecheck.Status) {
	t := &l.types
	t.mu.Lock()
	defer t.mu.Unlock() // held while emitting: two reports never cross
	if gen != t.gen || ctx.Err() != nil {
		return // a newer save's check decides, or the loop is stopping
	}
	if !st.Checked {
		if st.Reason != "" && !t.saidWhyNot {
			t.saidWhyNot = true
			l.emit(Event{Kind: EventTypes, Message: "types not checked: " + st.Reason})
		}
		return
	}
	errs := st.Diagnostics.Errors()
	if len(errs) == 0 {
		if t.hadErrors {
			t.hadErrors = false
			l.emit(Event{Kind: EventTypes, Message: "no type errors"})
		}
		return
	}
	t.hadErrors = true
	noun := "type errors"
	if len(errs) == 1 {
		noun = "type error"
	}
	l.emit(Event{Kind: EventTypes, Errors: errs,
		Message: fmt.Sprintf("%d %s (tsc): scape gizmo build would refuse this build; dev sent it anyway", len(errs), noun)})
}
