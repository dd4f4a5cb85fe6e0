package dev

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunSurvivesADeeplyNestedSave: a file nested 200,000 deep saved while dev runs was a
// fatal stack overflow in esbuild, which runs in dev's process, and took dev and its embedded
// host down with it. With the real pipeline (esbuild, no worker: the fake host accepts every
// build), the save is one build failure naming the file, and the next save is built and sent.
func TestRunSurvivesADeeplyNestedSave(t *testing.T) {
	r := newDevRun(t, "")
	entry := filepath.Join(r.dir, "src", "definition.ts")
	write := func(src string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(entry), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(entry, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("export default { label: 'one' };\n")
	pipe, err := newPipeline(r.dir)
	if err != nil {
		t.Fatal(err)
	}
	opts := r.options("")
	opts.Pipeline = func(string) (Pipeline, error) { return pipe, nil }
	r.start(t, opts)
	r.waitOut(t, "r1 accepted")

	write("export default " + strings.Repeat("[", 200_000) + strings.Repeat("]", 200_000) + ";\n")
	r.watcher.Saved("src/definition.ts")
	r.waitOut(t, "✗ build failed, nothing sent:")
	r.waitOut(t, "src/definition.ts:1:516: nested more than 500 levels deep")

	write("export default { label: 'two' };\n")
	r.watcher.Saved("src/definition.ts")
	r.waitOut(t, "r2 accepted")
	if got := r.client.sent(); len(got) != 2 || !strings.Contains(got[1], "two") {
		t.Fatalf("uploads %q, want the first build and the fixed one", got)
	}
}
