package buildserver

import (
	"context"
	"errors"
	"net"
	"time"

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
	pool := isolate.NewPool(isolate.Config{Size: 1})
	defer pool.Close()
	s := &buildServer{pool: pool, loop: &serverproc.Loop{Idle: idle}}
	s.loop.Handle = s.handle
	return s.loop.Run(ctx, sock, samePeer)
}

type buildServer struct {
	pool *isolate.Pool
	loop *serverproc.Loop
}

// handle answers one connection: one request, one reply. The request's context ends when the
// caller hangs up (a Ctrl-C), so its author code stops with it.
func (s *buildServer) handle(ctx context.Context, conn *net.UnixConn) {
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
	s.loop.Touch()
}
