package host

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"sync"
	"time"

	"github.com/scapeworld/scape/host/store"
	wm "github.com/scapeworld/scape/world"
)

// Invites are the owner's links for a role (docs/dev.md, "Tabs, invites and guests"). Each one
// expires (a day unless the owner says otherwise), may cap how many tabs it opens, and can be
// revoked; a tab opened with one stays a guest until it ends or the owner removes it. Codes are
// kept as hashes; the owner's list names an invite by its id, never its code. Without a cap an
// invite opens any number of tabs: each is a session in the bounded guest table, and an avatar
// only while its tab is present (sessions.go), so a link opened 400 times leaves no crowd behind.
type inviteBook struct {
	mu     sync.Mutex
	now    func() time.Time
	byHash map[string]*invite
	byID   map[string]*invite
	// The invites are saved in the store across restarts (saveInvites): pending are those to
	// write and the ids to delete; st nil keeps them in memory only.
	st      *store.DB
	world   string
	pending changes[*invite]
	saveMu  sync.Mutex
	logf    func(format string, args ...any)
}

type invite struct {
	id      string // public: the owner's list and revocation name it
	hash    string
	role    Role
	created time.Time
	expires time.Time
	maxUses int // 0: no cap
	uses    int
}

// The invites' bounds.
const (
	defaultInviteTTL = 24 * time.Hour
	maxInviteTTL     = 30 * 24 * time.Hour
	// maxOpenInvites bounds the invites kept: once full, minting another is refused until one
	// expires, is used up or is revoked (a live link is never dropped to make room).
	maxOpenInvites = 256
	// maxInviteUses bounds the cap an owner may set (a number past the guest table's size
	// means nothing more than "no cap").
	maxInviteUses = maxGuestTabs
)

func newInviteBook(now func() time.Time) *inviteBook {
	return &inviteBook{now: now, byHash: map[string]*invite{}, byID: map[string]*invite{}, pending: newChanges[*invite](),
		logf: func(string, ...any) {}}
}

// inviteView is an invite as the owner's list shows it.
type inviteView struct {
	ID        string    `json:"id"`
	Role      Role      `json:"role"`
	CreatedAt time.Time `json:"createdAt"`
	ExpiresAt time.Time `json:"expiresAt"`
	MaxUses   int       `json:"maxUses,omitempty"`
	Uses      int       `json:"uses"`
}

func (in *invite) view() inviteView {
	return inviteView{ID: in.id, Role: in.role, CreatedAt: in.created, ExpiresAt: in.expires, MaxUses: in.maxUses, Uses: in.uses}
}

// open says whether in still opens tabs at now.
func (in *invite) open(now time.Time) bool {
	return now.Before(in.expires) && (in.maxUses == 0 || in.uses < in.maxUses)
}

// inviteTerms checks the owner's expiry (minutes, 0: the default) and cap (0: none).
func inviteTerms(minutes, maxUses int) (time.Duration, error) {
	ttl := time.Duration(minutes) * time.Minute
	switch {
	case minutes == 0:
		ttl = defaultInviteTTL
	case minutes < 0 || ttl > maxInviteTTL:
		return 0, &wm.Error{Status: http.StatusBadRequest, Message: fmt.Sprintf("expiresInMinutes must be between 1 and %d", int(maxInviteTTL/time.Minute))}
	}
	if maxUses < 0 || maxUses > maxInviteUses {
		return 0, &wm.Error{Status: http.StatusBadRequest, Message: fmt.Sprintf("maxUses must be between 0 (no cap) and %d", maxInviteUses)}
	}
	return ttl, nil
}

// mint makes an invite for role, open for ttl and at most maxUses tabs (0: no cap).
func (b *inviteBook) mint(role Role, ttl time.Duration, maxUses int) (string, inviteView, error) {
	code := newSecret("sinv_")
	h := hashSecret(code)
	now := b.now()
	in := &invite{id: "inv-" + h[:12], hash: h, role: role, created: now, expires: now.Add(ttl), maxUses: maxUses}
	defer b.saveInvites() // at once: the link is handed out now
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pruneLocked(now)
	if len(b.byHash) >= maxOpenInvites {
		return "", inviteView{}, &wm.Error{Status: http.StatusConflict, Message: fmt.Sprintf("%d invites are open: revoke one first", maxOpenInvites)}
	}
	b.byHash[h], b.byID[in.id] = in, in
	b.markLocked(in)
	return code, in.view(), nil
}

// pruneLocked forgets the invites that no longer open tabs.
func (b *inviteBook) pruneLocked(now time.Time) {
	for h, in := range b.byHash {
		if !in.open(now) {
			delete(b.byHash, h)
			delete(b.byID, in.id)
			b.forgetLocked(in)
		}
	}
}

// check says whether code is an open invite, without using it (the /join page).
func (b *inviteBook) check(code string) bool {
	if code == "" {
		return false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	in, ok := b.byHash[hashSecret(code)]
	return ok && in.open(b.now())
}

// redeem uses code for one tab: its role and id.
func (b *inviteBook) redeem(code string) (Role, string, bool) {
	if code == "" {
		return "", "", false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	in, ok := b.byHash[hashSecret(code)]
	if !ok || !in.open(b.now()) {
		return "", "", false
	}
	in.uses++
	b.markLocked(in)
	return in.role, in.id, true
}

// holder is the role and id of code's invite for a person it already let in: one that has not
// expired or been revoked, used up or not (another tab of that person spends no use).
func (b *inviteBook) holder(code string) (Role, string, bool) {
	if code == "" {
		return "", "", false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	in, ok := b.byHash[hashSecret(code)]
	if !ok || !b.now().Before(in.expires) {
		return "", "", false
	}
	return in.role, in.id, true
}

// giveBack returns a use of the invite id whose tab could not be opened.
func (b *inviteBook) giveBack(id string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if in, ok := b.byID[id]; ok && in.uses > 0 {
		in.uses--
		b.markLocked(in)
	}
}

// revoke forgets the invite id; false when there is no such open invite.
func (b *inviteBook) revoke(id string) bool {
	defer b.saveInvites() // at once: a revoked link stays revoked after a restart
	b.mu.Lock()
	defer b.mu.Unlock()
	in, ok := b.byID[id]
	if ok {
		delete(b.byHash, in.hash)
		delete(b.byID, id)
		b.forgetLocked(in)
	}
	return ok
}

// has says whether the invite id is in the book.
func (b *inviteBook) has(id string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	_, ok := b.byID[id]
	return ok
}

// markLocked asks for in to be saved.
func (b *inviteBook) markLocked(in *invite) {
	if b.st != nil {
		b.pending.mark(in.id, in)
	}
}

// forgetLocked asks for in to be deleted from the store.
func (b *inviteBook) forgetLocked(in *invite) {
	if b.st != nil {
		b.pending.forget(in.id)
	}
}

// saveInvites writes what changed since the last save, in one transaction: at once for a new or
// revoked link, else with the sweep's save of the people (a use, a use given back, an expiry).
// A failed save is logged and asked again.
func (b *inviteBook) saveInvites() {
	if b.st == nil {
		return
	}
	b.saveMu.Lock()
	defer b.saveMu.Unlock()
	b.mu.Lock()
	dirty, gone := b.pending.take()
	save := make([]store.Invite, 0, len(dirty))
	for _, in := range dirty {
		save = append(save, store.Invite{ID: in.id, Hash: in.hash, Role: string(in.role), Created: in.created, Expires: in.expires, MaxUses: in.maxUses, Uses: in.uses})
	}
	b.mu.Unlock()
	err := b.st.SaveInvites(context.Background(), b.world, save, gone)
	if err == nil {
		return
	}
	b.logf("saving the invites: %v", err)
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pending.giveBack(dirty, gone, func(id string) bool { _, ok := b.byID[id]; return ok })
}

// restoreInvites puts the stored invites that still open tabs back in the book; the others
// are deleted on the next save.
func (b *inviteBook) restoreInvites(ctx context.Context, st *store.DB, world string) error {
	ins, err := st.Invites(ctx, world)
	if err != nil {
		return err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.st, b.world = st, world
	now := b.now()
	for _, s := range ins {
		in := &invite{id: s.ID, hash: s.Hash, role: Role(s.Role), created: s.Created, expires: s.Expires, maxUses: s.MaxUses, uses: s.Uses}
		if !in.open(now) || len(b.byID) >= maxOpenInvites {
			b.pending.forget(in.id)
			continue
		}
		b.byHash[in.hash], b.byID[in.id] = in, in
	}
	return nil
}

// list is every open invite, newest first.
func (b *inviteBook) list() []inviteView {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	b.pruneLocked(now)
	out := make([]inviteView, 0, len(b.byHash))
	for _, in := range b.byHash {
		out = append(out, in.view())
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].CreatedAt.Equal(out[j].CreatedAt) {
			return out[i].CreatedAt.After(out[j].CreatedAt)
		}
		return out[i].ID < out[j].ID
	})
	return out
}
