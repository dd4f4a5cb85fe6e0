package typecheck

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/scapeworld/scape/internal/peercred"
	"github.com/scapeworld/scape/internal/serverproc"
)

// A type-check server keeps one project's TypeScript warm for `scape gizmo build`, as isolate's
// build server keeps a validation worker warm, and under the same rules (docs/build.md, "The
// build server"): this binary started as `<binary> internal tsc-server <socket> <dir>`, one per
// project, user, binary and SCAPE_ configuration (and node), reached over a Unix socket in the
// user's cache directory (0700; the socket 0600; it answers only its own user's processes),
// exiting after ServerIdle without a request, when its socket is removed or replaced, or on
// SIGTERM/SIGINT. It holds a Warm, whose Node process ends with it (its stdin closes).
//
// A build that finds no server runs tsc as before (Run) and then, when tsc ran, starts one for
// the next build: the first build is never slower for it. Under CI (CI set) none is started
// unless SCAPE_BUILD_SERVER=1 asks for one; SCAPE_BUILD_SERVER=0 turns servers off. A server that
// fails to answer costs time only: the build runs tsc itself.
//
// Trust: the caller asks the trust record before it dials, and the server's Warm asks again at
// every check, so a project whose trust was revoked runs nothing more; the server then exits.

// serverVerb starts a type-check server: `<binary> internal tsc-server [-idle D] <socket> <dir>`.
const serverVerb = "tsc-server"

// ServerIdle is how long a type-check server waits for a request before it exits (the build
// server's).
const ServerIdle = serverproc.Idle

// serverEnv is the build servers' switch, which governs these too: 0 off, 1 asked for (under CI).
const serverEnv = serverproc.Switch

// serverCapable is set by ServeIfServer: this binary can be started as a type-check server.
// Test binaries that do not call it never start one.
var serverCapable bool

// ServeIfServer runs the type-check server when this process was started as one, and exits;
// otherwise it records that this binary can serve (call it first thing in main).
func ServeIfServer() {
	serverCapable = true
	serverproc.Serve(serverVerb, 2, func(ctx context.Context, args []string, idle time.Duration) error {
		return RunServer(ctx, args[0], args[1], idle, Options{})
	})
}

// serverRequest asks for one check of Dir (the resolved, trusted directory the server serves).
type serverRequest struct {
	Dir string `json:"dir"`
}

// serverReply is one check's status and tsc's text, which the caller parses against its files.
type serverReply struct {
	Status Status     `json:"status"`
	Out    string     `json:"out,omitempty"`
	Error  string     `json:"error,omitempty"`
	Server serverInfo `json:"server"`
}

// serverInfo says which processes answered (tests: two builds were answered by the same ones).
type serverInfo struct {
	Pid     int `json:"pid"`      // the server's
	NodePid int `json:"node_pid"` // its Warm's Node process
	Starts  int `json:"starts"`   // how many Node processes its Warm started
}

// RunServer serves checks of the project in dir on the Unix socket sock until ctx ends, no
// request came for idle, sock is removed or replaced, or the project stops being trusted. It
// returns nil at once when another server holds sock's lock file: at most one serves a project.
func RunServer(ctx context.Context, sock, dir string, idle time.Duration, opts Options) error {
	if !peercred.Supported {
		return errors.New("typecheck: no type-check server on this platform")
	}
	s := &tscServer{dir: dir, warm: NewWarm(dir, opts), loop: &serverproc.Loop{Idle: idle}}
	defer s.warm.Close()
	s.loop.Handle = s.handle
	// Warm up at once: the build that started this server has its answer already, and the
	// next one should find TypeScript loaded and the program built.
	s.loop.Start = func(ctx context.Context) { s.check(ctx) }
	return s.loop.Run(ctx, sock, peercred.SameUser)
}

type tscServer struct {
	dir  string
	warm *Warm
	loop *serverproc.Loop
}

// check runs one check (the idle time waits for it); a project no longer trusted (or no longer
// checkable) ends the server.
func (s *tscServer) check(ctx context.Context) Status {
	defer s.loop.Busy()()
	st := s.warm.Check(ctx)
	if !st.Checked && ctx.Err() == nil {
		s.loop.End()
	}
	return st
}

// handle answers one connection: one request, one reply. A caller that hangs up is not waited
// for: the check still finishes (it warms the next one).
func (s *tscServer) handle(ctx context.Context, conn *net.UnixConn) {
	conn.SetReadDeadline(time.Now().Add(time.Minute))
	var req serverRequest
	line, err := bufio.NewReader(conn).ReadBytes('\n')
	if err != nil || json.Unmarshal(line, &req) != nil {
		return
	}
	var out serverReply
	if req.Dir != s.dir {
		out.Error = "this server checks " + s.dir
	} else {
		st := s.check(ctx)
		out.Status, out.Out = st, string(st.raw)
		out.Server = serverInfo{Pid: os.Getpid(), NodePid: s.warm.Pid(), Starts: s.warm.Starts()}
	}
	conn.SetWriteDeadline(time.Now().Add(10 * time.Second))
	body, _ := json.Marshal(out)
	conn.Write(append(body, '\n'))
	s.loop.Touch()
}

// errNoServer is a server that did not answer: the caller checks by itself.
var errNoServer = errors.New("typecheck: no type-check server answered")

// askServer runs one check on the server at sock, if one answers and is this user's.
func askServer(ctx context.Context, sock string, s setup) (Status, error) {
	if sock == "" {
		return Status{}, errNoServer
	}
	c, err := net.DialTimeout("unix", sock, 100*time.Millisecond)
	if err != nil {
		return Status{}, errNoServer
	}
	conn := c.(*net.UnixConn)
	defer conn.Close()
	// The server must be this user's before its answer has a say in the verdict.
	if !peercred.SameUser(conn) {
		return Status{}, errNoServer
	}
	deadline := time.Now().Add(Timeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	conn.SetDeadline(deadline)
	stop := context.AfterFunc(ctx, func() { conn.SetDeadline(time.Unix(1, 0)) }) // a Ctrl-C ends the wait
	defer stop()
	body, _ := json.Marshal(serverRequest{Dir: s.dir})
	if _, err := conn.Write(append(body, '\n')); err != nil {
		return Status{}, errNoServer
	}
	r := bufio.NewReaderSize(conn, 64<<10)
	line, err := r.ReadBytes('\n')
	if ctx.Err() != nil {
		return Status{}, ctx.Err()
	}
	var out serverReply
	if err != nil || json.Unmarshal(line, &out) != nil || out.Error != "" {
		return Status{}, errNoServer
	}
	st := out.Status
	st.server = &out.Server
	if st.Checked {
		st.raw = []byte(out.Out)
		st.Diagnostics = Parse(s.dir, st.raw)
	}
	return st, nil
}

// serverSocket is the socket of the type-check server for this project, user, binary, SCAPE_
// configuration and node, in the user cache directory's servers/ folder; "" when there is no
// usable cache folder or the path would be too long for a Unix socket.
func serverSocket(s setup) string { return serverproc.Socket("tsc", s.node, s.dir) }

// serversEnabled says whether builds use type-check servers here.
func serversEnabled() bool {
	return peercred.Supported && serverCapable && os.Getenv(serverEnv) != "0"
}

// startsServers says whether a build that found no server starts one: not under a CI system
// (CI set), where a job's builds are few and a process left running for ServerIdle only holds
// memory (or the job, under a runner that waits for every descendant), unless
// SCAPE_BUILD_SERVER=1 asks for it. A server already running is still used.
func startsServers() bool {
	if os.Getenv(serverEnv) == "1" {
		return true
	}
	ci := strings.ToLower(os.Getenv("CI"))
	return ci == "" || ci == "0" || ci == "false"
}

// startServer starts a type-check server for dir on sock, detached from this process (its own
// session, no inherited streams), for the next build.
func startServer(sock, dir string) {
	exe, err := os.Executable()
	if err != nil {
		return
	}
	cmd := exec.Command(exe, serverproc.Args(serverVerb, sock, dir)...)
	cmd.Args[0] = filepath.Base(exe) // `scape internal tsc-server …` in ps
	cmd.SysProcAttr = detached()
	cmd.Dir = "/"
	if cmd.Start() == nil {
		cmd.Process.Release()
	}
}

// startServerFunc starts a server (tests record the calls instead).
var startServerFunc = startServer
