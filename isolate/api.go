package isolate

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"time"

	"github.com/scapeworld/scape/audio"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/testrun"
	"github.com/scapeworld/scape/validate"
	"github.com/scapeworld/scape/world"
)

// Options are what a check carries into a worker: the part of validate.Options that can cross
// a process boundary (no functions, no caches). They cross as they are (checkRequest), so each
// field has its name on the wire.
type Options struct {
	// Limits are jsrt's bounds (0: its defaults; Budget 0: validate.DefaultBudget for a check).
	jsrt.Limits `json:"js_options"`
	SourceMap   []byte           `json:"sourceMap,omitempty"`
	Instances   []world.Instance `json:"instances,omitempty"`
	Audio       *audio.Budget    `json:"audio,omitempty"`
	// NoRender leaves the sounds unrendered (validate.Options.CallerRenders).
	NoRender bool `json:"noRender,omitempty"`
	// Dir and Assets name the project files models came from (validate.AssetFiles).
	Dir    string   `json:"dir,omitempty"`
	Assets []string `json:"assets,omitempty"`
	// Explore and ExploreTime bound state exploration (validate.Options' fields of the names).
	Explore     int           `json:"explore,omitempty"`
	ExploreTime time.Duration `json:"exploreTime,omitempty"`
	// NoOpen makes a live call that finds its bundle not open fail at once with ErrNotOpen
	// instead of opening it (a whole validation) inside the caller's deadline: for callers
	// with a short budget, which Open the bundle in the background instead. It never crosses:
	// it decides what the parent sends.
	NoOpen bool `json:"-"`
	// KeepOpen (Check, CheckOpen): a bundle found valid stays open in the worker that validated
	// it, for live calls, instead of being opened again (a second whole validation).
	KeepOpen bool `json:"keepOpen,omitempty"`
	// ExploreParts is how many workers the check's exploration may use, its own included
	// (validate.Options.ExploreParts): the pool sets it (Config.Explorers), not its callers.
	ExploreParts int `json:"exploreParts,omitempty"`
}

// validate are the validate.Options of a check with these options: the one place the two meet.
func (o Options) validate() validate.Options {
	vo := validate.Options{Limits: o.Limits, SourceMap: o.SourceMap, Instances: o.Instances, Audio: o.Audio,
		Explore: o.Explore, ExploreTime: o.ExploreTime, ExploreParts: o.ExploreParts}
	if o.Dir != "" {
		vo.ModelFile = validate.AssetFiles(o.Dir, o.Assets)
	}
	return vo
}

// ErrNotOpen is a NoOpen live call's error when its worker does not have the bundle open: no
// author code ran.
var ErrNotOpen = errors.New("isolate: the bundle is not open in the worker")

// ErrBusy wraps the context's error when it ended while the call waited for a worker: no
// author code ran.
var ErrBusy = errors.New("isolate: no worker was free")

// Check validates a bundle in a worker and returns validate.Check's report. A worker that passes
// a hard bound gives a report whose one error says which (code memory, timeout or stack): a
// verdict, not a failure. The error is for ctx ending (context.Canceled or DeadlineExceeded) and
// for the toolchain itself failing (no worker can start).
func (p *Pool) Check(ctx context.Context, js []byte, opts Options) (*validate.Report, error) {
	return p.check(ctx, js, opts, nil)
}

// CheckOpen is Check with KeepOpen whose worker, when the bundle is valid, moves to the pool live
// (which must have this pool's executable and limits) with the bundle open: live's calls on js
// then run on the project this validation built. live keeps its size: a worker holding an older
// build is ended. An invalid bundle's worker stays in p.
func (p *Pool) CheckOpen(ctx context.Context, js []byte, opts Options, live *Pool) (*validate.Report, error) {
	opts.KeepOpen = true
	return p.check(ctx, js, opts, live)
}

func (p *Pool) check(ctx context.Context, js []byte, opts Options, live *Pool) (*validate.Report, error) {
	if p.inProcess != nil {
		return p.inProcess.check(ctx, js, opts, live)
	}
	start := time.Now()
	lim := p.cfg.Limits
	req := request{Op: opCheck, Budget: budget{Author: lim.Author, Render: lim.Render, CPU: lim.CPU},
		Check: &checkRequest{JS: js, Options: opts}}
	var handTo func(*reply, error) *Pool
	if live != nil {
		hash := bundleHash(js)
		handTo = func(r *reply, err error) *Pool {
			if err != nil || r == nil || r.Error != nil {
				return nil
			}
			for _, h := range r.Open {
				if h == hash {
					return live
				}
			}
			return nil
		}
	}
	pend := &pending{}
	var spread *spread
	if n := p.explorers(); n > 1 && opts.Explore >= 0 {
		sctx, cancel := context.WithCancel(ctx)
		defer cancel() // parts the check did not ask for stop
		req.Check.ExploreParts = n
		spread = p.newSpread(sctx, js, opts, n)
		pend.onExplore = spread.answer
		if p.lastDefinitions.Load() > 1 {
			spread.start(spread.of - 1)
		}
	}
	r, _, err := p.runTo(ctx, req, lim.CheckWall(), pend, "", nil, handTo)
	if err == nil && r.Report != nil {
		p.lastDefinitions.Store(int32(len(r.Report.Definitions)))
	}
	var b *Breach
	if pb := spread.breached(); pb != nil && !errors.As(err, &b) {
		// A part's worker passed a hard bound: the verdict its check's worker would have given.
		err = pb
	}
	if errors.As(err, &b) {
		b.Subject, b.Doing, b.Owner = "the bundle", "validating", p.cfg.Owner
		return &validate.Report{Diagnostics: diag.List{b.Diagnostic()}, Duration: time.Since(start)}, nil
	}
	if err != nil {
		return nil, err
	}
	if r.Error != nil {
		return nil, p.replyErr(ctx, r.Error)
	}
	if r.Report == nil {
		return nil, errors.New("isolate: the worker sent no report")
	}
	return r.Report.report(), nil
}

func (p *Pool) replyErr(ctx context.Context, w *wireError) error {
	if w.Kind == errCancelled {
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	return w.err()
}

// Open opens the bundle js in a live worker, so that later live calls (NoOpen ones included)
// find it open. A bundle that does not load is an error naming its first problem.
func (p *Pool) Open(ctx context.Context, js []byte, opts Options) error {
	_, err := p.live(ctx, js, &liveRequest{Call: liveOpen, JSOpts: opts.Limits})
	return err
}

// Initial is the initial state of the definition typ of the bundle js, through the registry
// (ObjectRegistry.create), run in a worker that keeps the bundle open for the next call.
func (p *Pool) Initial(ctx context.Context, js []byte, typ string, opts Options) (json.RawMessage, error) {
	out, err := p.live(ctx, js, &liveRequest{Call: liveInitial, Type: typ, JSOpts: opts.Limits, noOpen: opts.NoOpen})
	if err != nil {
		return nil, err
	}
	return out.State, nil
}

// View is an instance's view for viewer (JSON). A refusal is a *world.Error; author code
// failing under jsrt's bounds an *AuthorError; a hard bound passed a *Breach.
func (p *Pool) View(ctx context.Context, js []byte, inst world.Instance, viewer world.Access, opts Options) (json.RawMessage, error) {
	out, err := p.live(ctx, js, &liveRequest{Call: liveView, Instance: inst, Viewer: viewer, JSOpts: opts.Limits, noOpen: opts.NoOpen})
	if err != nil {
		return nil, err
	}
	return out.View, nil
}

// Valid checks an instance against its definition in the bundle js (type, version, valid()):
// nil, or a *world.Error (400) whose message is the first problem. Errors as View's.
func (p *Pool) Valid(ctx context.Context, js []byte, inst world.Instance, opts Options) error {
	_, err := p.live(ctx, js, &liveRequest{Call: liveValid, Instance: inst, JSOpts: opts.Limits, noOpen: opts.NoOpen})
	return err
}

// validInstance is Valid's check on an open project.
func validInstance(ctx context.Context, p *validate.Project, inst world.Instance) error {
	problems, err := p.ValidateInstances(ctx, []world.Instance{inst})
	if err != nil {
		return err
	}
	if errs := problems.Errors(); len(errs) > 0 {
		return &world.Error{Status: 400, Message: errs[0].Message}
	}
	return nil
}

// Act runs an action through the registry's execute and returns the new state and its reaction
// (JSON, "null" when none). Errors as View's.
func (p *Pool) Act(ctx context.Context, js []byte, inst world.Instance, action validate.Action, actx validate.Context, opts Options) (state, reaction json.RawMessage, err error) {
	actx.Random = nil // the worker draws its own numbers
	out, err := p.live(ctx, js, &liveRequest{Call: liveAct, Instance: inst, Action: action, Context: actx, JSOpts: opts.Limits, noOpen: opts.NoOpen})
	if err != nil {
		return nil, nil, err
	}
	return out.State, out.Reaction, nil
}

// Derive is what a world needs of a placed instance under the bundle js, with linked as its
// link topology and previous state (validate.Project.Derive: world.Derived's JSON). An unknown or invalid instance,
// or a callback that fails or returns an invalid recipe, is a *world.Error. Errors as
// View's.
func (p *Pool) Derive(ctx context.Context, js []byte, inst world.Instance, env validate.Env, opts Options) (json.RawMessage, error) {
	out, err := p.live(ctx, js, &liveRequest{Call: liveDerive, Instance: inst, Env: env, JSOpts: opts.Limits, noOpen: opts.NoOpen})
	if err != nil {
		return nil, err
	}
	return out.Derived, nil
}

// Step runs the instance's step callback for one arrival (validate.Project.Step): the effects as
// JSON, "null" when there are none. Errors as View's.
func (p *Pool) Step(ctx context.Context, js []byte, inst world.Instance, event validate.StepEvent, opts Options) (json.RawMessage, error) {
	out, err := p.live(ctx, js, &liveRequest{Call: liveStep, Instance: inst, Step: &event, JSOpts: opts.Limits, noOpen: opts.NoOpen})
	if err != nil {
		return nil, err
	}
	if len(out.Effects) == 0 {
		return json.RawMessage("null"), nil
	}
	return out.Effects, nil
}

// liveStepCall is step on an open project; a request without its arrival is the host's bug.
func liveStepCall(ctx context.Context, p *validate.Project, r *liveRequest) (json.RawMessage, error) {
	if r.Step == nil {
		return nil, errors.New("step without an arrival")
	}
	return p.Step(ctx, r.Instance, *r.Step)
}

func (p *Pool) live(ctx context.Context, js []byte, lr *liveRequest) (*liveReply, error) {
	if p.inProcess != nil {
		return p.inProcess.live(ctx, js, lr)
	}
	lim := p.cfg.Limits
	lr.Hash = bundleHash(js)
	for attempt := 0; ; attempt++ {
		// The bundle goes along only to a worker that does not have it open (or says so).
		send := func(w *proc) {
			lr.JS = nil
			if (!w.open[lr.Hash] || attempt > 0) && !lr.noOpen {
				lr.JS = js
			}
		}
		req := request{Op: opLive, Budget: budget{Author: lim.Author, CPU: lim.CPU}, Live: lr}
		r, _, err := p.run(ctx, req, lim.Author+wallSlack, &pending{}, lr.Hash, send)
		var b *Breach
		if errors.As(err, &b) {
			b.Subject, b.Doing, b.Owner = "the Gizmo", "running "+lr.Call, p.cfg.Owner
			return nil, b
		}
		if errors.Is(err, ErrBusy) {
			return nil, err
		}
		if errors.Is(err, context.DeadlineExceeded) {
			// The caller's deadline passed before the call's own (opening the bundle took part
			// of it): say which call, as jsrt would.
			return nil, &AuthorError{Code: diag.CodeTimeout, Message: lr.Call + " did not finish in time"}
		}
		if err != nil {
			return nil, err
		}
		if r.Error != nil {
			err := p.replyErr(ctx, r.Error)
			if errors.Is(err, context.DeadlineExceeded) {
				err = &AuthorError{Code: diag.CodeTimeout, Message: lr.Call + " did not finish in time"}
			}
			return nil, err
		}
		if r.Live == nil {
			return nil, errors.New("isolate: the worker sent no answer")
		}
		if r.Live.Missing && lr.noOpen {
			return nil, ErrNotOpen
		}
		if r.Live.Missing && attempt == 0 {
			continue
		}
		return r.Live, nil
	}
}

// TestOptions are what a test run carries into a worker (testrun.Options without the SDK
// overrides, which only the SDK's own suite uses). They cross as they are; the callbacks stay
// with the caller, which the worker's console and progress frames reach.
type TestOptions struct {
	Dir     string `json:"dir"`
	Pattern string `json:"pattern,omitempty"` // a regular expression; "" runs everything
	// Limits are testrun.Options' (0: its defaults), on the wire under their own names.
	jsrt.Limits
	Console  func(file, level, text string) `json:"-"`
	Progress func(testrun.Result)           `json:"-"`
}

// run are the testrun.Options of these: the one place the two meet.
func (o TestOptions) run() (testrun.Options, error) {
	run := testrun.Options{Dir: o.Dir, Limits: o.Limits, Console: o.Console, Progress: o.Progress}
	if o.Pattern != "" {
		re, err := regexp.Compile(o.Pattern)
		if err != nil {
			return run, err
		}
		run.Pattern = re
	}
	return run, nil
}

// Test runs a project's tests in a worker (testrun.Run). A worker that passes a hard bound ends
// the run: the report has the results so far and a failed result for the test that was running,
// whose message says which bound; the error is then the *Breach.
func (p *Pool) Test(ctx context.Context, opts TestOptions) (*testrun.Report, error) {
	if p.inProcess != nil {
		return p.inProcess.test(ctx, opts)
	}
	var done []testrun.Result
	pend := &pending{
		onConsole: func(c consoleLine) {
			if opts.Console != nil {
				opts.Console(c.File, c.Level, c.Text)
			}
		},
		onProgress: func(r testrun.Result) {
			done = append(done, r)
			if opts.Progress != nil {
				opts.Progress(r)
			}
		},
	}
	// A suite has no total budget (its tests are many, each under its own timeout): the memory
	// limit, the per-call bound and the bound outside the calls hold it.
	req := request{Op: opTest, Test: &opts}
	r, _, err := p.run(ctx, req, 0, pend, "", nil)
	var b *Breach
	if errors.As(err, &b) {
		b.Subject, b.Doing, b.Owner = "the test", "testing", p.cfg.Owner
		rep := &testrun.Report{Results: done}
		failed := testrun.Result{Name: b.Callback, Status: testrun.Failed, Message: b.Error()}
		if len(done) > 0 {
			failed.File = done[len(done)-1].File
		}
		rep.Results = append(rep.Results, failed)
		if opts.Progress != nil {
			opts.Progress(failed)
		}
		for _, res := range rep.Results {
			switch res.Status {
			case testrun.Passed:
				rep.Passed++
			case testrun.Failed:
				rep.Failed++
			case testrun.Skipped:
				rep.Skipped++
			case testrun.Todo:
				rep.Todo++
			}
		}
		return rep, b
	}
	if err != nil {
		return nil, err
	}
	if r.Error != nil {
		return r.Test, p.replyErr(ctx, r.Error)
	}
	return r.Test, nil
}
