package typecheck

import (
	"bufio"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"sync"
	"time"

	"github.com/scapeworld/scape/internal/headbuf"
)

// warmScript is the Node side of a warm checker: it loads the project's TypeScript once and
// answers each request with what `tsc -p . --noEmit --pretty false` would print.
//
//go:embed warm.js
var warmScript string

// WarmHeapMB bounds the warm checker's V8 heap (--max-old-space-size): a Gizmo project and the
// SDK need about 150 MB. A checker past it dies; that check, and every later one of this Warm,
// runs as a cold tsc, which has no bound of ours (as before the warm checker existed).
const WarmHeapMB = 1024

// warmFailures is how many warm checks in a row may fail (a crash, an exception in the
// checker) before a Warm stops trying and runs every check cold.
const warmFailures = 2

// Warm type-checks one project with its TypeScript kept loaded in a long-lived Node process
// (started on the first Check, ended by Close), so a check after the first costs the files that
// changed instead of Node's start and TypeScript's load (about 0.7 s of CPU). It reports what
// Run would: each Check asks trust and finds the project's TypeScript and node first, as Run
// does, and a directory no longer trusted ends the process at once. A Warm is safe for
// concurrent use; checks run one at a time.
type Warm struct {
	dir  string
	opts Options

	mu       sync.Mutex
	proc     *warmProc
	failures int
	starts   int
}

// NewWarm returns a warm checker of the project in dir; nothing starts before the first Check.
func NewWarm(dir string, opts Options) *Warm { return &Warm{dir: dir, opts: opts} }

// Check type-checks the project as it is on disk now.
func (w *Warm) Check(ctx context.Context) Status {
	start := time.Now()
	st := w.check(ctx)
	st.Duration = time.Since(start)
	st.Ms = float64(st.Duration.Microseconds()) / 1000
	return st
}

// Starts is how many Node processes this Warm has started (tests: a second check reuses the
// first's).
func (w *Warm) Starts() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.starts
}

// Pid is the running checker's process id, 0 when none runs.
func (w *Warm) Pid() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.proc == nil {
		return 0
	}
	return w.proc.cmd.Process.Pid
}

// Close ends the Node process, if one runs.
func (w *Warm) Close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.stop()
}

func (w *Warm) stop() {
	if w.proc != nil {
		w.proc.close()
		w.proc = nil
	}
}

func (w *Warm) check(ctx context.Context) Status {
	s, st := prepare(w.dir, w.opts)
	w.mu.Lock()
	defer w.mu.Unlock()
	if st != nil {
		w.stop() // trust revoked, TypeScript removed: nothing of the project keeps running
		return *st
	}
	if w.proc != nil && w.proc.setup != s {
		w.stop() // another node on PATH, the directory re-resolved: start afresh
	}
	if w.failures >= warmFailures {
		return runCold(ctx, s)
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	if w.proc == nil {
		p, err := startWarm(ctx, s)
		w.starts++
		if err != nil {
			return w.failed(ctx, s, err)
		}
		w.proc = p
	}
	out, err := w.proc.ask(ctx)
	if err != nil {
		return w.failed(ctx, s, err)
	}
	w.failures = 0
	return Status{Checked: true, Warm: true, Diagnostics: Parse(s.dir, out), raw: out}
}

// failed ends a checker that did not answer and runs this check cold: a warm checker's trouble
// costs time, never a different verdict. Running out of time is the answer itself.
func (w *Warm) failed(ctx context.Context, s setup, err error) Status {
	w.stop()
	if ctx.Err() != nil {
		return Status{Reason: fmt.Sprintf("tsc did not finish within %v", Timeout)}
	}
	w.failures++
	return runCold(ctx, s)
}

// warmProc is one running checker.
type warmProc struct {
	setup  setup
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan []byte // its stdout, a line at a time; closed when it ends
	stderr *headbuf.Buffer
	nextID int
}

type warmReply struct {
	Ready   bool   `json:"ready"`
	Version string `json:"version"`
	ID      int    `json:"id"`
	Out     string `json:"out"`
	Error   string `json:"error"`
}

func startWarm(ctx context.Context, s setup) (*warmProc, error) {
	cmd := exec.Command(s.node, "--max-old-space-size="+strconv.Itoa(WarmHeapMB), "-e", warmScript, s.tsLib())
	cmd.Dir = s.dir
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	p := &warmProc{setup: s, cmd: cmd, stdin: stdin, lines: make(chan []byte, 1), stderr: headbuf.New(8 << 10)}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go func() {
		defer close(p.lines)
		r := bufio.NewReaderSize(stdout, 64<<10)
		for {
			line, err := r.ReadBytes('\n')
			if len(line) > 0 && err == nil {
				p.lines <- line
			}
			if err != nil {
				return
			}
		}
	}()
	rep, err := p.read(ctx)
	if err != nil {
		p.close()
		return nil, err
	}
	if !rep.Ready {
		p.close()
		return nil, errors.New("the warm type checker did not start")
	}
	return p, nil
}

// read waits for the checker's next line.
func (p *warmProc) read(ctx context.Context) (warmReply, error) {
	var rep warmReply
	select {
	case <-ctx.Done():
		return rep, ctx.Err()
	case line, ok := <-p.lines:
		if !ok {
			return rep, fmt.Errorf("the warm type checker ended: %s", firstLine(p.stderr.String()))
		}
		if err := json.Unmarshal(line, &rep); err != nil {
			return rep, fmt.Errorf("the warm type checker said %q", firstLine(string(line)))
		}
		return rep, nil
	}
}

// ask runs one check and returns tsc's text.
func (p *warmProc) ask(ctx context.Context) ([]byte, error) {
	p.nextID++
	id := p.nextID
	if _, err := fmt.Fprintf(p.stdin, "{\"id\":%d}\n", id); err != nil {
		return nil, err
	}
	for {
		rep, err := p.read(ctx)
		if err != nil {
			return nil, err
		}
		if rep.ID != id {
			continue // an answer to a request given up on (cannot happen: a timeout ends the process)
		}
		if rep.Error != "" {
			return nil, errors.New("the warm type checker failed: " + firstLine(rep.Error))
		}
		return []byte(rep.Out), nil
	}
}

// close ends the checker: its stdin closed it exits by itself; one that does not is killed.
func (p *warmProc) close() {
	go func() {
		for range p.lines { // unblock the reader; it ends with the process's stdout
		}
	}()
	p.stdin.Close()
	done := make(chan struct{})
	go func() { p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Second):
		p.cmd.Process.Kill()
		<-done
	}
}
