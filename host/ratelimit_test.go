package host_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/protocol"
)

// direct calls the host's handler as if from remoteAddr (ip:port), with optional headers.
type direct struct {
	t   *testing.T
	srv *host.Server
}

func (d direct) do(method, path, remoteAddr string, body any, header map[string]string) (*httptest.ResponseRecorder, protocol.ErrorResponse) {
	d.t.Helper()
	b, _ := json.Marshal(body)
	req := httptest.NewRequest(method, path, bytes.NewReader(b))
	req.RemoteAddr = remoteAddr
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	d.srv.ServeHTTP(rec, req)
	var e protocol.ErrorResponse
	if rec.Code != 200 {
		json.Unmarshal(rec.Body.Bytes(), &e)
	}
	return rec, e
}

func (d direct) pair(remoteAddr string, header map[string]string) (protocol.PairingResponse, *httptest.ResponseRecorder, protocol.ErrorResponse) {
	d.t.Helper()
	rec, e := d.do("POST", "/api/dev/pairings", remoteAddr, protocol.PairingRequest{Project: "lamp"}, header)
	var p protocol.PairingResponse
	if rec.Code == 200 {
		json.Unmarshal(rec.Body.Bytes(), &p)
	}
	return p, rec, e
}

func newDirect(t *testing.T, clk *clock, opts host.Options) direct {
	t.Helper()
	opts.DataDir, opts.Engine, opts.Now = t.TempDir(), hosttest.Engine{Checks: &hosttest.JSONValidator{}}, clk.Now
	srv, err := host.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return direct{t: t, srv: srv}
}

// TestPairingFloodFromOneSourceLocksOutNobodyElse: 200 unauthenticated pairing requests from one
// address are refused after its burst with 429, Retry-After and a sentence; a client at another
// address still pairs (code, approval, token); the noisy address recovers after its window.
func TestPairingFloodFromOneSourceLocksOutNobodyElse(t *testing.T) {
	clk := &clock{t: time.Now().UTC()}
	d := newDirect(t, clk, host.Options{})
	const noisy, real = "192.0.2.66:40000", "198.51.100.7:52000"
	ok, refused := 0, 0
	var retry string
	for i := 0; i < 200; i++ {
		_, rec, e := d.pair(noisy, nil)
		switch rec.Code {
		case 200:
			ok++
		case http.StatusTooManyRequests:
			refused++
			retry = rec.Header().Get("Retry-After")
			if e.Code != "too_many_requests" || !strings.Contains(e.Description, "from your address") {
				t.Fatalf("refusal %d: %+v", i, e)
			}
		default:
			t.Fatalf("request %d: %d %s", i, rec.Code, rec.Body)
		}
	}
	if ok != host.PairingBurst || refused != 200-host.PairingBurst {
		t.Fatalf("one source: %d paired, %d refused; want a burst of %d", ok, refused, host.PairingBurst)
	}
	wait, err := strconv.Atoi(retry)
	if err != nil || wait < 1 || time.Duration(wait)*time.Second > host.PairingRefill {
		t.Fatalf("Retry-After %q, want 1–%v seconds", retry, host.PairingRefill)
	}

	// Another address pairs all the way through.
	p, rec, e := d.pair(real, nil)
	if rec.Code != 200 {
		t.Fatalf("the other source was locked out: %d %+v", rec.Code, e)
	}
	if err := d.srv.Approve(p.UserCode); err != nil {
		t.Fatal(err)
	}
	clk.Add(time.Second)
	if rec, e := d.do("POST", "/api/dev/token", real, protocol.TokenRequest{DeviceCode: p.DeviceCode}, nil); rec.Code != 200 {
		t.Fatalf("token for the other source: %d %+v", rec.Code, e)
	}

	// The noisy address is still refused until Retry-After has passed, then pairs again.
	clk.Add(time.Duration(wait)*time.Second - 2*time.Second)
	if _, rec, _ := d.pair(noisy, nil); rec.Code != http.StatusTooManyRequests {
		t.Fatalf("before Retry-After: %d", rec.Code)
	}
	clk.Add(time.Second)
	if _, rec, e := d.pair(noisy, nil); rec.Code != 200 {
		t.Fatalf("after Retry-After: %d %+v", rec.Code, e)
	}
	// After a quiet window the whole burst is back.
	clk.Add(host.PairingRefill * host.PairingBurst)
	for i := 0; i < host.PairingBurst; i++ {
		if _, rec, e := d.pair(noisy, nil); rec.Code != 200 {
			t.Fatalf("burst after a quiet window, request %d: %d %+v", i, rec.Code, e)
		}
	}
}

// TestPairingSources: an IPv6 subscriber is one source by its /64; a trusted proxy's
// X-Forwarded-For names the source, anyone else's is ignored.
func TestPairingSources(t *testing.T) {
	clk := &clock{t: time.Now().UTC()}
	d := newDirect(t, clk, host.Options{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}})
	exhaust := func(remote string, header map[string]string) {
		t.Helper()
		for i := 0; i < host.PairingBurst; i++ {
			if _, rec, e := d.pair(remote, header); rec.Code != 200 {
				t.Fatalf("%s %v request %d: %d %+v", remote, header, i, rec.Code, e)
			}
		}
	}
	refused := func(remote string, header map[string]string) bool {
		t.Helper()
		_, rec, _ := d.pair(remote, header)
		return rec.Code == http.StatusTooManyRequests
	}
	exhaust("[2001:db8:1:2::1]:5000", nil)
	if !refused("[2001:db8:1:2:ffff::9]:5001", nil) {
		t.Error("another address of the same IPv6 /64 is a new source")
	}
	if refused("[2001:db8:1:3::1]:5000", nil) {
		t.Error("the next /64 shares the limit")
	}
	// Behind the trusted proxy each client is its own source…
	exhaust("10.1.1.1:443", map[string]string{"X-Forwarded-For": "203.0.113.5"})
	if !refused("10.1.1.1:443", map[string]string{"X-Forwarded-For": "203.0.113.5"}) {
		t.Error("the forwarded client was not limited")
	}
	if refused("10.1.1.1:443", map[string]string{"X-Forwarded-For": "203.0.113.6"}) {
		t.Error("another client behind the proxy was locked out")
	}
	// …named by the rightmost address the proxy did not add itself: a client cannot pick its
	// own by sending the header.
	if !refused("10.1.1.1:443", map[string]string{"X-Forwarded-For": "198.51.100.1, 203.0.113.5"}) {
		t.Error("a forged leftmost X-Forwarded-For entry escaped the limit")
	}
	// An untrusted peer's header means nothing.
	exhaust("192.0.2.9:1", map[string]string{"X-Forwarded-For": "203.0.113.77"})
	if !refused("192.0.2.9:1", map[string]string{"X-Forwarded-For": "203.0.113.78"}) {
		t.Error("an untrusted peer chose its source by X-Forwarded-For")
	}
}

// TestPendingPairingsBounded: across many sources, the host's global bound on codes waiting
// for approval still holds (far above what one source can reach), and expired codes stop
// counting.
func TestPendingPairingsBounded(t *testing.T) {
	clk := &clock{t: time.Now().UTC()}
	d := newDirect(t, clk, host.Options{})
	if host.MaxPendingPairings < 20*host.PairingBurst {
		t.Fatalf("the global bound %d is not far above one source's burst %d", host.MaxPendingPairings, host.PairingBurst)
	}
	for i := 0; i < host.MaxPendingPairings; i++ {
		addr := fmt.Sprintf("192.0.%d.%d:1", i/host.PairingBurst/250, i/host.PairingBurst%250)
		if _, rec, e := d.pair(addr, nil); rec.Code != 200 {
			t.Fatalf("pairing %d from %s: %d %+v", i, addr, rec.Code, e)
		}
	}
	_, rec, e := d.pair("198.51.100.200:1", nil)
	if rec.Code != http.StatusTooManyRequests || e.Code != "too_many_requests" || !strings.Contains(e.Description, "waiting for approval") || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("pairing %d: %d %+v", host.MaxPendingPairings+1, rec.Code, e)
	}
	// Expired ones no longer count.
	clk.Add(5*time.Minute + time.Second)
	if _, rec, e := d.pair("198.51.100.200:1", nil); rec.Code != 200 {
		t.Fatalf("after expiry: %d %+v", rec.Code, e)
	}
}
