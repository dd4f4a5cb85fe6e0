package host

import (
	"container/list"
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/scapeworld/scape/host/store"
	wm "github.com/scapeworld/scape/world"
)

// sessions are the world page's people: each is a session with its own actor id and role, and
// each tab of it carries its own bearer token, kept in sessionStorage. The tabs of one browser
// are one person: a tab presents the person secret the host minted for that browser (persons.go)
// and gets a new token for the same session. The owner's signed-in tabs are admins, tied to the sign-in that opened them;
// others join through an invite the owner minted for a role (invites.go). Tab tokens live in
// memory (a restarted host's tabs open again); the persons are also saved in the store, so a
// tab that opens again with its person secret is the same actor (persons.go). Actor ids come
// from the world's stored counter (actorids.go) and are never handed out twice.
//
// The table is bounded without ever clearing it: guests and the owner's tabs are two lists, each
// in order of last use; a full list forgets its least recently used tab without a live event
// stream, and a list whose every tab is live refuses the new one. Guests never push out the
// owner's tabs, and the owner's sign-in (a cookie, owner_sessions) is another table altogether.
type sessions struct {
	mu      sync.Mutex
	now     func() time.Time
	ids     *actorIDs
	tabs    map[string]*tabSession // by token hash
	persons map[string]*tabSession // by person secret hash (persons.go)
	byActor map[string]*tabSession
	tickets map[string]*tabSession // by stream ticket hash
	guests  *list.List             // of *tabSession, most recently used first
	admins  *list.List
	// onEnd is told (outside the lock) the actors of the tabs the table ended: their streams
	// close and their avatars leave.
	onEnd func(actors []string)
	// presence serialises "is this tab here?" with joining or leaving its avatar (tabsweep.go).
	presence  sync.Mutex
	lastSweep time.Time
	invites   *inviteBook
	// boot tells this run of the host from the last (persons.go): tab tokens live in memory, so
	// a page whose tab is unknown after a restart opens it again (as the same person) instead of
	// ending.
	boot string
	// The persons are saved in the store across restarts (persons.go, savePeople): pending are
	// those to write and the person hashes to delete; people nil keeps them in memory only.
	people  *store.DB
	world   string
	pending changes[*tabSession]
	saveMu  sync.Mutex     // one save at a time, so a deletion never overtakes an older write
	saving  sync.Mutex     // held by the background save (saveSoon)
	saves   sync.WaitGroup // the background saves
	logf    func(format string, args ...any)
}

// tabSession is one person: the tabs of one browser.
type tabSession struct {
	tokens []string // its tabs' token hashes, oldest first: the table's keys
	person string   // the hash of its person secret
	actor  Actor
	// owner is, for an admin tab, the hash of the owner's sign-in it was opened under, and
	// ownerUntil when that sign-in expires: the tab ends with it.
	owner      string
	ownerUntil time.Time
	invite     string // a guest tab: the id of the invite it was opened with
	opened     time.Time
	seen       time.Time // its last request, stream end or opening
	streams    int       // its open event streams
	ticket     string    // the hash of its unused stream ticket, if any
	ticketEnds time.Time
	elem       *list.Element
	saved      time.Time // seen as last marked for saving (persons.go)
}

// The table's bounds and times (docs/dev.md, "Tabs, invites and guests").
const (
	// maxGuestTabs bounds the guests' sessions: a full table forgets its least recently used
	// guest without a live stream.
	maxGuestTabs = 4096
	// maxAdminTabs bounds the owner's tabs (one person: far more than a browser keeps open).
	maxAdminTabs = 256
	// tabIdleTTL forgets a tab with no live stream that made no request for this long.
	tabIdleTTL = 12 * time.Hour
	// leaveGrace is how long a tab's avatar stands once the tab has neither a live event stream
	// nor made a request: a reload reconnects well within it and keeps the avatar where it was;
	// a closed tab's avatar, or one of a tab that never connected, leaves.
	leaveGrace = 10 * time.Second
	// streamTicketTTL is how long a stream ticket may wait for its one use.
	streamTicketTTL = 30 * time.Second
)

func newSessions(ids *actorIDs, now func() time.Time) *sessions {
	return &sessions{now: now, ids: ids, tabs: map[string]*tabSession{}, persons: map[string]*tabSession{}, byActor: map[string]*tabSession{},
		tickets: map[string]*tabSession{}, guests: list.New(), admins: list.New(), onEnd: func([]string) {},
		invites: newInviteBook(now), boot: newSecret("")[:16], pending: newChanges[*tabSession](),
		logf: func(string, ...any) {}}
}

// tabOrigin is what opens a tab: the owner's sign-in (an admin tab) or an invite (a guest).
type tabOrigin struct {
	owner      string
	ownerUntil time.Time
	invite     string
}

// errTabsFull refuses a tab when every tab of its list has a live stream.
var errTabsFull = &wm.Error{Status: http.StatusServiceUnavailable, Message: "this world has as many open tabs as it keeps: close one, or try again later"}

// open mints a tab session for role: its token and actor.
func (ss *sessions) open(ctx context.Context, role Role, from tabOrigin) (string, Actor, error) {
	tok, _, a, err := ss.openNew(ctx, role, from)
	return tok, a, err
}

// openNew mints a new person for role: its first tab's token, its person secret and its actor.
func (ss *sessions) openNew(ctx context.Context, role Role, from tabOrigin) (string, string, Actor, error) {
	prefix := string(role)
	if role == RoleAdmin {
		prefix = "owner"
	}
	id, err := ss.ids.mint(ctx, prefix)
	if err != nil {
		return "", "", Actor{}, err
	}
	tok, person := newSecret("stab_"), newSecret("sper_")
	now := ss.now()
	t := &tabSession{tokens: []string{hashSecret(tok)}, person: hashSecret(person), actor: Actor{ID: id, Role: role}, owner: from.owner, ownerUntil: from.ownerUntil,
		invite: from.invite, opened: now, seen: now}
	var gone []string
	defer func() { ss.onEnd(gone) }()
	ss.mu.Lock()
	defer ss.mu.Unlock()
	l, limit := ss.guests, maxGuestTabs
	if role == RoleAdmin {
		l, limit = ss.admins, maxAdminTabs
	}
	gone = ss.expireLocked(l, now)
	if l.Len() >= limit {
		victim := ss.idlestLocked(l)
		if victim == nil {
			return "", "", Actor{}, errTabsFull
		}
		gone = append(gone, victim.actor.ID)
		ss.dropLocked(victim)
	}
	t.elem = l.PushFront(t)
	ss.tabs[t.tokens[0]] = t
	ss.persons[t.person] = t
	ss.byActor[id] = t
	ss.markLocked(t, now)
	return tok, person, t.actor, nil
}

// listOf is the list a tab is in.
func (ss *sessions) listOf(t *tabSession) *list.List {
	if t.actor.Role == RoleAdmin {
		return ss.admins
	}
	return ss.guests
}

// idlestLocked is the least recently used tab of l without a live stream, or nil.
func (ss *sessions) idlestLocked(l *list.List) *tabSession {
	for e := l.Back(); e != nil; e = e.Prev() {
		if t := e.Value.(*tabSession); t.streams == 0 {
			return t
		}
	}
	return nil
}

// endedLocked says whether t is over: its owner's sign-in expired, or it sat idle too long.
func (ss *sessions) endedLocked(t *tabSession, now time.Time) bool {
	if t.actor.Role == RoleAdmin && !now.Before(t.ownerUntil) {
		return true
	}
	return t.streams == 0 && now.Sub(t.seen) >= tabIdleTTL
}

// expireLocked drops the tabs of l that are over; l is in order of use, so the walk stops at the
// first tab used within tabIdleTTL (admin tabs are few, and walked whole for their sign-in's end).
func (ss *sessions) expireLocked(l *list.List, now time.Time) []string {
	var gone []string
	for e := l.Back(); e != nil; {
		t, prev := e.Value.(*tabSession), e.Prev()
		if l != ss.admins && now.Sub(t.seen) < tabIdleTTL {
			break
		}
		if ss.endedLocked(t, now) {
			gone = append(gone, t.actor.ID)
			ss.dropLocked(t)
		}
		e = prev
	}
	return gone
}

// dropLocked forgets t.
func (ss *sessions) dropLocked(t *tabSession) {
	ss.listOf(t).Remove(t.elem)
	for _, h := range t.tokens {
		delete(ss.tabs, h)
	}
	delete(ss.persons, t.person)
	delete(ss.byActor, t.actor.ID)
	if t.ticket != "" {
		delete(ss.tickets, t.ticket)
	}
	ss.forgetLocked(t)
}

// touchLocked records a use of t.
func (ss *sessions) touchLocked(t *tabSession, now time.Time) {
	t.seen = now
	ss.listOf(t).MoveToFront(t.elem)
	if now.Sub(t.saved) >= personSeenSaveEvery {
		ss.markLocked(t, now)
	}
}

// lookup is the tab of a token, marked as used; an ended tab is forgotten.
func (ss *sessions) lookup(tok string) (Actor, bool) {
	if tok == "" {
		return Actor{}, false
	}
	return ss.use(ss.tabs, hashSecret(tok), false)
}

// use finds a tab in m by key, ends it if it is over, else marks it used; once removes the key
// (a spent ticket).
func (ss *sessions) use(m map[string]*tabSession, key string, once bool) (Actor, bool) {
	var gone []string
	defer func() { ss.onEnd(gone) }()
	ss.mu.Lock()
	defer ss.mu.Unlock()
	t, ok := m[key]
	if !ok {
		return Actor{}, false
	}
	now := ss.now()
	if once {
		delete(m, key)
		t.ticket = ""
		if !now.Before(t.ticketEnds) {
			return Actor{}, false
		}
	}
	if ss.endedLocked(t, now) {
		gone = []string{t.actor.ID}
		ss.dropLocked(t)
		return Actor{}, false
	}
	ss.touchLocked(t, now)
	return t.actor, true
}

// ticket mints a stream ticket for actor's tab, replacing any it has not used: a tab holds at
// most one, so tickets are bounded by tabs.
func (ss *sessions) ticket(actor string) (string, bool) {
	tk := newSecret("stkt_")
	ss.mu.Lock()
	defer ss.mu.Unlock()
	t, ok := ss.byActor[actor]
	if !ok {
		return "", false
	}
	if t.ticket != "" {
		delete(ss.tickets, t.ticket)
	}
	t.ticket, t.ticketEnds = hashSecret(tk), ss.now().Add(streamTicketTTL)
	ss.tickets[t.ticket] = t
	return tk, true
}

// redeemTicket is the tab of a stream ticket, which is spent whatever the answer.
func (ss *sessions) redeemTicket(tk string) (Actor, bool) {
	if tk == "" {
		return Actor{}, false
	}
	return ss.use(ss.tickets, hashSecret(tk), true)
}

// attach counts an event stream of actor's tab opening; false when the tab is gone.
func (ss *sessions) attach(actor string) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	t, ok := ss.byActor[actor]
	if ok {
		t.streams++
		ss.touchLocked(t, ss.now())
	}
	return ok
}

// detach counts it closing: the avatar's grace starts now.
func (ss *sessions) detach(actor string) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if t, ok := ss.byActor[actor]; ok {
		t.streams--
		ss.touchLocked(t, ss.now())
	}
}

// touch marks actor's tab used (a live stream's keep-alive); false when the tab is gone.
func (ss *sessions) touch(actor string) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	t, ok := ss.byActor[actor]
	if ok {
		ss.touchLocked(t, ss.now())
	}
	return ok
}

// present says whether actor's tab is here: a live event stream, or a use within leaveGrace.
func (ss *sessions) present(actor string) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	t, ok := ss.byActor[actor]
	return ok && (t.streams > 0 || ss.now().Sub(t.seen) < leaveGrace)
}

// expire forgets every tab that is over, and tickets past their time.
func (ss *sessions) expire() {
	var gone []string
	defer func() { ss.onEnd(gone) }()
	ss.mu.Lock()
	defer ss.mu.Unlock()
	now := ss.now()
	gone = append(ss.expireLocked(ss.guests, now), ss.expireLocked(ss.admins, now)...)
	for k, t := range ss.tickets {
		if !now.Before(t.ticketEnds) {
			delete(ss.tickets, k)
			t.ticket = ""
		}
	}
}

// end forgets the tabs match picks and returns their actors (also told to onEnd); the store
// forgets them at once (signing out, revoking).
func (ss *sessions) end(match func(*tabSession) bool) []string {
	gone := ss.endMatching(match)
	ss.savePeople()
	return gone
}

func (ss *sessions) endMatching(match func(*tabSession) bool) []string {
	var gone []string
	defer func() { ss.onEnd(gone) }()
	ss.mu.Lock()
	defer ss.mu.Unlock()
	for _, t := range ss.byActor {
		if match(t) {
			gone = append(gone, t.actor.ID)
			ss.dropLocked(t)
		}
	}
	return gone
}

// endOwner ends every admin tab opened under the owner's sign-in hash: signing out ends them.
func (ss *sessions) endOwner(owner string) []string {
	return ss.end(func(t *tabSession) bool { return t.actor.Role == RoleAdmin && t.owner == owner })
}

// endGuest ends a guest's tab by its actor id; false when there is no such guest.
func (ss *sessions) endGuest(actor string) bool {
	return len(ss.end(func(t *tabSession) bool { return t.actor.ID == actor && t.actor.Role != RoleAdmin })) > 0
}

// endInvite ends the guests who came by the invite id.
func (ss *sessions) endInvite(id string) []string {
	return ss.end(func(t *tabSession) bool { return t.actor.Role != RoleAdmin && t.invite == id })
}

// guestView is one guest tab as the owner's list shows it.
type guestView struct {
	Actor  string    `json:"actor"`
	Role   Role      `json:"role"`
	Invite string    `json:"invite"`
	Opened time.Time `json:"opened"`
	Seen   time.Time `json:"seen"`
	Live   bool      `json:"live"` // an open event stream
}

// guestList is every guest tab, most recently used first.
func (ss *sessions) guestList() []guestView {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	out := make([]guestView, 0, ss.guests.Len())
	for e := ss.guests.Front(); e != nil; e = e.Next() {
		t := e.Value.(*tabSession)
		out = append(out, guestView{Actor: t.actor.ID, Role: t.actor.Role, Invite: t.invite, Opened: t.opened, Seen: t.seen, Live: t.streams > 0})
	}
	return out
}

// counts are the table's sizes (tests and the hostile harness's bounds).
func (ss *sessions) counts() (guests, admins, tickets int) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.guests.Len(), ss.admins.Len(), len(ss.tickets)
}
