package dev

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/scapeworld/scape/internal/filelock"
	"github.com/scapeworld/scape/internal/projdir"
)

// errLocked is the second `scape gizmo dev` of one project: two loops would pair with the same
// world and take turns replacing each other's session until one of them gave up, minutes later.
type errLocked struct {
	holder string // what the running one wrote: its pid and its world
}

func (e *errLocked) Error() string {
	msg := "another scape gizmo dev is already running for this project"
	if e.holder != "" {
		msg += " (" + e.holder + ")"
	}
	return msg + ": stop it (Ctrl-C in its terminal) or keep using it; its world link is the one it printed"
}

// projectLock holds DIR/.scape/dev.lock for the life of the dev command. The lock is the
// operating system's (released when the process ends, however it ends), so a crashed run never
// leaves a stale lock behind; the file's text only says who holds it.
type projectLock struct {
	f *os.File
}

// lockProject takes the project's dev lock, or says who holds it.
// A cloned project's .scape is untrusted: it is made level by level, refused when it is or holds
// a link (a link there would redirect the lock's truncation, the database or .gitignore), and
// nothing in it is opened through a link.
func lockProject(dir string) (*projectLock, error) {
	data, err := projdir.Dir(dir, ".scape", 0o700)
	if err != nil {
		return nil, err
	}
	if err := projdir.NoLinksIn(data); err != nil {
		return nil, err
	}
	ignoreScapeDir(data)
	path := filepath.Join(data, "dev.lock")
	f, err := projdir.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := filelock.TryLock(f); err != nil {
		b, _ := os.ReadFile(path)
		f.Close()
		if errors.Is(err, filelock.ErrHeld) {
			return nil, &errLocked{holder: strings.TrimSpace(string(b))}
		}
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	l := &projectLock{f: f}
	l.say(fmt.Sprintf("pid %d", os.Getpid()))
	return l, nil
}

// say replaces the lock file's text (who holds it, and where its world is).
func (l *projectLock) say(text string) {
	if l == nil {
		return
	}
	_ = l.f.Truncate(0)
	_, _ = l.f.WriteAt([]byte(text+"\n"), 0)
}

func (l *projectLock) release() {
	if l == nil {
		return
	}
	_ = l.f.Truncate(0)
	_ = l.f.Close() // closing the descriptor releases the lock
}

// ignoreScapeDir keeps .scape/ (the embedded host's database, the lock) out of the author's
// repository; an existing .gitignore there is the author's and left alone.
func ignoreScapeDir(data string) {
	// O_EXCL: an existing name (a dangling link included) is left alone, never followed.
	_ = projdir.CreateNew(filepath.Join(data, ".gitignore"), []byte("*\n"), 0o644)
}
