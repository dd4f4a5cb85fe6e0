package jsrt

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/dop251/goja"
	"github.com/evanw/esbuild/pkg/api"
)

// build compiles one TypeScript file the way bundle does (IIFE, @scape/sdk external) with an
// external source map whose sources are relative to the project directory.
func build(t *testing.T, ts string) (js, sourceMap []byte) {
	t.Helper()
	dir := t.TempDir()
	res := api.Build(api.BuildOptions{
		Stdin:         &api.StdinOptions{Contents: ts, Sourcefile: "src/definition.ts", Loader: api.LoaderTS, ResolveDir: dir},
		AbsWorkingDir: dir,
		Bundle:        true,
		Format:        api.FormatIIFE,
		GlobalName:    "__scapeGizmo",
		External:      []string{"@scape/sdk", "@scape/sdk/runtime"},
		Target:        api.ES2022,
		Sourcemap:     api.SourceMapExternal,
		Outfile:       dir + "/bundle.js",
		Write:         false,
	})
	if len(res.Errors) > 0 {
		t.Fatalf("esbuild: %v", res.Errors)
	}
	for _, f := range res.OutputFiles {
		if strings.HasSuffix(f.Path, ".map") {
			sourceMap = f.Contents
		} else {
			js = f.Contents
		}
	}
	return js, sourceMap
}

func newRuntime(t *testing.T, opts Options) *Runtime {
	t.Helper()
	r, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// load runs a bundle and returns its exports.
func load(t *testing.T, r *Runtime, ts string) *goja.Object {
	t.Helper()
	js, sm := build(t, ts)
	s, err := CompileScript("bundle.js", js, sm)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.RunScript(context.Background(), "the bundle", s); err != nil {
		t.Fatal(err)
	}
	return r.VM.Get("__scapeGizmo").ToObject(r.VM)
}

const header = `import { defineObject } from '@scape/sdk';
`

func TestRequireSuppliesSDKOnly(t *testing.T) {
	r := newRuntime(t, Options{})
	exports := load(t, r, header+`export const ok = typeof defineObject === 'function';`)
	if !exports.Get("ok").ToBoolean() {
		t.Fatal("@scape/sdk not supplied")
	}
	err := r.RunScript(context.Background(), "the bundle", mustCompile(t, `require('fs')`))
	var thrown *ThrownError
	if !errors.As(err, &thrown) || !strings.Contains(thrown.Message, `unsupported import "fs"`) {
		t.Fatalf("require('fs') = %v", err)
	}
	err = r.RunScript(context.Background(), "the bundle", mustCompile(t, `require('@scape/sdk/runtime')`))
	if !errors.As(err, &thrown) || !strings.Contains(thrown.Message, "runtime entry is for tests") {
		t.Fatalf("require runtime = %v", err)
	}
	rt := newRuntime(t, Options{AllowRuntime: true})
	v, err := runValue(rt, "test", mustCompile(t, `typeof require('@scape/sdk/runtime').ObjectRegistry`))
	if err != nil || v.String() != "function" {
		t.Fatalf("runtime entry for tests: %v %v", v, err)
	}
}

// runValue runs a trusted test script under the guard and returns its completion value (tests
// only: the toolchain never reads an author script's value).
func runValue(r *Runtime, what string, s *Script) (goja.Value, error) {
	var out goja.Value
	err := r.Guard(context.Background(), what, func() error {
		v, err := r.VM.RunProgram(s.Program)
		out = v
		return err
	})
	return out, err
}

func mustCompile(t *testing.T, js string) *Script {
	t.Helper()
	s, err := CompileScript("inline.js", []byte(js), nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

const loopingView = header + `
export default defineObject({
  type: 'test.loop', version: 1, emoji: '🔁', label: 'Loop', hint: 'loops',
  initial: () => ({}),
  valid: (s): s is {} => true,
  actions: {},
  view: () => {
    let n = 0;
    for (;;) { n++; }
  },
});
`

func TestTimeoutNamesCallbackAndLine(t *testing.T) {
	r := newRuntime(t, Options{Limits: Limits{Timeout: 150 * time.Millisecond}})
	exports := load(t, r, loopingView)
	start := time.Now()
	_, err := r.CallToolchain(context.Background(), "check", exports)
	var timeout *TimeoutError
	if !errors.As(err, &timeout) {
		t.Fatalf("err = %v", err)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Fatalf("interrupt took %s", took)
	}
	if timeout.Callback != "view" || timeout.Type != "test.loop" {
		t.Fatalf("callback %q type %q", timeout.Callback, timeout.Type)
	}
	if timeout.At.File != "src/definition.ts" || timeout.At.Line < 8 || timeout.At.Line > 10 {
		t.Fatalf("at %+v, want src/definition.ts:8-10", timeout.At)
	}
	if !strings.Contains(err.Error(), "view did not return within 150ms") {
		t.Fatalf("message %q", err.Error())
	}
	// The runtime is usable again: the interrupt was cleared.
	v, err := runValue(r, "again", mustCompile(t, `1 + 1`))
	if err != nil || v.ToInteger() != 2 {
		t.Fatalf("after timeout: %v %v", v, err)
	}
}

func TestRunawayRecursionIsStackError(t *testing.T) {
	r := newRuntime(t, Options{Limits: Limits{MaxCallStack: 500}})
	exports := load(t, r, header+`
const deep = (n: number): number => deep(n + 1) + 1;
export default defineObject({
  type: 'test.deep', version: 1, emoji: '🕳', label: 'Deep', hint: 'deep',
  initial: () => ({ n: deep(0) }),
  valid: (s): s is {} => true,
  actions: {},
});
`)
	_, err := r.CallToolchain(context.Background(), "check", exports)
	var stack *StackError
	if !errors.As(err, &stack) {
		t.Fatalf("err = %v", err)
	}
	if stack.Callback != "initial" || stack.At.File != "src/definition.ts" || stack.At.Line != 3 {
		t.Fatalf("%+v", stack)
	}
}

func TestMemoryBlowUpIsMemoryError(t *testing.T) {
	r := newRuntime(t, Options{Limits: Limits{HeapBudget: 32 << 20, Timeout: 10 * time.Second}})
	exports := load(t, r, header+`
export default defineObject({
  type: 'test.hog', version: 1, emoji: '🐷', label: 'Hog', hint: 'hog',
  initial: () => {
    const keep: number[][] = [];
    for (;;) keep.push(new Array(10000).fill(1));
  },
  valid: (s): s is {} => true,
  actions: {},
});
`)
	_, err := r.CallToolchain(context.Background(), "check", exports)
	var mem *MemoryError
	if !errors.As(err, &mem) {
		t.Fatalf("err = %v", err)
	}
	if mem.Callback != "initial" || !strings.Contains(err.Error(), "more than 32 MiB") {
		t.Fatalf("%+v: %v", mem, err)
	}
}

func TestThrownErrorHasTypeScriptPosition(t *testing.T) {
	r := newRuntime(t, Options{})
	exports := load(t, r, header+`
export const unused = defineObject;
export function boom(): never {
  // a comment
  throw new TypeError('no state today');
}
`)
	_, err := r.Call(context.Background(), "boom", exports.Get("boom"), nil)
	var thrown *ThrownError
	if !errors.As(err, &thrown) {
		t.Fatalf("err = %v", err)
	}
	if thrown.Name != "TypeError" || thrown.Message != "no state today" || thrown.Callback != "boom" {
		t.Fatalf("%+v", thrown)
	}
	if thrown.At.File != "src/definition.ts" || thrown.At.Line != 6 || thrown.At.Column != 9 {
		t.Fatalf("at %+v", thrown.At)
	}
	if got := err.Error(); got != "boom threw: TypeError: no state today" {
		t.Fatalf("message %q", got)
	}
	js, sm := build(t, "const x = 1;\nexport const y = x;\n")
	s, err := CompileScript("bundle.js", js, sm)
	if err != nil {
		t.Fatal(err)
	}
	if s.LineText("src/definition.ts", 2) != "export const y = x;" {
		t.Fatalf("LineText = %q", s.LineText("src/definition.ts", 2))
	}
}

func TestConsoleReports(t *testing.T) {
	var lines []string
	r := newRuntime(t, Options{Console: func(level, text string) { lines = append(lines, level+": "+text) }})
	if err := r.RunScript(context.Background(), "log", mustCompile(t, `console.log('hi', 1, {a: [1]}); console.warn(undefined)`)); err != nil {
		t.Fatal(err)
	}
	if strings.Join(lines, "|") != `log: hi 1 {"a":[1]}|warn: undefined` {
		t.Fatalf("lines %q", lines)
	}
	q := newRuntime(t, Options{})
	if err := q.RunScript(context.Background(), "log", mustCompile(t, `for (let i = 0; i < 500; i++) console.log(i)`)); err != nil {
		t.Fatal(err)
	}
	if len(q.Logs) != maxLogs || q.Logs[maxLogs-1].Text != "199" {
		t.Fatalf("kept %d lines, the last %q", len(q.Logs), q.Logs[len(q.Logs)-1].Text)
	}
}

func TestConsoleLineLimit(t *testing.T) {
	r := newRuntime(t, Options{})
	script := fmt.Sprintf(`console.log('🏮'.repeat(%[1]d)); console.log('🏮'.repeat(%[1]d + 1))`, maxLogLineLen)
	if err := r.RunScript(context.Background(), "log", mustCompile(t, script)); err != nil {
		t.Fatal(err)
	}
	if len(r.Logs) != 2 {
		t.Fatalf("%d lines", len(r.Logs))
	}
	if at := r.Logs[0].Text; at != strings.Repeat("🏮", maxLogLineLen) {
		t.Fatalf("a line at the limit was changed: %d characters", utf8.RuneCountInString(at))
	}
	over := r.Logs[1].Text
	if !utf8.ValidString(over) || utf8.RuneCountInString(over) != maxLogLineLen || !strings.HasSuffix(over, "🏮…") {
		t.Fatalf("a line over the limit: %d characters, valid UTF-8 %v, ends %q", utf8.RuneCountInString(over), utf8.ValidString(over), over[len(over)-8:])
	}
}

func TestPanicInNativeIsRecovered(t *testing.T) {
	r := newRuntime(t, Options{})
	_ = r.VM.Set("boom", func() { panic("native bug") })
	err := r.RunScript(context.Background(), "panic", mustCompile(t, `boom()`))
	var p *PanicError
	if !errors.As(err, &p) {
		t.Fatalf("err = %v", err)
	}
}

func TestCancelledContextIsNotATimeout(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	// The loop announces itself through console; cancelling then must end it.
	r := newRuntime(t, Options{Limits: Limits{Timeout: 5 * time.Second}, Console: func(string, string) { cancel() }})
	err := r.RunScript(ctx, "loop", mustCompile(t, `console.log('looping'); for(;;){}`))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}

func TestSyntaxError(t *testing.T) {
	_, err := CompileScript("bad.js", []byte("let = ;"), nil)
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("err = %v", err)
	}
}

// Garbage is not growth: a callback that allocates a lot but keeps nothing stays within a
// budget smaller than what it allocates in total, whatever GOGC is.
func TestGarbageIsNotAMemoryError(t *testing.T) {
	old := debug.SetGCPercent(1000)
	defer debug.SetGCPercent(old)
	r := newRuntime(t, Options{Limits: Limits{HeapBudget: 32 << 20, Timeout: 20 * time.Second}})
	// About 80 MiB of temporary arrays at goja's ordinary allocation rate; with GOGC=1000 the
	// heap (garbage included) passes the budget long before Go collects on its own.
	err := r.RunScript(context.Background(), "churn", mustCompile(t, `let sum = 0; for (let i = 0; i < 50; i++) { const a = new Array(100000).fill(i); sum += a[7]; }`))
	if err != nil {
		t.Fatalf("garbage counted as growth: %v", err)
	}
}

// A deadline that fires as a call finishes must never interrupt the next call.
func TestLateInterruptDoesNotLeak(t *testing.T) {
	r := newRuntime(t, Options{})
	work := mustCompile(t, `let x = 0; for (let i = 0; i < 2000; i++) x += i; x`)
	quick := mustCompile(t, `1`)
	for i := 0; i < 300; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(i%7)*50*time.Microsecond)
		_ = r.RunScript(ctx, "racy", work) // may or may not time out
		cancel()
		if err := r.RunScript(context.Background(), "next", quick); err != nil {
			t.Fatalf("iteration %d: a finished call's interrupt leaked into the next: %v", i, err)
		}
	}
}

// TestScriptCacheKeepsTheLastEight: a bundle compiled again hits the cache while it is among
// the last maxCachedScripts distinct ones, and is compiled afresh once pushed out.
func TestScriptCacheKeepsTheLastEight(t *testing.T) {
	compile := func(i int) *Script {
		s, err := CachedScript("cache-test.js", []byte(fmt.Sprintf("var cacheTest = %d;", i)), nil)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	first := make([]*Script, maxCachedScripts+1)
	for i := range first {
		first[i] = compile(i)
	}
	for i := 1; i <= maxCachedScripts; i++ {
		if compile(i) != first[i] {
			t.Fatalf("script %d of the last %d was compiled again", i, maxCachedScripts)
		}
	}
	if compile(0) == first[0] {
		t.Fatalf("script 0 stayed cached past %d newer scripts", maxCachedScripts)
	}
}

func TestVLQRoundTrip(t *testing.T) {
	for _, v := range []int{0, 1, -1, 15, 16, -16, 31, 32, 1000, -123456} {
		s := encodeVLQ(v)
		got, n, ok := decodeVLQ(s + "AAAA")
		if !ok || got != v || n != len(s) {
			t.Errorf("%d → %q → %d (%d, %v)", v, s, got, n, ok)
		}
	}
	// Only each line's first (absolute) generated column moves.
	m := gojaMap([]byte(`{"version":3,"sources":["a.ts"],"mappings":"AAAA,EAAE;;IACA"}`))
	if !strings.Contains(string(m), `"mappings":"CAAA,EAAE;;KACA"`) {
		t.Fatalf("%s", m)
	}
}
