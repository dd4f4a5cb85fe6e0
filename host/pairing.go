package host

import (
	"sync"
	"time"
)

type pairingState int

const (
	pairingPending  pairingState = iota
	pairingApproved              // owner approved; the token is issued at the next poll
	pairingDenied
	pairingIssued // token delivered: the device code is spent
)

// pairing is one device-authorization request. It lives in memory only: a host restart ends
// pending pairings, which the client reports as expired and asks again.
type pairing struct {
	deviceHash string
	userCode   string
	project    string
	created    time.Time
	expires    time.Time
	interval   time.Duration
	lastPoll   time.Time
	state      pairingState
	worldID    string
}

// pairings indexes live pairing requests by device-code hash and by user code. Spent and
// expired entries are kept for a while so a reused or late code gets a precise answer.
type pairings struct {
	mu       sync.Mutex
	byDevice map[string]*pairing
	byCode   map[string]*pairing
}

func newPairings() *pairings {
	return &pairings{byDevice: map[string]*pairing{}, byCode: map[string]*pairing{}}
}

// MaxPendingPairings bounds the codes waiting for the owner on the whole host: the endpoint needs
// no credentials, so without a bound sources enough could fill its memory. One source reaches
// at most 30 (see PairingBurst), so this takes more than thirty sources at once.
const MaxPendingPairings = 1024

// maxPairings bounds every pairing kept, the spent and expired ones included (kept so a late
// or reused code gets a precise answer): past it, the oldest that is no longer pending goes.
const maxPairings = 4 * MaxPendingPairings

// add registers a pairing under a fresh user code and returns the device code, or "" when too
// many are pending.
func (ps *pairings) add(p *pairing, now time.Time) (deviceCode string) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	ps.gc(now)
	pending := 0
	for _, q := range ps.byDevice {
		if q.state == pairingPending && now.Before(q.expires) {
			pending++
		}
	}
	if pending >= MaxPendingPairings {
		return ""
	}
	for {
		p.userCode = newUserCode()
		if _, taken := ps.byCode[p.userCode]; !taken {
			break
		}
	}
	deviceCode = newSecret("sdc_")
	p.deviceHash = hashSecret(deviceCode)
	ps.byDevice[p.deviceHash] = p
	ps.byCode[p.userCode] = p
	return deviceCode
}

// gc forgets pairings an hour after they expired, and the oldest finished ones while more than
// maxPairings are kept.
func (ps *pairings) gc(now time.Time) {
	for k, p := range ps.byDevice {
		if now.Sub(p.expires) > time.Hour {
			ps.forget(k, p)
		}
	}
	for len(ps.byDevice) >= maxPairings {
		var oldest *pairing
		for _, p := range ps.byDevice {
			live := p.state == pairingPending && now.Before(p.expires) || p.state == pairingApproved
			if !live && (oldest == nil || p.created.Before(oldest.created)) {
				oldest = p
			}
		}
		if oldest == nil {
			return // all live: add refuses at MaxPendingPairings, far below maxPairings
		}
		ps.forget(oldest.deviceHash, oldest)
	}
}

func (ps *pairings) forget(device string, p *pairing) {
	delete(ps.byDevice, device)
	delete(ps.byCode, p.userCode)
}
