package host

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/scapeworld/scape/host/engine"
	wm "github.com/scapeworld/scape/world"
)

// The world page's view budget (docs/dev.md, "The world page"). Every placed instance's view
// runs author code; GET / must stay fast whatever the instances do, so all views of one load
// share ViewPageBudget and each gets at most ViewBound of it. A view that does not finish in
// time is a placeholder card. Real views take well under a millisecond (the lamp's: ~0.1 ms),
// so the bound is far from anything an honest view needs.
const (
	ViewPageBudget = 250 * time.Millisecond
	ViewBound      = 50 * time.Millisecond
	// slowViewFirst is how long a view that used its whole ViewBound is not run again for the
	// same revision, instance, state and viewer; each time it runs out again the wait doubles,
	// up to slowViewTTL. Views are pure functions of those, so a runaway would loop again; the
	// short first wait lets a view that was only unlucky (a loaded machine, a host busy
	// validating an upload) come back within seconds, and any state change runs it at once.
	slowViewFirst = 5 * time.Second
	slowViewTTL   = time.Minute
	// maxSlowViews bounds the memory of slow views; past it the memory starts again.
	maxSlowViews = 4096
)

// slowViews remembers the views that ran out of their whole ViewBound, so later loads of the
// page show their placeholder without running them. Keyed by a hash of revision, instance and
// viewer, never by anything unbounded.
type slowViews struct {
	mu       sync.Mutex
	revision int
	until    map[[32]byte]slowView
}

// slowView is one remembered view: not run before until; wait is the backoff that set it.
type slowView struct {
	until time.Time
	wait  time.Duration
}

func viewKey(revision int, in wm.Instance, v wm.Access) [32]byte {
	b, _ := json.Marshal(struct {
		R int
		I wm.Instance
		V wm.Access
	}{revision, in, v})
	return sha256.Sum256(b)
}

// known says how much longer the view is remembered as slow at now (0: run it). An expired
// entry stays, so that running out again doubles its wait.
func (c *slowViews) known(revision int, key [32]byte, now time.Time) time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.revision != revision {
		return 0
	}
	if v, ok := c.until[key]; ok && now.Before(v.until) {
		return v.until.Sub(now)
	}
	return 0
}

// add remembers a slow view of revision, for slowViewFirst, or twice its last wait when it ran
// out before (at most slowViewTTL), and returns the wait. A new revision forgets the old.
func (c *slowViews) add(revision int, key [32]byte, now time.Time) time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.revision != revision || c.until == nil || len(c.until) >= maxSlowViews {
		c.revision, c.until = revision, map[[32]byte]slowView{}
	}
	wait := slowViewFirst
	if v, ok := c.until[key]; ok {
		wait = min(2*v.wait, slowViewTTL)
	}
	c.until[key] = slowView{until: now.Add(wait), wait: wait}
	return wait
}

// viewReport is what one load of the world page did with its views, sent as its Server-Timing
// header (browsers show it among the request's timings).
type viewReport struct {
	Spent               time.Duration
	Views, Placeholders int
}

func (r viewReport) serverTiming() string {
	return fmt.Sprintf(`views;dur=%.1f;desc="%d views, %d placeholders, budget %d ms, %d ms each"`,
		float64(r.Spent.Microseconds())/1000, r.Views, r.Placeholders, ViewPageBudget.Milliseconds(), ViewBound.Milliseconds())
}

// Why a view is a placeholder, shown under "this view did not render in time".
const (
	lateBudget  = "the page's 250 ms for views was spent before its turn; it runs on a later load"
	lateNotDone = "the Gizmo runtime was busy or still loading the build; it runs on a later load"
)

// lateSlow says a view ran out of its own bound: slow, not wrong (a loaded machine is enough),
// and when it runs again.
func lateSlow(again time.Duration) string {
	return fmt.Sprintf("it took longer than %d ms (slow, perhaps a busy machine; nothing is wrong with it): it runs again when its state changes, or in %s",
		ViewBound.Milliseconds(), again.Round(time.Second))
}

// viewBudget hands out the time of one page load's views.
type viewBudget struct {
	deadline time.Time
	start    time.Time
}

func newViewBudget() *viewBudget {
	now := time.Now()
	return &viewBudget{start: now, deadline: now.Add(ViewPageBudget)}
}

// next is the bound of the next view: ViewBound, less when the page's budget is nearly spent;
// 0 when it is spent.
func (b *viewBudget) next() time.Duration {
	left := time.Until(b.deadline)
	if left <= time.Millisecond {
		return 0
	}
	return min(ViewBound, left)
}

// view runs one instance's view within the budget and fills v: the view, a problem, or the
// reason it is a placeholder.
func (s *Server) view(ctx context.Context, b *viewBudget, rev int, proj engine.Project, in wm.Instance, viewer wm.Access, v *instanceView) {
	key := viewKey(rev, in, viewer)
	if again := s.slow.known(rev, key, s.opts.Now()); again > 0 {
		v.Late = lateSlow(again)
		return
	}
	bound := b.next()
	if bound == 0 {
		v.Late = lateBudget
		return
	}
	vctx, cancel := context.WithTimeout(ctx, bound)
	raw, err := proj.View(vctx, in, viewer)
	v.Raw = raw
	// A worker may answer its own timeout a moment before this process sees the same deadline.
	late := err != nil && (errors.Is(vctx.Err(), context.DeadlineExceeded) || errors.Is(err, context.DeadlineExceeded))
	cancel()
	switch {
	case err == nil:
		fillView(v, raw)
	case errors.Is(err, engine.ErrNotReady):
		v.Late = lateNotDone
	case late && bound < ViewBound:
		v.Late = lateBudget // cut short by the page's budget: its own bound was not tried
	case late:
		v.Late = lateSlow(s.slow.add(rev, key, s.opts.Now()))
		s.opts.Logf("the view of %s (%q) did not finish within %s; shown as a placeholder", in.ID, in.Type, ViewBound)
	default:
		v.Problem = "view failed: " + err.Error()
	}
}
