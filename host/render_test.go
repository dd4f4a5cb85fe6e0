package host_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/world"
)

// loopRuntime is a Runtime whose views loop forever for the instances in hostile: like author
// code under the engine's guard, such a view runs until its context ends and then fails. Every
// view call is recorded with when it started and the deadline it was given.
type loopRuntime struct {
	fakeRuntime
	mu      sync.Mutex
	hostile map[string]bool
	calls   []viewCall
}

type viewCall struct {
	id              string
	start, deadline time.Time
}

func (r *loopRuntime) View(ctx context.Context, js []byte, in world.Instance, v world.Access) (json.RawMessage, error) {
	dl, _ := ctx.Deadline()
	r.mu.Lock()
	r.calls = append(r.calls, viewCall{id: in.ID, start: time.Now(), deadline: dl})
	loops := r.hostile[in.ID]
	r.mu.Unlock()
	if loops {
		<-ctx.Done()
		return nil, fmt.Errorf("view did not return (an endless loop?): %w", ctx.Err())
	}
	return r.fakeRuntime.View(ctx, js, in, v)
}

func (r *loopRuntime) takeCalls() []viewCall {
	r.mu.Lock()
	defer r.mu.Unlock()
	c := r.calls
	r.calls = nil
	return c
}

var serverTimingRE = regexp.MustCompile(`^views;dur=([0-9.]+);desc="(\d+) views, (\d+) placeholders, budget (\d+) ms, (\d+) ms each"$`)

// pageReport is what GET / says about its own view rendering (its Server-Timing header).
type pageReport struct {
	spent                     float64
	views, placeholders       int
	budgetMS, perViewBoundMS  int
	placeholderCards, lampsOK int
}

func loadWorld(t *testing.T, o *hosttest.Owner) pageReport {
	t.Helper()
	resp, err := o.Client.Get(o.Base + "/")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET /: %d %v", resp.StatusCode, err)
	}
	body := string(raw)
	m := serverTimingRE.FindStringSubmatch(resp.Header.Get("Server-Timing"))
	if m == nil {
		t.Fatalf("GET / reports no view budget: Server-Timing %q", resp.Header.Get("Server-Timing"))
	}
	var r pageReport
	r.spent, _ = strconv.ParseFloat(m[1], 64)
	r.views, _ = strconv.Atoi(m[2])
	r.placeholders, _ = strconv.Atoi(m[3])
	r.budgetMS, _ = strconv.Atoi(m[4])
	r.perViewBoundMS, _ = strconv.Atoi(m[5])
	r.placeholderCards = strings.Count(body, `class="instance placeholder"`)
	r.lampsOK = strings.Count(body, `>Toggle</button>`)
	if r.placeholderCards != r.placeholders || (r.placeholders > 0 && !strings.Contains(body, "this view did not render in time")) {
		t.Fatalf("the page shows %d placeholder cards, its report says %d:\n%s", r.placeholderCards, r.placeholders, body)
	}
	return r
}

// TestWorldPageRenderBudget: ten placed instances whose view loops forever cannot make GET /
// slow. All views of a load share one budget and each has its own bound (the handler says so in
// Server-Timing, and every view call it made had a deadline inside both); a view that ran out
// of time is a placeholder card; a view that used its whole bound is not run again for the same
// revision and state, so later loads run no hostile code at all and a friendly instance placed
// after them renders.
func TestWorldPageRenderBudget(t *testing.T) {
	rt := &loopRuntime{hostile: map[string]bool{}}
	f := newFixtureWith(t, t.TempDir(), func(o *host.Options) { o.Engine = hosttest.Engine{Checks: o.Engine.(hosttest.Engine).Checks, Live: rt} })
	o := f.owner()
	tok := f.pair(o)
	if _, st := f.upload(tok, 0, bundleJSON(lampV1, "")); st != 201 {
		t.Fatalf("upload: %d", st)
	}
	for i := 0; i < 11; i++ {
		if st, _, err := o.Post("/instances", url.Values{"type": {"example.lamp"}}); err != nil || st != 200 {
			t.Fatalf("place %d: %d %v", i, st, err)
		}
	}
	placed, _ := f.srv.Instances(context.Background())
	for _, in := range placed[:10] {
		rt.hostile[in.ID] = true // the eleventh is a friendly lamp
	}
	rt.takeCalls() // the pages shown after each Place

	budget, bound := host.ViewPageBudget, host.ViewBound
	first := loadWorld(t, o)
	if first.views != 11 || first.budgetMS != int(budget/time.Millisecond) || first.perViewBoundMS != int(bound/time.Millisecond) {
		t.Fatalf("first load reports %+v", first)
	}
	if first.placeholders < 10 {
		t.Fatalf("first load: %d placeholders, want the 10 looping views at least", first.placeholders)
	}
	checkDeadlines(t, rt.takeCalls(), budget, bound)

	// Each load runs only views not yet known to loop; within a few loads none is run again, the
	// ten loops stay placeholders and the friendly lamp renders.
	for load := 2; ; load++ {
		r := loadWorld(t, o)
		calls := rt.takeCalls()
		checkDeadlines(t, calls, budget, bound)
		if r.placeholders != 10 && r.placeholders != 11 {
			t.Fatalf("load %d: %d placeholders", load, r.placeholders)
		}
		hostileRuns := 0
		for _, c := range calls {
			if rt.hostile[c.id] {
				hostileRuns++
			}
		}
		if hostileRuns == 0 {
			if r.placeholders != 10 || r.lampsOK != 1 {
				t.Fatalf("load %d ran no looping view but shows %d placeholders and %d rendered lamps", load, r.placeholders, r.lampsOK)
			}
			break
		}
		if load > int(budget/bound)+2 {
			t.Fatalf("load %d still ran %d looping views: their failures are not remembered", load, hostileRuns)
		}
	}
	// A new state is a new view: acting on a looping instance runs its view once more.
	if st, _, err := o.Post("/instances/"+placed[0].ID+"/act", url.Values{"action": {"toggle"}}); err != nil || st != 200 {
		t.Fatalf("act: %d %v", st, err)
	}
	loadWorld(t, o) // after the act's own redirect to the page: nothing new runs
	if ran := rt.hostileCalls(); len(ran) != 1 || ran[0] != placed[0].ID {
		t.Fatalf("after its state changed: looping views run %v, want %s once", ran, placed[0].ID)
	}
	// A remembered failure expires: after slowViewTTL the views run again.
	f.clock.Add(2 * time.Minute)
	loadWorld(t, o)
	if ran := rt.hostileCalls(); len(ran) == 0 {
		t.Fatal("remembered failures never expire")
	}
}

// hostileCalls takes the calls recorded and returns the looping ones' instance ids.
func (r *loopRuntime) hostileCalls() []string {
	var ids []string
	for _, c := range r.takeCalls() {
		if r.hostile[c.id] {
			ids = append(ids, c.id)
		}
	}
	return ids
}

// checkDeadlines: every view call of one load had a deadline within the page's budget from the
// load's first call, and within the per-view bound from its own start.
func checkDeadlines(t *testing.T, calls []viewCall, budget, bound time.Duration) {
	t.Helper()
	if len(calls) == 0 {
		return
	}
	for _, c := range calls {
		if c.deadline.IsZero() {
			t.Fatalf("view of %s ran without a deadline", c.id)
		}
		if c.deadline.Sub(c.start) > bound {
			t.Fatalf("view of %s was given %v, over the per-view bound %v", c.id, c.deadline.Sub(c.start), bound)
		}
		if c.deadline.Sub(calls[0].start) > budget {
			t.Fatalf("view of %s ends %v after the load's first view, over the page budget %v", c.id, c.deadline.Sub(calls[0].start), budget)
		}
	}
}

// notReadyRuntime's views never start: the build is still being opened.
type notReadyRuntime struct {
	fakeRuntime
	calls atomic.Int32
}

func (r *notReadyRuntime) View(ctx context.Context, js []byte, in world.Instance, v world.Access) (json.RawMessage, error) {
	r.calls.Add(1)
	<-ctx.Done()
	return nil, fmt.Errorf("%w: the build is still being opened", engine.ErrNotReady)
}

// TestWorldPageRuntimeNotReady: a view that could not start (the build still opening) is a
// placeholder that says so, and is tried again on the next load: it is not the Gizmo's fault.
func TestWorldPageRuntimeNotReady(t *testing.T) {
	rt := &notReadyRuntime{}
	f := newFixtureWith(t, t.TempDir(), func(o *host.Options) { o.Engine = hosttest.Engine{Checks: o.Engine.(hosttest.Engine).Checks, Live: rt} })
	o := f.owner()
	if _, st := f.upload(f.pair(o), 0, bundleJSON(lampV1, "")); st != 201 {
		t.Fatalf("upload: %d", st)
	}
	if _, err := f.srv.Place(context.Background(), host.Owner, "example.lamp"); err != nil {
		t.Fatal(err)
	}
	for load := 1; load <= 2; load++ {
		before := rt.calls.Load()
		r := loadWorld(t, o)
		if r.placeholders != 1 || rt.calls.Load() != before+1 {
			t.Fatalf("load %d: %+v, %d view calls", load, r, rt.calls.Load()-before)
		}
	}
	_, body, _ := o.Get("/")
	if !strings.Contains(body, "busy or still loading the build") {
		t.Fatalf("the placeholder does not say why:\n%s", body)
	}
}
