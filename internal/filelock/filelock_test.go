package filelock

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestTryLock: a second descriptor of the same file is refused with ErrHeld while the first
// holds the lock (flock's locks belong to the descriptor, so this holds within one process as
// across processes); after Unlock, and after the holder is closed, it is taken.
func TestTryLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	open := func() *os.File {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	a, b := open(), open()
	if err := TryLock(a); err != nil {
		t.Fatal(err)
	}
	if err := TryLock(b); !errors.Is(err, ErrHeld) {
		t.Fatalf("second lock = %v, want ErrHeld", err)
	}
	if err := Unlock(a); err != nil {
		t.Fatal(err)
	}
	if err := TryLock(b); err != nil {
		t.Fatalf("after Unlock: %v", err)
	}
	if err := TryLock(a); !errors.Is(err, ErrHeld) {
		t.Fatalf("lock held by b = %v, want ErrHeld", err)
	}
	b.Close()
	if err := TryLock(a); err != nil {
		t.Fatalf("after the holder closed: %v", err)
	}
}
