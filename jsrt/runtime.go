// Package jsrt is the one goja runtime factory of the toolchain. Build validation, the dev host
// and `scape gizmo test` all create runtimes here, so every one of them loads the same trusted
// SDK program, supplies the same `require` and `console`, and calls author code through the same
// guarded path (Runtime.Guard): a deadline, a call-stack bound, a heap budget and panic recovery,
// with failures returned as typed errors (TimeoutError, StackError, MemoryError, ThrownError).
package jsrt

import (
	"context"
	"errors"
	"fmt"
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

// Options configure a runtime. The zero value is usable.
type Options struct {
	// SDK is the compiled toolchain entry; nil means the embedded SDK (kit.Toolchain).
	SDK *kit.Compiled
	// AllowRuntime lets `require('@scape/sdk/runtime')` succeed: test code only. Bundles for a
	// host must not import it.
	AllowRuntime bool
	Timeout      time.Duration // per guarded call; 0 → DefaultTimeout
	HeapBudget   uint64        // bytes of heap growth per guarded call; 0 → DefaultHeapBudget
	MaxCallStack int           // 0 → DefaultMaxCallStack
	// Console receives console.log/info/warn/error/debug lines; nil keeps the last lines in
	// Runtime.Logs.
	Console func(level, text string)
	// Models caches the verdicts of the SDK's model check (see installModelHook); nil means
	// DefaultModels.
	Models *glb.Cache
}

// Runtime is one goja runtime with the SDK loaded. Not safe for concurrent use.
type Runtime struct {
	VM *goja.Runtime
	// Toolchain is globalThis.__scapeToolchain (check, effects, open, currentCall, sdk, runtime).
	Toolchain *goja.Object
	// Logs holds console output when Options.Console is nil (at most maxLogs lines).
	Logs []LogLine

	opts    Options
	current string // the guarded call's name, while one runs
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

// New returns a fresh runtime with the SDK program run, `require`, `console` and the JSON field
// name mapper installed.
func New(opts Options) (*Runtime, error) {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.HeapBudget == 0 {
		opts.HeapBudget = DefaultHeapBudget
	}
	if opts.MaxCallStack <= 0 {
		opts.MaxCallStack = DefaultMaxCallStack
	}
	script, err := SDKScript(opts.SDK)
	if err != nil {
		return nil, err
	}
	vm := goja.New()
	// Without it ExportTo leaves struct fields silently zero.
	vm.SetFieldNameMapper(goja.TagFieldNameMapper("json", true))
	vm.SetMaxCallStackSize(opts.MaxCallStack)
	r := &Runtime{VM: vm, opts: opts}
	r.installConsole()
	if opts.Models == nil {
		opts.Models = DefaultModels
	}
	if err := installModelHook(vm, opts.Models); err != nil {
		return nil, fmt.Errorf("jsrt: installing the model check: %w", err)
	}
	if _, err := vm.RunProgram(script.Program); err != nil {
		return nil, fmt.Errorf("jsrt: running the SDK failed: %w", err)
	}
	tc := vm.Get(kit.ToolchainGlobal)
	if tc == nil || goja.IsUndefined(tc) || goja.IsNull(tc) {
		return nil, fmt.Errorf("jsrt: the SDK did not define %s", kit.ToolchainGlobal)
	}
	r.Toolchain = tc.ToObject(vm)
	if err := r.installRequire(); err != nil {
		return nil, err
	}
	// Author code shares this runtime: it must not reach the toolchain's functions to replace
	// `check` with one that always passes. Go keeps its reference; the global goes, and the
	// object is frozen.
	if freeze, ok := goja.AssertFunction(vm.Get("Object").ToObject(vm).Get("freeze")); ok {
		if _, err := freeze(goja.Undefined(), r.Toolchain); err != nil {
			return nil, fmt.Errorf("jsrt: freezing the toolchain: %w", err)
		}
	}
	if err := vm.GlobalObject().Delete(kit.ToolchainGlobal); err != nil {
		return nil, fmt.Errorf("jsrt: hiding the toolchain: %w", err)
	}
	return r, nil
}

// installRequire supplies `@scape/sdk` (and, for tests, `@scape/sdk/runtime`) to bundles: the
// bundle's external imports compile to require("…") calls.
func (r *Runtime) installRequire() error {
	sdk := r.Toolchain.Get("sdk")
	rt := r.Toolchain.Get("runtime")
	return r.VM.Set("require", func(call goja.FunctionCall) goja.Value {
		name := call.Argument(0).String()
		switch name {
		case "@scape/sdk":
			return sdk
		case "@scape/sdk/runtime":
			if r.opts.AllowRuntime {
				return rt
			}
			panic(r.VM.NewGoError(fmt.Errorf("unsupported import %q: the runtime entry is for tests and hosts, not for a bundled project", name)))
		}
		panic(r.VM.NewGoError(fmt.Errorf("unsupported import %q: the host supplies only @scape/sdk", name)))
	})
}

func (r *Runtime) installConsole() {
	console := r.VM.NewObject()
	for _, level := range []string{"log", "info", "warn", "error", "debug"} {
		level := level
		_ = console.Set(level, func(call goja.FunctionCall) goja.Value {
			parts := make([]string, len(call.Arguments))
			for i, a := range call.Arguments {
				parts[i] = r.display(a)
			}
			// Cut on a character boundary: a byte cut could split an emoji into invalid UTF-8.
			text := diag.Truncate(strings.Join(parts, " "), maxLogLineLen)
			if r.opts.Console != nil {
				r.opts.Console(level, text)
			} else if len(r.Logs) < maxLogs {
				r.Logs = append(r.Logs, LogLine{Level: level, Text: text})
			}
			return goja.Undefined()
		})
	}
	_ = r.VM.Set("console", console)
}

// display renders a console argument: strings as is, objects as JSON when they have one.
func (r *Runtime) display(v goja.Value) string {
	if v == nil || goja.IsUndefined(v) {
		return "undefined"
	}
	if _, ok := v.Export().(string); ok {
		return v.String()
	}
	if obj, ok := v.(*goja.Object); ok {
		if _, isFn := goja.AssertFunction(obj); !isFn && obj.ClassName() != "Error" {
			if b, err := obj.MarshalJSON(); err == nil {
				return string(b)
			}
		}
	}
	return v.String()
}

// RunScript runs a compiled script (an author bundle, a test file) under the guard and returns
// its completion value.
func (r *Runtime) RunScript(ctx context.Context, what string, s *Script) (goja.Value, error) {
	var out goja.Value
	err := r.Guard(ctx, what, func() error {
		v, err := r.VM.RunProgram(s.Program)
		out = v
		return err
	})
	return out, err
}

// Call calls fn(args…) under the guard.
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

// CallToolchain calls __scapeToolchain[method](args…) under the guard.
func (r *Runtime) CallToolchain(ctx context.Context, method string, args ...goja.Value) (goja.Value, error) {
	return r.Call(ctx, method, r.Toolchain.Get(method), r.Toolchain, args...)
}

// errDeadline and errMemory are the values the guard interrupts with.
var (
	errDeadline = errors.New("deadline")
	errMemory   = errors.New("heap budget")
)

// Guard runs fn — which calls into JavaScript — with the runtime's deadline, heap budget and
// stack bound, and converts what goes wrong into typed errors. It is the only way author code
// should be entered. Not reentrant: fn must not call Guard on the same runtime. what names the call for messages when the SDK has not recorded which
// author callback was running.
func (r *Runtime) Guard(ctx context.Context, what string, fn func() error) (err error) {
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, cancel := context.WithTimeout(ctx, r.opts.Timeout)
	defer cancel()
	// An Interrupt left over from an earlier call (issued while idle) would kill this one.
	r.VM.ClearInterrupt()
	// The gate makes sure no interrupt of this call lands after it returned (the deadline's
	// AfterFunc or the watchdog may already be running when the call finishes).
	gate := &interruptGate{vm: r.VM, open: true}
	// The isolation worker's hard bounds (observe.go). Deferred before the deferred cleanup
	// below, so the observer sees the call end after it was classified.
	deadline, _ := ctx.Deadline()
	defer observeGuard(what, deadline, func() { gate.interrupt(errMemory) })()
	stopDeadline := context.AfterFunc(ctx, func() { gate.interrupt(errDeadline) })
	stopWatch := watchHeap(r.opts.HeapBudget, func() { gate.interrupt(errMemory) })
	prev := r.current
	r.current = what
	defer func() {
		gate.close()
		stopDeadline()
		stopWatch()
		r.current = prev
		if p := recover(); p != nil {
			err = &PanicError{Callback: what, Value: p}
		}
		r.VM.ClearInterrupt()
	}()
	if err := fn(); err != nil {
		return r.classify(what, err, ctx)
	}
	return nil
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

// classify turns a goja error into the package's typed errors.
func (r *Runtime) classify(what string, err error, ctx context.Context) error {
	callback := what
	typ, name := r.currentCallback()
	if name != "" {
		callback = name
	}
	var interrupted *goja.InterruptedError
	var overflow *goja.StackOverflowError
	var exception *goja.Exception
	switch {
	case errors.As(err, &interrupted):
		at := firstAuthorFrame(interrupted.Stack())
		if v, _ := interrupted.Value().(error); errors.Is(v, errMemory) {
			return &MemoryError{Type: typ, Callback: callback, Budget: r.opts.HeapBudget, At: at}
		}
		if v, _ := interrupted.Value().(error); errors.Is(v, errDeadline) && ctx.Err() == context.Canceled {
			return context.Canceled
		}
		return &TimeoutError{Type: typ, Callback: callback, Limit: r.opts.Timeout, At: at}
	case errors.As(err, &overflow):
		return &StackError{Type: typ, Callback: callback, Depth: r.opts.MaxCallStack, At: firstAuthorFrame(overflow.Stack())}
	case errors.As(err, &exception):
		te := r.thrown(callback, exception)
		te.Type = typ
		if name == "" {
			// authorCall's record is already restored when an exception reaches Go (its finally
			// ran); the innermost author function's name is the next best.
			if fn := authorFuncName(exception.Stack()); fn != "" {
				te.Callback = fn
			}
		}
		return te
	}
	return err
}

func (r *Runtime) thrown(callback string, ex *goja.Exception) *ThrownError {
	te := &ThrownError{Callback: callback, At: firstAuthorFrame(ex.Stack())}
	val := ex.Value()
	if obj, ok := val.(*goja.Object); ok && obj.ClassName() == "Error" {
		te.Name = stringProp(obj, "name")
		te.Message = stringProp(obj, "message")
		te.Stack = stringProp(obj, "stack")
		if ge, ok := obj.Export().(error); ok && te.Message == "" {
			te.Message = ge.Error()
		}
	} else if val != nil {
		te.Message = r.display(val)
	}
	if te.Message == "" {
		te.Message = ex.Error()
	}
	return te
}

func stringProp(obj *goja.Object, key string) string {
	v := obj.Get(key)
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return ""
	}
	return v.String()
}

// currentCallback is the author callback the SDK's authorCall says is running ("view",
// "actions.toggle.run", …), if any.
func (r *Runtime) currentCallback() (typ, callback string) {
	fn, ok := goja.AssertFunction(r.Toolchain.Get("currentCall"))
	if !ok {
		return "", ""
	}
	// Reading it must not be stopped by the interrupt that ended the author code.
	r.VM.ClearInterrupt()
	v, err := fn(r.Toolchain)
	if err != nil || v == nil || goja.IsNull(v) || goja.IsUndefined(v) {
		return "", ""
	}
	obj, ok := v.(*goja.Object)
	if !ok {
		return "", v.String()
	}
	return stringProp(obj, "type"), stringProp(obj, "callback")
}

// isAuthorFile says whether a stack frame's file is author code: not the SDK, not native.
func isAuthorFile(name string) bool {
	return name != "" && name != SDKScriptName && !strings.HasPrefix(name, "<")
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
		col := p.Column
		if p.Filename != f.SrcName() {
			// Positions goja maps through a source map come back with 0-based columns; its own
			// are 1-based.
			col++
		}
		return Position{File: p.Filename, Line: p.Line, Column: col}
	}
	return Position{}
}
