package isolate

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// Config configures a Pool. The zero value is a pool of one warm worker with the default limits.
type Config struct {
	// Size is how many workers the pool keeps started (default 1). Each holds one request at a
	// time; more requests wait for one.
	Size int
	// Limits are the workers' hard bounds.
	Limits Limits
	// Owner words whose limit a refusal names: "this host's", or "this toolchain's" (default).
	Owner string
	// OneShot is for a short command (a build, a test run): workers skip the warm-up validation
	// and collect garbage less often, and a pool replaces a used worker only when asked for one.
	OneShot bool
	// Executable is the binary started as a worker (`<Executable> internal worker`); "" is this
	// process's own. It must call ServeIfWorker first thing.
	Executable string
	// OnRequest, when set, receives each request's measurements once it ended.
	OnRequest func(Stats)
	// Lazy starts no worker until the first request (then the pool keeps Size warm as usual):
	// for a pool that may stay unused, as the dev loop's local check does with the embedded host.
	Lazy bool
	// Explorers is how many workers one check's exploration may use at once, its own included
	// (0: the CPU count, at most MaxExplorers, or SCAPE_EXPLORERS; 1 for a OneShot pool; 1:
	// explore in the check's worker only). The others are a pool of their own, started on first use (explore.go).
	Explorers int
}

// Stats are one request's measurements.
type Stats struct {
	Op string
	// Started is when the request was sent (a detached request may report well after its
	// caller returned).
	Started time.Time
	Wall    time.Duration
	// PeakRSS is the worker's peak resident memory (for a worker that was ended, from wait4).
	PeakRSS uint64
	// Breach is the bound that ended the worker, if one did.
	Breach *Breach
}

// maxUses recycles a worker after this many requests, so nothing it caches grows for ever.
const maxUses = 1000

var errClosed = errors.New("isolate: the pool is closed")

// Pool runs author code in worker processes with hard limits (see the package doc). It is safe
// for concurrent use; Close ends its workers.
type Pool struct {
	cfg       Config
	exe       string
	inProcess *inProcess // non-nil: isolation is unavailable here, run in this process

	mu      sync.Mutex
	idle    []*proc
	waiters []chan struct{}
	workers int // workers started or starting, idle or busy
	err     error
	closed  bool

	exploreOnce sync.Once
	explore     *Pool // the workers exploring parts of this pool's checks
	// lastDefinitions is the definition count of the last check's project: when it had several,
	// the next check's parts start with it (explore.go, spread).
	lastDefinitions atomic.Int32
}

// Available says whether workers run in limited processes: on every platform (each with its
// strategy, strategy.go), unless SCAPE_ISOLATE=0 asks for the in-process fallback (for measuring
// what isolation costs, and for debugging).
func Available() bool {
	return os.Getenv("SCAPE_ISOLATE") != "0"
}

// Strategy names the strategy bounding workers' memory here: "hard" (Linux's RLIMIT_AS) or
// "portable" (the parent's watch: macOS, Windows, and Linux with SCAPE_LIMITS=portable).
func Strategy() string { return currentStrategy().name() }

// NewPool returns a pool and, unless Lazy, starts its workers in the background, so the first
// request finds one warm. Where isolation is not Available the pool runs everything in this process, with
// jsrt's soft bounds only.
func NewPool(cfg Config) *Pool {
	if cfg.Size <= 0 {
		cfg.Size = 1
	}
	cfg.Limits = cfg.Limits.withDefaults()
	if cfg.Owner == "" {
		cfg.Owner = "this toolchain's"
	}
	p := &Pool{cfg: cfg}
	if !Available() {
		p.inProcess = &inProcess{}
		return p
	}
	p.exe = cfg.Executable
	if p.exe == "" {
		exe, err := SelfExecutable()
		if err != nil {
			p.err = err
			return p
		}
		p.exe = exe
	}
	if !cfg.Lazy {
		p.mu.Lock()
		p.fill()
		p.mu.Unlock()
	}
	return p
}

// Isolated says whether the pool runs author code in limited worker processes.
func (p *Pool) Isolated() bool { return p.inProcess == nil }

// Limits are the pool's hard bounds (defaults filled in).
func (p *Pool) Limits() Limits { return p.cfg.Limits }

// Close ends the idle workers now and the busy ones when their requests end.
func (p *Pool) Close() {
	p.exploreOnce.Do(func() {}) // none is started after Close
	if p.explore != nil {
		p.explore.Close()
	}
	p.mu.Lock()
	p.closed = true
	idle := p.idle
	p.idle = nil
	p.wake()
	p.mu.Unlock()
	var wg sync.WaitGroup
	for _, w := range idle {
		wg.Add(1)
		go func() { defer wg.Done(); w.close() }()
	}
	wg.Wait()
}

func (p *Pool) workerConfig() workerConfig {
	return workerConfig{memory: p.cfg.Limits.Memory, grace: p.cfg.Limits.Grace, outside: p.cfg.Limits.Outside, warm: !p.cfg.OneShot, short: p.cfg.OneShot,
		limits: currentStrategy().name()}
}

// fill starts workers up to Size. The caller holds mu.
func (p *Pool) fill() {
	for p.workers < p.cfg.Size && !p.closed {
		p.workers++
		go p.spawn()
	}
}

func (p *Pool) spawn() {
	w, err := startProc(p.exe, p.workerConfig(), p.cfg.Limits)
	p.mu.Lock()
	defer p.mu.Unlock()
	if err != nil {
		p.workers--
		p.err = err
		p.wake()
		return
	}
	if p.closed {
		p.workers--
		go w.close()
		return
	}
	p.err = nil
	p.idle = append(p.idle, w)
	p.trimLocked() // a worker handed over while this one started
	p.wake()
}

// wake tells every waiter that the idle list or the error changed. The caller holds mu.
func (p *Pool) wake() {
	for _, ch := range p.waiters {
		close(ch)
	}
	p.waiters = nil
}

// acquire takes an idle worker, preferring one that has the bundle prefer open.
func (p *Pool) acquire(ctx context.Context, prefer string) (*proc, error) {
	p.mu.Lock()
	for {
		if p.closed {
			p.mu.Unlock()
			return nil, errClosed
		}
		if n := len(p.idle); n > 0 {
			i := n - 1
			for j, w := range p.idle {
				if prefer != "" && w.open[prefer] {
					i = j
				}
			}
			w := p.idle[i]
			p.idle = append(p.idle[:i], p.idle[i+1:]...)
			p.mu.Unlock()
			if !w.alive() {
				p.release(w)
				p.mu.Lock()
				continue
			}
			return w, nil
		}
		if p.err != nil && p.workers == 0 {
			err := p.err
			p.err = nil // the next request tries again
			p.mu.Unlock()
			return nil, err
		}
		p.fill()
		ch := make(chan struct{})
		p.waiters = append(p.waiters, ch)
		p.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return nil, fmt.Errorf("%w: %w", ErrBusy, ctx.Err())
		}
		p.mu.Lock()
	}
}

// release returns a worker after a request: to the idle list, or, when it died, breached, is
// worn out or the pool is one-shot, to be ended and replaced.
func (p *Pool) release(w *proc) {
	p.mu.Lock()
	defer p.mu.Unlock()
	reuse := w.alive() && !p.closed && !p.cfg.OneShot && w.uses < maxUses &&
		(w.space == 0 || w.space < w.ready.Baseline+p.cfg.Limits.Memory/4)
	if reuse {
		p.idle = append(p.idle, w)
		p.trimLocked() // over size after a hand-over: the worker holding least goes
	} else {
		p.workers--
		go w.close()
		if !p.cfg.OneShot {
			p.fill()
		}
	}
	p.wake()
}

// run sends one request to a worker, preferring one that has the bundle prefer open; prepare,
// when set, completes the request for the worker it goes to.
func (p *Pool) run(ctx context.Context, req request, wall time.Duration, pend *pending, prefer string, prepare func(*proc)) (*reply, *proc, error) {
	return p.runTo(ctx, req, wall, pend, prefer, prepare, nil)
}

// runTo is run whose worker, when handTo names another pool for the request's outcome, goes to
// that pool instead of back to this one (see CheckOpen).
func (p *Pool) runTo(ctx context.Context, req request, wall time.Duration, pend *pending, prefer string, prepare func(*proc), handTo func(*reply, error) *Pool) (*reply, *proc, error) {
	w, err := p.acquire(ctx, prefer)
	if err != nil {
		return nil, nil, err
	}
	if prepare != nil {
		prepare(w)
	}
	if req.Live != nil && req.Live.noOpen {
		return p.detached(ctx, w, req, wall, pend)
	}
	r, err := p.finish(ctx, w, req, wall, pend, handTo)
	return r, w, err
}

// detached is run for a caller with a short budget (a NoOpen live call: the world page's view):
// when ctx ends it returns at once, instead of waiting up to the grace for the worker's own
// verdict or its kill; the request finishes in the background and only then gives the worker
// back, so a view stuck in a native built-in costs the page its bound and nothing more.
func (p *Pool) detached(ctx context.Context, w *proc, req request, wall time.Duration, pend *pending) (*reply, *proc, error) {
	type result struct {
		r   *reply
		err error
	}
	done := make(chan result, 1)
	go func() {
		r, err := p.finish(ctx, w, req, wall, pend, nil)
		done <- result{r, err}
	}()
	select {
	case res := <-done:
		return res.r, w, res.err
	case <-ctx.Done():
		select {
		case res := <-done: // answered as the deadline passed
			return res.r, w, res.err
		default:
		}
		return nil, w, ctx.Err()
	}
}

// finish sends req to w, reports its measurements and gives w back to the pool (or, when
// handTo names another pool for the outcome, to that one).
func (p *Pool) finish(ctx context.Context, w *proc, req request, wall time.Duration, pend *pending, handTo func(*reply, error) *Pool) (*reply, error) {
	start := time.Now()
	r, err := w.do(ctx, req, wall, pend)
	if p.cfg.OnRequest != nil {
		st := Stats{Op: req.Op, Started: start, Wall: time.Since(start)}
		if r != nil {
			st.PeakRSS = r.PeakRSS
		}
		var b *Breach
		if errors.As(err, &b) {
			st.Breach, st.PeakRSS = b, b.PeakRSS
		}
		p.cfg.OnRequest(st)
	}
	if handTo != nil {
		if to := handTo(r, err); to != nil && to != p {
			p.handOver(w, to)
			return r, err
		}
	}
	p.release(w)
	return r, err
}

// handOver moves a worker from p to the pool to (same executable and limits), and an idle
// worker of to back to p in exchange (it holds an older build, which its next bundles evict),
// so both pools keep their size without starting a process. When to has no idle worker (all
// busy, or still starting) p starts a replacement and to ends its excess as workers come back.
func (p *Pool) handOver(w *proc, to *Pool) {
	back := to.adopt(w)
	p.mu.Lock()
	defer p.mu.Unlock()
	if back != nil && !p.closed && back.alive() {
		p.idle = append(p.idle, back)
	} else {
		if back != nil {
			go back.close()
		}
		p.workers--
		p.fill()
	}
	p.wake()
}

// adopt takes w into p and returns the idle worker it gives up to stay at its size, if any.
func (p *Pool) adopt(w *proc) *proc {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed || !w.alive() {
		go w.close()
		return nil
	}
	w.handed = handedOver.Add(1)
	var back *proc
	if n := len(p.idle); n > 0 {
		back = p.idle[0] // the longest idle
		p.idle = p.idle[1:]
	} else {
		p.workers++ // over size until a worker comes back (release, spawn)
	}
	p.idle = append(p.idle, w)
	p.wake()
	return back
}

// trimLocked ends workers beyond the pool's size. A worker still starting counts, so only idle
// ones holding no bundle go while any is starting or busy; when all are idle, the one handed
// over longest ago goes (the newest hand-over holds the active build). The caller holds mu.
func (p *Pool) trimLocked() {
	for p.workers > p.cfg.Size {
		i := -1
		for j, o := range p.idle {
			if len(o.open) == 0 {
				i = j
				break
			}
		}
		if i < 0 && len(p.idle) == p.workers {
			for j, o := range p.idle {
				if i < 0 || o.handed < p.idle[i].handed {
					i = j
				}
			}
		}
		if i < 0 {
			return
		}
		old := p.idle[i]
		p.idle = append(p.idle[:i], p.idle[i+1:]...)
		p.workers--
		go old.close()
	}
}

// handedOver numbers hand-overs, so a pool knows which adopted worker is the newest.
var handedOver atomic.Uint64
