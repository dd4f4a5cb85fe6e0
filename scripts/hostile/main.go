// Command hostile runs every bundle of testdata/hostile through `scape gizmo build`,
// `scape gizmo test` and an upload to the reference host, and prints, per bundle and target, how
// the run ended (the verdict and its diagnostic code), its wall time, its peak resident memory
// and the bound it was held to. It exits 1 when any run exceeds its bound, crashes (a Go trace on
// the terminal, an exit status other than the documented ones, a 500 from the host) or does not
// end; unexpected verdicts are listed, and fail the run with -strict.
//
//	go run ./scripts/hostile [-only REGEXP] [-targets build,test,host,planted,players] [-strict] [-v]
//
// Attacks that are not a definition (scenarios.go) are the targets "planted" (files planted in a
// cloned project, against the binary) and "players" (players, tabs and local servers against the
// host); they run after the corpus, are not in the default targets, and hold the bound each
// states. It builds the scape binary once and runs offline. Each file of testdata/hostile is the
// src/definition.ts of a project of its own; its header comment says what it attacks and, on a
// line `// expect: build=CODE|CODE test=… host=…`, the outcomes expected (valid, rule, thrown,
// timeout, memory, stack, …; any when absent). For the test target, the project gets a test file
// that creates an instance of every definition, views it and runs its actions.
//
// Bounds (docs/build.md, "Hard limits"): twice the hard budgets. Time: build 20 s and test 20 s
// (2 × the 10 s author-code budget of one validation, and of the test file's calls at 2 s each),
// host 16 s per upload (2 × its 8 s budget). Memory: 1 GiB peak RSS (2 × the 512 MiB a worker
// may add to its baseline), for the command's processes together (wait4 reports the largest of
// the process and the worker it waited for) and for the host's workers (their own wait4 or
// VmHWM). The world page with the bundle's instances placed (and toggled) must render within 2 s
// on its second load (a view that ran away is not run again); its first load is printed.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/internal/procstat"
	"github.com/scapeworld/scape/isolate"
)

const (
	buildBound    = 20 * time.Second
	testBound     = 20 * time.Second
	hostBound     = 16 * time.Second
	pageBound     = 2 * time.Second
	memoryBound   = 1 << 30
	giveUp        = 3 * time.Minute // a run still going after this "did not end"
	testTimeout   = "2s"            // scape gizmo test --timeout
	testFileName  = "test/hostile.test.ts"
	corpusDirName = "testdata/hostile"
)

const testFile = `import { test } from 'node:test';
import { ObjectRegistry } from '@scape/sdk/runtime';
import project from '../src/definition.js';

test('create, view and act on every definition', () => {
  const p = project as unknown as { objects?: unknown[] };
  const defs = (Array.isArray(p.objects) ? p.objects : [project]) as any[];
  const registry = new ObjectRegistry(defs);
  for (const d of defs) {
    const instance = registry.create(d.emoji, 'hostile-1');
    if (!instance) continue;
    d.view(instance.state, { actorId: 'owner', canEdit: true });
    for (const name of Object.keys(d.actions ?? {})) {
      registry.act(instance, { name, payload: {} }, { actorId: 'owner', canEdit: true, now: 0, randomInt: (min: number) => min });
    }
  }
});
`

type result struct {
	bundle, target string
	outcome        string // valid, rule, memory, …; "crash", "did not end"
	detail         string
	expected       []string
	wall           time.Duration
	peakRSS        uint64
	timeBound      time.Duration
	page           time.Duration // host: the world page's second load
	firstPage      time.Duration // and its first
	placed         int           // instances placed
	failedViews    int           // views the page shows as failed
	problems       []string      // what broke a bound
}

func main() {
	only := flag.String("only", "", "run only the bundles whose name matches this regular expression")
	targets := flag.String("targets", "build,test,host", "comma-separated targets")
	strict := flag.Bool("strict", false, "fail on unexpected verdicts too")
	verbose := flag.Bool("v", false, "print each run's first diagnostic")
	flag.Parse()
	root, err := repoRoot()
	if err != nil {
		fatal(err)
	}
	var filter *regexp.Regexp
	if *only != "" {
		if filter, err = regexp.Compile(*only); err != nil {
			fatal(err)
		}
	}
	work, err := os.MkdirTemp("", "scape-hostile-")
	if err != nil {
		fatal(err)
	}
	defer os.RemoveAll(work)
	exe := filepath.Join(work, "scape")
	fmt.Fprintf(os.Stderr, "building scape… ")
	build := exec.Command("go", "build", "-o", exe, "./cmd/scape")
	build.Dir, build.Stdout, build.Stderr = root, os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fatal(fmt.Errorf("go build: %w", err))
	}
	fmt.Fprintf(os.Stderr, "done\n")
	if !isolate.Available() {
		fmt.Fprintln(os.Stderr, "warning: isolation is off (SCAPE_ISOLATE=0): the hard bounds are not in force")
	} else {
		fmt.Fprintf(os.Stderr, "limits: the %s strategy (SCAPE_LIMITS=portable selects the macOS/Windows one)\n", isolate.Strategy())
	}

	files, err := filepath.Glob(filepath.Join(root, corpusDirName, "*.ts"))
	if err != nil {
		fatal(err)
	}
	sort.Strings(files)
	want := map[string]bool{}
	for _, t := range strings.Split(*targets, ",") {
		want[strings.TrimSpace(t)] = true
	}
	var h *hostRig
	if want["host"] {
		if h, err = newHostRig(exe, work); err != nil {
			fatal(err)
		}
		defer h.close()
	}
	var results []result
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".ts")
		if filter != nil && !filter.MatchString(name) {
			continue
		}
		src, err := os.ReadFile(file)
		if err != nil {
			fatal(err)
		}
		expect := expectations(string(src))
		dir, err := project(work, name, src)
		if err != nil {
			fatal(err)
		}
		for _, target := range []string{"build", "test", "host"} {
			if !want[target] {
				continue
			}
			var r result
			switch target {
			case "build":
				r = runBuild(exe, dir)
			case "test":
				r = runTest(exe, dir)
			case "host":
				r = h.upload(dir)
			}
			r.bundle, r.target = name, target
			r.expected = expect[target]
			r.check()
			results = append(results, r)
			printRow(r, *verbose)
		}
	}
	for _, s := range scenarios {
		if !want[s.target] || filter != nil && !filter.MatchString(s.name) {
			continue
		}
		dir := filepath.Join(work, "scenario-"+s.name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			fatal(err)
		}
		if h == nil && s.target == "players" {
			if h, err = newHostRig(exe, work); err != nil {
				fatal(err)
			}
			defer h.close()
		}
		r := runScenario(s, scenarioEnv{exe: exe, work: dir, rig: h})
		r.check()
		results = append(results, r)
		printRow(r, *verbose)
	}
	os.Exit(summary(results, *strict))
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "hostile:", err)
	os.Exit(2)
}

func repoRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", err
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", errors.New("run from inside the scape module")
	}
	return filepath.Dir(mod), nil
}

var expectLine = regexp.MustCompile(`(?m)^//\s*expect:\s*(.*)$`)

// expectations reads `// expect: build=a|b test=c host=d`.
func expectations(src string) map[string][]string {
	out := map[string][]string{}
	m := expectLine.FindStringSubmatch(src)
	if m == nil {
		return out
	}
	for _, f := range strings.Fields(m[1]) {
		target, codes, ok := strings.Cut(f, "=")
		if ok {
			out[target] = strings.Split(codes, "|")
		}
	}
	return out
}

func project(work, name string, src []byte) (string, error) {
	dir := filepath.Join(work, "p", name)
	files := map[string][]byte{
		"package.json":      []byte(fmt.Sprintf(`{"name": %q, "private": true}`, "hostile-"+name)),
		"src/definition.ts": src,
		testFileName:        []byte(testFile),
	}
	for rel, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// run executes scape with args and measures it (wait4: wall time, the largest RSS of the process
// and the children it waited for).
func run(exe string, args ...string) (stdout, stderr []byte, exit int, wall time.Duration, rss uint64, ended bool) {
	return runWith(nil, exe, args...)
}

// runWith is run with extra environment variables (KEY=value) after the harness's own.
func runWith(env []string, exe string, args ...string) (stdout, stderr []byte, exit int, wall time.Duration, rss uint64, ended bool) {
	ctx, cancel := context.WithTimeout(context.Background(), giveUp)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	// No build server: each build's worker is its own child, so wait4 measures it (a served
	// build runs in the same kind of worker, with the same verdicts: isolate's server tests).
	cmd.Env = append(append(os.Environ(), "NO_COLOR=1", "SCAPE_BUILD_SERVER=0"), env...)
	start := time.Now()
	err := cmd.Run()
	wall = time.Since(start)
	exit = 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		exit = ee.ExitCode()
	} else if err != nil {
		exit = -1
	}
	rss = procstat.ExitedPeakRSS(cmd.ProcessState)
	return out.Bytes(), errb.Bytes(), exit, wall, rss, ctx.Err() == nil
}

// crashed says whether a command printed a Go crash instead of a diagnostic.
func crashed(stderr []byte) bool {
	for _, sign := range []string{"goroutine ", "panic:", "fatal error:", "runtime: out of memory"} {
		if bytes.Contains(stderr, []byte(sign)) {
			return true
		}
	}
	return false
}

func runBuild(exe, dir string) result {
	stdout, stderr, exit, wall, rss, ended := run(exe, "gizmo", "build", dir, "--json")
	r := result{wall: wall, peakRSS: rss, timeBound: buildBound}
	switch {
	case !ended:
		r.outcome = "did not end"
		return r
	case crashed(stderr) || exit != 0 && exit != 1:
		r.outcome, r.detail = "crash", fmt.Sprintf("exit %d: %s", exit, firstLine(stderr))
		return r
	}
	var rep struct {
		OK     bool `json:"ok"`
		Errors []struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"errors"`
	}
	if err := json.Unmarshal(stdout, &rep); err != nil {
		r.outcome, r.detail = "crash", "no JSON report: "+firstLine(stderr)
		return r
	}
	if rep.OK {
		r.outcome = "valid"
	} else if len(rep.Errors) > 0 {
		r.outcome, r.detail = rep.Errors[0].Code, rep.Errors[0].Message
	} else {
		r.outcome = "invalid"
	}
	return r
}

func runTest(exe, dir string) result {
	stdout, stderr, exit, wall, rss, ended := run(exe, "gizmo", "test", dir, "--json", "--timeout", testTimeout)
	r := result{wall: wall, peakRSS: rss, timeBound: testBound}
	switch {
	case !ended:
		r.outcome = "did not end"
		return r
	case crashed(stderr) || exit != 0 && exit != 1:
		r.outcome, r.detail = "crash", fmt.Sprintf("exit %d: %s", exit, firstLine(stderr))
		return r
	}
	var rep struct {
		Failed  int `json:"failed"`
		Results []struct {
			Status  string `json:"status"`
			Message string `json:"message"`
		} `json:"results"`
	}
	if err := json.Unmarshal(stdout, &rep); err != nil {
		r.outcome, r.detail = "crash", "no JSON report: "+firstLine(stderr)
		return r
	}
	if rep.Failed == 0 {
		r.outcome = "valid"
		return r
	}
	for _, res := range rep.Results {
		if res.Status == "fail" {
			r.outcome, r.detail = testCode(res.Message), res.Message
			break
		}
	}
	return r
}

// testCode classifies a failed test's message the way the build's codes do.
func testCode(msg string) string {
	switch {
	case strings.Contains(msg, "of memory"):
		return "memory"
	case strings.Contains(msg, "did not return"), strings.Contains(msg, "did not finish"), strings.Contains(msg, "ran for more than"), strings.Contains(msg, "of CPU time"):
		return "timeout"
	case strings.Contains(msg, "recursed too deeply"), strings.Contains(msg, "nested or recursed"), strings.Contains(msg, "call stack"):
		return "stack"
	}
	return "thrown"
}

// hostRig is the reference host in this process, its author code in workers of the built
// binary: each bundle is uploaded to a fresh world, its definitions placed, and the world page
// loaded twice.
type hostRig struct {
	exe, work string
	checker   *engine.Checker

	mu    sync.Mutex
	stats []isolate.Stats
}

func newHostRig(exe, work string) (*hostRig, error) {
	h := &hostRig{exe: exe, work: work}
	h.checker = engine.NewCheckerWith(engine.CheckerConfig{Executable: exe, OnRequest: func(s isolate.Stats) {
		h.mu.Lock()
		h.stats = append(h.stats, s)
		h.mu.Unlock()
	}})
	return h, nil
}

func (h *hostRig) close() { h.checker.Close() }

func (h *hostRig) takeStats() []isolate.Stats {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := h.stats
	h.stats = nil
	return s
}

func (h *hostRig) upload(dir string) result {
	r := result{timeBound: hostBound}
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil || res.JS == nil {
		r.outcome, r.detail = "build failed", fmt.Sprint(err, res.Diagnostics)
		return r
	}
	tokens := make(chan string, 8)
	srv, err := host.New(host.Options{DataDir: filepath.Join(dir, ".host"), Engine: h.checker,
		OnOwnerToken: func(t string) { tokens <- t }})
	if err != nil {
		r.outcome, r.detail = "crash", err.Error()
		return r
	}
	defer srv.Close()
	hs := httptest.NewServer(srv)
	defer hs.Close()
	srv.SetBaseURL(hs.URL)
	ctx, cancel := context.WithTimeout(context.Background(), giveUp)
	defer cancel()
	client, sess, err := pair(ctx, srv, hs.URL, "hostile")
	if err != nil {
		r.outcome, r.detail = "crash", err.Error()
		return r
	}
	h.takeStats()
	start := time.Now()
	rev, err := client.Upload(ctx, sess, 0, res.JS)
	r.wall = time.Since(start)
	for _, s := range h.takeStats() {
		r.peakRSS = max(r.peakRSS, s.PeakRSS)
	}
	switch {
	case ctx.Err() != nil:
		r.outcome = "did not end"
		return r
	case err != nil:
		r.outcome, r.detail = "crash", "upload: "+err.Error() // a 500 among them
		return r
	case rev.Status == "accepted":
		r.outcome = "valid"
	case len(rev.Problems) > 0:
		r.outcome, r.detail = string(rev.Problems[0].Code), rev.Problems[0].Message
	default:
		r.outcome = "invalid"
	}
	if rev.Status != "accepted" {
		return r
	}
	// Sign in first (it loads the world page, still empty).
	owner, err := hosttest.SignIn(hs.URL, lastToken(tokens))
	if err != nil {
		r.problems = append(r.problems, "owner sign-in: "+err.Error())
		return r
	}
	// Place three instances of every definition (at most 12), press their Toggle (most bundles
	// here have one: it may switch a view into its runaway), then load the world page twice:
	// the second load must be fast whatever the views do.
	placed := 0
	for _, d := range rev.Definitions {
		for i := 0; i < 3 && placed < 12; i++ {
			if _, err := srv.Place(ctx, host.Owner, d.Type); err == nil { // a refusal (initial() ran away) is fine
				placed++
			}
		}
	}
	if instances, err := srv.Instances(ctx); err == nil {
		for _, in := range instances {
			_, _ = srv.Act(ctx, host.Owner, in.ID, engine.Action{Name: "toggle", Payload: []byte(`{}`)})
		}
	}
	for _, s := range h.takeStats() {
		r.peakRSS = max(r.peakRSS, s.PeakRSS)
	}
	for i := 0; i < 2; i++ {
		start := time.Now()
		status, body, err := owner.Get("/")
		r.firstPage, r.page = r.page, time.Since(start)
		if err != nil || status != 200 {
			r.problems = append(r.problems, fmt.Sprintf("GET / answered %d (%v)", status, err))
		}
		r.failedViews = strings.Count(body, "view failed:")
	}
	r.placed = placed
	for _, s := range h.takeStats() {
		r.peakRSS = max(r.peakRSS, s.PeakRSS)
	}
	return r
}

func lastToken(tokens chan string) string {
	var tok string
	for {
		select {
		case tok = <-tokens:
		default:
			return tok
		}
	}
}

// check records what broke a bound.
func (r *result) check() {
	switch r.outcome {
	case "crash", "did not end", "build failed":
		r.problems = append(r.problems, r.outcome)
	}
	if r.wall > r.timeBound {
		r.problems = append(r.problems, fmt.Sprintf("took %s, over the %s bound", r.wall.Round(time.Millisecond), r.timeBound))
	}
	if r.peakRSS > memoryBound {
		r.problems = append(r.problems, fmt.Sprintf("peaked at %s, over the %s bound", mib(r.peakRSS), mib(memoryBound)))
	}
	if r.target == "host" && r.page > pageBound {
		r.problems = append(r.problems, fmt.Sprintf("the world page took %s on its second load, over %s", r.page.Round(time.Millisecond), pageBound))
	}
}

func (r *result) unexpected() bool {
	if len(r.expected) == 0 {
		return false
	}
	for _, e := range r.expected {
		if e == r.outcome || e == "any" || e == "invalid" && r.outcome != "valid" {
			return false
		}
	}
	return true
}

func mib(n uint64) string { return fmt.Sprintf("%d MiB", n>>20) }

var header sync.Once

func printRow(r result, verbose bool) {
	header.Do(func() {
		fmt.Printf("%-24s %-6s %-12s %-22s %9s %9s %-14s %s\n", "bundle", "target", "outcome", "expected", "time", "peak RSS", "bound", "verdict")
	})
	verdict := "ok"
	if r.unexpected() {
		verdict = "unexpected"
	}
	if len(r.problems) > 0 {
		verdict = "OVER: " + strings.Join(r.problems, "; ")
	}
	exp := strings.Join(r.expected, "|")
	if exp == "" {
		exp = "-"
	}
	bound := fmt.Sprintf("%s/%s", r.timeBound, mib(memoryBound))
	fmt.Printf("%-24s %-6s %-12s %-22s %8.2fs %9s %-14s %s\n", r.bundle, r.target, r.outcome, exp, r.wall.Seconds(), mib(r.peakRSS), bound, verdict)
	if r.target == "host" && r.page > 0 {
		fmt.Printf("%-24s %-6s world page with %d instances placed (%d views failed): first load %s, second %s\n", "", "", r.placed, r.failedViews, r.firstPage.Round(time.Millisecond), r.page.Round(time.Millisecond))
	}
	if verbose && r.detail != "" {
		fmt.Printf("%-24s %-6s %s\n", "", "", firstLine([]byte(r.detail)))
	}
}

func summary(results []result, strict bool) int {
	over, unexpected := 0, 0
	for _, r := range results {
		if len(r.problems) > 0 {
			over++
		} else if r.unexpected() {
			unexpected++
		}
	}
	fmt.Printf("\n%d runs: %d within their bounds, %d over a bound or crashed; %d unexpected verdicts\n", len(results), len(results)-over, over, unexpected)
	if over > 0 || strict && unexpected > 0 {
		return 1
	}
	return 0
}

func firstLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
