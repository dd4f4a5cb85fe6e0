// Package watch turns file-system events under a project into debounced build triggers.
//
// fsnotify is not recursive and loses a watch on a file at the first atomic save, so the
// watcher watches directories: every directory under the project root (minus dependency,
// VCS, output and tool directories) and the directory of every build input outside it. An
// event triggers a build when it touches a build input, or, while the last build failed, any
// file (a missing import may just have been created). Editor temp files and chmod-only events
// never trigger.
//
// Editors' atomic saves hold on every backend: inotify (Linux) and ReadDirectoryChangesW
// (Windows) report a rename or a create in a watched directory, and fsnotify's kqueue backend
// (macOS) also watches each file of a watched directory (kqueue reports content writes only to a
// watch on the file itself), notices a file renamed or deleted under it and reports the file
// that took its name as created. kqueue so holds one open descriptor per watched file and
// directory: New raises the open-file limit first (package fdlimit).
//
// Bursts (a save-all, a `git checkout`) become one trigger: a trailing timer restarted by
// each event (Quiet, about 50 ms) with a cap from the burst's first event (MaxWait, 500 ms), so
// a never-ending stream of events still builds twice a second. One save on its own, the usual
// case, waits less (FirstQuiet, 15 ms): every save pays the quiet before its build starts.
package watch

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/scapeworld/scape/internal/fdlimit"
)

// Defaults measured in docs/dev.md: the largest gap inside one editor or git burst was under
// 5 ms, so 50 ms of quiet ends a burst, and 15 ms ends one editor's save (its events all come
// within a few milliseconds) without adding noticeable latency.
const (
	DefaultQuiet      = 50 * time.Millisecond
	DefaultFirstQuiet = 15 * time.Millisecond
	DefaultMaxWait    = 500 * time.Millisecond
	// BurstGap: a batch starting within this long after the previous one fired belongs to the
	// same burst (a checkout, a formatter, a loaded machine stretching one save): it gets Quiet.
	BurstGap = 500 * time.Millisecond
)

// Batch is the set of changes one build answers.
type Batch struct {
	// First is when the first event of the batch arrived: the save a verdict is timed from.
	First time.Time
	Paths []string
}

// Watcher watches a project for changes to its build inputs.
type Watcher struct {
	Quiet time.Duration
	// FirstQuiet (0: Quiet) is the quiet of a batch while all its events came within FirstQuiet
	// of its first and nothing fired within BurstGap before it: one save, not a burst. An event
	// later than that gives the batch Quiet.
	FirstQuiet time.Duration
	MaxWait    time.Duration

	root string
	fsw  *fsnotify.Watcher
	// Ready receives a value whenever Take has a batch to return. It never blocks the watcher.
	Ready chan struct{}
	// Errors carries fsnotify's own errors (e.g. the kernel's queue overflowed); a consumer
	// should rebuild on one, since events may have been lost.
	Errors chan error

	mu        sync.Mutex
	inputs    map[string]bool
	failed    bool
	watched   map[string]bool
	pending   *Batch
	ready     *Batch
	seen      map[string]bool // paths already in pending or ready
	timer     *time.Timer
	closed    bool
	done      chan struct{}
	lastEvent time.Time
	lastFire  time.Time
}

// raiseFDLimit raises the open-file limit once per process, before the first watch: on macOS
// a project's files would otherwise exhaust the default 256 descriptors. A failure leaves the
// limit where Go's runtime put it, which suffices for all but very large projects.
var raiseFDLimit = sync.OnceValues(fdlimit.Raise)

// New starts watching every directory under root.
func New(root string) (*Watcher, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	_, _ = raiseFDLimit()
	fsw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &Watcher{Quiet: DefaultQuiet, FirstQuiet: DefaultFirstQuiet, MaxWait: DefaultMaxWait, root: abs, fsw: fsw,
		Ready: make(chan struct{}, 1), Errors: make(chan error, 1),
		inputs: map[string]bool{}, watched: map[string]bool{}, failed: true, done: make(chan struct{})}
	w.mu.Lock()
	w.addTree(abs)
	w.mu.Unlock()
	go w.loop()
	return w, nil
}

// NewManual returns a Watcher that watches nothing: Saved reports changes as fsnotify reports
// writes, and they go through the same filtering and debouncing. The commands built on the dev
// loop test their wiring with it, with no fsnotify and no file system events.
func NewManual(root string) (*Watcher, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	return &Watcher{Quiet: DefaultQuiet, FirstQuiet: DefaultFirstQuiet, MaxWait: DefaultMaxWait, root: abs,
		Ready: make(chan struct{}, 1), Errors: make(chan error, 1),
		inputs: map[string]bool{}, watched: map[string]bool{}, failed: true, done: make(chan struct{})}, nil
}

// Saved reports a write to each path (absolute, or relative to the root), as if fsnotify had
// seen it. Meant for a manual watcher; on a watching one it adds to what the file system says.
func (w *Watcher) Saved(paths ...string) {
	for _, p := range paths {
		if !filepath.IsAbs(p) {
			p = filepath.Join(w.root, p)
		}
		w.handle(fsnotify.Event{Name: p, Op: fsnotify.Write})
	}
}

// Close stops the watcher.
func (w *Watcher) Close() error {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return nil
	}
	w.closed = true
	if w.timer != nil {
		w.timer.Stop()
	}
	w.mu.Unlock()
	if w.fsw == nil {
		return nil // a manual watcher: no file system watch, no goroutine
	}
	err := w.fsw.Close()
	<-w.done
	return err
}

// SetInputs replaces the build inputs (absolute or root-relative paths) after a build.
// failed says the build failed: then any file change triggers the next one.
func (w *Watcher) SetInputs(paths []string, failed bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.inputs = make(map[string]bool, len(paths))
	for _, p := range paths {
		if !filepath.IsAbs(p) {
			p = filepath.Join(w.root, p)
		}
		p = filepath.Clean(p)
		w.inputs[p] = true
		// An input outside the walked tree (a dependency in node_modules, a file next to the
		// project): watch its directory too.
		if dir := filepath.Dir(p); !w.watched[dir] && w.fsw != nil {
			if err := w.fsw.Add(dir); err == nil {
				w.watched[dir] = true
			}
		}
	}
	w.failed = failed
}

// Take returns the changes collected by fired triggers since the last Take (ok=false: none).
func (w *Watcher) Take() (Batch, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.ready == nil {
		return Batch{}, false
	}
	b := *w.ready
	w.ready = nil
	// Forget what Take hands out; paths still pending stay marked.
	for _, p := range b.Paths {
		delete(w.seen, p)
	}
	if w.pending != nil {
		for _, p := range w.pending.Paths {
			w.seen[p] = true
		}
	}
	return b, true
}

// Pending says whether changes arrived that a later Take will return (fired or not yet).
func (w *Watcher) Pending() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.pending != nil || w.ready != nil
}

// Watched reports how many directories are watched (for tests and memory reports).
func (w *Watcher) Watched() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.watched)
}

// skipDir says whether a directory under the root is never a source of build inputs worth
// walking: dependencies, VCS data, the dev tool's own data, build output, hidden directories.
func skipDir(name string) bool {
	switch name {
	case "node_modules", "dist", "build", "coverage", "vendor":
		return true
	}
	return strings.HasPrefix(name, ".")
}

// IgnoredFile says whether a file name is an editor's temporary or backup file.
func IgnoredFile(name string) bool {
	switch {
	case name == "4913", // vim's write test
		strings.HasSuffix(name, "~"),
		strings.HasPrefix(name, ".#"), // emacs lock
		strings.HasSuffix(name, ".swp"), strings.HasSuffix(name, ".swx"), strings.HasSuffix(name, ".swo"),
		strings.HasSuffix(name, "___jb_tmp___"), strings.HasSuffix(name, "___jb_old___"),
		strings.HasSuffix(name, ".tmp"), strings.HasSuffix(name, ".crswap"),
		strings.HasPrefix(name, "#") && strings.HasSuffix(name, "#"),
		name == ".DS_Store":
		return true
	}
	return false
}

// addTree watches dir and every directory under it; it returns the files found, which a new
// directory brings with it as changes. Callers hold mu.
func (w *Watcher) addTree(dir string) []string {
	var files []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if p != w.root && skipDir(d.Name()) {
				return fs.SkipDir
			}
			if !w.watched[p] && w.fsw != nil {
				if err := w.fsw.Add(p); err == nil {
					w.watched[p] = true
				}
			}
			return nil
		}
		files = append(files, p)
		return nil
	})
	return files
}

// forget drops the watches at and under a removed or renamed directory: after a rename,
// fsnotify would keep reporting events under the old path.
func (w *Watcher) forget(dir string) {
	prefix := dir + string(filepath.Separator)
	for p := range w.watched {
		if p == dir || strings.HasPrefix(p, prefix) {
			if w.fsw != nil {
				w.fsw.Remove(p)
			}
			delete(w.watched, p)
		}
	}
}

func (w *Watcher) loop() {
	defer close(w.done)
	for {
		select {
		case ev, ok := <-w.fsw.Events:
			if !ok {
				return
			}
			w.handle(ev)
		case err, ok := <-w.fsw.Errors:
			if !ok {
				return
			}
			select {
			case w.Errors <- err:
			default:
			}
		}
	}
}

func (w *Watcher) handle(ev fsnotify.Event) {
	if ev.Op == fsnotify.Chmod {
		return // chmod-only: touch, editors fixing modes, indexers; content did not change
	}
	name := filepath.Base(ev.Name)
	if IgnoredFile(name) {
		return
	}
	now := time.Now()
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return
	}
	path := filepath.Clean(ev.Name)
	var changed []string
	if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) {
		if w.watched[path] {
			w.forget(path)
			// The inputs that were inside it are gone from where the build found them.
			prefix := path + string(filepath.Separator)
			for in := range w.inputs {
				if strings.HasPrefix(in, prefix) {
					changed = append(changed, in)
				}
			}
		}
		changed = append(changed, path)
	}
	if ev.Has(fsnotify.Create) {
		if fi, err := os.Lstat(path); err == nil && fi.IsDir() {
			if (path == w.root || !skipDir(name)) && w.under(path) {
				changed = append(changed, w.addTree(path)...)
			}
		} else {
			changed = append(changed, path)
		}
	}
	if ev.Has(fsnotify.Write) {
		changed = append(changed, path)
	}
	var hits []string
	for _, p := range changed {
		if w.inputs[p] || (w.failed && !IgnoredFile(filepath.Base(p)) && w.under(p)) {
			hits = append(hits, p)
		}
	}
	if len(hits) == 0 {
		return
	}
	w.trigger(now, hits)
}

func (w *Watcher) under(p string) bool {
	return p == w.root || strings.HasPrefix(p, w.root+string(filepath.Separator))
}

// trigger adds paths to the pending batch and (re)arms the trailing timer. Callers hold mu.
func (w *Watcher) trigger(now time.Time, paths []string) {
	if w.pending == nil {
		w.pending = &Batch{First: now}
	}
	if w.seen == nil {
		w.seen = map[string]bool{}
	}
	for _, p := range paths {
		if !w.seen[p] {
			w.seen[p] = true
			w.pending.Paths = append(w.pending.Paths, p)
		}
	}
	wait := w.wait(w.pending.First, now)
	if w.timer == nil {
		w.timer = time.AfterFunc(wait, w.fire)
	} else {
		w.timer.Reset(wait)
	}
}

// wait is how long after an event at now the burst that began at first fires: FirstQuiet for
// what looks like one save (see the field), else Quiet, but never later than MaxWait after
// first. The caller holds mu.
func (w *Watcher) wait(first, now time.Time) time.Duration {
	quiet := w.Quiet
	if w.FirstQuiet > 0 && w.FirstQuiet < quiet && now.Sub(first) < w.FirstQuiet && first.Sub(w.lastFire) >= BurstGap {
		quiet = w.FirstQuiet
	}
	return max(min(quiet, w.MaxWait-now.Sub(first)), 0)
}

func (w *Watcher) fire() {
	w.mu.Lock()
	if w.pending == nil || w.closed {
		w.mu.Unlock()
		return
	}
	if w.ready == nil {
		w.ready = w.pending
	} else {
		w.ready.Paths = append(w.ready.Paths, w.pending.Paths...) // seen kept them disjoint
	}
	w.pending = nil
	w.lastFire = time.Now()
	w.mu.Unlock()
	select {
	case w.Ready <- struct{}{}:
	default:
	}
}
