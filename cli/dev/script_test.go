package dev_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/cli/root"
	"github.com/scapeworld/scape/host/hosttest"
)

// TestMain makes this test binary double as `scape`, so scripts and end-to-end tests run the
// real command line in a separate process (signals, exit codes, stdout/stderr split).
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"scape": func() {
			f := cmdutil.New(cmdutil.System(), root.Version)
			os.Exit(root.Execute(f, os.Args[1:]))
		},
	})
}

// TestScripts runs testdata/script/dev_*.txtar.
func TestScripts(t *testing.T) {
	files, err := filepath.Glob("../../testdata/script/dev_*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no dev scripts: %v", err)
	}
	testscript.Run(t, testscript.Params{
		Files: files,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"bg":         cmdBg,
			"waitline":   cmdWaitLine,
			"signal":     cmdSignal,
			"waitexit":   cmdWaitExit,
			"approve":    cmdApprove,
			"replace":    cmdReplace,
			"disconnect": cmdDisconnect,
		},
	})
}

var (
	procsMu sync.Mutex
	procs   = map[string]*proc{}
)

type proc struct {
	cmd  *exec.Cmd
	done chan struct{}
	err  error
}

func procKey(ts *testscript.TestScript, name string) string { return ts.Getenv("WORK") + "\x00" + name }

// bg NAME STDOUT STDERR prog args...: start a process in the background, its output to files.
func cmdBg(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 4 {
		ts.Fatalf("usage: bg NAME STDOUT STDERR prog args...")
	}
	out, err := os.Create(ts.MkAbs(args[1]))
	ts.Check(err)
	errf, err := os.Create(ts.MkAbs(args[2]))
	ts.Check(err)
	prog, err := exec.LookPath(args[3])
	ts.Check(err)
	cmd := exec.Command(prog, args[4:]...)
	cmd.Dir = ts.MkAbs(".")
	cmd.Stdout, cmd.Stderr = out, errf
	var env []string
	for _, kv := range os.Environ() {
		env = append(env, kv)
	}
	cmd.Env = append(env, "HOME="+ts.Getenv("HOME"), "NO_COLOR=1")
	ts.Check(cmd.Start())
	p := &proc{cmd: cmd, done: make(chan struct{})}
	go func() { p.err = cmd.Wait(); out.Close(); errf.Close(); close(p.done) }()
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

// waitline FILE REGEXP [N]: wait (up to 60 s) until FILE has N (default 1) lines matching.
func cmdWaitLine(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: waitline FILE REGEXP [N]")
	}
	re, err := regexp.Compile(args[1])
	ts.Check(err)
	want := 1
	if len(args) == 3 {
		fmt.Sscan(args[2], &want)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		b, _ := os.ReadFile(ts.MkAbs(args[0]))
		n := 0
		for _, line := range strings.Split(string(b), "\n") {
			if re.MatchString(line) {
				n++
			}
		}
		if n >= want {
			return
		}
		if time.Now().After(deadline) {
			ts.Fatalf("%s: %d lines match %q after 60 s, want %d:\n%s", args[0], n, args[1], want, b)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// signal NAME INT|TERM|KILL
func cmdSignal(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: signal NAME INT|TERM|KILL")
	}
	sig := map[string]os.Signal{"INT": os.Interrupt, "TERM": syscall.SIGTERM, "KILL": os.Kill}[args[1]]
	if sig == nil {
		ts.Fatalf("unknown signal %s", args[1])
	}
	ts.Check(getProc(ts, args[0]).cmd.Process.Signal(sig))
}

// waitexit NAME [CODE]: wait (up to 30 s) for the process to exit, with CODE (default 0).
func cmdWaitExit(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 1 {
		ts.Fatalf("usage: waitexit NAME [CODE]")
	}
	p := getProc(ts, args[0])
	select {
	case <-p.done:
	case <-time.After(30 * time.Second):
		ts.Fatalf("%s did not exit within 30 s", args[0])
	}
	want := 0
	if len(args) == 2 {
		fmt.Sscan(args[1], &want)
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
func cmdApprove(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 2 {
		ts.Fatalf("usage: approve HOSTOUT DEVOUT [CODE]")
	}
	code := ""
	if len(args) == 3 {
		code = args[2]
	} else {
		sc := bufio.NewScanner(strings.NewReader(ts.ReadFile(args[1])))
		for sc.Scan() {
			var ev struct {
				Event string `json:"event"`
				Code  string `json:"code"`
			}
			if json.Unmarshal(sc.Bytes(), &ev) == nil && ev.Event == "pairing" {
				code = ev.Code
			}
		}
		if m := humanCodeRE.FindAllStringSubmatch(ts.ReadFile(args[1]), -1); code == "" && m != nil {
			code = m[len(m)-1][1]
		}
		if code == "" {
			ts.Fatalf("no pairing code in %s", args[1])
		}
	}
	owner := signIn(ts, args[0])
	err := owner.Approve(code)
	if neg {
		if err == nil {
			ts.Fatalf("approval of %s succeeded", code)
		}
		ts.Logf("refused as expected: %v", err)
		return
	}
	ts.Check(err)
}

// replace FILE OLD NEW: replace the first OLD in FILE by NEW, saving through a temp file and a
// rename as editors do.
func cmdReplace(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: replace FILE OLD NEW")
	}
	path := ts.MkAbs(args[0])
	text := ts.ReadFile(args[0])
	if !strings.Contains(text, args[1]) {
		ts.Fatalf("%s does not contain %q", args[0], args[1])
	}
	tmp := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".swp")
	ts.Check(os.WriteFile(tmp, []byte(strings.Replace(text, args[1], args[2], 1)), 0o644))
	ts.Check(os.Rename(tmp, path))
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

// disconnect HOSTOUT: the owner presses Disconnect in the world's sidebar.
func cmdDisconnect(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: disconnect HOSTOUT")
	}
	ts.Check(signIn(ts, args[0]).Disconnect())
}
