package jsrt

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"
	"github.com/scapeworld/scape/internal/procstat"
)

// eval runs trusted test code in r under the guard and returns its value.
func eval(t *testing.T, r *Runtime, src string) goja.Value {
	t.Helper()
	v, err := runValue(r, "test", mustCompile(t, "{"+src+"\n}"))
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return v
}

// reachable is JavaScript that lists every object reachable from the global object, the
// intrinsics no global names, and the SDK's exports (read through their getters), with what is
// wrong with each: not frozen, or an instance whose internal state stays mutable when frozen.
const reachable = `(function () {
  const seen = new Set();
  const queue = [];
  const add = (v, path) => {
    if ((typeof v === 'object' && v !== null) || typeof v === 'function') {
      if (!seen.has(v)) { seen.add(v); queue.push([v, path]); }
    }
  };
  seen.add(globalThis);
  for (const key of Reflect.ownKeys(globalThis)) {
    const d = Object.getOwnPropertyDescriptor(globalThis, key);
    add(d.value, String(key)); add(d.get, String(key) + '.get'); add(d.set, String(key) + '.set');
  }
  function* gen() {}
  const hidden = [[][Symbol.iterator](), ''[Symbol.iterator](), new Map()[Symbol.iterator](), new Set()[Symbol.iterator](),
    /./g[Symbol.matchAll](''), gen, Object.getPrototypeOf(gen()), async function () {}, async () => {}, Int8Array, Promise.resolve()];
  hidden.forEach((v, i) => add(Object.getPrototypeOf(v), 'hidden' + i));
  add(Object.getOwnPropertyDescriptor((function () { return arguments; })(), 'callee').get, '%ThrowTypeError%');
  for (const name of ['@scape/sdk', '@scape/sdk/runtime']) {
    const ns = require(name);
    add(ns, name);
    for (const key of Reflect.ownKeys(ns)) add(ns[key], name + '.' + String(key));
  }
  const problems = [];
  const stateful = ['[object Map]', '[object Set]', '[object WeakMap]', '[object WeakSet]', '[object Date]', '[object ArrayBuffer]', '[object DataView]'];
  for (let i = 0; i < queue.length; i++) {
    const [o, path] = queue[i];
    if (!Object.isFrozen(o)) problems.push(path + ' is not frozen');
    const tag = Object.prototype.toString.call(o);
    const isProto = ['Map', 'Set', 'WeakMap', 'WeakSet', 'Date', 'ArrayBuffer', 'DataView'].some((n) => globalThis[n] && globalThis[n].prototype === o);
    if (stateful.includes(tag) && !isProto) problems.push(path + ' is a ' + tag + ' (mutable even when frozen)');
    add(Object.getPrototypeOf(o), path + '.__proto__');
    for (const key of Reflect.ownKeys(o)) {
      const d = Object.getOwnPropertyDescriptor(o, key);
      const at = path + '.' + String(key);
      add(d.value, at); add(d.get, at + '.get'); add(d.set, at + '.set');
    }
  }
  return JSON.stringify({ count: queue.length, problems });
})()`

func TestLockdownFreezesEverythingReachable(t *testing.T) {
	r := newRuntime(t, Options{AllowRuntime: true})
	out := eval(t, r, reachable).String()
	if !strings.HasPrefix(out, `{"count":`) || !strings.HasSuffix(out, `"problems":[]}`) {
		t.Fatalf("reachable and mutable after lockdown: %s", out)
	}
	// Every standard binding of the global object is fixed; new globals may still be defined.
	locked := eval(t, r, `Reflect.ownKeys(globalThis).filter((k) => { const d = Object.getOwnPropertyDescriptor(globalThis, k); return d.configurable || d.writable; }).map(String).join()`).String()
	if locked != "" {
		t.Fatalf("global bindings still writable or configurable: %s", locked)
	}
	if got := eval(t, r, `var mine = 1; globalThis.other = 2; Object.isExtensible(globalThis) && mine + other`).String(); got != "3" {
		t.Fatalf("author globals: %s", got)
	}
	if eval(t, r, `typeof __scapeToolchain`).String() != "undefined" {
		t.Fatal("the toolchain is reachable")
	}
}

// Author code keeps ordinary JavaScript: its own objects, arrays, classes and errors are
// mutable, including the properties that are accessors on the frozen prototypes (the override
// mistake repaired as SES does).
func TestAuthorObjectsStayMutable(t *testing.T) {
	r := newRuntime(t, Options{})
	for _, c := range []struct{ src, want string }{
		{`const o = { a: 1 }; o.a = 2; o.b = 3; delete o.a; JSON.stringify(o)`, `{"b":3}`},
		{`const a = [1]; a.push(2); a.length = 1; a[3] = 4; a.sort(); a.join()`, `1,4,,`},
		{`const o = {}; o.toString = () => 'mine'; o.valueOf = () => 7; o.constructor = 'c'; o.hasOwnProperty = 1; String(o) + (o + 0) + o.constructor + o.hasOwnProperty`, `mine7c1`},
		{`class MyError extends Error { constructor(m) { super(m); this.name = 'MyError'; } } const e = new MyError('boom'); e.message = 'changed'; String(e)`, `MyError: changed`},
		{`const e = new TypeError('x'); e.name = 'Custom'; e.message = 'y'; String(e)`, `Custom: y`},
		{`JSON.stringify(Object.assign({}, JSON.parse('{"constructor":1,"toString":2,"hasOwnProperty":3,"valueOf":4,"__proto__":5}')))`, `{"constructor":1,"toString":2,"hasOwnProperty":3,"valueOf":4}`},
		{`JSON.stringify({ ...JSON.parse('{"constructor":1,"isPrototypeOf":2}') })`, `{"constructor":1,"isPrototypeOf":2}`},
		{`function F() {} F.prototype.constructor = F; F.prototype.toString = () => 'f'; String(new F())`, `f`},
		{`const f = function () {}; f.bind = 1; f.toString = () => 'g'; f.bind + String(f)`, `1g`},
		{`const it = [][Symbol.iterator](); const mine = Object.create(Object.getPrototypeOf(it)); mine[Symbol.iterator] = 5; mine.toString = 6; mine[Symbol.iterator] + mine.toString`, `11`},
		{`const m = new Map([[1, 2]]); m.set(3, 4); const s = new Set([1]); s.add(2); m.size + s.size`, `4`},
		{`let out = 0; for (const x of [1, 2, 3]) out += x; for (const [k, v] of new Map([[1, 2]])) out += k + v; out`, `9`},
		{`Promise.resolve(1).then((v) => { globalThis.settled = v; }); 1`, `1`},
		{`typeof Object.getOwnPropertyDescriptor(Object.prototype, 'toString').get`, `function`},
		{`Object.prototype.toString.call([]) + Object.prototype.hasOwnProperty.call({ a: 1 }, 'a')`, `[object Array]true`},
	} {
		if got := eval(t, r, c.src).String(); got != c.want {
			t.Errorf("%s = %q, want %q", c.src, got, c.want)
		}
	}
}

// What a bundle may not do, each a TypeError under strict mode (or refused without effect by the
// Reflect forms, which return false).
func TestBuiltInsCannotChange(t *testing.T) {
	r := newRuntime(t, Options{})
	for _, src := range []string{
		`Array.prototype.push = function () {}`,
		`Array.prototype[Symbol.iterator] = function* () {}`,
		`Object.keys = () => []`,
		`Number.isFinite = () => true`,
		`JSON.stringify = () => '{}'`,
		`Math.min = () => 0`,
		`Object.prototype.radiusCells = 1`,
		`Object.defineProperty(Object.prototype, 'permission', { get() { return 'participant'; } })`,
		`Function.prototype.call = function () { return true; }`,
		`Object.prototype.hasOwnProperty.call = () => true`,
		`RegExp.prototype.test = () => true`,
		`Set.prototype.has = () => false`,
		`Object.defineProperty(Function.prototype, Symbol.hasInstance, { value: () => true })`,
		`Object.setPrototypeOf(Array.prototype, null)`,
		`delete Array.prototype.map`,
		`globalThis.Array = function () {}`,
		`globalThis.JSON = {}`,
		`Object = null`,
		`Reflect.ownKeys.foo = 1`,
		`Promise.prototype.then = () => {}`,
		`String.prototype.startsWith = () => false`,
		`Array.prototype.__proto__ = {}`,
		`require('@scape/sdk').defineObject = () => {}`,
		`require('@scape/sdk').ObjectActionError.prototype.status = 1`,
		`console.log = () => {}`,
		`Object.getPrototypeOf([][Symbol.iterator]()).next = () => ({ done: true })`,
	} {
		err := r.RunScript(context.Background(), "override", mustCompile(t, src))
		var thrown *ThrownError
		if !errors.As(err, &thrown) || thrown.Name != "TypeError" || !strings.Contains(thrown.Message, "frozen") {
			t.Errorf("%s: %v", src, err)
		}
	}
	for _, src := range []string{
		`Reflect.defineProperty(Array.prototype, 'push', { value: 1 })`,
		`Reflect.set(Math, 'min', () => 0)`,
		`Reflect.setPrototypeOf(Object.prototype, {})`,
		`Reflect.deleteProperty(JSON, 'parse')`,
	} {
		if got := eval(t, r, src).String(); got != "false" {
			t.Errorf("%s = %s, want false", src, got)
		}
	}
	if got := eval(t, r, `[typeof Array.prototype.push, [1].map((x) => x + 1)[0], typeof JSON.parse, Math.min(1, 2)].join()`).String(); got != "function,2,function,1" {
		t.Fatalf("built-ins changed: %s", got)
	}
}

// The message of a write to a frozen built-in says why, at the author's line.
func TestFrozenWriteNamesTheLine(t *testing.T) {
	r := newRuntime(t, Options{})
	js, sm := build(t, header+"\nArray.prototype.push = function () { return 0; };\nexport const x = 1;\n")
	s, err := CompileScript("bundle.js", js, sm)
	if err != nil {
		t.Fatal(err)
	}
	err = r.RunScript(context.Background(), "the bundle", s)
	var thrown *ThrownError
	if !errors.As(err, &thrown) {
		t.Fatalf("err = %v", err)
	}
	if thrown.At.File != "src/definition.ts" || thrown.At.Line != 3 || !strings.Contains(thrown.Message, "Cannot assign to read only property 'push'") || !strings.Contains(thrown.Message, `"What author code may change"`) {
		t.Fatalf("reported as %+v", thrown)
	}
}

// Strict mode throughout: a bundle is an ES module.
func TestBundlesRunStrict(t *testing.T) {
	r := newRuntime(t, Options{})
	if got := eval(t, r, `(function () { return this === undefined; })()`).String(); got != "true" {
		t.Fatal("scripts are not strict")
	}
	err := r.RunScript(context.Background(), "sloppy", mustCompile(t, `undeclared = 1`))
	var thrown *ThrownError
	if !errors.As(err, &thrown) || thrown.Name != "ReferenceError" {
		t.Fatalf("assignment to an undeclared name: %v", err)
	}
}

// noCaller is the hook of the issue: it runs away only when no JavaScript function called it,
// that is when Go reads the value directly (ExportTo, Get, String) outside every guard.
const noCaller = `function noCaller() { return new Error().stack.split('\n').filter((l) => l.indexOf('at ') >= 0).length <= 2; }
function trap() { if (noCaller()) for (;;) {} }
`

// finishes fails the test when f does not return in time: a read outside the guard would spin
// for ever on the hooks above.
func finishes(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("%s never returned: Go read an author value outside the guard", what)
	}
}

// Thrown values, console arguments and the bundle's global are read only under a guard: a hook
// that spins when Go calls it directly is stopped by a deadline or never called.
func TestGoReadsNoAuthorValueOutsideAGuard(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"toString", `throw { toString() { trap(); for (;;) {} } }`, "threw: {"},
		{"message getter", `const e = new Error('x'); Object.defineProperty(e, 'message', { get() { for (;;) {} } }); throw e;`, "threw: (no message)"},
		{"name getter", `class E extends Error { get name() { for (;;) {} } } throw new E('m');`, "threw: m"},
		{"stack getter", `const e = new Error('x'); Object.defineProperty(e, 'stack', { get() { trap(); return 'at nowhere'; } }); throw e;`, "threw: x"},
		{"Symbol.toPrimitive", `throw { [Symbol.toPrimitive]() { trap(); for (;;) {} } }`, "threw: {"},
		{"Proxy", `throw new Proxy({}, { get() { trap(); return 'x'; }, getPrototypeOf() { trap(); return null; }, ownKeys() { trap(); return []; } })`, "threw: "},
		{"toJSON", `throw { toJSON() { for (;;) {} }, message: 7 }`, "threw: {"},
		{"thrown string", `throw 'plain'`, "threw: plain"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRuntime(t, Options{Limits: Limits{Timeout: 300 * time.Millisecond}})
			finishes(t, c.name, func() {
				err := r.RunScript(context.Background(), "", mustCompile(t, noCaller+c.src))
				if err == nil || !strings.Contains(err.Error(), c.want) {
					t.Errorf("err = %v, want %q", err, c.want)
				}
				_ = err.Error() // formatting the error runs no JavaScript
			})
		})
	}
	t.Run("console", func(t *testing.T) {
		var lines []string
		r := newRuntime(t, Options{Limits: Limits{Timeout: 10 * time.Second}, Console: func(_, text string) { lines = append(lines, text) }})
		finishes(t, "console", func() {
			src := noCaller + `
let deep = {}; for (let i = 0; i < 100000; i++) deep = { a: deep };
const wide = {}; for (let i = 0; i < 20000; i++) wide['k' + i] = i;
console.log({ toJSON() { for (;;) {} }, get x() { for (;;) {} }, y: 1 }, [1, 2], 'text');
console.log(new Proxy([], { get() { trap(); return 1; } }).length === 1);
console.log(deep, wide, () => 1, Symbol('s'), 10n, new Map(), new Date(0));
console.log(Object.create(null), new (class Thing { constructor() { this.v = 1; } })());`
			if err := r.RunScript(context.Background(), "console", mustCompile(t, src)); err != nil {
				t.Fatal(err)
			}
		})
		if len(lines) != 4 || lines[0] != `{"toJSON":[Function: toJSON],"x":[Getter],"y":1} [1,2] text` ||
			!strings.HasPrefix(lines[2], `{"a":{"a":{"a":{"a":{"a":{"a":{…}}}}}}} {"k0":0,`) || !strings.Contains(lines[2], `… 19900 more} [Function (anonymous)] Symbol(s) 10 Map {} 1970-01-01T00:00:00.000Z`) ||
			lines[3] != `{} Thing {"v":1}` {
			t.Fatalf("console lines: %q", lines)
		}
	})
	t.Run("global getter", func(t *testing.T) {
		r := newRuntime(t, Options{Limits: Limits{Timeout: 300 * time.Millisecond}})
		finishes(t, "global", func() {
			if err := r.RunScript(context.Background(), "", mustCompile(t, noCaller+`Object.defineProperty(globalThis, 'exported', { get() { trap(); return 1; } })`)); err != nil {
				t.Fatal(err)
			}
			if _, err := r.Global(context.Background(), "exported"); err != nil {
				t.Fatal(err)
			}
		})
	})
	t.Run("require", func(t *testing.T) {
		r := newRuntime(t, Options{Limits: Limits{Timeout: 300 * time.Millisecond}})
		finishes(t, "require", func() {
			err := r.RunScript(context.Background(), "", mustCompile(t, noCaller+`require({ toString() { for (;;) {} } })`))
			if err == nil || !strings.Contains(err.Error(), "require needs a module name") {
				t.Errorf("err = %v", err)
			}
		})
	})
}

// A budget bounds all guarded calls together, and names the call that was running.
func TestBudgetBoundsAllCalls(t *testing.T) {
	r := newRuntime(t, Options{Limits: Limits{Timeout: time.Second, Budget: 300 * time.Millisecond}})
	spin := mustCompile(t, `{ const end = Date.now() + 120; while (Date.now() < end) {} }`)
	var err error
	for i := 0; i < 10 && err == nil; i++ {
		err = r.RunScript(context.Background(), "spin", spin)
	}
	var timeout *TimeoutError
	if !errors.As(err, &timeout) || timeout.Budget != 300*time.Millisecond || !strings.Contains(err.Error(), "spin was still running when the author code's time budget of 300ms") {
		t.Fatalf("err = %v", err)
	}
	if err := r.RunScript(context.Background(), "next", mustCompile(t, `1`)); !errors.As(err, &timeout) || timeout.Budget == 0 {
		t.Fatalf("a call after the budget ran: %v", err)
	}
	r.EndBudget()
	if err := r.RunScript(context.Background(), "live", mustCompile(t, `1`)); err != nil {
		t.Fatalf("after EndBudget: %v", err)
	}
}

// cpuTime is the process's user and system CPU time: on a loaded machine wall time per op says
// more about the other processes than about the code, so the benchmarks also report cpu-ms/op.
func cpuTime() time.Duration { return procstat.CPU() }

func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N)/1e6, "cpu-ms/op")
}

// BenchmarkNew is a runtime ready for a bundle: the SDK run and the built-ins locked down.
func BenchmarkNew(b *testing.B) {
	if _, err := New(Options{}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	defer reportCPU(b, cpuTime())
	for i := 0; i < b.N; i++ {
		if _, err := New(Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLockdown is lockdown alone, in a bare goja runtime (the built-ins only).
func BenchmarkLockdown(b *testing.B) {
	defer reportCPU(b, cpuTime())
	for i := 0; i < b.N; i++ {
		if _, err := lockdown(goja.New()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBareRuntime is what a runtime cost before lockdown: goja and the SDK program.
func BenchmarkBareRuntime(b *testing.B) {
	s, err := SDKScript(nil)
	if err != nil {
		b.Fatal(err)
	}
	defer reportCPU(b, cpuTime())
	for i := 0; i < b.N; i++ {
		vm := goja.New()
		if _, err := vm.RunProgram(s.Program); err != nil {
			b.Fatal(err)
		}
	}
}

// A prewarmed runtime is locked down like any other and takes the options of the New that
// takes it; a New with a Setup of its own makes its own.
func TestPrewarmedRuntime(t *testing.T) {
	Prewarm()
	var lines []string
	r := newRuntime(t, Options{Limits: Limits{Timeout: 200 * time.Millisecond}, Console: func(_, text string) { lines = append(lines, text) }})
	if err := r.RunScript(context.Background(), "log", mustCompile(t, `console.log('warm')`)); err != nil || len(lines) != 1 || lines[0] != "warm" {
		t.Fatalf("console: %v %q", err, lines)
	}
	var timeout *TimeoutError
	if err := r.RunScript(context.Background(), "loop", mustCompile(t, `for (;;) {}`)); !errors.As(err, &timeout) || timeout.Limit != 200*time.Millisecond {
		t.Fatalf("timeout: %v", err)
	}
	if got := eval(t, r, `Object.isFrozen(Array.prototype) && typeof require('@scape/sdk').defineObject`).String(); got != "function" {
		t.Fatalf("prewarmed runtime: %s", got)
	}
	if err := r.RunScript(context.Background(), "runtime", mustCompile(t, `require('@scape/sdk/runtime')`)); err == nil {
		t.Fatal("the runtime entry without AllowRuntime")
	}
	Prewarm()
	set := false
	own := newRuntime(t, Options{Setup: func(*Runtime) error { set = true; return nil }})
	if !set || own == nil {
		t.Fatal("Setup did not run")
	}
	if next := newRuntime(t, Options{AllowRuntime: true}); eval(t, next, `typeof require('@scape/sdk/runtime').ObjectRegistry`).String() != "function" {
		t.Fatal("the prewarmed runtime with AllowRuntime")
	}
}
