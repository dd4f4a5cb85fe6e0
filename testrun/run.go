package testrun

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/dop251/goja"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/kit"
)

// DefaultTimeout bounds each test (hooks included). Tests may render sounds or validate large
// catalogs in goja, which is slower than V8; an endless loop still ends in seconds.
const DefaultTimeout = 10 * time.Second

// DefaultHeapBudget bounds each test's heap growth. Tests build fixtures (a 1 MiB WAV, a
// 768 KiB model) that an uploaded definition never holds, so the budget is larger than
// validation's; it still stops a runaway allocation loop in well under a second.
const DefaultHeapBudget = 256 << 20

// Options say which tests to run and how.
type Options struct {
	// Dir is the project (or package) directory; test files are found under it and every
	// reported path is relative to it.
	Dir string
	// Pattern selects tests: a test runs when it matches its file path or its full name
	// ("suite > test"). Nil runs everything.
	Pattern *regexp.Regexp
	// Limits are jsrt's bounds: Timeout bounds each test (0: DefaultTimeout), HeapBudget each
	// test's heap growth in bytes (0: DefaultHeapBudget); Budget, when set, the calls of one test
	// file's runtime together.
	jsrt.Limits
	// Console receives the tests' console output; nil drops it.
	Console func(file, level, text string)
	// Progress, when set, is called after each test with its result (for live output).
	Progress func(Result)
	// SDK is the compiled SDK the tests run against; nil means the embedded one.
	SDK *kit.Compiled
	// SDKSource, when set, is the directory of an SDK package's TypeScript sources
	// (src/index.ts, src/runtime.ts): '@scape/sdk' and '@scape/sdk/runtime' are then bundled
	// from it into each test file instead of being supplied at run time. The SDK's own suite
	// needs this: its tests import the sources relatively (internals included) while the
	// documented examples they exercise import '@scape/sdk', and only bundling both from the
	// same files gives one SDK instance per test file (so instanceof ObjectActionError holds).
	SDKSource string
}

// Status is a test's outcome.
type Status int

const (
	Passed Status = iota
	Failed
	Skipped
	Todo
)

func (s Status) String() string {
	return [...]string{"pass", "fail", "skip", "todo"}[s]
}

// Result is one test's outcome.
type Result struct {
	// File is the test file, slash-separated, relative to Options.Dir.
	File string
	// Name is the test's full name: enclosing describe names and its own, joined by " > ".
	Name   string
	Status Status
	// Message says what failed (an assertion's message, a thrown error, a timeout); for
	// skipped and to-do tests, the reason if one was given.
	Message string
	// At is where it failed, mapped to TypeScript: the innermost frame in the project's own code
	// (the assertion call, or the line that threw). Zero when unknown.
	At jsrt.Position
	// Diagnostics are the lines the test printed with t.diagnostic.
	Diagnostics []string
	Duration    time.Duration
}

// Diagnostic is a failed test as the one diagnostic shape `build --json` uses (code "test"):
// the test's file, line and column (1-based, UTF-16 units), the line's text, and the message.
func (r Result) Diagnostic() diag.Diagnostic {
	d := diag.Diagnostic{Code: diag.CodeTestFailure, Path: r.Name, Message: r.Message}.At(r.At)
	if d.File == "" {
		d.File = r.File
	}
	return d
}

// Location renders At as file:line, falling back to the test file.
func (r Result) Location() string {
	if r.At.File != "" && r.At.Line > 0 {
		return fmt.Sprintf("%s:%d", r.At.File, r.At.Line)
	}
	return r.File
}

// Report is a whole run.
type Report struct {
	// Files are the test files found (before pattern selection), relative to Options.Dir.
	Files                         []string
	Results                       []Result
	Passed, Failed, Skipped, Todo int
}

// Failures returns the failed results.
func (r *Report) Failures() []Result {
	var out []Result
	for _, res := range r.Results {
		if res.Status == Failed {
			out = append(out, res)
		}
	}
	return out
}

func (r *Report) add(res Result, progress func(Result)) {
	r.Results = append(r.Results, res)
	switch res.Status {
	case Passed:
		r.Passed++
	case Failed:
		r.Failed++
	case Skipped:
		r.Skipped++
	case Todo:
		r.Todo++
	}
	if progress != nil {
		progress(res)
	}
}

// skipDirs are never searched for tests: dependencies, vendored packages, build output.
var skipDirs = map[string]bool{"node_modules": true, "vendor": true, "dist": true}

// FindTests lists the *.test.ts files under dir (relative, slash-separated, sorted), leaving out
// node_modules, vendor, dist and hidden directories.
func FindTests(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != dir && (skipDirs[name] || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, ".test.ts") && d.Type().IsRegular() {
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}

// Run finds and runs every selected test under opts.Dir. Test failures are in the report; the
// error is for what prevents running at all (an unreadable directory, a broken SDK).
func Run(ctx context.Context, opts Options) (*Report, error) {
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return nil, err
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", opts.Dir)
	}
	opts.Dir = dir
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.HeapBudget == 0 {
		opts.HeapBudget = DefaultHeapBudget
	}
	files, err := FindTests(dir)
	if err != nil {
		return nil, err
	}
	report := &Report{Files: files}
	for _, file := range files {
		if err := ctx.Err(); err != nil {
			return report, err
		}
		if err := runFile(ctx, opts, file, report); err != nil {
			return report, err
		}
	}
	return report, nil
}

var (
	//go:embed shim/assert.js
	assertJS []byte
	//go:embed shim/test.js
	testJS []byte

	shimOnce    sync.Once
	shimScripts []*jsrt.Script
	shimErr     error
)

// File names in stack traces for frames outside the author's sources: the node:test and
// node:assert shims, and esbuild's helpers in a compiled test file.
const (
	ShimScriptName   = "scape-test.js"
	BundleScriptName = "scape-test-bundle.js"
)

func shims() ([]*jsrt.Script, error) {
	shimOnce.Do(func() {
		for _, src := range [][]byte{assertJS, testJS} {
			s, err := jsrt.CompileScript(ShimScriptName, src, nil)
			if err != nil {
				shimErr = fmt.Errorf("testrun: the test shims do not compile: %w", err)
				return
			}
			shimScripts = append(shimScripts, s)
		}
	})
	return shimScripts, shimErr
}

type planEntry struct {
	Name     string `json:"name"`
	FullName string `json:"fullName"`
	Skip     bool   `json:"skip"`
	Todo     bool   `json:"todo"`
}

// runFile compiles and runs one test file in a fresh runtime.
func runFile(ctx context.Context, opts Options, file string, report *Report) error {
	fileFailure := func(msg string, at jsrt.Position, started time.Time) {
		report.add(Result{File: file, Name: file, Status: Failed, Message: msg, At: at, Duration: time.Since(started)}, opts.Progress)
	}
	started := time.Now()
	selectedFile := opts.Pattern == nil || opts.Pattern.MatchString(file)

	out, err := compileTest(opts.Dir, file, opts.SDKSource)
	if err != nil {
		var ce *CompileError
		if errors.As(err, &ce) {
			fileFailure("does not compile:\n"+ce.Error(), compilePosition(ce), started)
			return nil
		}
		return err
	}
	// The name sits at the project root: goja resolves the map's sources (relative to the
	// project) against the script name's directory.
	script, err := jsrt.CompileScript(BundleScriptName, out.js, out.sourceMap)
	if err != nil {
		fileFailure("goja cannot parse the compiled test: "+err.Error(), jsrt.Position{File: file}, started)
		return nil
	}
	sess, msg, at, err := newSession(ctx, opts, file, script)
	if err != nil {
		return err
	}
	if sess == nil {
		fileFailure(msg, at, started)
		return nil
	}
	plan := sess.plan
	var selected []int
	for i, p := range sess.plan {
		if selectedFile || opts.Pattern.MatchString(p.FullName) {
			selected = append(selected, i)
		}
	}
	if err := sess.selectTests(ctx, selected); err != nil {
		return err
	}
	for n, i := range selected {
		if err := ctx.Err(); err != nil {
			return err
		}
		if sess == nil {
			// The previous test was stopped by a guard, which leaves goja unable to run promise
			// jobs: the rest of the file runs in a fresh runtime (its top level and before()
			// hooks run again).
			if sess, msg, at, err = newSession(ctx, opts, file, script); err != nil {
				return err
			}
			if sess == nil {
				fileFailure(msg, at, started)
				return nil
			}
			if !slices.Equal(plan, sess.plan) {
				fileFailure("the file registered different tests when it was loaded again after a stopped test; the rest of it cannot run", jsrt.Position{File: file}, started)
				return nil
			}
			if err := sess.selectTests(ctx, selected[n:]); err != nil {
				return err
			}
		}
		res, stopped := runOne(ctx, sess.rt, sess.api, script, file, i, sess.plan[i])
		report.add(res, opts.Progress)
		if stopped {
			sess = nil
		}
	}
	return nil
}

// session is one runtime with the shims and a test file loaded and its tests registered.
type session struct {
	rt   *jsrt.Runtime
	api  *goja.Object // the node:test shim's runner API (trusted, frozen; Go calls its functions)
	plan []planEntry
}

func (s *session) selectTests(ctx context.Context, indices []int) error {
	if _, err := s.rt.Call(ctx, "select", s.api.Get("select"), s.api, s.rt.VM.ToValue(indices)); err != nil {
		return fmt.Errorf("testrun: selecting tests: %w", err)
	}
	return nil
}

// newSession prepares a runtime for file. A nil session with a message is a failure of the
// file itself (its top level threw); an error prevents running at all.
func newSession(ctx context.Context, opts Options, file string, script *jsrt.Script) (*session, string, jsrt.Position, error) {
	shimList, err := shims()
	if err != nil {
		return nil, "", jsrt.Position{}, err
	}
	console := func(string, string) {}
	if opts.Console != nil {
		console = func(level, text string) { opts.Console(file, level, text) }
	}
	var api *goja.Object
	// The shims are trusted: they run before lockdown, and what they define is frozen with the
	// built-ins. Their globals are removed again (Go keeps the runner API; test code reaches the
	// modules through require).
	setup := func(rt *jsrt.Runtime) error {
		vm := rt.VM
		if err := vm.Set("__scapeFrozenHint", rt.Toolchain.Get("frozenHint")); err != nil {
			return err
		}
		for _, s := range shimList {
			if _, err := rt.RunTrusted(s); err != nil {
				return fmt.Errorf("testrun: running the test shims: %w", err)
			}
		}
		api = vm.Get("__scapeTest").ToObject(vm)
		assert := vm.Get("__scapeAssert").ToObject(vm).Get("assert")
		if err := rt.AddModule("node:test", api.Get("module")); err != nil {
			return err
		}
		if err := rt.AddModule("node:assert/strict", assert); err != nil {
			return err
		}
		for _, name := range []string{"__scapeTest", "__scapeAssert", "__scapeFrozenHint"} {
			if err := vm.GlobalObject().Delete(name); err != nil {
				return err
			}
		}
		return nil
	}
	rt, err := jsrt.New(jsrt.Options{SDK: opts.SDK, AllowRuntime: true, Limits: opts.Limits, Console: console, Setup: setup})
	if err != nil {
		return nil, "", jsrt.Position{}, err
	}
	// Registration: the file's top level and its describe bodies.
	if err := rt.RunScript(ctx, "loading "+file, script); err != nil {
		msg, at := describeError(err, script, file)
		return nil, msg, at, nil
	}
	planText, _, err := rt.CallString(ctx, "plan", api.Get("plan"), api)
	if err != nil {
		return nil, "", jsrt.Position{}, fmt.Errorf("testrun: listing tests: %w", err)
	}
	var plan []planEntry
	if err := json.Unmarshal([]byte(planText), &plan); err != nil {
		return nil, "", jsrt.Position{}, fmt.Errorf("testrun: listing tests: %w", err)
	}
	return &session{rt: rt, api: api, plan: plan}, "", jsrt.Position{}, nil
}

// status is the shim's report of one test: JSON made inside a guarded call.
type status struct {
	Done        bool     `json:"done"`
	OK          bool     `json:"ok"`
	Skipped     bool     `json:"skipped"`
	Todo        bool     `json:"todo"`
	Reason      string   `json:"reason"`
	Diagnostics []string `json:"diagnostics"`
	Message     string   `json:"message"`
	ErrorStack  string   `json:"errorStack"`
}

// reportTimeout bounds reading a finished test's status: the shim describes the thrown value,
// whose name, message and toString are author code.
const reportTimeout = 2 * time.Second

// runOne runs test i under the runtime's guard and reads its status. stopped reports a guard
// stop (deadline, stack, memory, panic) after which the runtime must not be reused.
func runOne(ctx context.Context, rt *jsrt.Runtime, api *goja.Object, script *jsrt.Script, file string, i int, p planEntry) (res Result, stopped bool) {
	res = Result{File: file, Name: p.FullName}
	started := time.Now()
	statusValue, err := rt.Call(ctx, "test "+strconv.Quote(p.FullName), api.Get("run"), api, rt.VM.ToValue(i))
	res.Duration = time.Since(started)
	if err != nil {
		res.Status = Failed
		res.Message, res.At = describeError(err, script, file)
		var thrown *jsrt.ThrownError
		return res, !errors.As(err, &thrown)
	}
	// The status object is the shim's; what it holds (a thrown value) is the test's. The shim
	// describes it under a guard with a short deadline of its own.
	reportCtx, cancel := context.WithTimeout(ctx, reportTimeout)
	text, _, err := rt.CallString(reportCtx, "reading the result of test "+strconv.Quote(p.FullName), api.Get("report"), api, statusValue)
	cancel()
	var st status
	if err == nil {
		err = json.Unmarshal([]byte(text), &st)
	}
	if err != nil {
		res.Status = Failed
		res.Message = "the test failed, and what it threw could not be described: " + err.Error()
		res.At = jsrt.Position{File: file}
		var located jsrt.Located
		if errors.As(err, &located) {
			res.At = withFile(located.Where(), file)
		}
		// Stopped by a guard (not a JSON or thrown error): the runtime is not reused.
		var thrown *jsrt.ThrownError
		var syntax *json.SyntaxError
		return res, !errors.As(err, &thrown) && !errors.As(err, &syntax)
	}
	res.Diagnostics = st.Diagnostics
	switch {
	case st.Skipped:
		res.Status, res.Message = Skipped, st.Reason
		return res, false
	case !st.Done:
		res.Status = Failed
		res.Message = "the test never finished: it awaits a promise that cannot settle (scape gizmo test has no timers or I/O)"
		res.At = jsrt.Position{File: file}
	case st.OK:
		res.Status = Passed
	default:
		res.Status = Failed
		res.Message = st.Message
		res.At = stackPosition(st.ErrorStack, script)
		if res.At.File == "" {
			res.At = jsrt.Position{File: file}
		}
	}
	reason := st.Reason
	if st.Todo {
		// A to-do test runs, but its outcome does not count.
		if res.Status == Failed && reason == "" {
			reason = "failing: " + firstLine(res.Message)
		}
		res.Status, res.Message = Todo, reason
	}
	return res, false
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// describeError turns a guarded-call error into a message and a TypeScript position.
func describeError(err error, script *jsrt.Script, file string) (string, jsrt.Position) {
	var thrown *jsrt.ThrownError
	if errors.As(err, &thrown) {
		msg := thrown.Message
		if thrown.Name != "" && thrown.Name != "Error" && thrown.Name != "AssertionError" {
			msg = thrown.Name + ": " + msg
		}
		at := thrown.At
		if p := stackPosition(thrown.Stack, script); p.File != "" {
			at = p
		}
		return msg, withFile(at, file)
	}
	var located jsrt.Located
	if errors.As(err, &located) {
		return err.Error(), withFile(located.Where(), file)
	}
	var syntax *jsrt.SyntaxError
	if errors.As(err, &syntax) {
		return "goja cannot run the compiled test: " + syntax.Error(), jsrt.Position{File: file}
	}
	return err.Error(), jsrt.Position{File: file}
}

func withFile(p jsrt.Position, file string) jsrt.Position {
	if p.File == "" || isInternal(p.File) {
		return jsrt.Position{File: file}
	}
	return p
}

// stackPosition is the innermost frame of a JavaScript stack that lies in the project's own
// code (not the shims, the SDK, node_modules or esbuild's helpers), through jsrt's one stack
// parser (the same columns a build reports).
func stackPosition(stack string, script *jsrt.Script) jsrt.Position {
	for _, f := range script.Frames(stack) {
		if !isInternal(f.File) {
			return f.Position
		}
	}
	return jsrt.Position{}
}

func isInternal(file string) bool {
	return file == ShimScriptName || jsrt.ToolchainScript(file) || file == BundleScriptName ||
		strings.Contains(file, "node_modules/") || strings.HasPrefix(file, "<") || strings.HasPrefix(file, "native")
}

// compilePosition is where a file that does not compile fails: its first error's position, else
// the file.
func compilePosition(ce *CompileError) jsrt.Position {
	if ce.At.File != "" && ce.At.Line > 0 {
		return ce.At
	}
	return jsrt.Position{File: ce.File}
}
