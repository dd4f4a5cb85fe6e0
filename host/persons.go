package host

import (
	"context"
	"time"

	"github.com/scapeworld/scape/host/store"
)

// One person per browser (docs/security.md, "Sessions and identities"). The host mints a person
// secret with a person's first tab; the page keeps it in localStorage, per world origin and
// invite, and presents it when another tab of that browser opens (or the link is opened again).
// The secret is only ever matched with what opens a tab anyway, the same invite or the same
// owner sign-in, so holding one grants nothing beyond being that person again: the page cannot
// choose an identity, only present one the host handed it. Each tab still has its own bearer
// token (sessionStorage), and the person's tabs share its actor, avatar, placer name and log.

// maxTabsPerPerson bounds one person's tab tokens: past it the oldest token stops working, and
// that tab (if still open) opens again with the person secret.
const maxTabsPerPerson = 32

// rejoin mints a new tab token for the person of secret, if it is one the host minted for this
// role and origin (the same invite, or the same owner sign-in) and has not ended.
func (ss *sessions) rejoin(role Role, from tabOrigin, secret string) (string, Actor, bool) {
	var gone []string
	defer func() { ss.onEnd(gone) }()
	ss.mu.Lock()
	defer ss.mu.Unlock()
	t, ok := ss.persons[hashSecret(secret)]
	if !ok || t.actor.Role != role || t.owner != from.owner || t.invite != from.invite {
		return "", Actor{}, false
	}
	now := ss.now()
	if ss.endedLocked(t, now) {
		gone = []string{t.actor.ID}
		ss.dropLocked(t)
		return "", Actor{}, false
	}
	tok := newSecret("stab_")
	h := hashSecret(tok)
	t.tokens = append(t.tokens, h)
	ss.tabs[h] = t
	if len(t.tokens) > maxTabsPerPerson {
		delete(ss.tabs, t.tokens[0])
		t.tokens = t.tokens[1:]
	}
	ss.touchLocked(t, now)
	return tok, t.actor, true
}

// A person survives a restart of the host (docs/security.md, "Sessions and identities"): the
// store keeps what identifies one — the hash of its secret (never the secret), its actor id and
// role, the owner's sign-in or the invite it is bound to, when it opened and was last seen — so a
// browser presenting its secret after a restart is the same actor (avatar, placer, log). The tab
// tokens stay in memory: a page whose token a restarted host does not know opens its tab again
// with the person secret. The bounds hold across a restart: a person restored is in the same
// least-recently-used lists, ends by the same rules (its sign-in ended, idle past tabIdleTTL),
// and every person the table forgets (ended, signed out, removed, pushed out) is deleted from
// the store. Writes are batched: the sweep saves once a second of the host's clock (in the background), a person's
// last use is saved at most once a minute (personSeenSaveEvery), ending persons on request (sign
// out, removal) is saved at once, and Close saves the rest.

// personSeenSaveEvery is how stale a person's stored last use may be: idle expiry is measured
// in hours (tabIdleTTL), so a minute early is nothing, and an open tab's keep-alives are not a
// write each.
const personSeenSaveEvery = time.Minute

// markLocked asks for t to be saved.
func (ss *sessions) markLocked(t *tabSession, now time.Time) {
	t.saved = now
	if ss.people != nil {
		ss.pending.mark(t.person, t)
	}
}

// forgetLocked asks for t to be deleted from the store (it was dropped from the table).
func (ss *sessions) forgetLocked(t *tabSession) {
	if ss.people != nil {
		ss.pending.forget(t.person)
	}
}

// stored is t as the store keeps it.
func (t *tabSession) stored() store.Person {
	return store.Person{Hash: t.person, Actor: t.actor.ID, Role: string(t.actor.Role), Owner: t.owner, OwnerUntil: t.ownerUntil,
		Invite: t.invite, Opened: t.opened, Seen: t.seen}
}

// saveSoon saves in the background (the sweep runs on the world's ticker, which must not wait
// for an fsync); with a save already running it does nothing: the next sweep saves the rest.
func (ss *sessions) saveSoon() {
	if ss.people == nil || !ss.saving.TryLock() {
		return
	}
	ss.saves.Add(1)
	go func() {
		defer ss.saves.Done()
		defer ss.saving.Unlock()
		ss.savePeople()
	}()
}

// saveNow waits for a background save, then saves the rest (Close).
func (ss *sessions) saveNow() {
	ss.saves.Wait()
	ss.savePeople()
}

// savePeople writes what changed since the last save, in one transaction; a failed save is
// logged and asked again (the next sweep retries it).
func (ss *sessions) savePeople() {
	ss.invites.saveInvites() // the invites' uses and expiries, with the people
	if ss.people == nil {
		return
	}
	ss.saveMu.Lock()
	defer ss.saveMu.Unlock()
	ss.mu.Lock()
	dirty, ended := ss.pending.take()
	save := make([]store.Person, 0, len(dirty))
	for _, t := range dirty {
		save = append(save, t.stored())
	}
	ss.mu.Unlock()
	if len(save) == 0 && len(ended) == 0 {
		return
	}
	err := ss.people.SavePeople(context.Background(), ss.world, save, ended)
	if err == nil {
		return
	}
	ss.logf("saving the world page's people: %v", err)
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.pending.giveBack(dirty, ended, func(h string) bool { _, ok := ss.persons[h]; return ok })
}

// restorePeople puts the stored persons back in the table, least recently seen first, within
// the table's bounds; a person that ended meanwhile (its sign-in over, idle too long), or one
// past a list's bound, is deleted on the next save.
func (ss *sessions) restorePeople(ctx context.Context, st *store.DB, world string) error {
	ps, err := st.People(ctx, world)
	if err != nil {
		return err
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.people, ss.world = st, world
	now := ss.now()
	for _, p := range ps {
		t := &tabSession{person: p.Hash, actor: Actor{ID: p.Actor, Role: Role(p.Role)}, owner: p.Owner, ownerUntil: p.OwnerUntil,
			invite: p.Invite, opened: p.Opened, seen: p.Seen, saved: p.Seen}
		// A guest whose invite is gone (revoked, expired, used up) could only open tabs as a new
		// person with another invite: it ended with its link.
		if ss.endedLocked(t, now) || ss.byActor[t.actor.ID] != nil || (t.actor.Role != RoleAdmin && !ss.invites.has(t.invite)) {
			ss.pending.forget(p.Hash)
			continue
		}
		l, limit := ss.guests, maxGuestTabs
		if t.actor.Role == RoleAdmin {
			l, limit = ss.admins, maxAdminTabs
		}
		if l.Len() >= limit {
			ss.dropLocked(l.Back().Value.(*tabSession)) // the least recently seen: none has a stream yet
		}
		t.elem = l.PushFront(t)
		ss.persons[t.person] = t
		ss.byActor[t.actor.ID] = t
	}
	return nil
}
