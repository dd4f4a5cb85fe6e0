package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/cli/root"
	"github.com/scapeworld/scape/internal/nodetest"
	"github.com/scapeworld/scape/internal/trusttest"
	"github.com/scapeworld/scape/isolate"
)

var update = flag.Bool("update", false, "rewrite cmp files in testdata/script from actual output")

// sharedCache is one SDK compile cache for every script, so each script does not pay for
// compiling the SDK again (the cache is keyed by content hash, so sharing is safe).
var sharedCache string

// TestMain makes this test binary double as `scape`, so scripts run the real command line in a
// separate process (signals, exit codes, stdout/stderr split).
func TestMain(m *testing.M) {
	isolate.ServeIfWorker() // this binary is also the workers' (package isolate)
	os.Exit(testscript.RunMain(m, map[string]func() int{
		"scape": func() int {
			return root.Execute(cmdutil.New(cmdutil.System(), root.BuildVersion()), os.Args[1:])
		},
	}))
}

// scriptCmds are the commands scripts may use besides testscript's own. Generic ones live in
// this file; background processes and the owner's browser in script_proc_test.go; generated
// assets (models, WAV checks) in script_assets_test.go.
var scriptCmds = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	"exits":     exits,
	"mkfile":    mkfile,
	"replace":   replace,
	"waitfile":  waitFile,
	"waitmatch": waitMatch,
	"waitline":  waitLine,

	"bg":         bg,
	"signal":     signal,
	"waitexit":   waitExit,
	"approve":    approve,
	"disconnect": disconnect,

	"glb":     glb,
	"wavinfo": wavInfo,
}

// TestScripts runs every testdata/script/*.txtar against the real binary. Scripts exec
// `scape`; the extra commands are in scriptCmds, each documented where it is defined;
// conditions: [node] (see nodeCondition); variables: $platform (the running os/arch).
func TestScripts(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "script", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	sharedCache, err = os.MkdirTemp("", "scape-script-cache-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(sharedCache) })
	testscript.Run(t, testscript.Params{
		Files:               files,
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			env.Setenv("XDG_CACHE_HOME", sharedCache)
			// The trust record (package trust) of each script's own, in $WORK/.config: what
			// scripts init or trust never reaches the user's, and each starts trusting nothing.
			env.Setenv(trusttest.Env(filepath.Join(env.WorkDir, ".config")))
			env.Setenv("NO_COLOR", "1")
			// $platform is the running os/arch (linux/amd64), for output that names it
			// (--version); testscript has [linux]-style conditions but no variable for it.
			env.Setenv("platform", runtime.GOOS+"/"+runtime.GOARCH)
			for _, name := range []string{"SCAPE_REQUIRE_NODE", "SCAPE_REQUIRE_CHROMIUM"} {
				if v := os.Getenv(name); v != "" {
					env.Setenv(name, v)
				}
			}
			return nil
		},
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "node":
				return nodeCondition()
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: scriptCmds,
	})
}

// nodeCondition is [node]: node and npm are on PATH. Under SCAPE_REQUIRE_NODE=1 their absence
// fails the script instead of skipping its Node steps, as every Node test does.
func nodeCondition() (bool, error) {
	for _, name := range []string{"node", "npm"} {
		if _, err := exec.LookPath(name); err != nil {
			if nodetest.Required() {
				return false, fmt.Errorf("SCAPE_REQUIRE_NODE=1 but %s is not on PATH", name)
			}
			return false, nil
		}
	}
	return true, nil
}

// deadline reads an optional SECONDS argument at args[at]; def when it is absent.
func deadline(ts *testscript.TestScript, args []string, at int, def time.Duration) time.Duration {
	if len(args) > at {
		secs, err := strconv.ParseFloat(args[at], 64)
		if err != nil {
			ts.Fatalf("bad seconds %q", args[at])
		}
		return time.Duration(secs * float64(time.Second))
	}
	return def
}

// waitFor polls cond until it holds or limit passes; then it fails the script with the
// message cond last returned. Every wait command goes through here: no fixed sleeps.
func waitFor(ts *testscript.TestScript, limit time.Duration, cond func() (bool, string)) {
	end := time.Now().Add(limit)
	for {
		ok, why := cond()
		if ok {
			return
		}
		if time.Now().After(end) {
			ts.Fatalf("timed out after %v: %s", limit, why)
		}
		time.Sleep(10 * time.Millisecond) // polling interval of a condition wait, not a fixed sleep
	}
}

// waitfile FILE [SECONDS] waits (default 20 s) until FILE exists (or, negated, until it does
// not).
func waitFile(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 1 {
		ts.Fatalf("usage: waitfile FILE [SECONDS]")
	}
	path := ts.MkAbs(args[0])
	waitFor(ts, deadline(ts, args, 1, 20*time.Second), func() (bool, string) {
		_, err := os.Stat(path)
		return (err == nil) != neg, fmt.Sprintf("waiting for %s to %s", args[0], map[bool]string{false: "exist", true: "disappear"}[neg])
	})
}

// waitmatch FILE REGEXP [SECONDS] waits (default 20 s) until FILE's contents match REGEXP
// (multi-line mode: ^ and $ match at line breaks).
func waitMatch(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 2 || neg {
		ts.Fatalf("usage: waitmatch FILE REGEXP [SECONDS]")
	}
	re, err := regexp.Compile("(?m)" + args[1])
	if err != nil {
		ts.Fatalf("bad regexp: %v", err)
	}
	path := ts.MkAbs(args[0])
	waitFor(ts, deadline(ts, args, 2, 20*time.Second), func() (bool, string) {
		data, err := os.ReadFile(path)
		return err == nil && re.Match(data), fmt.Sprintf("%s does not match %q; it holds:\n%s", args[0], args[1], data)
	})
}

// waitline FILE REGEXP [N] waits (up to 60 s) until N (default 1) lines of FILE match REGEXP.
func waitLine(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 || len(args) > 3 {
		ts.Fatalf("usage: waitline FILE REGEXP [N]")
	}
	re, err := regexp.Compile(args[1])
	ts.Check(err)
	want := 1
	if len(args) == 3 {
		want, err = strconv.Atoi(args[2])
		ts.Check(err)
	}
	path := ts.MkAbs(args[0])
	waitFor(ts, 60*time.Second, func() (bool, string) {
		b, _ := os.ReadFile(path)
		n := 0
		for _, line := range strings.Split(string(b), "\n") {
			if re.MatchString(line) {
				n++
			}
		}
		return n >= want, fmt.Sprintf("%s: %d lines match %q, want %d:\n%s", args[0], n, args[1], want, b)
	})
}

// exits N PROG ARGS...: run PROG as exec does and require exit status N (exec only tells zero
// from non-zero); stdout and stderr then check its output, as after exec.
func exits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits N PROG ARGS...")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	got := 0
	var exit *exec.ExitError
	if err := ts.Exec(args[1], args[2:]...); errors.As(err, &exit) {
		got = exit.ExitCode()
	} else {
		ts.Check(err)
	}
	if got != want {
		ts.Fatalf("%s exited %d, want %d", args[1], got, want)
	}
}

// scriptProg finds prog on the script's PATH (which holds the test binary as `scape`).
func scriptProg(ts *testscript.TestScript, prog string) string {
	for _, dir := range filepath.SplitList(ts.Getenv("PATH")) {
		p := filepath.Join(dir, prog)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
	}
	ts.Fatalf("%s not found on the script's PATH", prog)
	return ""
}

// scriptEnv rebuilds the script's environment for a child process.
func scriptEnv(ts *testscript.TestScript) []string {
	var env []string
	config, _ := trusttest.Env("")
	for _, name := range []string{"PATH", "HOME", "TMPDIR", "XDG_CACHE_HOME", config, "NO_COLOR", "WORK", "SCAPE_REQUIRE_NODE", "SCAPE_REQUIRE_CHROMIUM"} {
		if v := ts.Getenv(name); v != "" {
			env = append(env, name+"="+v)
		}
	}
	return env
}

// mkfile FILE BYTES writes BYTES deterministic pseudo-random bytes (an asset too large for a
// txtar archive).
func mkfile(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: mkfile FILE BYTES")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	data := make([]byte, n)
	x := uint32(2463534242)
	for i := range data {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		data[i] = byte(x)
	}
	ts.Check(os.MkdirAll(filepath.Dir(ts.MkAbs(args[0])), 0o755))
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), data, 0o644))
}

// replace FILE OLD NEW: replace the first OLD in FILE by NEW, saving through a temp file and a
// rename as editors do.
func replace(ts *testscript.TestScript, neg bool, args []string) {
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
