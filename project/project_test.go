package project

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scapeworld/scape/audio"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/testtree"
	"github.com/scapeworld/scape/isolate"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
	"github.com/scapeworld/scape/testrun"
	"github.com/scapeworld/scape/validate"
)

// TestMain lets this test binary serve as the validation worker (package isolate re-executes
// the running binary).
func TestMain(m *testing.M) {
	isolate.ServeIfWorker()
	os.Exit(m.Run())
}

// invalid is a definition the bundle step accepts and validation refuses (version 0).
const invalid = `import { defineObject } from '@scape/sdk';
EXTRA
export default defineObject({
  type: 't.p', version: 0, emoji: '🧪', label: 'P', hint: HINT,
  initial: () => ({}),
  valid: (s): s is {} => typeof s === 'object' && s !== null,
  actions: {},
});
`

func definition(extra, hint string) string {
	return strings.NewReplacer("EXTRA", extra, "HINT", hint).Replace(invalid)
}

func rebuild(t *testing.T, opts Options) *Build {
	t.Helper()
	pc, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer pc.Close()
	b, err := pc.Rebuild(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func codes(list diag.List) map[diag.Code]int {
	out := map[diag.Code]int{}
	for _, d := range list.Errors() {
		out[d.Code]++
	}
	return out
}

func TestValidationFindsTheRuleError(t *testing.T) {
	dir := testtree.Write(t, map[string]string{"package.json": `{"name":"p"}`, "src/definition.ts": definition("", "'h'")})
	b := rebuild(t, Options{Dir: dir})
	if b.Stopped != NotStopped || b.Report == nil {
		t.Fatalf("stopped %q, report %v", b.Stopped, b.Report)
	}
	if c := codes(b.Diagnostics); c[diag.CodeRule] == 0 || b.OK() {
		t.Fatalf("want a rule error, got %v", b.Diagnostics)
	}
	if b.Types != nil {
		t.Fatalf("types were not asked for: %+v", b.Types)
	}
}

// A syntax error leaves no bundle: nothing runs.
func TestSyntaxErrorStops(t *testing.T) {
	dir := testtree.Write(t, map[string]string{"package.json": `{"name":"p"}`, "src/definition.ts": definition("const x = ;", "'h'")})
	b := rebuild(t, Options{Dir: dir, SkipTypes: "not asked"})
	if b.Stopped != StopNoBundle || b.Report != nil {
		t.Fatalf("stopped %q, report %v", b.Stopped, b.Report)
	}
	if c := codes(b.Diagnostics); c[diag.CodeSyntax] == 0 || c[diag.CodeRule] != 0 {
		t.Fatalf("want only the syntax error, got %v", b.Diagnostics)
	}
	if b.Types == nil || b.Types.Checked || b.Types.Reason != "not asked" {
		t.Fatalf("types: %+v", b.Types)
	}
}

// Code the engine cannot run faithfully is not run: the verdict could lie.
func TestUnfaithfulStopsBeforeValidation(t *testing.T) {
	dir := testtree.Write(t, map[string]string{"package.json": `{"name":"p"}`,
		"src/definition.ts": definition("export const letters = /^\\p{L}+$/u;", "'h'")})
	b := rebuild(t, Options{Dir: dir})
	if b.Stopped != StopUnfaithful || b.Report != nil {
		t.Fatalf("stopped %q, report %v", b.Stopped, b.Report)
	}
	if c := codes(b.Diagnostics); c[diag.CodeUnfaithful] != 1 || c[diag.CodeRule] != 0 {
		t.Fatalf("want only the unfaithful error, got %v", b.Diagnostics)
	}
}

// An over-size bundle is still validated, so the author sees everything wrong at once.
func TestOverSizeIsStillValidated(t *testing.T) {
	dir := testtree.Write(t, map[string]string{"package.json": `{"name":"p"}`,
		"src/definition.ts": definition("import huge from './huge.wav';", "huge.slice(0, 4)"),
		"src/huge.wav":      strings.Repeat("x", 800_000)})
	b := rebuild(t, Options{Dir: dir})
	if b.Stopped != NotStopped || b.Report == nil {
		t.Fatalf("stopped %q, report %v", b.Stopped, b.Report)
	}
	if c := codes(b.Diagnostics); c[diag.CodeSize] != 1 || c[diag.CodeRule] == 0 {
		t.Fatalf("want the size error and the rule error, got %v", b.Diagnostics)
	}
	if b.OK() {
		t.Fatal("an over-size build is not OK")
	}
}

func TestNotAProject(t *testing.T) {
	if _, err := New(Options{Dir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "package.json") {
		t.Fatalf("got %v", err)
	}
}

// NoRender (`scape gizmo sound`) leaves the sounds to the caller but still returns their
// recipes; the default renders each once.
func TestNoRenderKeepsTheRecipes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "chime")
	if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: "chime", SDK: kit.SDK(), TestTypes: testrun.Types(), Globals: jsrt.GlobalTypes()}); err != nil {
		t.Fatal(err)
	}
	for _, noRender := range []bool{false, true} {
		b := rebuild(t, Options{Dir: dir, NoRender: noRender})
		if !b.OK() || len(b.Definitions()) == 0 {
			t.Fatalf("noRender=%v: %v", noRender, b.Diagnostics)
		}
		def := b.Definitions()[0]
		if len(def.DeclaredSounds()) == 0 {
			t.Fatalf("noRender=%v: no declared sounds", noRender)
		}
		if rendered := def.Rendered > 0; rendered == noRender {
			t.Fatalf("noRender=%v: rendered %d sounds", noRender, def.Rendered)
		}
	}
}

// A hostile project through sound's options runs in the worker: the worker's address-space
// limit ends a 2 GiB allocation with a memory verdict instead of this process growing.
func TestHostileProjectHitsTheWorkersHardLimit(t *testing.T) {
	if !isolate.Available() {
		t.Skip("isolation is off (SCAPE_ISOLATE=0)")
	}
	src, err := os.ReadFile(filepath.Join("..", "testdata", "hostile", "mem-repeat.ts"))
	if err != nil {
		t.Fatal(err)
	}
	dir := testtree.Write(t, map[string]string{"package.json": `{"name":"hostile"}`, "src/definition.ts": string(src)})
	b := rebuild(t, Options{Dir: dir, NoRender: true})
	errs := b.Diagnostics.Errors()
	if len(errs) != 1 || errs[0].Code != diag.CodeMemory {
		t.Fatalf("want one memory error, got %v", b.Diagnostics)
	}
	if !strings.Contains(errs[0].Message, "limit") {
		t.Fatalf("the message should name the worker's limit: %s", errs[0].Message)
	}
}

func TestExploreFlag(t *testing.T) {
	for n, want := range map[int]int{0: validate.NoExplore, -1: 0, 5: 5} {
		if got := ExploreFlag(n); got != want {
			t.Errorf("ExploreFlag(%d) = %d, want %d", n, got, want)
		}
	}
}

// A dev session renders an unchanged sound once: a rebuild (the same worker, its memory), a new
// worker (the disk cache) and this process (the host, `scape gizmo sound`: audio.Shared) all
// find the first build's render.
func TestDevSessionRendersAnUnchangedSoundOnce(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // before the pool starts its worker
	dir := filepath.Join(t.TempDir(), "chime")
	if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: "chime", SDK: kit.SDK(), TestTypes: testrun.Types(), Globals: jsrt.GlobalTypes()}); err != nil {
		t.Fatal(err)
	}
	before := audio.Shared.Renders()
	pc, err := New(Options{Dir: dir, Warm: true})
	if err != nil {
		t.Fatal(err)
	}
	defer pc.Close()
	build := func(pc *Context) *Build {
		t.Helper()
		b, err := pc.Rebuild(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if !b.OK() || len(b.Definitions()) == 0 || b.Definitions()[0].Rendered == 0 {
			t.Fatalf("the chime did not build with its sounds rendered: %v", b.Diagnostics)
		}
		return b
	}
	b := build(pc)
	cache := audio.DiskDir()
	files, _ := filepath.Glob(filepath.Join(cache, "*.wav"))
	var recipes []json.RawMessage
	for _, s := range b.Definitions()[0].DeclaredSounds() {
		recipes = append(recipes, s.Recipe)
		if _, err := os.Stat(filepath.Join(cache, audio.Key(s.Recipe)+".wav")); err != nil {
			t.Fatalf("%s.%s is not in the disk cache after the build: %v", s.Map, s.Name, err)
		}
	}
	// Silence every cached render (same size, header kept): a sound rendered again would be
	// written back with its samples.
	for _, f := range files {
		wav, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		clear(wav[44:])
		if err := os.WriteFile(f, wav, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	build(pc) // the same session rebuilding an unchanged project
	other, err := New(Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	build(other) // a new worker process
	for _, f := range files {
		if wav, _ := os.ReadFile(f); len(wav) < 44 || !allZero(wav[44:]) {
			t.Fatalf("%s was rendered again", filepath.Base(f))
		}
	}
	for _, raw := range recipes {
		_, wav, err := audio.Shared.WAV(raw)
		if err != nil {
			t.Fatal(err)
		}
		if pc.pool.Isolated() && !allZero(wav[44:]) {
			t.Fatal("this process rendered a sound the worker had rendered")
		}
	}
	// In this process only when validation ran here (no isolation): once per distinct sound.
	want := 0
	if !pc.pool.Isolated() {
		want = len(files)
	}
	if got := audio.Shared.Renders() - before; got != want || len(files) < len(recipes) {
		t.Fatalf("renders in this process: %d, want %d (%d files for %d declared sounds)", got, want, len(files), len(recipes))
	}
}

func allZero(b []byte) bool {
	for _, v := range b {
		if v != 0 {
			return false
		}
	}
	return true
}
