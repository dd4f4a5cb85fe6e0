package watch

import (
	"path/filepath"
	"testing"
	"time"
)

// TestManualWatcher: a manual watcher's saves go through the same rules as fsnotify's events
// (an editor's temp file never triggers, a non-input only after a failed build), a burst becomes
// one batch, and Close returns at once (nothing was started).
func TestManualWatcher(t *testing.T) {
	root := t.TempDir()
	w, err := NewManual(root)
	if err != nil {
		t.Fatal(err)
	}
	w.Quiet = 5 * time.Millisecond
	w.SetInputs([]string{"src/a.ts"}, false)
	w.Saved("src/.a.ts.swp", "notes.txt")
	if w.Pending() {
		t.Fatal("a swap file or a file the build did not read triggered after a good build")
	}
	w.Saved("src/a.ts", filepath.Join(root, "src", "a.ts"))
	select {
	case <-w.Ready:
	case <-time.After(10 * time.Second):
		t.Fatal("no batch after a save of an input")
	}
	b, ok := w.Take()
	if want := filepath.Join(root, "src", "a.ts"); !ok || len(b.Paths) != 1 || b.Paths[0] != want {
		t.Fatalf("batch %+v %v, want one path %s", b, ok, want)
	}
	w.SetInputs([]string{"src/a.ts"}, true)
	w.Saved("src/b.ts") // maybe the import that was missing
	if !w.Pending() {
		t.Fatal("after a failed build, a new file did not trigger")
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}
