package dev_test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/devclient"
	"github.com/scapeworld/scape/protocol"
)

// TestHostKilledAtAnyMoment uploads a series of builds while the host process is killed with
// SIGKILL at random moments and restarted on the same data. Every build must end up as exactly
// one revision (a lost answer is found again by content hash, never doubled), the last one must
// be active, and every stored accepted bundle must match its recorded hash: no half-activated
// revision, no lost one.
func TestHostKilledAtAnyMoment(t *testing.T) {
	dir := newLamp(t)
	def := filepath.Join(dir, "src", "definition.ts")
	src, _ := os.ReadFile(def)
	const builds = 16
	var bundles [][]byte
	for i := range builds {
		text := strings.Replace(string(src), "label: 'Lamp'", fmt.Sprintf("label: 'Lamp %d'", i), 1)
		if err := os.WriteFile(def, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := bundle.Build(bundle.Options{Dir: dir})
		if err != nil || !res.OK() {
			t.Fatalf("build %d: %v %v", i, err, res.Diagnostics)
		}
		bundles = append(bundles, res.JS)
	}

	addr := freePort(t)
	data := filepath.Join(t.TempDir(), "world")
	host := start(t, "host", "gizmo", "host", "--addr", addr, "--data", data)
	owner := host.owner()
	client, err := devclient.NewClient("http://" + addr)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	p, err := client.StartPairing(ctx, "my-lamp")
	if err != nil {
		t.Fatal(err)
	}
	if err := owner.Approve(p.UserCode); err != nil {
		t.Fatal(err)
	}
	sess, err := client.WaitForApproval(ctx, p)
	if err != nil {
		t.Fatal(err)
	}

	// Every other upload, a killer SIGKILLs the host 0–20 ms after the request starts (while it
	// reads, validates or commits) and restarts it on the same data.
	kills, interrupted, recovered := 0, 0, 0
	base := 0
	for i, js := range bundles {
		var restarted chan struct{}
		if i%2 == 1 {
			restarted = make(chan struct{})
			delay := time.Duration(rand.IntN(20_000)) * time.Microsecond
			victim := host
			kills++
			go func() {
				defer close(restarted)
				time.Sleep(delay) // the moment of the kill is the point of the test
				victim.cmd.Process.Kill()
				<-victim.done
				host = start(t, fmt.Sprintf("host%d", i), "gizmo", "host", "--addr", addr, "--data", data)
				host.listening(30 * time.Second)
			}()
		}
		var rev *devclient.Revision
		for attempt := 0; ; attempt++ {
			rev, err = client.Upload(ctx, sess, base, js)
			if err == nil {
				if attempt > 0 {
					interrupted++
				}
				if rev.Duplicate {
					recovered++ // committed by the killed host, its answer lost
				}
				break
			}
			var ended *devclient.SessionEnded
			if errors.As(err, &ended) || !devclient.IsRetryable(err) || ctx.Err() != nil {
				t.Fatalf("upload %d: %v", i, err)
			}
			time.Sleep(20 * time.Millisecond) // backoff between retries
		}
		if restarted != nil {
			<-restarted
		}
		if rev.Number != i+1 || rev.Status != "accepted" || rev.SHA256 != protocol.ContentHash(js) {
			t.Fatalf("upload %d became revision %d (%s, duplicate %v): want exactly one new revision per build", i, rev.Number, rev.Status, rev.Duplicate)
		}
		base = rev.Number
	}
	t.Logf("%d builds uploaded; host killed %d times, %d uploads interrupted, %d of them found committed by hash", builds, kills, interrupted, recovered)
	host.cmd.Process.Kill()
	<-host.done

	db, err := sql.Open("sqlite", "file:"+filepath.Join(data, "host.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var check string
	if err := db.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check: %q %v", check, err)
	}
	var active, count int
	db.QueryRow(`SELECT active_revision FROM worlds`).Scan(&active)
	db.QueryRow(`SELECT COUNT(*) FROM revisions`).Scan(&count)
	if active != builds || count != builds {
		t.Fatalf("active revision %d of %d stored, want %d of %d", active, count, builds, builds)
	}
	rows, err := db.Query(`SELECT number, sha256, bundle FROM revisions WHERE status = 'accepted'`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var n int
		var sum string
		var b []byte
		if err := rows.Scan(&n, &sum, &b); err != nil {
			t.Fatal(err)
		}
		got := sha256.Sum256(b)
		if hex.EncodeToString(got[:]) != sum {
			t.Fatalf("revision %d: stored bundle does not match its hash", n)
		}
	}
}

// listening waits for the host's start line without failing the test (it runs off the test's
// goroutine).
func (p *process) listening(timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		p.mu.Lock()
		for _, line := range p.out {
			if strings.HasPrefix(line, "Developer world at") {
				p.mu.Unlock()
				return true
			}
		}
		p.mu.Unlock()
		if p.exited() {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return false
}
