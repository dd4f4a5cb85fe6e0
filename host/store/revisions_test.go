package store

import (
	"context"
	"testing"
	"time"

	"github.com/scapeworld/scape/protocol"
)

// TestOneRejectedBundleKept: a rejected revision's bundle is kept only when asked (one rejected
// for placed instances alone, judged again later, also after a restart), and only the newest
// such bundle: each new revision clears any older rejected bundle in its transaction. An
// accepted revision keeps its bundle as before.
func TestOneRejectedBundleKept(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	if _, err := s.EnsureWorld(ctx, "w", "W", now); err != nil {
		t.Fatal(err)
	}
	add := func(status string, js string, keep bool) int {
		t.Helper()
		r, err := s.AddRevision(ctx, "w", "sess", protocol.Revision{Status: status, SHA256: js, CreatedAt: now}, []byte(js), keep)
		if err != nil {
			t.Fatal(err)
		}
		return r.Number
	}
	bundle := func(n int) string {
		t.Helper()
		b, err := s.Bundle(ctx, "w", n)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	a := add("accepted", "a", false)
	r1 := add("rejected", "r1", true)
	if bundle(r1) != "r1" {
		t.Fatalf("the kept rejected bundle is %q", bundle(r1))
	}
	r2 := add("rejected", "r2", true)
	if bundle(r1) != "" || bundle(r2) != "r2" {
		t.Fatalf("two rejected bundles kept: %q %q", bundle(r1), bundle(r2))
	}
	r3 := add("rejected", "r3", false)
	if bundle(r2) != "" || bundle(r3) != "" || bundle(a) != "a" {
		t.Fatalf("after a rejection not kept: r2 %q r3 %q accepted %q", bundle(r2), bundle(r3), bundle(a))
	}
	r4 := add("rejected", "r4", true)
	s.Close()
	if s, err = Open(dir); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if bundle(r4) != "r4" {
		t.Fatalf("after reopening the kept bundle is %q", bundle(r4))
	}
}
