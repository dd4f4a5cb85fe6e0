package isolate

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/scapeworld/scape/internal/cachedir"
	"github.com/scapeworld/scape/internal/filelock"
	"github.com/scapeworld/scape/internal/timeline"
	"github.com/scapeworld/scape/validate"
)

// A build server keeps a warm worker for short commands (`scape gizmo build`, `sound`), so that a
// build after the first pays neither a worker's start nor goja's compile of the SDK (about 60 ms
// of a 100 ms budget, docs/build.md): the server is this binary started as
// `<binary> internal build-server <socket>`, holding a Pool of one warm worker with the same
// hard limits a command's own worker has. A command reaches it over a Unix socket in the user's
// cache directory and sends the check request a worker would get; the server runs it on its
// pool and sends the report back. Author code still runs only in the limited worker: the server
// never loads a bundle. A command that finds no server validates in a worker of its own, as
// before, and then starts one for the next command. A server exits after ServerIdle without a
// request, when its socket is removed (the cache cleared), or on SIGTERM/SIGINT.
//
// Trust: the socket lives in a 0700 directory and the server answers only its own user's
// processes (SO_PEERCRED). It is keyed by this executable (path, size and time) and every SCAPE_
// setting (but SCAPE_TIMELINE and SCAPE_BUILD_SERVER), so another binary or another
// configuration never shares a server.

// serverArgs start a build server: `<binary> internal build-server [-idle D] <socket>`.
var serverArgs = []string{"internal", "build-server"}

// replyWriteTimeout bounds writing one reply to a caller (a report is at most a few MiB, and the
// caller is waiting for it on the same machine).
var replyWriteTimeout = 10 * time.Second

// ServerIdle is how long a build server waits for a request before it exits.
const ServerIdle = 10 * time.Minute

// serverEnv turns build servers off (SCAPE_BUILD_SERVER=0): every command validates in a worker
// of its own.
const serverEnv = "SCAPE_BUILD_SERVER"

// serverCapable is set by ServeIfServer: this binary can be started as a build server, so a
// OneShot may start one. Test binaries that do not call it never start servers.
var serverCapable bool

// ServeIfServer runs the build server when this process was started as one, and exits; otherwise
// it only records that this binary can serve (call it first thing in main, after ServeIfWorker).
func ServeIfServer() {
	serverCapable = true
	if len(os.Args) < 3 || os.Args[1] != serverArgs[0] || os.Args[2] != serverArgs[1] {
		return
	}
	fs := flag.NewFlagSet("build-server", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	idle := fs.Duration("idle", ServerIdle, "exit after this long without a request")
	if err := fs.Parse(os.Args[3:]); err != nil || fs.NArg() != 1 {
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	if err := RunServer(ctx, fs.Arg(0), *idle); err != nil {
		os.Exit(1)
	}
	os.Exit(0)
}

// serverRequest is a command → server frame: a worker's check request and the caller's deadline.
type serverRequest struct {
	Check    *checkRequest `json:"check"`
	Deadline time.Time     `json:"deadline,omitzero"`
}

// serverReply is the server's answer: Pool.Check's report or its error.
type serverReply struct {
	Report *wireReport `json:"report,omitempty"`
	Error  *wireError  `json:"error,omitempty"`
}

// RunServer serves check requests on the Unix socket sock until ctx ends, no request came for
// idle, or sock is removed or replaced. It returns nil at once when another server holds sock
// (its lock file): at most one serves a socket.
func RunServer(ctx context.Context, sock string, idle time.Duration) error {
	if !Available() {
		return errors.New("isolate: a build server needs worker isolation (SCAPE_ISOLATE=0 turns it off)")
	}
	unlock, ok, err := lockServer(sock + ".lock")
	if err != nil || !ok {
		return err
	}
	defer unlock()
	os.Remove(sock) // a dead server's socket: the lock says nobody serves it
	ln, err := net.Listen("unix", sock)
	if err != nil {
		return err
	}
	ul := ln.(*net.UnixListener)
	ul.SetUnlinkOnClose(false) // removed below, only while it is still this server's
	if err := os.Chmod(sock, 0o600); err != nil {
		ln.Close()
		return err
	}
	mine, err := os.Stat(sock)
	if err != nil {
		ln.Close()
		return err
	}
	pool := NewPool(Config{Size: 1})
	s := &buildServer{pool: pool, activity: make(chan struct{}, 1)}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go s.watch(ctx, cancel, sock, mine, idle)
	go func() { <-ctx.Done(); ln.Close() }()
	for {
		conn, err := ul.AcceptUnix()
		if err != nil {
			break
		}
		s.touch()
		s.wg.Add(1)
		go func() { defer s.wg.Done(); s.handle(ctx, conn) }()
	}
	s.wg.Wait()
	pool.Close()
	if now, err := os.Stat(sock); err == nil && os.SameFile(now, mine) {
		os.Remove(sock)
	}
	return nil
}

type buildServer struct {
	pool     *Pool
	activity chan struct{}
	wg       sync.WaitGroup
}

func (s *buildServer) touch() {
	select {
	case s.activity <- struct{}{}:
	default:
	}
}

// watch ends the server after idle without a connection, or once its socket is gone.
func (s *buildServer) watch(ctx context.Context, cancel context.CancelFunc, sock string, mine os.FileInfo, idle time.Duration) {
	timer := time.NewTimer(idle)
	tick := time.NewTicker(time.Second)
	defer timer.Stop()
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.activity:
			timer.Reset(idle)
		case <-timer.C:
			cancel()
			return
		case <-tick.C:
			if now, err := os.Stat(sock); err != nil || !os.SameFile(now, mine) {
				cancel()
				return
			}
		}
	}
}

// handle answers one connection: one request, one reply. The request's context ends when the
// caller hangs up (a Ctrl-C), so its author code stops with it.
func (s *buildServer) handle(ctx context.Context, conn *net.UnixConn) {
	defer conn.Close()
	if !samePeer(conn) {
		return
	}
	conn.SetReadDeadline(time.Now().Add(time.Minute))
	var req serverRequest
	if err := readFrame(conn, &req); err != nil || req.Check == nil {
		return
	}
	conn.SetReadDeadline(time.Time{})
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if !req.Deadline.IsZero() {
		var c context.CancelFunc
		ctx, c = context.WithDeadline(ctx, req.Deadline)
		defer c()
	}
	go func() {
		var b [1]byte
		conn.Read(b[:]) // returns when the caller closes (or hangs up): nothing more is sent
		cancel()
	}()
	opts := req.Check.options()
	opts.KeepOpen = false // nothing stays open for a command that is gone once it has its report
	rep, err := s.pool.Check(ctx, req.Check.JS, opts)
	var out serverReply
	if err != nil {
		out.Error = wireErr(err)
	} else {
		out.Report = toWire(rep)
	}
	// A caller that never reads must not hold this goroutine, and with it the server past
	// SIGTERM (RunServer waits for its connections): the reply gets a write deadline.
	conn.SetWriteDeadline(time.Now().Add(replyWriteTimeout))
	fw := &frameWriter{w: conn}
	fw.write(out)
	s.touch()
}

// serverSocket is the socket of this binary's build server for this user and configuration, in
// the user cache directory's servers/ folder (checked and created 0700 by cachedir: not a link,
// this user's, private); "" when there is no usable cache folder or the path would be too long
// for a Unix socket.
func serverSocket() string {
	dir, err := cachedir.Dir("servers")
	if err != nil {
		return ""
	}
	exe, err := os.Executable() // its real path (selfExecutable is /proc/self/exe)
	if err != nil {
		return ""
	}
	info, err := os.Stat(exe)
	if err != nil {
		return ""
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%d\x00%d\x00%d\x00", exe, info.Size(), info.ModTime().UnixNano(), os.Getuid())
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "SCAPE_") && !strings.HasPrefix(kv, "SCAPE_TIMELINE=") && !strings.HasPrefix(kv, serverEnv+"=") {
			env = append(env, kv)
		}
	}
	sort.Strings(env)
	fmt.Fprint(h, strings.Join(env, "\x00"))
	sock := filepath.Join(dir, "build-"+hex.EncodeToString(h.Sum(nil))[:16]+".sock")
	if len(sock) > 100 { // sun_path holds 108 bytes on Linux, 104 on macOS
		return ""
	}
	return sock
}

// serverEnabled says whether short commands use build servers here.
func serverEnabled() bool {
	return serverSupported && serverCapable && Available() && os.Getenv(serverEnv) != "0"
}

// startsServers says whether a command that found no server starts one: not under a CI system
// (CI set, as GitHub Actions, GitLab and most others set it), where each job's builds are few and
// a process left running for ServerIdle only holds memory (or, under a runner that waits for
// every descendant, the job). A server already running is still used.
func startsServers() bool {
	ci := strings.ToLower(os.Getenv("CI"))
	return ci == "" || ci == "0" || ci == "false"
}

// remote is a connection to a build server, made before the request so that a command knows at
// once whether it needs a worker of its own.
type remote struct {
	conn *net.UnixConn
}

// dialServer connects to the build server at sock, or returns nil when none answers.
func dialServer(sock string) *remote {
	if sock == "" {
		return nil
	}
	conn, err := net.DialTimeout("unix", sock, 100*time.Millisecond)
	if err != nil {
		return nil
	}
	// The server must be this user's before it gets the bundle, the source map and a say in
	// the verdict: a socket by that name served by anyone else is treated as no server.
	if !samePeer(conn.(*net.UnixConn)) {
		conn.Close()
		return nil
	}
	return &remote{conn: conn.(*net.UnixConn)}
}

// errServer is a build server that failed to answer: the caller validates locally instead.
var errServer = errors.New("isolate: the build server did not answer")

// check sends one request. wall bounds the wait for the answer (the server's own pool kills a
// worker past the budgets before that).
func (r *remote) check(ctx context.Context, js []byte, opts Options, wall time.Duration) (*validate.Report, error) {
	defer r.conn.Close()
	timeline.Mark("isolate: check sent to the build server")
	deadline := time.Now().Add(wall)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	req := serverRequest{Deadline: deadline, Check: opts.checkRequest(js)}
	r.conn.SetDeadline(deadline.Add(time.Second))
	stop := context.AfterFunc(ctx, func() { r.conn.SetDeadline(time.Unix(1, 0)) }) // a Ctrl-C ends the wait at once
	defer stop()
	if err := (&frameWriter{w: r.conn}).write(req); err != nil {
		return nil, errServer
	}
	var out serverReply
	err := readFrame(r.conn, &out)
	timeline.Mark("isolate: build server answered")
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, errServer
	}
	if out.Error != nil {
		if out.Error.Kind == errCancelled || out.Error.Kind == errInternal {
			return nil, errServer // the server's trouble, not a verdict: validate locally
		}
		return nil, out.Error.err()
	}
	if out.Report == nil {
		return nil, errServer
	}
	return out.Report.report(), nil
}

func (r *remote) close() { r.conn.Close() }

// startServer starts a build server on sock in the background, detached from this process (its
// own session, no inherited streams), for the next command.
func startServer(sock string) {
	exe, err := selfExecutable()
	if err != nil {
		return
	}
	cmd := exec.Command(exe, append(append([]string{}, serverArgs...), sock)...)
	if name, err := os.Executable(); err == nil {
		cmd.Args[0] = filepath.Base(name) // `scape internal build-server …` in ps
	}
	cmd.SysProcAttr = serverSysProcAttr()
	cmd.Dir = "/"
	if cmd.Start() == nil {
		cmd.Process.Release()
	}
}

// OneShot validates for one short command: on this user's build server when one is running,
// else in a worker of its own (started at once, so it warms while the command bundles), after
// which it starts a build server for the next command. Its verdicts are a Pool's.
type OneShot struct {
	sock   string
	remote *remote
	served bool
	pool   *Pool
	once   sync.Once
	cfg    Config
}

// NewOneShot returns a OneShot for a command with the given pool configuration (OneShot is set).
func NewOneShot(cfg Config) *OneShot {
	cfg.OneShot = true
	o := &OneShot{cfg: cfg}
	if serverEnabled() && cfg.Executable == "" {
		o.sock = serverSocket()
		o.remote = dialServer(o.sock)
	}
	o.served = o.remote != nil
	if !o.served {
		o.pool = NewPool(cfg)
	}
	return o
}

// Served says whether the command found a build server to check on.
func (o *OneShot) Served() bool { return o.served }

// Isolated says whether author code runs in limited worker processes (a server's always does).
func (o *OneShot) Isolated() bool { return o.pool == nil || o.pool.Isolated() }

// Check is Pool.Check, on the build server when there is one. A server that fails to answer
// costs only time: the check runs again in a worker of this command's own.
func (o *OneShot) Check(ctx context.Context, js []byte, opts Options) (*validate.Report, error) {
	if r := o.remote; r != nil {
		o.remote = nil // one request per connection
		lim := o.cfg.Limits.withDefaults()
		rep, err := r.check(ctx, js, opts, lim.Author+lim.Render+wallSlack)
		if !errors.Is(err, errServer) {
			return rep, err
		}
		o.sock = "" // this server is not to be trusted with another start either
	}
	if o.pool == nil {
		o.pool = NewPool(o.cfg)
	}
	return o.pool.Check(ctx, js, opts)
}

// Close ends the command's own worker, if it had one, and then starts a build server so the next
// command finds one.
func (o *OneShot) Close() {
	o.once.Do(func() {
		if o.remote != nil {
			o.remote.close()
		}
		if o.pool != nil {
			o.pool.Close()
			if o.sock != "" && startsServers() {
				startServer(o.sock)
			}
		}
	})
}

// lockServer takes the exclusive lock that makes one process the server of a socket; ok is false
// when another holds it. unlock releases it (the lock also ends with the process).
func lockServer(path string) (unlock func(), ok bool, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, false, err
	}
	if err := filelock.TryLock(f); err != nil {
		f.Close()
		if errors.Is(err, filelock.ErrHeld) {
			return nil, false, nil
		}
		return nil, false, err
	}
	return func() { filelock.Unlock(f); f.Close() }, true, nil
}
