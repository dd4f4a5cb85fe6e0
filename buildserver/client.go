package buildserver

import (
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/scapeworld/scape/internal/frame"
	"github.com/scapeworld/scape/internal/serverproc"
	"github.com/scapeworld/scape/internal/timeline"
	"github.com/scapeworld/scape/isolate"
	"github.com/scapeworld/scape/validate"
)

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
var errServer = errors.New("buildserver: the build server did not answer")

// check sends one request. wall bounds the wait for the answer (the server's own pool kills a
// worker past the budgets before that).
func (r *remote) check(ctx context.Context, js []byte, opts isolate.Options, wall time.Duration) (*validate.Report, error) {
	defer r.conn.Close()
	timeline.Mark("buildserver: check sent to the build server")
	deadline := time.Now().Add(wall)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	req := request{JS: js, Options: &opts, Deadline: deadline}
	r.conn.SetDeadline(deadline.Add(time.Second))
	stop := context.AfterFunc(ctx, func() { r.conn.SetDeadline(time.Unix(1, 0)) }) // a Ctrl-C ends the wait at once
	defer stop()
	if err := frame.NewWriter(r.conn).Write(req); err != nil {
		return nil, errServer
	}
	var out isolate.Outcome
	err := frame.Read(r.conn, &out)
	timeline.Mark("buildserver: answered")
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil || out.Trouble() {
		return nil, errServer // the server's trouble, not a verdict: validate locally
	}
	return out.Result()
}

func (r *remote) close() { r.conn.Close() }

// startServer starts a build server on sock in the background, detached from this process (its
// own session, no inherited streams), for the next command.
func startServer(sock string) {
	exe, err := isolate.SelfExecutable()
	if err != nil {
		return
	}
	cmd := exec.Command(exe, serverproc.Args(serverVerb, sock)...)
	if name, err := os.Executable(); err == nil {
		cmd.Args[0] = filepath.Base(name) // `scape internal build-server …` in ps
	}
	cmd.SysProcAttr = serverSysProcAttr()
	cmd.Dir = "/"
	if cmd.Start() == nil {
		cmd.Process.Release()
	}
}
