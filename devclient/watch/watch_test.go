package watch

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func newWatcher(t *testing.T) (*Watcher, string) {
	t.Helper()
	dir := t.TempDir()
	write(t, filepath.Join(dir, "src", "definition.ts"), "export default 1;\n")
	write(t, filepath.Join(dir, "package.json"), "{}\n")
	write(t, filepath.Join(dir, "notes.txt"), "not an input\n")
	write(t, filepath.Join(dir, "node_modules", "dep", "index.js"), "\n")
	w, err := New(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	w.SetInputs([]string{"src/definition.ts", "package.json"}, false)
	return w, dir
}

// next waits for one batch, failing after a deadline.
func next(t *testing.T, w *Watcher) Batch {
	t.Helper()
	select {
	case <-w.Ready:
		b, ok := w.Take()
		if !ok {
			t.Fatal("Ready without a batch")
		}
		return b
	case <-time.After(5 * time.Second):
		t.Fatal("no batch within 5 s")
	}
	return Batch{}
}

// none asserts that no batch fires within well over the quiet period.
func none(t *testing.T, w *Watcher) {
	t.Helper()
	select {
	case <-w.Ready:
		b, _ := w.Take()
		t.Fatalf("unexpected batch: %v", b.Paths)
	case <-time.After(10 * w.Quiet):
	}
}

func TestInputChangeTriggersOnce(t *testing.T) {
	w, dir := newWatcher(t)
	// Four times the default quiet period: a loaded machine can pause this loop for more than
	// 50 ms between two writes, which would rightly end the burst.
	w.mu.Lock()
	w.Quiet, w.MaxWait = 4*DefaultQuiet, 10*time.Second
	w.mu.Unlock()
	in := filepath.Join(dir, "src", "definition.ts")
	for i := range 20 { // a burst: one build
		write(t, in, "export default "+string(rune('a'+i))+";\n")
	}
	b := next(t, w)
	if !slices.Equal(b.Paths, []string{in}) || b.First.IsZero() {
		t.Fatalf("batch %+v", b)
	}
	none(t, w)
}

func TestIgnored(t *testing.T) {
	w, dir := newWatcher(t)
	// Not inputs, editor temp files, chmod-only changes, dependency directories: nothing.
	write(t, filepath.Join(dir, "notes.txt"), "changed\n")
	for _, name := range []string{"definition.ts~", ".definition.ts.swp", "4913", ".#definition.ts", "definition.ts___jb_tmp___"} {
		write(t, filepath.Join(dir, "src", name), "x")
	}
	if err := os.Chmod(filepath.Join(dir, "src", "definition.ts"), 0o600); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "node_modules", "dep", "index.js"), "changed\n")
	none(t, w)
}

func TestRenameSave(t *testing.T) {
	w, dir := newWatcher(t)
	in := filepath.Join(dir, "src", "definition.ts")
	tmp := filepath.Join(dir, "src", ".definition.ts.3f2a1")
	write(t, tmp, "export default 2;\n")
	if err := os.Rename(tmp, in); err != nil {
		t.Fatal(err)
	}
	b := next(t, w)
	if !slices.Contains(b.Paths, in) {
		t.Fatalf("rename-save not seen: %v", b.Paths)
	}
	// The watch survives the atomic save: a plain write afterwards is seen too.
	write(t, in, "export default 3;\n")
	next(t, w)
}

// Editors save in three ways besides writing in place; each must end in a batch after which the
// input holds the new text (a batch fired in the middle of the save, while the file is missing,
// is followed by another), and the watch must go on seeing the file: a second save of the same
// kind and then a plain write are seen too. inotify reports these through the directory watch;
// fsnotify's kqueue backend (macOS) watches each file of a watched directory as well, notices a
// file renamed or deleted under it, and reports the file that replaced it as created.
func TestAtomicSaves(t *testing.T) {
	saves := map[string]func(t *testing.T, path, text string){
		// VS Code, JetBrains, most Go and Node tools: write a temporary file, rename it over.
		"rename over": func(t *testing.T, path, text string) {
			write(t, path+".tmp", text)
			if err := os.Rename(path+".tmp", path); err != nil {
				t.Fatal(err)
			}
		},
		// vim's default (backupcopy=auto on a new file), emacs: move the file to a backup name,
		// write a new one.
		"backup copy": func(t *testing.T, path, text string) {
			if err := os.Rename(path, path+"~"); err != nil {
				t.Fatal(err)
			}
			write(t, path, text)
		},
		// Some editors and sync tools: delete, then create.
		"delete then create": func(t *testing.T, path, text string) {
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			write(t, path, text)
		},
	}
	for name, save := range saves {
		t.Run(name, func(t *testing.T) {
			w, dir := newWatcher(t)
			in := filepath.Join(dir, "src", "definition.ts")
			for i, step := range []func(t *testing.T, path, text string){save, save, write} {
				text := fmt.Sprintf("export default %d;\n", i+2)
				step(t, in, text)
				settled(t, w, in, text)
				drain(w) // a batch left from this save must not stand in for the next one's
			}
		})
	}
}

// drain takes batches until none comes for ten quiet periods.
func drain(w *Watcher) {
	for {
		select {
		case <-w.Ready:
			w.Take()
		case <-time.After(10 * w.Quiet):
			return
		}
	}
}

// settled waits for batches naming path until one finds path holding text when it fires.
func settled(t *testing.T, w *Watcher, path, text string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-w.Ready:
			b, ok := w.Take()
			if !ok || !slices.Contains(b.Paths, path) {
				continue
			}
			if got, err := os.ReadFile(path); err == nil && string(got) == text {
				return
			}
		case <-time.After(time.Until(deadline)):
		}
	}
	got, _ := os.ReadFile(path)
	t.Fatalf("no batch for %s after the save of %q (the file holds %q)", path, text, got)
}

func TestNewDirectoryPickedUp(t *testing.T) {
	w, dir := newWatcher(t)
	// While the last build failed (an import could not be resolved), new files count.
	w.SetInputs([]string{"src/definition.ts", "package.json"}, true)
	part := filepath.Join(dir, "src", "parts", "deep", "lamp.ts")
	write(t, part, "export const x = 1;\n")
	b := next(t, w)
	if !slices.Contains(b.Paths, part) {
		t.Fatalf("file in a new directory not seen: %v", b.Paths)
	}
	// Once it is an input of a successful build, its directory is watched.
	w.SetInputs([]string{"src/definition.ts", "package.json", part}, false)
	write(t, part, "export const x = 2;\n")
	if b := next(t, w); !slices.Equal(b.Paths, []string{part}) {
		t.Fatalf("batch %v", b.Paths)
	}
}

func TestDirectoryRename(t *testing.T) {
	w, dir := newWatcher(t)
	old := filepath.Join(dir, "src", "parts")
	write(t, filepath.Join(old, "a.ts"), "1")
	w.SetInputs([]string{"src/definition.ts", filepath.Join(old, "a.ts")}, false)
	moved := filepath.Join(dir, "src", "moved")
	if err := os.Rename(old, moved); err != nil {
		t.Fatal(err)
	}
	next(t, w) // the input disappeared from where the build found it
	w.mu.Lock()
	stale := w.watched[old]
	fresh := w.watched[moved]
	w.mu.Unlock()
	if stale || !fresh {
		t.Fatalf("after rename: old watched %v, new watched %v", stale, fresh)
	}
}

func TestMaxWait(t *testing.T) {
	w, dir := newWatcher(t)
	in := filepath.Join(dir, "src", "definition.ts")
	// Events every 10 ms never leave 50 ms of quiet; the cap still builds while they go on.
	start := time.Now()
	stop := make(chan struct{})
	go func() {
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-time.After(10 * time.Millisecond):
				os.WriteFile(in, []byte{byte('a' + i%26)}, 0o644)
			}
		}
	}()
	defer close(stop)
	// A batch arrives while the writes go on (without the cap, none would: next fails).
	b := next(t, w)
	if b.First.Before(start) {
		t.Fatal("batch starts before the first event")
	}
}

// TestWaitCap: an event restarts the quiet period, except that a burst fires no later than
// MaxWait after its first event (the cap's timing, checked without a clock).
func TestWaitCap(t *testing.T) {
	w := &Watcher{Quiet: 50 * time.Millisecond, MaxWait: 500 * time.Millisecond}
	first := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct{ after, want time.Duration }{
		{0, 50 * time.Millisecond},
		{449 * time.Millisecond, 50 * time.Millisecond},
		{450 * time.Millisecond, 50 * time.Millisecond},
		{451 * time.Millisecond, 49 * time.Millisecond},
		{499 * time.Millisecond, time.Millisecond},
		{500 * time.Millisecond, 0},
		{2 * time.Second, 0},
	} {
		if got := w.wait(first, first.Add(c.after)); got != c.want {
			t.Errorf("event %v into a burst: fires after %v, want %v", c.after, got, c.want)
		}
	}
}

// TestFirstQuiet: one save on its own waits FirstQuiet; an event past FirstQuiet into its batch,
// or a batch starting within BurstGap of the previous fire, is a burst and waits Quiet.
func TestFirstQuiet(t *testing.T) {
	w := &Watcher{Quiet: 50 * time.Millisecond, FirstQuiet: 15 * time.Millisecond, MaxWait: 500 * time.Millisecond}
	first := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name        string
		sinceFire   time.Duration // from the last fire to first; 0: never fired
		after, want time.Duration
	}{
		{"a lone save", 0, 0, 15 * time.Millisecond},
		{"its second event", 0, 14 * time.Millisecond, 15 * time.Millisecond},
		{"an event past the first quiet", 0, 15 * time.Millisecond, 50 * time.Millisecond},
		{"a save long after the last build", 10 * time.Second, 0, 15 * time.Millisecond},
		{"a batch right after a fire", 100 * time.Millisecond, 0, 50 * time.Millisecond},
		{"a batch at the burst gap", BurstGap, 0, 15 * time.Millisecond},
		{"near the cap", 0, 490 * time.Millisecond, 10 * time.Millisecond},
	} {
		w.lastFire = time.Time{}
		if c.sinceFire > 0 {
			w.lastFire = first.Add(-c.sinceFire)
		}
		if got := w.wait(first, first.Add(c.after)); got != c.want {
			t.Errorf("%s: fires after %v, want %v", c.name, got, c.want)
		}
	}
	w.FirstQuiet = 0
	if got := w.wait(first, first); got != w.Quiet {
		t.Errorf("without FirstQuiet: %v, want Quiet", got)
	}
}

// TestCheckoutBurst: a `git checkout` touching 2,000 input files is one build.
func TestCheckoutBurst(t *testing.T) {
	w, dir := newWatcher(t)
	var inputs []string
	for i := range 2000 {
		p := filepath.Join(dir, "src", "gen", fmt.Sprintf("f%04d.ts", i))
		write(t, p, "export const x = 1;\n")
		inputs = append(inputs, p)
	}
	w.SetInputs(inputs, false)
	// Drain whatever the setup itself triggered.
	for w.Pending() {
		next(t, w)
	}
	for _, p := range inputs {
		write(t, p, "export const x = 2;\n")
	}
	// Every file is reported, in very few batches (the 500 ms cap may split a slow burst).
	got := map[string]bool{}
	batches := 0
	for len(got) < len(inputs) {
		for _, p := range next(t, w).Paths {
			got[p] = true
		}
		batches++
	}
	if batches > 4 {
		t.Fatalf("one checkout made %d builds", batches)
	}
	none(t, w)
}
