package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/scapeworld/scape/host/hosttest"
)

// Background processes of the running scripts, by script work directory and name.
var (
	procsMu sync.Mutex
	procs   = map[string]*proc{}
)

type proc struct {
	cmd  *exec.Cmd
	done chan struct{}
}

func procKey(ts *testscript.TestScript, name string) string { return ts.Getenv("WORK") + "\x00" + name }

// bg NAME STDOUT STDERR PROG ARGS...: start PROG (found on the script's PATH) in the
// background with the script's environment, its output to files; it is killed when the script
// ends if it is still running.
func bg(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 4 {
		ts.Fatalf("usage: bg NAME STDOUT STDERR PROG ARGS...")
	}
	out, err := os.Create(ts.MkAbs(args[1]))
	ts.Check(err)
	errf, err := os.Create(ts.MkAbs(args[2]))
	ts.Check(err)
	cmd := exec.Command(scriptProg(ts, args[3]), args[4:]...)
	cmd.Dir = ts.MkAbs(".")
	cmd.Stdout, cmd.Stderr = out, errf
	cmd.Env = scriptEnv(ts)
	ts.Check(cmd.Start())
	p := &proc{cmd: cmd, done: make(chan struct{})}
	go func() { cmd.Wait(); out.Close(); errf.Close(); close(p.done) }()
	procsMu.Lock()
	procs[procKey(ts, args[0])] = p
	procsMu.Unlock()
	ts.Defer(func() {
		select {
		case <-p.done:
		default:
			cmd.Process.Kill()
			<-p.done
		}
		procsMu.Lock()
		delete(procs, procKey(ts, args[0]))
		procsMu.Unlock()
	})
}

func getProc(ts *testscript.TestScript, name string) *proc {
	procsMu.Lock()
	defer procsMu.Unlock()
	p := procs[procKey(ts, name)]
	if p == nil {
		ts.Fatalf("no background process %q", name)
	}
	return p
}

// signal NAME INT|TERM|KILL sends the signal to background process NAME.
func signal(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: signal NAME INT|TERM|KILL")
	}
	sig := map[string]os.Signal{"INT": os.Interrupt, "TERM": syscall.SIGTERM, "KILL": os.Kill}[args[1]]
	if sig == nil {
		ts.Fatalf("unknown signal %s", args[1])
	}
	ts.Check(getProc(ts, args[0]).cmd.Process.Signal(sig))
}

// waitexit NAME [CODE]: wait (up to 30 s) for background process NAME to exit, with CODE
// (default 0).
func waitExit(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 1 || len(args) > 2 {
		ts.Fatalf("usage: waitexit NAME [CODE]")
	}
	want := 0
	if len(args) == 2 {
		var err error
		want, err = strconv.Atoi(args[1])
		ts.Check(err)
	}
	p := getProc(ts, args[0])
	select {
	case <-p.done:
	case <-time.After(30 * time.Second):
		ts.Fatalf("%s did not exit within 30 s", args[0])
	}
	if got := p.cmd.ProcessState.ExitCode(); got != want {
		ts.Fatalf("%s exited with %d, want %d", args[0], got, want)
	}
}

var (
	humanCodeRE = regexp.MustCompile(`one-time code: ([B-Z]{4}-[B-Z]{4})`)
	signInRE    = regexp.MustCompile(`Owner sign-in \(one-time\): (\S+)/login\?token=(\S+)`)
)

// approve HOSTOUT DEVOUT [CODE]: sign in with the newest owner token the host printed, then
// approve the code of the dev command's pairing event (or CODE) through the host's pages, as
// the owner's browser would. With `!`, expects the approval to be refused.
func approve(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 2 || len(args) > 3 {
		ts.Fatalf("usage: approve HOSTOUT DEVOUT [CODE]")
	}
	code := ""
	if len(args) == 3 {
		code = args[2]
	} else {
		devOut := ts.ReadFile(args[1])
		sc := bufio.NewScanner(strings.NewReader(devOut))
		for sc.Scan() {
			var ev struct {
				Event string `json:"event"`
				Code  string `json:"code"`
			}
			if json.Unmarshal(sc.Bytes(), &ev) == nil && ev.Event == "pairing" {
				code = ev.Code
			}
		}
		if m := humanCodeRE.FindAllStringSubmatch(devOut, -1); code == "" && m != nil {
			code = m[len(m)-1][1]
		}
		if code == "" {
			ts.Fatalf("no pairing code in %s", args[1])
		}
	}
	err := signIn(ts, args[0]).Approve(code)
	if neg {
		if err == nil {
			ts.Fatalf("approval of %s succeeded", code)
		}
		ts.Logf("refused as expected: %v", err)
		return
	}
	ts.Check(err)
}

// disconnect HOSTOUT: the owner presses Disconnect in the world's sidebar.
func disconnect(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: disconnect HOSTOUT")
	}
	ts.Check(signIn(ts, args[0]).Disconnect())
}

// signIn signs in with the newest one-time owner token the host printed in hostOut.
func signIn(ts *testscript.TestScript, hostOut string) *hosttest.Owner {
	m := signInRE.FindAllStringSubmatch(ts.ReadFile(hostOut), -1)
	if m == nil {
		ts.Fatalf("no owner sign-in line in %s", hostOut)
	}
	owner, err := hosttest.SignIn(m[len(m)-1][1], m[len(m)-1][2])
	ts.Check(err)
	return owner
}
