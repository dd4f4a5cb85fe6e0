package isolate

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/scapeworld/scape/internal/frame"
	"github.com/scapeworld/scape/internal/headbuf"
	"github.com/scapeworld/scape/internal/timeline"

	"github.com/scapeworld/scape/internal/procstat"
	"github.com/scapeworld/scape/testrun"
	"github.com/scapeworld/scape/validate"
)

// proc is the parent's side of one worker process.
type proc struct {
	cmd    *exec.Cmd
	in     *frame.Writer
	stdin  io.Closer
	stderr *headbuf.Buffer
	ready  readyInfo
	limits Limits
	// strategy bounds its memory (strategy.go); watched and memLimit are the parent's watch of
	// it under the portable strategy (nil and 0 under the hard one).
	strategy strategy
	watched  *procstat.Watched
	memLimit uint64

	dead  chan struct{} // closed once the process was reaped
	state *os.ProcessState

	mu       sync.Mutex
	cur      *pending
	lastCall string
	breach   *breachInfo
	killedBy string // why the parent killed it ("" when it did not)

	wall     time.Duration // the parent's wall bound of the request in flight
	cpuLimit time.Duration // its CPU budget

	open  map[string]bool // the bundles (hashes) it has open for live calls
	uses  int
	space uint64 // address space after the last request
	// handed is the worker's hand-over number (Pool.adopt; 0: never handed over).
	handed uint64
}

// pending is the request in flight on a proc.
type pending struct {
	id         uint64
	reply      chan *reply
	onConsole  func(consoleLine)
	onProgress func(testrun.Result)
	// onExplore explores a check's other parts (explore.go); its answer goes back as opExplored.
	onExplore func([]validate.ExplorePart) []*validate.PartExplored
}

var nextID atomic.Uint64

// startProc starts a worker and waits until it is warm and limited.
func startProc(exe string, cfg workerConfig, limits Limits) (*proc, error) {
	if os.Getenv(workerEnv) != "" {
		return nil, fmt.Errorf("isolate: a worker must not start workers (does this binary call isolate.ServeIfWorker first?)")
	}
	args := append(append([]string{}, workerArgs...), cfg.args()...)
	cmd := exec.Command(exe, args...)
	// glibc (a cgo build) gives each new thread that allocates a 64 MiB malloc arena of address
	// space: with one arena, a worker's address space tracks its heap, which the limit is for.
	cmd.Env = append(os.Environ(), workerEnv+"=1", "MALLOC_ARENA_MAX=1")
	cmd.SysProcAttr = workerSysProcAttr()
	p := &proc{cmd: cmd, stderr: headbuf.New(8 << 10), limits: limits, strategy: strategyNamed(cfg.limits), dead: make(chan struct{})}
	cmd.Stderr = p.stderr
	if os.Getenv("SCAPE_ISOLATE_DEBUG") == "1" {
		cmd.Stderr = io.MultiWriter(p.stderr, os.Stderr) // the worker's own messages, for debugging
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	timeline.Mark("isolate: exec worker")
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("isolate: starting a validation worker: %w", err)
	}
	p.in, p.stdin = frame.NewWriter(stdin), stdin
	p.watch()
	readyc := make(chan readyInfo, 1)
	go p.read(stdout, readyc)
	t := time.NewTimer(startTimeout)
	defer t.Stop()
	select {
	case r := <-readyc:
		timeline.Mark("isolate: worker ready")
		p.ready = r
		p.armMemory()
		return p, nil
	case <-p.dead:
		return nil, fmt.Errorf("isolate: the validation worker did not start: %s", p.exitText())
	case <-t.C:
		p.kill("start")
		<-p.dead
		return nil, fmt.Errorf("isolate: the validation worker did not start within %s", startTimeout)
	}
}

// read dispatches the worker's frames until its stdout closes, then reaps it.
func (p *proc) read(stdout io.Reader, readyc chan<- readyInfo) {
	for {
		var m message
		if err := frame.Read(stdout, &m); err != nil {
			break
		}
		p.mu.Lock()
		cur := p.cur
		if cur != nil && m.ID != 0 && m.ID != cur.id {
			cur = nil // a late frame of an earlier request
		}
		switch m.Kind {
		case msgReady:
			if m.Ready != nil {
				readyc <- *m.Ready
			}
		case msgCall:
			p.lastCall = m.Call
		case msgBreach:
			p.breach = m.Breach
		case msgReply:
			if cur != nil && m.Reply != nil {
				cur.reply <- m.Reply
				p.cur = nil
			}
		}
		p.mu.Unlock()
		switch {
		case m.Kind == msgConsole && cur != nil && cur.onConsole != nil && m.Console != nil:
			cur.onConsole(*m.Console)
		case m.Kind == msgProgress && cur != nil && cur.onProgress != nil && m.Progress != nil:
			cur.onProgress(*m.Progress)
		case m.Kind == msgExplore && cur != nil && cur.onExplore != nil:
			explore, id := cur.onExplore, m.ID
			cur.onExplore = nil // one ask per check
			go func() {
				_ = p.in.Write(request{ID: id, Op: opExplored, Parts: explore(m.Parts)})
			}()
		}
	}
	// Wait closes the pipes; all reads are done.
	_ = p.cmd.Wait()
	p.state = p.cmd.ProcessState
	if p.watched != nil {
		p.watched.Close()
	}
	close(p.dead)
}

func (p *proc) alive() bool {
	select {
	case <-p.dead:
		return false
	default:
		return true
	}
}

// kill ends the process (SIGKILL) and records why.
func (p *proc) kill(why string) {
	p.mu.Lock()
	if p.killedBy == "" {
		p.killedBy = why
	}
	p.mu.Unlock()
	if p.cmd.Process != nil {
		_ = p.cmd.Process.Kill()
	}
}

// close asks the worker to exit (it does when its stdin closes) and kills it if it does not.
func (p *proc) close() {
	_ = p.stdin.Close()
	select {
	case <-p.dead:
	case <-time.After(2 * time.Second):
		p.kill("close")
		<-p.dead
	}
}

// do sends one request and waits for its reply within wall (0: no wall bound of the parent's
// own). A worker that dies, breaches or is killed meanwhile gives a *Breach; a ctx that ends
// gives ctx.Err() (or, for a deadline, the worker's own verdict if it answers within the grace).
func (p *proc) do(ctx context.Context, req request, wall time.Duration, pend *pending) (*reply, error) {
	req.ID = nextID.Add(1)
	if dl, ok := ctx.Deadline(); ok {
		req.Deadline = dl
	}
	pend.id = req.ID
	pend.reply = make(chan *reply, 1)
	p.mu.Lock()
	p.cur, p.lastCall, p.breach = pend, "", nil
	p.wall, p.cpuLimit = wall, req.Budget.CPU
	p.uses++
	p.mu.Unlock()
	if err := p.in.Write(req); err != nil {
		p.kill("write")
		<-p.dead
		return nil, p.exitError()
	}
	defer p.guard(req.Budget.CPU)()
	var timer <-chan time.Time
	if wall > 0 {
		t := time.NewTimer(wall)
		defer t.Stop()
		timer = t.C
	}
	finish := func(r *reply) (*reply, error) {
		p.mu.Lock()
		p.space = r.Space
		p.open = map[string]bool{}
		for _, h := range r.Open {
			p.open[h] = true
		}
		p.mu.Unlock()
		return r, nil
	}
	select {
	case r := <-pend.reply:
		return finish(r)
	case <-p.dead:
		return nil, p.exitError()
	case <-timer:
		p.kill(killWall)
		<-p.dead
		return nil, p.exitError()
	case <-ctx.Done():
	}
	// The caller gave up: ask the worker to stop; it answers within the grace, or is killed.
	_ = p.in.Write(request{ID: req.ID, Op: opCancel})
	grace := time.NewTimer(p.limits.Grace)
	defer grace.Stop()
	select {
	case r := <-pend.reply:
		if r.Error != nil && r.Error.Kind == errAuthor || r.Error == nil && ctx.Err() == context.DeadlineExceeded {
			return finish(r) // the worker's own verdict on the same deadline says more
		}
		finish(r)
		return nil, ctx.Err()
	case <-p.dead:
		if b := p.exitError(); ctx.Err() == context.DeadlineExceeded {
			return nil, b
		}
		return nil, ctx.Err()
	case <-grace.C:
		p.kill(killCancel)
		<-p.dead
		if ctx.Err() == context.DeadlineExceeded {
			return nil, p.exitError()
		}
		return nil, ctx.Err()
	}
}

// Why the parent killed a worker.
const (
	killWall   = "wall"
	killCancel = "cancel"
)

// exitText describes how the process ended, for errors.
func (p *proc) exitText() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.exitTextLocked()
}

func (p *proc) exitTextLocked() string {
	var parts []string
	if p.state != nil {
		parts = append(parts, p.state.String())
	}
	if line := p.stderr.FirstLine(); line != "" {
		parts = append(parts, line)
	}
	return strings.Join(parts, ": ")
}
