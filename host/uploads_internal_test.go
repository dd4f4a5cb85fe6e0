package host

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/protocol"
	wm "github.com/scapeworld/scape/world"
)

// gateValidator accepts every bundle, but each check waits for open to close; checking counts
// the checks running.
type gateValidator struct {
	open     chan struct{}
	checking atomic.Int32
}

func (v *gateValidator) Load(ctx context.Context, js []byte, placed []wm.Instance) (engine.Verdict, engine.Project, error) {
	v.checking.Add(1)
	defer v.checking.Add(-1)
	select {
	case <-v.open:
	case <-ctx.Done():
		return engine.Verdict{}, nil, ctx.Err()
	}
	return engine.Verdict{}, nil, nil
}

// TestUploadsInFlightBounded: however many uploads one session sends at once, at most
// maxUploadsInFlight bodies (8 MiB each at most) are read and held by the host; the others wait,
// unread, and all are answered once the host is free.
func TestUploadsInFlightBounded(t *testing.T) {
	v := &gateValidator{open: make(chan struct{})}
	s, err := New(Options{DataDir: t.TempDir(), Engine: v})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	hs := httptest.NewServer(s)
	t.Cleanup(hs.Close)
	now := time.Now()
	tok := "sgs_test"
	if err := s.store.ReplaceDevSession(context.Background(), DevSession{ID: "ses_test", WorldID: worldID, Project: "p", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}, hashSecret(tok), now); err != nil {
		t.Fatal(err)
	}
	var release sync.Once
	openGate := func() { release.Do(func() { close(v.open) }) }
	t.Cleanup(openGate) // runs before the servers close, even when the test fails
	const n = 3 * maxUploadsInFlight
	var wg sync.WaitGroup
	statuses := make(chan int, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			js := fmt.Sprintf(`{"n":%d}`, i)
			body, _ := json.Marshal(protocol.UploadRequest{ContentSHA256: protocol.ContentHash([]byte(js)), Bundle: js})
			req, _ := http.NewRequest("POST", hs.URL+"/api/dev/revisions", bytes.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+tok)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				statuses <- 0
				return
			}
			resp.Body.Close()
			statuses <- resp.StatusCode
		}()
	}
	// Wait until every upload has arrived: the slots all taken and each validating (outside the
	// world's lock: validations run side by side), the rest waiting for one. Never more slots,
	// nor more validations, than the bound.
	deadline := time.Now().Add(10 * time.Second)
	for v.checking.Load() < maxUploadsInFlight || len(s.uploads) < maxUploadsInFlight || s.uploadsWaiting.Load() < n-maxUploadsInFlight {
		if len(s.uploads) > maxUploadsInFlight || v.checking.Load() > maxUploadsInFlight {
			t.Fatalf("%d slots taken, %d checks at once", len(s.uploads), v.checking.Load())
		}
		if time.Now().After(deadline) {
			t.Fatalf("the host never filled: %d checking, %d slots taken, %d waiting", v.checking.Load(), len(s.uploads), s.uploadsWaiting.Load())
		}
		time.Sleep(5 * time.Millisecond) // polling for the condition, not a fixed wait
	}
	if got := s.uploadsWaiting.Load(); got != n-maxUploadsInFlight {
		t.Fatalf("%d uploads wait for a slot, want %d", got, n-maxUploadsInFlight)
	}
	openGate()
	wg.Wait()
	close(statuses)
	for st := range statuses {
		if st != http.StatusCreated {
			t.Fatalf("an upload ended %d", st)
		}
	}
}
