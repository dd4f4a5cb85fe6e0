package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/cli/root"
)

var update = flag.Bool("update", false, "rewrite cmp files in testdata/script from actual output")

// sharedCache is one SDK compile cache for every script, so each script does not pay for
// compiling the SDK again (the cache is keyed by content hash, so sharing is safe).
var sharedCache string

func TestMain(m *testing.M) {
	os.Exit(testscript.RunMain(m, map[string]func() int{
		"scape": func() int {
			return root.Execute(cmdutil.New(cmdutil.System(), root.Version), os.Args[1:])
		},
	}))
}

// ownRunners are script families whose package runs them with commands of its own (generated
// models, WAV checks, a background dev loop): cli/model, cli/sound, cli/dev.
var ownRunners = []string{"dev_", "model_", "sound_"}

// TestScripts runs every other testdata/script/*.txtar against the real binary. Scripts exec
// `scape`; extra commands: `exits N PROG ARGS...` (exact exit status), `waitfile FILE [SECONDS]`
// and `waitmatch FILE REGEXP [SECONDS]` (wait for a condition with a deadline, no sleeps);
// conditions: [node] (node on PATH).
func TestScripts(t *testing.T) {
	all, err := filepath.Glob(filepath.Join("..", "..", "testdata", "script", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, f := range all {
		own := false
		for _, prefix := range ownRunners {
			own = own || strings.HasPrefix(filepath.Base(f), prefix)
		}
		if !own {
			files = append(files, f)
		}
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
			env.Setenv("NO_COLOR", "1")
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
				_, err := lookPath("node")
				return err == nil, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exits":     exits,
			"mkfile":    mkfile,
			"waitfile":  waitFile,
			"waitmatch": waitMatch,
		},
	})
}

func deadline(ts *testscript.TestScript, args []string, at int) time.Duration {
	if len(args) > at {
		secs, err := strconv.ParseFloat(args[at], 64)
		if err != nil {
			ts.Fatalf("bad seconds %q", args[at])
		}
		return time.Duration(secs * float64(time.Second))
	}
	return 20 * time.Second
}

// waitFile waits until FILE exists (or, negated, until it does not).
func waitFile(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 1 {
		ts.Fatalf("usage: waitfile FILE [SECONDS]")
	}
	path := ts.MkAbs(args[0])
	limit := time.Now().Add(deadline(ts, args, 1))
	for {
		_, err := os.Stat(path)
		if (err == nil) != neg {
			return
		}
		if time.Now().After(limit) {
			ts.Fatalf("timed out waiting for %s to %s", args[0], map[bool]string{false: "exist", true: "disappear"}[neg])
		}
		time.Sleep(10 * time.Millisecond) // polling interval of a condition wait, not a fixed sleep
	}
}

// waitMatch waits until FILE's contents match REGEXP.
func waitMatch(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 2 || neg {
		ts.Fatalf("usage: waitmatch FILE REGEXP [SECONDS]")
	}
	re, err := regexp.Compile("(?m)" + args[1])
	if err != nil {
		ts.Fatalf("bad regexp: %v", err)
	}
	path := ts.MkAbs(args[0])
	limit := time.Now().Add(deadline(ts, args, 2))
	for {
		if data, err := os.ReadFile(path); err == nil && re.Match(data) {
			return
		}
		if time.Now().After(limit) {
			data, _ := os.ReadFile(path)
			ts.Fatalf("timed out waiting for %s to match %q; it holds:\n%s", args[0], args[1], data)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// exits N PROG ARGS...: run PROG (found on the script's PATH) and require exit status N; its
// output is logged (check output with a separate `! exec`, which only tells zero from non-zero).
func exits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits N PROG ARGS...")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	prog := args[1]
	for _, dir := range filepath.SplitList(ts.Getenv("PATH")) {
		if p := filepath.Join(dir, args[1]); isFile(p) {
			prog = p
			break
		}
	}
	cmd := exec.Command(prog, args[2:]...)
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = scriptEnv(ts)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	got := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		got = exit.ExitCode()
	} else {
		ts.Check(err)
	}
	ts.Logf("[stdout]\n%s[stderr]\n%s", stdout.String(), stderr.String())
	if got != want {
		ts.Fatalf("%s exited %d, want %d", args[1], got, want)
	}
}

// scriptEnv rebuilds the script's environment for a child process.
func scriptEnv(ts *testscript.TestScript) []string {
	var env []string
	for _, name := range []string{"PATH", "HOME", "TMPDIR", "XDG_CACHE_HOME", "NO_COLOR", "WORK", "SCAPE_REQUIRE_NODE", "SCAPE_REQUIRE_CHROMIUM"} {
		if v := ts.Getenv(name); v != "" {
			env = append(env, name+"="+v)
		}
	}
	return env
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
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
