package isolate

import (
	"context"
	"errors"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/scapeworld/scape/validate"
)

// Exploring a check's definitions in parallel (docs/build.md, "Exploration in parallel"). Each
// definition explores independently; in one process that is not safe (the heap budget reads the
// whole process's growth), across workers it is: each has its own heap and limits. A check's
// worker, once its catalog check accepted the project, asks its parent for the parts after its
// own (msgExplore); the parent explores each in a worker of the pool's explorer pool (opExplore:
// the same bundle loaded and checked there, the part explored with its share of the time
// budget) and answers with the parts' results (opExplored); validate merges them in the
// definitions' order into the serial report. A part's worker that passes a hard bound gives the
// check that verdict, as the check's own worker would have serially.

// MaxExplorers bounds Config.Explorers' default: the workers one check's exploration uses at
// once, its own included (a project holds at most 16 definitions; each worker costs its warm
// memory: a build's worker peaks at 41–62 MB RSS, docs/build.md).
const MaxExplorers = 4

// explorersEnv overrides the default (for measuring: SCAPE_EXPLORERS=1 explores serially).
const explorersEnv = "SCAPE_EXPLORERS"

// explorers is how many workers a check of this pool may explore with, its own included.
func (p *Pool) explorers() int {
	n := p.cfg.Explorers
	if n == 0 && p.cfg.OneShot {
		// A one-shot command's pool has no warm worker to spare: a part would wait for a cold
		// start after the catalog check. Its builds explore in one worker (the build server's
		// pool, warm, explores across several).
		n = 1
	}
	if n == 0 {
		n = min(runtime.NumCPU(), MaxExplorers)
		if v, err := strconv.Atoi(os.Getenv(explorersEnv)); err == nil && v > 0 {
			n = v
		}
	}
	return max(1, n)
}

// explorePool is the pool whose workers explore parts of this pool's checks: explorers − 1
// workers, started on first use and kept as this pool keeps its own.
func (p *Pool) explorePool() *Pool {
	p.exploreOnce.Do(func() {
		cfg := p.cfg
		cfg.Size, cfg.Explorers, cfg.Lazy, cfg.Executable = p.explorers()-1, 1, true, p.exe
		p.explore = NewPool(cfg)
	})
	return p.explore
}

// spread is one check's exploration elsewhere: parts 1 … of−1 of the project (the check's worker
// explores part 0), each in a worker of the explore pool. A part needs nothing from the check's
// worker (it loads and checks the bundle itself), so when the pool's last check had several
// definitions the parts start with the check (speculatively: their load and catalog check
// overlap the check's own); otherwise when the check's worker asks (msgExplore). A part's
// breach abandons the check with that verdict.
type spread struct {
	pool     *Pool
	ctx      context.Context
	js       []byte
	opts     Options
	of       int
	once     sync.Once
	done     chan struct{}
	out      []*validate.PartExplored
	breaches []*Breach
	asked    atomic.Int32 // how many parts the check's worker asked for: their breach is its verdict
}

func (p *Pool) newSpread(ctx context.Context, js []byte, opts Options, of int) *spread {
	// A part returns no diagnostics about model files: its worker need not read them again.
	opts.ExploreParts, opts.KeepOpen, opts.Dir, opts.Assets = 0, false, "", nil
	return &spread{pool: p.explorePool(), ctx: ctx, js: js, opts: opts, of: of, done: make(chan struct{})}
}

// start explores parts 1 … n, each at once in a worker of its own; once (the first call decides
// how many: a speculative start all of−1, the check's own ask the parts its split has).
func (s *spread) start(n int) {
	s.once.Do(func() {
		go func() {
			defer close(s.done)
			out := make([]*validate.PartExplored, n)
			breaches := make([]*Breach, n)
			var wg sync.WaitGroup
			for i := range out {
				wg.Add(1)
				go func() {
					defer wg.Done()
					out[i], breaches[i] = s.pool.part(s.ctx, s.js, s.opts, i+1, s.of)
				}()
			}
			wg.Wait()
			for i, b := range breaches {
				if b != nil {
					out[i] = &validate.PartExplored{Abandoned: true}
				}
			}
			s.out, s.breaches = out, breaches
		}()
	})
}

// breached is the breach of a part, if one passed a hard bound (nil spread: none).
func (s *spread) breached() *Breach {
	if s == nil || s.asked.Load() == 0 {
		return nil
	}
	select {
	case <-s.done: // the parts' results are written
	default:
		return nil
	}
	// Parts started speculatively that the check never asked for (all of them, or those past a
	// project with fewer definitions than explorers) are not its verdict.
	for _, b := range s.breaches[:min(int(s.asked.Load()), len(s.breaches))] {
		if b != nil {
			return b
		}
	}
	return nil
}

// answer is the check's onExplore: the parts' results, in order.
func (s *spread) answer(parts []validate.ExplorePart) []*validate.PartExplored {
	if len(parts) > s.of-1 {
		return nil // not the split this pool asked for: the check explores them itself
	}
	// A project with fewer definitions than explorers is split into fewer parts (one per
	// definition), the first ones of the same split: parts 1 … len(parts).
	s.asked.Store(int32(len(parts)))
	s.start(len(parts))
	select {
	case <-s.done:
		return s.out[:min(len(parts), len(s.out))]
	case <-s.ctx.Done():
		return nil
	}
}

// part explores part index of of in a worker: its result, nil when it could not (the check then
// explores the part itself), or the worker's breach.
func (p *Pool) part(ctx context.Context, js []byte, opts Options, index, of int) (*validate.PartExplored, *Breach) {
	lim := p.cfg.Limits
	req := request{Op: opExplore, Budget: budget{Author: lim.Author, CPU: lim.CPU}, Part: &partRequest{JS: js, Options: opts, Index: index, Of: of}}
	r, _, err := p.run(ctx, req, lim.CheckWall(), &pending{}, "", nil)
	var b *Breach
	if errors.As(err, &b) {
		return nil, b
	}
	if err != nil || r.Error != nil || r.Part == nil {
		return nil, nil
	}
	return r.Part, nil
}

// explorePart is a worker's opExplore.
func (s *server) explorePart(ctx context.Context, r *partRequest, b budget) *reply {
	stop := s.wd.phase(b.Author, "exploration")
	defer stop()
	part, err := validate.ExploreOnly(ctx, r.JS, r.Options.validate(), r.Index, r.Of)
	if err != nil {
		return &reply{Error: wireErr(err)}
	}
	return &reply{Part: part}
}

// elsewhere is a worker's validate.Elsewhere: it asks the parent to explore the parts and waits
// for the answer (opExplored, delivered by Serve's reader) while validate explores its own.
func (s *server) elsewhere() validate.Elsewhere {
	id := s.request
	return func(ctx context.Context, parts []validate.ExplorePart) func() []*validate.PartExplored {
		ch := make(chan []*validate.PartExplored, 1)
		s.partsMu.Lock()
		if s.parts == nil {
			s.parts = map[uint64]chan []*validate.PartExplored{}
		}
		s.parts[id] = ch
		s.partsMu.Unlock()
		forget := func() {
			s.partsMu.Lock()
			delete(s.parts, id)
			s.partsMu.Unlock()
		}
		if err := s.out.Write(message{Kind: msgExplore, ID: id, Parts: parts}); err != nil {
			forget()
			return func() []*validate.PartExplored { return nil }
		}
		return func() []*validate.PartExplored {
			defer forget()
			// Waiting is toolchain time between guarded calls: the phase budget still bounds it.
			end := s.wd.trusted()
			defer end()
			select {
			case got := <-ch:
				return got
			case <-ctx.Done():
				return nil
			}
		}
	}
}

// deliver hands an opExplored answer to the check waiting for it (none: it gave up).
func (s *server) deliver(id uint64, parts []*validate.PartExplored) {
	s.partsMu.Lock()
	ch := s.parts[id]
	s.partsMu.Unlock()
	if ch != nil {
		select {
		case ch <- parts:
		default:
		}
	}
}
