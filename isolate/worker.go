package isolate

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"

	"github.com/scapeworld/scape/audio"
	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/internal/frame"
	"github.com/scapeworld/scape/internal/procstat"
	"github.com/scapeworld/scape/internal/timeline"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/testrun"
	"github.com/scapeworld/scape/validate"
	"github.com/scapeworld/scape/world"
)

// workerArgs are the arguments a worker is started with: the binary re-executed as the hidden
// subcommand `scape internal worker`.
var workerArgs = []string{"internal", "worker"}

// workerEnv is set in every worker's environment; a worker never starts workers of its own.
const workerEnv = "SCAPE_ISOLATE_WORKER"

// ServeIfWorker turns this process into a validation worker when it was started as one
// (`<binary> internal worker …`, as Pool starts it), and never returns then. Call it first thing
// in main — and in TestMain of every test binary that starts workers, since a test binary is the
// executable a Pool re-executes there.
func ServeIfWorker() {
	if len(os.Args) < 3 || os.Args[1] != workerArgs[0] || os.Args[2] != workerArgs[1] {
		return
	}
	os.Exit(Serve(os.Stdin, framesOut(), os.Args[3:]))
}

// workerSoundMemory bounds the WAVs a worker keeps in memory (audio.Shared): a warm worker's
// rebuilds of an unchanged project find their sounds there without reading the disk cache.
const workerSoundMemory = 16 << 20

// workerConfig is the worker's command line.
type workerConfig struct {
	memory  uint64
	grace   time.Duration
	outside time.Duration
	warm    bool   // validate a small bundle before reporting ready (pool workers)
	short   bool   // a one-shot worker: collect garbage less often (GOGC 400)
	limits  string // the strategy bounding its memory (strategy.go)
}

func (c *workerConfig) args() []string {
	return []string{fmt.Sprintf("-memory=%d", c.memory), "-grace=" + c.grace.String(), "-outside=" + c.outside.String(),
		fmt.Sprintf("-warm=%v", c.warm), fmt.Sprintf("-short=%v", c.short), "-limits=" + c.limits}
}

func parseWorkerArgs(args []string) (workerConfig, error) {
	var c workerConfig
	fs := flag.NewFlagSet("worker", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Uint64Var(&c.memory, "memory", DefaultMemory, "address space beyond the warm baseline, bytes")
	fs.DurationVar(&c.grace, "grace", DefaultGrace, "time a guarded call may overrun its deadline")
	fs.DurationVar(&c.outside, "outside", DefaultOutside, "time a request may spend between guarded calls")
	fs.BoolVar(&c.warm, "warm", false, "validate a small bundle before reporting ready")
	fs.BoolVar(&c.short, "short", false, "one request: collect garbage less often")
	fs.StringVar(&c.limits, "limits", "", "the strategy bounding memory: hard or portable (default: the platform's)")
	err := fs.Parse(args)
	return c, err
}

// Serve is the worker: it warms up (the SDK compiled and run once), limits its own address
// space, reports ready, then answers request frames from in on out until in closes. It returns
// the process's exit status.
func Serve(in io.Reader, out io.Writer, args []string) int {
	timeline.Mark("worker: Serve")
	cfg, err := parseWorkerArgs(args)
	if err != nil {
		fmt.Fprintln(os.Stderr, "scape internal worker:", err)
		return 2
	}
	fw := frame.NewWriter(out)
	st := strategyNamed(cfg.limits)
	wd := &watchdog{out: fw, grace: cfg.grace, outside: cfg.outside, footprint: st.footprint}
	s := &server{out: fw, wd: wd, projects: map[string]*openProject{}}
	if cfg.short && os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	// A Go stack this deep is runaway recursion in a native built-in (JSON.stringify of a value
	// nested 10⁵ levels): fail it as a stack overflow, well before the address-space limit.
	debug.SetMaxStack(maxGoStack)
	// Spare Ps for the watchdog: while author code and the collector's dedicated worker hold a P
	// each, a poll would otherwise wait for the scheduler's 10 ms preemption.
	if n := runtime.NumCPU() + 2; runtime.GOMAXPROCS(0) < n {
		runtime.GOMAXPROCS(n)
	}
	if err := s.warmUp(cfg.warm); err != nil {
		fmt.Fprintln(os.Stderr, "scape internal worker: warming up:", err)
		return 2
	}
	if !cfg.short {
		// A long-lived worker starts lean; a one-shot one does not wait for it.
		runtime.GC()
		debug.FreeOSMemory()
	}
	// Sound renders are kept on disk for the parent and the next worker (audio.DiskDir); in
	// memory the worker keeps only a little, inside the address space limited below.
	audio.Shared.SetLimit(workerSoundMemory)
	baseline, limit, err := st.limitSelf(cfg.memory)
	if err != nil {
		fmt.Fprintln(os.Stderr, "scape internal worker: limiting memory:", err)
		return 2
	}
	// The collector works harder as the heap nears the hard limit, so garbage never ends a
	// request; only live memory does. A guarded call that takes half the address space the
	// limit allows is stopped with jsrt's MemoryError while the process can still say where.
	debug.SetMemoryLimit(int64(goMemory() + cfg.memory*3/4))
	if baseline > 0 {
		wd.spaceLimit = baseline + cfg.memory/2
		if limit == 0 {
			wd.memLimit = baseline + cfg.memory
		}
	}
	cpu := make(chan os.Signal, 1)
	notifyCPU(cpu)
	go func() {
		<-cpu
		wd.breach(breachCPU, wd.current(""), 0)
	}()
	jsrt.SetGuardObserver(wd.observe)
	go wd.watchOutside()
	go wd.watchMemory()
	timeline.Mark("worker: ready")
	if err := fw.Write(message{Kind: msgReady, Ready: &readyInfo{PID: os.Getpid(), Baseline: baseline, Limit: limit, RSS: procstat.PeakRSS(), Strategy: st.name()}}); err != nil {
		return 2
	}
	// A pooled worker makes the runtime of its next validation while it waits for it (the SDK run
	// and lockdown: about 20 ms a check would otherwise pay after the request arrives, twice per
	// save in the dev loop: its local check and the embedded host's). It is made after ready,
	// under the limits, by trusted code only; jsrt.New takes it, or makes its own when the
	// options differ (a test run's Setup). A one-shot worker's request is already waiting.
	prewarm := func() {
		if !cfg.short {
			jsrt.Prewarm()
		}
	}
	prewarm()

	type item struct {
		req    request
		ctx    context.Context
		cancel context.CancelFunc
	}
	reqs := make(chan item, 1)
	var mu sync.Mutex
	cancels := map[uint64]context.CancelFunc{}
	go func() {
		defer close(reqs)
		for {
			var r request
			if err := frame.Read(in, &r); err != nil {
				// The parent closed our stdin: it is done with this worker, or it died (where no
				// parent-death signal exists, this is how a worker learns). A request still in
				// flight is cancelled and the process ends within the grace, busy or not.
				mu.Lock()
				for _, cancel := range cancels {
					cancel()
				}
				busy := len(cancels) > 0
				mu.Unlock()
				if busy {
					time.AfterFunc(cfg.grace, func() { os.Exit(exitBreach) })
				}
				return
			}
			if r.Op == opExplored {
				s.deliver(r.ID, r.Parts)
				continue
			}
			mu.Lock()
			if r.Op == opCancel {
				if cancel := cancels[r.ID]; cancel != nil {
					cancel()
				}
				mu.Unlock()
				continue
			}
			ctx, cancel := context.WithCancel(context.Background())
			if !r.Deadline.IsZero() {
				ctx, cancel = context.WithDeadline(context.Background(), r.Deadline)
			}
			cancels[r.ID] = cancel
			mu.Unlock()
			reqs <- item{r, ctx, cancel}
		}
	}()
	for it := range reqs {
		wd.start(it.req.ID)
		timeline.Mark("worker: request " + it.req.Op)
		rep := s.handle(it.ctx, it.req)
		wd.done()
		it.cancel()
		mu.Lock()
		delete(cancels, it.req.ID)
		mu.Unlock()
		timeline.Mark("worker: handled")
		rep.PeakRSS, rep.CPU, rep.Space = procstat.PeakRSS(), procstat.CPU(), st.footprint()
		for h := range s.projects {
			rep.Open = append(rep.Open, h)
		}
		if err := fw.Write(message{Kind: msgReply, ID: it.req.ID, Reply: rep}); err != nil {
			if errors.Is(err, frame.ErrTooLarge) {
				_ = fw.Write(message{Kind: msgReply, ID: it.req.ID, Reply: &reply{Error: &wireError{Kind: errInternal, Message: "the report is larger than 64 MiB"}}})
				continue
			}
			return 2
		}
		prewarm()
	}
	return 0
}

// maxGoStack bounds one goroutine's stack in a worker (Go's default is 1 GB).
const maxGoStack = 128 << 20

// goMemory is the memory the Go runtime holds now (heap, stacks, metadata).
func goMemory() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	total, released := s[0].Value.Uint64(), s[1].Value.Uint64()
	return total - released
}

// server holds a worker's state between requests: the bundles opened for live calls.
type server struct {
	out      *frame.Writer
	wd       *watchdog
	projects map[string]*openProject
	uses     int
	// request is the ID of the request being handled; parts waits for its parts explored
	// elsewhere (explore.go).
	request uint64
	partsMu sync.Mutex
	parts   map[uint64]chan []*validate.PartExplored
}

type openProject struct {
	p    *validate.Project
	used int
}

// maxOpen bounds the bundles a worker keeps open for live calls (a host has one active build;
// the previous one is kept while its instances are migrated).
const maxOpen = 2

func (s *server) warmUp(full bool) error {
	if _, err := jsrt.SDKScript(nil); err != nil {
		return err
	}
	timeline.Mark("worker: SDK compiled")
	if !full {
		return nil
	}
	rep, err := validate.Check(context.Background(), []byte(warmBundle), validate.Options{})
	if err != nil {
		return err
	}
	if !rep.OK() {
		return fmt.Errorf("the warm-up bundle is invalid: %s", rep.Diagnostics.Errors()[0])
	}
	return nil
}

// warmBundle is a small valid bundle in the shape esbuild writes: validating it once loads
// every path a real request takes.
const warmBundle = "var " + bundle.GlobalName + ` = (() => {
  var sdk = require("@scape/sdk");
  var gizmo = sdk.defineObject({
    type: "isolate.warm", version: 1, emoji: "🧩", label: "Warm", hint: "warms up a worker",
    initial: () => ({ on: false }),
    valid: (s) => sdk.record(s) && sdk.exactKeys(s, ["on"]) && typeof s.on === "boolean",
    actions: { toggle: { permission: "participant", run: (s) => ({ on: !s.on }) } },
    view: (s) => ({ title: "Warm", description: "", controls: [{ id: "t", icon: "toggle", label: "Toggle", pressed: s.on, action: { name: "toggle", payload: {} } }] }),
  });
  return { default: gizmo };
})();
`

func (s *server) handle(ctx context.Context, r request) *reply {
	s.uses++
	s.request = r.ID
	if err := limitCPU(r.Budget.CPU); err != nil {
		return &reply{Error: &wireError{Kind: errInternal, Message: "limiting CPU time: " + err.Error()}}
	}
	switch r.Op {
	case opCheck:
		if r.Check != nil {
			return s.check(ctx, r.Check, r.Budget)
		}
	case opLive:
		if r.Live != nil {
			return s.live(ctx, r.Live, r.Budget)
		}
	case opTest:
		if r.Test != nil {
			return s.test(ctx, r.ID, r.Test, r.Budget)
		}
	case opExplore:
		if r.Part != nil {
			return s.explorePart(ctx, r.Part, r.Budget)
		}
	case opRender:
		if r.Render != nil {
			return s.render(r.Render, r.Budget)
		}
	}
	return &reply{Error: &wireError{Kind: errInternal, Message: "unknown request " + r.Op}}
}

func (s *server) check(ctx context.Context, r *checkRequest, b budget) *reply {
	rep, err := runCheck(ctx, s, r.JS, r.Options, b)
	if err != nil {
		return &reply{Error: wireErr(err)}
	}
	return &reply{Report: toWire(rep)}
}

// A worker is a checkSite: its watchdog bounds the phases, and it keeps up to maxOpen projects.
func (s *server) phase(limit time.Duration, what string) func() { return s.wd.phase(limit, what) }
func (s *server) trusted() func()                               { return s.wd.trusted() }
func (s *server) drop(js []byte)                                { delete(s.projects, bundleHash(js)) }
func (s *server) keep(js []byte, p *validate.Project) {
	for len(s.projects) >= maxOpen {
		s.evict()
	}
	s.projects[bundleHash(js)] = &openProject{p: p, used: s.uses}
}

func bundleHash(js []byte) string {
	h := sha256.Sum256(js)
	return hex.EncodeToString(h[:])
}

func (s *server) live(ctx context.Context, r *liveRequest, b budget) *reply {
	stop := s.wd.phase(b.Author, r.Call)
	defer stop()
	op := s.projects[r.Hash]
	if op == nil {
		if r.JS == nil {
			return &reply{Live: &liveReply{Missing: true}}
		}
		if bundleHash(r.JS) != r.Hash {
			return &reply{Error: &wireError{Kind: errInternal, Message: "the bundle does not match its hash"}}
		}
		// The upload's verdict rendered the sounds; a live call does not.
		p, rep, err := validate.Open(ctx, r.JS, validate.Options{Limits: r.JSOpts, CallerRenders: true})
		if err != nil {
			return &reply{Error: wireErr(err)}
		}
		if p == nil {
			msg := "the build does not load"
			if rep != nil && len(rep.Diagnostics.Errors()) > 0 {
				msg = rep.Diagnostics.Errors()[0].String()
			}
			return &reply{Error: &wireError{Kind: errLoad, Message: msg}}
		}
		for len(s.projects) >= maxOpen {
			s.evict()
		}
		op = &openProject{p: p}
		s.projects[r.Hash] = op
	}
	op.used = s.uses
	out := &liveReply{}
	var err error
	switch r.Call {
	case liveInitial:
		err = &loadError{msg: fmt.Sprintf("the build has no Gizmo %q", r.Type)}
		for _, d := range op.p.Report.Definitions {
			if d.Type != r.Type {
				continue
			}
			inst, ok, cerr := op.p.Create(ctx, d.Emoji, "new")
			if cerr == nil && ok {
				out.State, err = inst.State, nil
			} else if cerr != nil {
				err = cerr
			}
			break
		}
	case liveView:
		out.View, err = op.p.View(ctx, r.Instance, r.Viewer)
	case liveOpen:
	case liveValid:
		err = validInstance(ctx, op.p, r.Instance)
	case liveAct:
		var inst world.Instance
		inst, out.Reaction, err = op.p.Act(ctx, r.Instance, r.Action, r.Context)
		out.State = inst.State
	case liveDerive:
		out.Derived, err = op.p.Derive(ctx, r.Instance, r.Env)
	case liveStep:
		out.Effects, err = liveStepCall(ctx, op.p, r)
	default:
		err = fmt.Errorf("unknown live call %q", r.Call)
	}
	if err != nil {
		// The project stays open: jsrt clears a stopped call's interrupt, so its runtime serves
		// the next call (as an in-process host's would).
		return &reply{Error: wireErr(err)}
	}
	return &reply{Live: out}
}

func (s *server) evict() {
	oldest, at := "", -1
	for h, op := range s.projects {
		if at < 0 || op.used < at {
			oldest, at = h, op.used
		}
	}
	delete(s.projects, oldest)
}

func (s *server) test(ctx context.Context, id uint64, r *TestOptions, b budget) *reply {
	// The callbacks are the parent's: here they send its frames.
	r.Console = func(file, level, text string) {
		_ = s.out.Write(message{Kind: msgConsole, ID: id, Console: &consoleLine{File: file, Level: level, Text: text}})
	}
	r.Progress = func(res testrun.Result) {
		_ = s.out.Write(message{Kind: msgProgress, ID: id, Progress: &res})
	}
	opts, err := r.run()
	if err != nil {
		return &reply{Error: &wireError{Kind: errInternal, Message: err.Error()}}
	}
	stop := s.wd.phase(b.Author, "the tests")
	rep, err := testrun.Run(ctx, opts)
	stop()
	if err != nil {
		return &reply{Test: rep, Error: wireErr(err)}
	}
	return &reply{Test: rep}
}
