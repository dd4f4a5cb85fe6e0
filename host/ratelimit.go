package host

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"
)

// Pairing requests need no credentials, so they are bounded per source (docs/protocol.md,
// "Pairing limits"): each source has a token bucket of PairingBurst requests that refills one
// request per PairingRefill. One noisy source is refused on its own and never locks out a client
// elsewhere; MaxPendingPairings bounds the whole host far above what one source can reach
// (PairingBurst + 5 min / PairingRefill = 30 live codes).
const (
	PairingBurst  = 10
	PairingRefill = 15 * time.Second
	// maxSources bounds the sources the limiter remembers (see evict).
	maxSources = 4096
)

// sourceLimiter is a token bucket per request source.
type sourceLimiter struct {
	mu      sync.Mutex
	burst   float64
	refill  time.Duration
	max     int
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time // when tokens was computed
	// logged: the first refusal since the bucket was last usable has been logged; a flood is
	// one log line, not two hundred.
	logged bool
}

func newSourceLimiter(burst int, refill time.Duration, max int) *sourceLimiter {
	return &sourceLimiter{burst: float64(burst), refill: refill, max: max, buckets: map[string]*bucket{}}
}

// allow spends one request of source at now. When the bucket is empty it returns false and how
// long until a request is allowed again; first says this is the first refusal since the source
// was last allowed (for logging).
func (l *sourceLimiter) allow(source string, now time.Time) (ok bool, retry time.Duration, first bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[source]
	if b == nil {
		if len(l.buckets) >= l.max {
			l.evict(now)
		}
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[source] = b
	}
	l.fill(b, now)
	if b.tokens >= 1 {
		b.tokens--
		b.logged = false
		return true, 0, false
	}
	retry = time.Duration((1 - b.tokens) * float64(l.refill))
	first = !b.logged
	b.logged = true
	return false, retry, first
}

func (l *sourceLimiter) fill(b *bucket, now time.Time) {
	if d := now.Sub(b.at); d > 0 {
		b.tokens = min(l.burst, b.tokens+float64(d)/float64(l.refill))
		b.at = now
	}
}

// evict makes room for a new source: it forgets every full bucket (the same as none), or else
// the one with the most requests left, so the sources being limited are the last forgotten: a
// client must hold more than maxSources addresses to reset its own bucket this way, and one
// that does is not bounded per source anyway. Callers hold mu.
func (l *sourceLimiter) evict(now time.Time) {
	var spare string
	for k, b := range l.buckets {
		l.fill(b, now)
		if b.tokens >= l.burst {
			delete(l.buckets, k)
			continue
		}
		if s := l.buckets[spare]; spare == "" || b.tokens > s.tokens || (b.tokens == s.tokens && b.at.Before(s.at)) {
			spare = k
		}
	}
	if len(l.buckets) >= l.max && spare != "" {
		delete(l.buckets, spare)
	}
}

// requestSource names who sent a request, for per-source limits: the peer's IP address, an
// IPv6 address by its /64 (one subscriber usually holds a whole /64, so counting single
// addresses would not bound anyone). When the peer is one of the trusted proxies, the source is
// the rightmost X-Forwarded-For address that is not itself a trusted proxy: entries left of it
// were written by the client and prove nothing.
func requestSource(r *http.Request, trusted []netip.Prefix) string {
	peer, ok := parseAddr(r.RemoteAddr)
	if !ok {
		return r.RemoteAddr
	}
	if isTrusted(peer, trusted) {
		var hops []string
		for _, h := range r.Header.Values("X-Forwarded-For") {
			hops = append(hops, strings.Split(h, ",")...)
		}
		for i := len(hops) - 1; i >= 0; i-- {
			a, ok := parseAddr(strings.TrimSpace(hops[i]))
			if !ok {
				break // a malformed hop: trust nothing left of it
			}
			if !isTrusted(a, trusted) {
				peer = a
				break
			}
		}
	}
	return sourceKey(peer)
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// parseAddr reads "ip", "ip:port" or "[ipv6]:port".
func parseAddr(s string) (netip.Addr, bool) {
	if host, _, err := net.SplitHostPort(s); err == nil {
		s = host
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap().WithZone(""), true
}

func sourceKey(a netip.Addr) string {
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}
