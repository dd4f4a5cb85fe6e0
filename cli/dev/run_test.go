package dev

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/devclient"
	"github.com/scapeworld/scape/devclient/watch"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/protocol"
)

// These tests run dev's run with fakes: a pipeline whose "disk" is a string, a manual watcher
// (saves reported by the test, no fsnotify), a client that records uploads and answers with
// the verdicts the test chose, and a world that approves in memory. No worker process, server
// or file system watch starts; what run prints and uploads is asserted.

// fakePipeline builds whatever the test last "saved".
type fakePipeline struct {
	mu      sync.Mutex
	source  string
	problem diag.List // what the local check finds in the current source
	closed  bool
}

func (p *fakePipeline) save(source string, problems diag.List) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.source, p.problem = source, problems
}

func (p *fakePipeline) Rebuild(context.Context) devclient.Build {
	p.mu.Lock()
	defer p.mu.Unlock()
	return devclient.Build{JS: []byte(p.source), Inputs: []string{"src/definition.ts"}}
}

func (p *fakePipeline) Check(context.Context, devclient.Build) diag.List {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.problem
}

// Explain is Check: the fake's problems are the same with exploration or without.
func (p *fakePipeline) Explain(ctx context.Context, b devclient.Build) diag.List {
	return p.Check(ctx, b)
}

func (p *fakePipeline) Close() { p.mu.Lock(); p.closed = true; p.mu.Unlock() }

// fakeClient records uploads and answers each with verdict (accepted unless it says otherwise).
type fakeClient struct {
	origin  string
	verdict func(js string) (status string, problems diag.List)

	mu       sync.Mutex
	uploads  []string
	active   int
	revokes  int
	projects []string
}

func (c *fakeClient) Origin() string { return c.origin }

func (c *fakeClient) StartPairing(_ context.Context, project string) (*devclient.Pairing, error) {
	c.mu.Lock()
	c.projects = append(c.projects, project)
	c.mu.Unlock()
	p := &devclient.Pairing{Expires: time.Now().Add(5 * time.Minute)}
	p.UserCode, p.VerificationURIComplete, p.ExpiresIn = "WDJB-MJHT", c.origin+"/connect?code=WDJB-MJHT", 300
	return p, nil
}

func (c *fakeClient) WaitForApproval(context.Context, *devclient.Pairing) (*devclient.Session, error) {
	return &devclient.Session{Expires: time.Now().Add(2 * time.Hour), World: protocol.World{Name: "Test world", URL: c.origin + "/"}}, nil
}

func (c *fakeClient) Upload(_ context.Context, _ *devclient.Session, base int, js []byte) (*devclient.Revision, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.uploads = append(c.uploads, string(js))
	status, problems := "accepted", diag.List(nil)
	if c.verdict != nil {
		status, problems = c.verdict(string(js))
	}
	n := len(c.uploads)
	if status == "accepted" {
		c.active = n
	}
	r := &devclient.Revision{ActiveRevision: c.active}
	r.Number, r.Status, r.Problems, r.BaseRevision = n, status, problems, base
	return r, nil
}

func (c *fakeClient) Revoke(context.Context, *devclient.Session) error {
	c.mu.Lock()
	c.revokes++
	c.mu.Unlock()
	return nil
}

func (c *fakeClient) sent() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.uploads...)
}

// fakeWorld is an embedded world that approves in memory and prints its link when it starts.
type fakeWorld struct {
	mu       sync.Mutex
	approved []string
	stopped  bool
}

func (w *fakeWorld) URL() string { return "http://127.0.0.1:7" }
func (w *fakeWorld) Approve(code string) error {
	w.mu.Lock()
	w.approved = append(w.approved, code)
	w.mu.Unlock()
	return nil
}
func (w *fakeWorld) Stop() { w.mu.Lock(); w.stopped = true; w.mu.Unlock() }

// devRun is one run of dev with fakes, in the background.
type devRun struct {
	dir      string
	pipe     *fakePipeline
	client   *fakeClient
	world    *fakeWorld
	watcher  *watch.Watcher
	out, err *syncBuffer
	worlds   int // World calls
	connects []string
	cancel   context.CancelFunc
	done     chan error
}

// newDevRun prepares a project directory and the fakes; start runs dev.
func newDevRun(t *testing.T, origin string) *devRun {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name": "desk-lamp"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := watch.NewManual(dir)
	if err != nil {
		t.Fatal(err)
	}
	w.Quiet = time.Millisecond
	r := &devRun{dir: dir, pipe: &fakePipeline{source: "v1"}, world: &fakeWorld{}, watcher: w,
		out: &syncBuffer{}, err: &syncBuffer{}, done: make(chan error, 1)}
	r.client = &fakeClient{origin: origin}
	if origin == "" {
		r.client.origin = r.world.URL()
	}
	return r
}

func (r *devRun) options(origin string) *Options {
	return &Options{
		IO:  &cmdutil.IOStreams{In: strings.NewReader(""), Out: r.out, ErrOut: r.err, NoColor: true},
		Now: time.Now, Getenv: func(string) string { return "" },
		Dir: r.dir, Origin: origin,
		Pipeline: func(string) (Pipeline, error) { return r.pipe, nil },
		Watch:    func(string) (*watch.Watcher, error) { return r.watcher, nil },
		Connect: func(o string) (Client, error) {
			r.connects = append(r.connects, o) // run's goroutine only
			return r.client, nil
		},
		World: func(cfg WorldConfig) (World, error) {
			r.worlds++
			cfg.OnLink(r.world.URL() + "/login?token=secret")
			return r.world, nil
		},
	}
}

func (r *devRun) start(t *testing.T, opts *Options) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	go func() { r.done <- run(ctx, opts) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-r.done:
		case <-time.After(10 * time.Second):
			t.Error("run did not stop")
		}
	})
}

// stop is Ctrl-C: run's context ends; it returns run's error.
func (r *devRun) stop(t *testing.T) error {
	t.Helper()
	r.cancel()
	select {
	case err := <-r.done:
		r.done <- err // for the cleanup
		return err
	case <-time.After(10 * time.Second):
		t.Fatal("run did not stop after Ctrl-C")
		return nil
	}
}

// waitOut waits until stdout contains want.
func (r *devRun) waitOut(t *testing.T, want string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(r.out.String(), want) {
		select {
		case err := <-r.done:
			t.Fatalf("run ended (%v) before printing %q:\n%s\nstderr:\n%s", err, want, r.out, r.err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %q on stdout within 10 s:\n%s\nstderr:\n%s", want, r.out, r.err)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// TestRunSaveUploadsOnce: with the embedded world, dev prints the world link, uploads the first
// build, and after a save uploads exactly that save's build once and prints its accepted line.
// Ctrl-C then revokes the session, says what happens to the local world, and closes everything.
func TestRunSaveUploadsOnce(t *testing.T) {
	r := newDevRun(t, "")
	r.start(t, r.options(""))
	r.waitOut(t, "r1 accepted")
	if !strings.HasPrefix(r.out.String(), "World: http://127.0.0.1:7/login?token=secret\n") {
		t.Errorf("the world link is not the first line:\n%s", r.out)
	}

	r.pipe.save("v2 (a new label)", nil)
	r.watcher.Saved("src/definition.ts")
	r.waitOut(t, "r2 accepted")
	if got := r.client.sent(); len(got) != 2 || got[0] != "v1" || got[1] != "v2 (a new label)" {
		t.Fatalf("uploads %q, want the first build and the saved one, once each", got)
	}

	if err := r.stop(t); err != nil {
		t.Fatalf("Ctrl-C: %v, want a clean stop", err)
	}
	if want := "Stopped; the session was revoked and the local world closed with this command."; !strings.Contains(r.err.String(), want) {
		t.Errorf("stderr lacks %q:\n%s", want, r.err)
	}
	if r.client.revokes != 1 || !r.world.stopped || !r.pipe.closed || r.worlds != 1 {
		t.Errorf("after Ctrl-C: %d revokes, world stopped %v, pipeline closed %v, %d worlds started", r.client.revokes, r.world.stopped, r.pipe.closed, r.worlds)
	}
	if len(r.world.approved) != 1 || r.world.approved[0] != "WDJB-MJHT" || len(r.connects) != 1 || r.connects[0] != r.world.URL() {
		t.Errorf("pairing: approved %q, connected to %q", r.world.approved, r.connects)
	}
	if len(r.client.projects) != 1 || r.client.projects[0] != "desk-lamp" {
		t.Errorf("paired as %q, want package.json's name", r.client.projects)
	}
	// The lock went with the command: the next dev in this project may start.
	l, err := lockProject(r.dir)
	if err != nil {
		t.Fatalf("lock after Ctrl-C: %v", err)
	}
	l.release()
}

// TestRunRejectedRevision: a revision the host rejects is printed with the active revision that
// stays and the host's diagnostics (definition, path, message); with the embedded host nothing
// checks a build before it is sent (the host's verdict is the check), and the local check places
// the rejection's diagnostics in the sources.
func TestRunRejectedRevision(t *testing.T) {
	r := newDevRun(t, "")
	label := diag.Diagnostic{Severity: diag.Error, Code: diag.CodeRule, Path: "label", Message: "must be at most 40 characters"}
	r.client.verdict = func(js string) (string, diag.List) {
		switch js {
		case "v2":
			return "rejected", diag.List{{Severity: diag.Error, Code: diag.CodeRule, Definition: &diag.Definition{Type: "desk-lamp"},
				Path: "lighting.light.radiusCells", Got: "13", Message: "must be 0.25–12 cells"}}
		case "v3":
			return "rejected", diag.List{label}
		}
		return "accepted", nil
	}
	r.start(t, r.options(""))
	r.waitOut(t, "r1 accepted")

	r.pipe.save("v2", nil)
	r.watcher.Saved("src/definition.ts")
	r.waitOut(t, "(r1 stays active)")
	out := r.out.String()
	for _, want := range []string{"r2 rejected", "lighting.light.radiusCells", "must be 0.25–12 cells", "got 13"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}

	placed := label
	placed.File, placed.Line, placed.Column = "src/definition.ts", 21, 3
	r.pipe.save("v3", diag.List{placed})
	r.watcher.Saved("src/definition.ts")
	r.waitOut(t, "r3 rejected")
	r.waitOut(t, "src/definition.ts:21:3")
	if got := r.client.sent(); len(got) != 3 {
		t.Errorf("uploads %q: want v1, v2 and v3 sent (the embedded host judges each)", got)
	}
}

// TestRunLocalCheckGatesRemote: with --origin a build the local check refuses is never sent.
func TestRunLocalCheckGatesRemote(t *testing.T) {
	const origin = "https://world.example.com"
	r := newDevRun(t, origin)
	r.start(t, r.options(origin))
	r.waitOut(t, "r1 accepted")
	r.pipe.save("v2", diag.List{{Severity: diag.Error, Code: diag.CodeRule, Path: "label", Message: "must be at most 40 characters"}})
	r.watcher.Saved("src/definition.ts")
	r.waitOut(t, "✗ invalid, nothing sent:")
	r.waitOut(t, "label: must be at most 40 characters")
	if got := r.client.sent(); len(got) != 1 {
		t.Errorf("uploads %q: the locally invalid build was sent", got)
	}
}

// TestRunWithOrigin: with --origin, dev connects to that host (no embedded world), prints the
// one-time code and the link on stderr, and after Ctrl-C says the last accepted build stays.
func TestRunWithOrigin(t *testing.T) {
	const origin = "https://world.example.com"
	r := newDevRun(t, origin)
	r.start(t, r.options(origin))
	r.waitOut(t, "r1 accepted")
	if err := r.stop(t); err != nil {
		t.Fatal(err)
	}
	errOut := r.err.String()
	for _, want := range []string{
		"! First copy your one-time code: WDJB-MJHT",
		"Then open " + origin + "/connect?code=WDJB-MJHT",
		"Connected to Test world",
		"Stopped; the session was revoked. The last accepted build stays in the world.",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if r.worlds != 0 || len(r.connects) != 1 || r.connects[0] != origin {
		t.Errorf("%d embedded worlds started, connected to %q; want none and the origin", r.worlds, r.connects)
	}
}

// TestRunRefusesASecondDev: while another dev holds the project's .scape/dev.lock, dev refuses
// at once (a usage error naming the holder) and starts no world, pairs with nothing and
// uploads nothing.
func TestRunRefusesASecondDev(t *testing.T) {
	r := newDevRun(t, "")
	held, err := lockProject(r.dir)
	if err != nil {
		t.Fatal(err)
	}
	defer held.release()
	held.say("pid 4242, world http://127.0.0.1:9")

	err = run(context.Background(), r.options(""))
	var locked *errLocked
	if cmdutil.ExitCode(err) != cmdutil.ExitUsage || !errors.As(err, &locked) {
		t.Fatalf("second dev: %v (exit %d), want the lock's usage error", err, cmdutil.ExitCode(err))
	}
	if want := "another scape gizmo dev is already running for this project (pid 4242, world http://127.0.0.1:9)"; !strings.Contains(err.Error(), want) {
		t.Errorf("message %q lacks %q", err, want)
	}
	if r.worlds != 0 || len(r.connects) != 0 || len(r.client.sent()) != 0 || !r.pipe.closed {
		t.Errorf("refused dev still started: %d worlds, connected %q, uploads %q, pipeline closed %v", r.worlds, r.connects, r.client.sent(), r.pipe.closed)
	}
}
