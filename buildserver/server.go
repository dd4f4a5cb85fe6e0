package buildserver

import (
	"context"
	"errors"
	"net"
	"os"
	"sync"
	"time"

	"github.com/scapeworld/scape/internal/filelock"
	"github.com/scapeworld/scape/internal/frame"
	"github.com/scapeworld/scape/internal/serverproc"
	"github.com/scapeworld/scape/isolate"
)

// serverVerb starts a build server: `<binary> internal build-server [-idle D] <socket>`.
const serverVerb = "build-server"

// replyWriteTimeout bounds writing one reply to a caller (a report is at most a few MiB, and the
// caller is waiting for it on the same machine).
var replyWriteTimeout = 10 * time.Second

// ServerIdle is how long a build server waits for a request before it exits.
const ServerIdle = serverproc.Idle

// serverEnv turns build servers off (SCAPE_BUILD_SERVER=0): every command validates in a worker
// of its own.
const serverEnv = serverproc.Switch

// serverCapable is set by ServeIfServer: this binary can be started as a build server, so a
// OneShot may start one. Test binaries that do not call it never start servers.
var serverCapable bool

// ServeIfServer runs the build server when this process was started as one, and exits; otherwise
// it only records that this binary can serve (call it first thing in main, after ServeIfWorker).
func ServeIfServer() {
	serverCapable = true
	serverproc.Serve(serverVerb, 1, func(ctx context.Context, args []string, idle time.Duration) error {
		return RunServer(ctx, args[0], idle)
	})
}

// request is a command → server frame: the check a worker would get and the caller's deadline.
// The server's answer is an isolate.Outcome: Pool.Check's report or its error.
type request struct {
	JS       []byte           `json:"js"`
	Options  *isolate.Options `json:"options"`
	Deadline time.Time        `json:"deadline,omitzero"`
}

// RunServer serves check requests on the Unix socket sock until ctx ends, no request came for
// idle, or sock is removed or replaced. It returns nil at once when another server holds sock
// (its lock file): at most one serves a socket.
func RunServer(ctx context.Context, sock string, idle time.Duration) error {
	if !isolate.Available() {
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
	pool := isolate.NewPool(isolate.Config{Size: 1})
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
	pool     *isolate.Pool
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
	var req request
	if err := frame.Read(conn, &req); err != nil || req.Options == nil {
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
	opts := *req.Options
	opts.KeepOpen = false // nothing stays open for a command that is gone once it has its report
	out := isolate.NewOutcome(s.pool.Check(ctx, req.JS, opts))
	// A caller that never reads must not hold this goroutine, and with it the server past
	// SIGTERM (RunServer waits for its connections): the reply gets a write deadline.
	conn.SetWriteDeadline(time.Now().Add(replyWriteTimeout))
	frame.NewWriter(conn).Write(out)
	s.touch()
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
