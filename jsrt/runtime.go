// Package jsrt is the one goja runtime factory of the toolchain. Build validation, the dev host
// and `scape gizmo test` all create runtimes here, so every one of them loads the same trusted
// SDK program, supplies the same `require` and `console`, and calls author code through the same
// guarded path (Runtime.Guard): a deadline, a call-stack bound, a heap budget and panic recovery,
// with failures returned as typed errors (TimeoutError, StackError, MemoryError, ThrownError).
package jsrt

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/scapeworld/scape/internal/timeline"
	"strings"
	"sync"
	"time"

	"github.com/dop251/goja"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/glb"
	"github.com/scapeworld/scape/kit"
)

// Defaults chosen for validation and the host; docs/build.md explains them.
const (
	// DefaultTimeout bounds one guarded call. Validating a whole catalog is one call, and a real
	// catalog takes milliseconds, so 2 s only ever trips on runaway code while leaving room for
	// a slow, loaded machine.
	DefaultTimeout = 2 * time.Second
	// DefaultHeapBudget is how far the Go heap may grow during one guarded call. Validation needs
	// a few MiB (a 1 MiB bundle decoded once); goja allocates at roughly 100 MiB/s on this class
	// of machine, so 64 MiB trips well inside the deadline, where a larger budget would only ever
	// surface as a timeout.
	DefaultHeapBudget = 64 << 20
	// DefaultMaxCallStack turns runaway recursion into a StackError long before Go's own stack
	// limit; honest recursion in a Gizmo is a few dozen frames deep.
	DefaultMaxCallStack = 2000
	// SDKScriptName is the file name of the SDK program in stack traces.
	SDKScriptName = "scape-sdk.js"
)

// Limits bound author code: each guarded call (Timeout, HeapBudget, MaxCallStack) and the
// guarded calls of one runtime together (Budget). It is the one set of these bounds: validate,
// testrun and isolate (and through it the host) take it as it is, and it crosses into a worker
// as JSON under these names. Zero fields are the defaults of whoever runs the code.
type Limits struct {
	Timeout      time.Duration `json:"timeout,omitempty"`      // per guarded call; 0 → DefaultTimeout
	HeapBudget   uint64        `json:"heapBudget,omitempty"`   // bytes of heap growth per guarded call; 0 → DefaultHeapBudget
	MaxCallStack int           `json:"maxCallStack,omitempty"` // 0 → DefaultMaxCallStack
	// Budget bounds the guarded calls of one runtime together (0: no bound beyond each call's
	// Timeout; validate has a default of its own). A call that would pass it is stopped when it
	// is reached, with a TimeoutError whose Budget is set. EndBudget lifts it (a host's live
	// project after its validation).
	Budget time.Duration `json:"budget,omitempty"`
}

// Options configure a runtime. The zero value is usable.
type Options struct {
	// SDK is the compiled toolchain entry; nil means the embedded SDK (kit.Toolchain).
	SDK *kit.Compiled
	// AllowRuntime lets `require('@scape/sdk/runtime')` succeed: test code only. Bundles for a
	// host must not import it.
	AllowRuntime bool
	// Limits bound author code (zero fields: the defaults).
	Limits
	// Console receives console.log/info/warn/error/debug lines; nil keeps the last lines in
	// Runtime.Logs.
	Console func(level, text string)
	// Models caches the verdicts of the SDK's model check (see installModelHook); nil means
	// DefaultModels.
	Models *glb.Cache
	// Setup runs trusted code after the SDK and before the final lockdown (the test runner's
	// node:test and node:assert shims): it may run scripts with RunTrusted and add modules with
	// AddModule. The built-ins are frozen already; what it leaves reachable from the global object
	// is frozen next.
	Setup func(r *Runtime) error
}

// Runtime is one goja runtime with the SDK loaded and the built-ins locked down. Not safe for
// concurrent use.
//
// Go reads nothing author code could have touched outside a guard: results come back as JSON
// strings made inside the guarded call (CallJSON, CallString), thrown values are described by
// the SDK inside a guard of their own, console arguments are shown by the SDK. VM is exported for
// values Go makes (ToValue) and for trusted set-up; reading author values through it is the
// mistake read_boundary_test.go looks for.
type Runtime struct {
	VM *goja.Runtime
	// Toolchain is the SDK's toolchain object (check, effects, open, currentCall, sdk, runtime),
	// frozen; its global is deleted before any author code runs.
	Toolchain *goja.Object
	// Logs holds console output when Options.Console is nil (at most maxLogs lines).
	Logs []LogLine

	opts     Options
	current  string // the guarded call's name, while one runs
	modules  map[string]goja.Value
	locked   bool
	spent    time.Duration // guarded time so far, against opts.Budget
	getGlobl goja.Callable // (name) => globalThis[name], made before author code
}

// LogLine is one console call.
type LogLine struct {
	Level string
	Text  string
}

const (
	maxLogs       = 200
	maxLogLineLen = 2000 // characters, the ellipsis of a longer line included
)

// describeTimeout bounds describing a thrown value (its name, message and stack getters, its
// toString) and reading which callback was running: SDK code plus whatever getters author code
// put on the thrown value.
const describeTimeout = 500 * time.Millisecond

var (
	sdkMu      sync.Mutex
	sdkScripts = map[string]*Script{}
)

// sdkScript compiles the SDK program once per process (per SDK hash).
func sdkScript(c *kit.Compiled) (*Script, error) {
	sdkMu.Lock()
	defer sdkMu.Unlock()
	if s, ok := sdkScripts[c.Hash]; ok {
		return s, nil
	}
	timeline.Mark("jsrt: SDK goja compile start")
	defer timeline.Mark("jsrt: SDK goja compile end")
	s, err := CompileScript(SDKScriptName, c.JS, nil)
	if err != nil {
		return nil, fmt.Errorf("jsrt: the SDK does not compile in goja: %w", err)
	}
	sdkScripts[c.Hash] = s
	return s, nil
}

// SDKScript returns the compiled SDK program for opts (nil SDK → embedded), compiling it at
// most once per process. Callers use it to warm up.
func SDKScript(sdk *kit.Compiled) (*Script, error) {
	if sdk == nil {
		var err error
		if sdk, err = kit.Toolchain(); err != nil {
			return nil, err
		}
	}
	return sdkScript(sdk)
}

// New returns a fresh runtime locked down (lockdown.js): its built-ins frozen first, then the
// SDK program run, `require`, `console` and the model hook installed, Options.Setup run, and
// what they added frozen too: every intrinsic reachable from the global object, the global
// bindings made read-only, the toolchain object and the SDK's exports. Nothing of the author's
// has run yet.
func New(opts Options) (*Runtime, error) {
	if r := takeWarm(opts); r != nil {
		return r, nil
	}
	return makeRuntime(opts)
}

// warm is at most one runtime made ahead of time with the default options (Prewarm).
var warm struct {
	mu sync.Mutex
	ch chan *Runtime
}

// Prewarm starts making one runtime with the default options in the background; the next New
// whose options allow it (no SDK, Models, or Setup of its own) takes it instead of running the
// SDK and lockdown itself, waiting for it if it is not ready yet. `scape gizmo build` calls it
// before bundling, which takes about as long on another core, so lockdown costs a build no
// wall time.
func Prewarm() {
	warm.mu.Lock()
	defer warm.mu.Unlock()
	if warm.ch != nil {
		return
	}
	ch := make(chan *Runtime, 1)
	warm.ch = ch
	go func() {
		r, err := makeRuntime(Options{})
		if err != nil {
			r = nil // New makes its own and reports the error
		}
		ch <- r
	}()
}

// takeWarm returns the prewarmed runtime when opts can use it, with opts' bounds and console.
func takeWarm(opts Options) *Runtime {
	if opts.SDK != nil || opts.Setup != nil || (opts.Models != nil && opts.Models != DefaultModels) {
		return nil
	}
	warm.mu.Lock()
	ch := warm.ch
	warm.ch = nil
	warm.mu.Unlock()
	if ch == nil {
		return nil
	}
	r := <-ch
	if r == nil {
		return nil
	}
	// The console sink, require and the guard read r.opts when they run.
	r.opts = withDefaults(opts)
	r.VM.SetMaxCallStackSize(r.opts.MaxCallStack)
	return r
}

func withDefaults(opts Options) Options {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.HeapBudget == 0 {
		opts.HeapBudget = DefaultHeapBudget
	}
	if opts.MaxCallStack <= 0 {
		opts.MaxCallStack = DefaultMaxCallStack
	}
	if opts.Models == nil {
		opts.Models = DefaultModels
	}
	return opts
}

func makeRuntime(opts Options) (*Runtime, error) {
	timeline.Mark("jsrt: makeRuntime")
	defer timeline.Mark("jsrt: runtime locked down")
	opts = withDefaults(opts)
	// The built-ins are locked down first, on another goroutine, while the SDK compiles (the
	// first runtime of a process: goja's compile of the SDK is the longest step of a build, and
	// freezing the ~640 built-ins the second longest; the machine has two cores). The SDK and
	// the toolchain's objects then run on frozen built-ins, as every check of theirs does
	// anyway, and a second lockdown call freezes what they added.
	realmc := make(chan realm, 1)
	go func() { realmc <- lockedRealm() }()
	script, err := SDKScript(opts.SDK)
	rl := <-realmc
	if err != nil {
		return nil, err
	}
	if rl.err != nil {
		return nil, fmt.Errorf("jsrt: lockdown failed: %w", rl.err)
	}
	timeline.Mark("jsrt: built-ins locked down")
	vm := rl.vm
	vm.SetFieldNameMapper(goja.TagFieldNameMapper("json", true))
	vm.SetMaxCallStackSize(opts.MaxCallStack)
	r := &Runtime{VM: vm, opts: opts, modules: map[string]goja.Value{}}
	if err := installModelHook(vm, opts.Models); err != nil {
		return nil, fmt.Errorf("jsrt: installing the model check: %w", err)
	}
	if err := installBoundsHook(vm); err != nil {
		return nil, fmt.Errorf("jsrt: installing the bounds walk: %w", err)
	}
	if _, err := vm.RunProgram(script.Program); err != nil {
		return nil, fmt.Errorf("jsrt: running the SDK failed: %w", err)
	}
	tc := vm.Get(kit.ToolchainGlobal)
	if tc == nil || goja.IsUndefined(tc) || goja.IsNull(tc) {
		return nil, fmt.Errorf("jsrt: the SDK did not define %s", kit.ToolchainGlobal)
	}
	r.Toolchain = tc.ToObject(vm)
	for _, name := range []string{"describeThrown", "display", "currentCall"} {
		if _, ok := goja.AssertFunction(r.Toolchain.Get(name)); !ok {
			return nil, fmt.Errorf("jsrt: the SDK's %s has no %s function", kit.ToolchainGlobal, name)
		}
	}
	// Author code shares this runtime: it must not reach the toolchain's functions to replace
	// `check` with one that always passes. Go keeps its reference; the global goes (lockdown
	// freezes the object).
	if err := vm.GlobalObject().Delete(kit.ToolchainGlobal); err != nil {
		return nil, fmt.Errorf("jsrt: hiding the toolchain: %w", err)
	}
	r.modules["@scape/sdk"] = r.Toolchain.Get("sdk")
	r.modules["@scape/sdk/runtime"] = r.Toolchain.Get("runtime")
	if err := r.installConsole(); err != nil {
		return nil, err
	}
	if err := r.installRequire(); err != nil {
		return nil, err
	}
	get, err := vm.RunString(`(function (name) { 'use strict'; return globalThis[name]; })`)
	if err != nil {
		return nil, fmt.Errorf("jsrt: %w", err)
	}
	r.getGlobl, _ = goja.AssertFunction(get)
	if opts.Setup != nil {
		if err := opts.Setup(r); err != nil {
			return nil, err
		}
	}
	timeline.Mark("jsrt: SDK run")
	roots := []goja.Value{r.Toolchain}
	for _, m := range r.modules {
		roots = append(roots, m)
	}
	if _, err := callLockdown(vm, rl.lockdown, roots...); err != nil {
		return nil, fmt.Errorf("jsrt: lockdown failed: %w", err)
	}
	r.locked = true
	return r, nil
}

// realm is a fresh goja runtime whose built-ins are locked down, with its lockdown function for
// what is added later.
type realm struct {
	vm       *goja.Runtime
	lockdown goja.Callable
	err      error
}

func lockedRealm() realm {
	vm := goja.New()
	if err := installHostAPIs(vm); err != nil {
		return realm{err: fmt.Errorf("host APIs: %w", err)}
	}
	if err := installIntl(vm); err != nil {
		return realm{err: fmt.Errorf("Intl: %w", err)}
	}
	if err := installMath(vm); err != nil {
		return realm{err: fmt.Errorf("Math: %w", err)}
	}
	fn, err := lockdownFunc(vm)
	if err == nil {
		_, err = callLockdown(vm, fn)
	}
	return realm{vm: vm, lockdown: fn, err: err}
}

// RunTrusted runs a trusted script (the test runner's shims) before lockdown; only Setup may.
func (r *Runtime) RunTrusted(s *Script) (goja.Value, error) {
	if r.locked {
		return nil, errors.New("jsrt: RunTrusted after lockdown")
	}
	return r.VM.RunProgram(s.Program)
}

// AddModule makes require(name) return v; only Setup may (modules are frozen by lockdown).
func (r *Runtime) AddModule(name string, v goja.Value) error {
	if r.locked {
		return errors.New("jsrt: AddModule after lockdown")
	}
	r.modules[name] = v
	return nil
}

// installRequire supplies `@scape/sdk` (and, for tests, `@scape/sdk/runtime`) to bundles: the
// bundle's external imports compile to require("…") calls.
func (r *Runtime) installRequire() error {
	return r.VM.Set("require", func(call goja.FunctionCall) goja.Value {
		// Only a string primitive names a module: an object's toString is author code.
		arg := call.Argument(0)
		name, ok := arg.Export().(string)
		if _, isObject := arg.(*goja.Object); isObject || !ok {
			panic(r.VM.NewTypeError("require needs a module name (a string)"))
		}
		if name == "@scape/sdk/runtime" && !r.opts.AllowRuntime {
			panic(r.VM.NewGoError(fmt.Errorf("unsupported import %q: the runtime entry is for tests and hosts, not for a bundled project", name)))
		}
		if v, ok := r.modules[name]; ok {
			return v
		}
		panic(r.VM.NewGoError(fmt.Errorf("unsupported import %q: the host supplies only @scape/sdk", name)))
	})
}

// installConsole defines console.log/info/warn/error/debug: the SDK shows the arguments
// (internal/display.ts: bounded, no author code runs) and Go receives the finished line.
func (r *Runtime) installConsole() error {
	sink := func(call goja.FunctionCall) goja.Value {
		level, _ := call.Argument(0).Export().(string)
		text, _ := call.Argument(1).Export().(string)
		// Cut on a character boundary: a byte cut could split an emoji into invalid UTF-8.
		text = diag.Truncate(text, maxLogLineLen)
		if r.opts.Console != nil {
			r.opts.Console(level, text)
		} else if len(r.Logs) < maxLogs {
			r.Logs = append(r.Logs, LogLine{Level: level, Text: text})
		}
		return goja.Undefined()
	}
	make, err := r.VM.RunString(`(function (display, sink) {
  'use strict';
  const console = {};
  for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
    console[level] = function (...values) { sink(level, display(...values)); };
  }
  return console;
})`)
	if err != nil {
		return fmt.Errorf("jsrt: console: %w", err)
	}
	fn, _ := goja.AssertFunction(make)
	console, err := fn(goja.Undefined(), r.Toolchain.Get("display"), r.VM.ToValue(sink))
	if err != nil {
		return fmt.Errorf("jsrt: console: %w", err)
	}
	return r.VM.Set("console", console)
}

// RunScript runs a compiled script (an author bundle, a test file) under the guard. Its
// completion value is not returned: it is author data.
func (r *Runtime) RunScript(ctx context.Context, what string, s *Script) error {
	return r.Guard(ctx, what, func() error {
		_, err := r.VM.RunProgram(s.Program)
		return err
	})
}

// Global reads globalThis[name] under the guard (a bundle may define it as a getter) and returns
// it as an opaque value to hand back to JavaScript; Go must not read it.
func (r *Runtime) Global(ctx context.Context, name string) (goja.Value, error) {
	var out goja.Value
	err := r.Guard(ctx, "reading "+name, func() error {
		v, err := r.getGlobl(goja.Undefined(), r.VM.ToValue(name))
		out = v
		return err
	})
	return out, err
}

// Call calls fn(args…) under the guard and returns its result as an opaque value (to hand back
// to JavaScript, not to read: use CallString or CallJSON for results Go reads).
func (r *Runtime) Call(ctx context.Context, what string, fn goja.Value, this goja.Value, args ...goja.Value) (goja.Value, error) {
	f, ok := goja.AssertFunction(fn)
	if !ok {
		return nil, fmt.Errorf("jsrt: %s is not a function", what)
	}
	if this == nil {
		this = goja.Undefined()
	}
	var out goja.Value
	err := r.Guard(ctx, what, func() error {
		v, err := f(this, args...)
		out = v
		return err
	})
	return out, err
}

// CallString calls fn(args…) under the guard; the result must be a string primitive (or null or
// undefined, returned as ok false), copied into Go inside the guard.
func (r *Runtime) CallString(ctx context.Context, what string, fn goja.Value, this goja.Value, args ...goja.Value) (text string, ok bool, err error) {
	f, isFn := goja.AssertFunction(fn)
	if !isFn {
		return "", false, fmt.Errorf("jsrt: %s is not a function", what)
	}
	if this == nil {
		this = goja.Undefined()
	}
	err = r.Guard(ctx, what, func() error {
		v, err := f(this, args...)
		if err != nil {
			return err
		}
		text, ok, err = stringResult(what, v)
		return err
	})
	return text, ok, err
}

// stringResult copies a string primitive; anything else (an object, whose conversion would run
// its toString) is an internal error.
func stringResult(what string, v goja.Value) (string, bool, error) {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return "", false, nil
	}
	if _, isObject := v.(*goja.Object); !isObject {
		if s, ok := v.Export().(string); ok {
			return s, true, nil
		}
	}
	return "", false, fmt.Errorf("jsrt: internal: %s returned %s, not a string", what, v.ExportType())
}

// CallToolchain calls the toolchain's method(args…) under the guard and returns its result as
// an opaque value (the registry `open` returns, to hand back).
func (r *Runtime) CallToolchain(ctx context.Context, method string, args ...goja.Value) (goja.Value, error) {
	return r.Call(ctx, method, r.Toolchain.Get(method), r.Toolchain, args...)
}

// ToolchainString calls a toolchain method that returns a string (JSON the SDK made, or "").
func (r *Runtime) ToolchainString(ctx context.Context, method string, args ...goja.Value) (string, error) {
	s, _, err := r.CallString(ctx, method, r.Toolchain.Get(method), r.Toolchain, args...)
	return s, err
}

// CallJSON calls a toolchain method whose result is one JSON string and decodes it into out.
func (r *Runtime) CallJSON(ctx context.Context, method string, out any, args ...goja.Value) error {
	text, err := r.ToolchainString(ctx, method, args...)
	if err != nil {
		return err
	}
	if err := json.Unmarshal([]byte(text), out); err != nil {
		return fmt.Errorf("jsrt: internal: unexpected %s result: %w", method, err)
	}
	return nil
}

// EndBudget lifts Options.Budget: the calls that follow are bounded by Timeout alone.
func (r *Runtime) EndBudget() { r.opts.Budget = 0 }

// Spent is the time guarded calls have taken so far.
func (r *Runtime) Spent() time.Duration { return r.spent }

// errDeadline and errMemory are the values the guard interrupts with.
var (
	errDeadline = errors.New("deadline")
	errMemory   = errors.New("heap budget")
)

// Guard runs fn — which calls into JavaScript — with the runtime's deadline, heap budget and
// stack bound, and converts what goes wrong into typed errors. It is the only way author code
// should be entered. Not reentrant: fn must not call Guard on the same runtime. what names the
// call for messages when the SDK has not recorded which author callback was running.
//
// The error never holds a goja value: a thrown value is described inside a guard of its own
// (describeThrown), so formatting the error later runs no JavaScript.
func (r *Runtime) Guard(ctx context.Context, what string, fn func() error) error {
	limit, budget := r.opts.Timeout, false
	if r.opts.Budget > 0 {
		left := r.opts.Budget - r.spent
		if left <= 0 {
			return &TimeoutError{Callback: what, Limit: r.opts.Budget, Budget: r.opts.Budget}
		}
		if left < limit {
			limit, budget = left, true
		}
	}
	if ctx == nil {
		ctx = context.Background()
	}
	// A caller's deadline earlier than the call's own is the limit a timeout reports.
	if d, ok := ctx.Deadline(); ok {
		if left := time.Until(d); left < limit {
			limit, budget = max(left, time.Millisecond), false
		}
	}
	prev := r.current
	r.current = what
	defer func() { r.current = prev }()
	callCtx, err := r.guarded(ctx, what, limit, fn)
	if err == nil {
		return nil
	}
	return r.classify(what, err, callCtx, limit, budget)
}

// guarded runs fn with a deadline of limit, the heap watchdog and panic recovery; it returns
// goja's error as is, and the call's context (to tell a deadline from a cancellation). observed
// names the call for the guard observer; "" is the guard's own short describing calls, which
// the observer does not see (the isolation worker bounds them as time outside any call).
func (r *Runtime) guarded(parent context.Context, observed string, limit time.Duration, fn func() error) (ctx context.Context, err error) {
	ctx, cancel := context.WithTimeout(parent, limit)
	defer cancel()
	// An Interrupt left over from an earlier call (issued while idle) would kill this one.
	r.VM.ClearInterrupt()
	// The gate makes sure no interrupt of this call lands after it returned (the deadline's
	// AfterFunc or the watchdog may already be running when the call finishes).
	gate := &interruptGate{vm: r.VM, open: true}
	// The isolation worker's hard bounds (observe.go). Deferred before the deferred cleanup
	// below, so the observer sees the call end after its panic was recovered.
	if observed != "" {
		deadline, _ := ctx.Deadline()
		defer observeGuard(observed, deadline, func() { gate.interrupt(errMemory) })()
	}
	stopDeadline := context.AfterFunc(ctx, func() { gate.interrupt(errDeadline) })
	stopWatch := watchHeap(r.opts.HeapBudget, func() { gate.interrupt(errMemory) })
	start := time.Now()
	defer func() {
		gate.close()
		stopDeadline()
		stopWatch()
		r.spent += time.Since(start)
		if p := recover(); p != nil {
			err = &PanicError{Callback: r.current, Value: panicText(p)}
		}
		r.VM.ClearInterrupt()
	}()
	return ctx, fn()
}

// panicText renders a recovered panic without running JavaScript: a goja value's String (or an
// Exception's Error) would call the value's toString.
func panicText(p any) string {
	switch v := p.(type) {
	case *goja.Exception, *goja.Object:
		return "a JavaScript value"
	case goja.Value:
		return "a JavaScript " + v.ExportType().String()
	case error:
		return v.Error()
	case string:
		return v
	}
	return fmt.Sprintf("%T", p)
}

// interruptGate forwards interrupts to the runtime only while its guarded call runs.
type interruptGate struct {
	mu   sync.Mutex
	vm   *goja.Runtime
	open bool
}

func (g *interruptGate) interrupt(v error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.open {
		g.vm.Interrupt(v)
	}
}

func (g *interruptGate) close() {
	g.mu.Lock()
	g.open = false
	g.mu.Unlock()
}

// classify turns a goja error into the package's typed errors. It runs after the call's guard
// ended; what it still needs from JavaScript (which callback was running, what was thrown) it
// reads through guarded calls of its own.
func (r *Runtime) classify(what string, err error, ctx context.Context, limit time.Duration, budget bool) error {
	var interrupted *goja.InterruptedError
	var overflow *goja.StackOverflowError
	var exception *goja.Exception
	var panicked *PanicError
	switch {
	case errors.As(err, &panicked):
		return panicked
	case errors.As(err, &interrupted):
		typ, callback := r.currentCallback(what)
		at := firstAuthorFrame(interrupted.Stack())
		if v, _ := interrupted.Value().(error); errors.Is(v, errMemory) {
			return &MemoryError{Type: typ, Callback: callback, Budget: r.opts.HeapBudget, At: at}
		}
		if v, _ := interrupted.Value().(error); errors.Is(v, errDeadline) && ctx.Err() == context.Canceled {
			return context.Canceled
		}
		te := &TimeoutError{Type: typ, Callback: callback, Limit: limit, At: at}
		if budget {
			te.Limit, te.Budget = r.opts.Budget, r.opts.Budget
		}
		return te
	case errors.As(err, &overflow):
		typ, callback := r.currentCallback(what)
		return &StackError{Type: typ, Callback: callback, Depth: r.opts.MaxCallStack, At: firstAuthorFrame(overflow.Stack())}
	case errors.As(err, &exception):
		typ, callback := r.currentCallback(what)
		te := r.thrown(callback, exception)
		te.Type = typ
		if callback == what {
			// authorCall's record is already restored when an exception reaches Go (its finally
			// ran); the innermost author function's name is the next best.
			if fn := authorFuncName(exception.Stack()); fn != "" {
				te.Callback = fn
			}
		}
		return te
	}
	// A Go error from a native function or from reading a result: no JavaScript value in it.
	return err
}

// thrownFacts is the toolchain's describeThrown.
type thrownFacts struct {
	Error   bool   `json:"error"`
	Name    string `json:"name"`
	Message string `json:"message"`
	Stack   string `json:"stack"`
}

// thrown describes an exception through the SDK's describeThrown, under a short guard of its
// own: the thrown value's getters and toString are author code.
func (r *Runtime) thrown(callback string, ex *goja.Exception) *ThrownError {
	te := &ThrownError{Callback: callback, At: firstAuthorFrame(ex.Stack())}
	var text string
	_, err := r.guarded(context.Background(), "", describeTimeout, func() error {
		fn, ok := goja.AssertFunction(r.Toolchain.Get("describeThrown"))
		if !ok {
			return errors.New("no describeThrown")
		}
		v, err := fn(goja.Undefined(), ex.Value())
		if err != nil {
			return err
		}
		text, _, err = stringResult("describeThrown", v)
		return err
	})
	var facts thrownFacts
	if err == nil {
		err = json.Unmarshal([]byte(text), &facts)
	}
	if err != nil {
		te.Message = fmt.Sprintf("a value that could not be described within %s (its toString, name or message runs away or throws)", describeTimeout)
		return te
	}
	te.Message, te.Stack = facts.Message, facts.Stack
	if facts.Error {
		te.Name = facts.Name
	}
	if te.Message == "" {
		te.Message = "(no message)"
	}
	return te
}

// currentCallback is the author callback the SDK's authorCall says is running ("view",
// "actions.toggle.run", …), or what when it recorded none. SDK data only, read as JSON under a
// short guard.
func (r *Runtime) currentCallback(what string) (typ, callback string) {
	var text string
	_, err := r.guarded(context.Background(), "", describeTimeout, func() error {
		fn, ok := goja.AssertFunction(r.Toolchain.Get("currentCall"))
		if !ok {
			return errors.New("no currentCall")
		}
		v, err := fn(r.Toolchain)
		if err != nil {
			return err
		}
		text, _, err = stringResult("currentCall", v)
		return err
	})
	var rec *struct {
		Type     string `json:"type"`
		Callback string `json:"callback"`
	}
	if err != nil || json.Unmarshal([]byte(text), &rec) != nil || rec == nil || rec.Callback == "" {
		return "", what
	}
	return rec.Type, rec.Callback
}

// isAuthorFile says whether a stack frame's file is author code: not the toolchain's, not native.
func isAuthorFile(name string) bool {
	return name != "" && !ToolchainScript(name) && !strings.HasPrefix(name, "<")
}

// ToolchainScript says whether a stack frame's file is one of the toolchain's own programs (the
// SDK, lockdown, the host APIs): never the place an author's mistake is shown.
func ToolchainScript(name string) bool {
	return name == SDKScriptName || name == LockdownScriptName || name == HostAPIScriptName || name == IntlScriptName
}

// authorFuncName is the function name of the innermost frame outside the SDK.
func authorFuncName(stack []goja.StackFrame) string {
	for _, f := range stack {
		p := f.Position()
		if !isAuthorFile(p.Filename) {
			continue
		}
		if name := f.FuncName(); name != "<anonymous>" && name != "<native>" {
			return name
		}
		return ""
	}
	return ""
}

// firstAuthorFrame is the innermost stack frame outside the SDK program: where author code was.
func firstAuthorFrame(stack []goja.StackFrame) Position {
	for _, f := range stack {
		p := f.Position()
		if !isAuthorFile(p.Filename) {
			continue
		}
		return framePosition(f)
	}
	return Position{}
}
