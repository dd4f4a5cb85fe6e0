package host

import "context"

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

// openAs opens a tab for role: another tab of the person whose secret the page presented when
// it matches (same role and origin, not ended), else a new person. It returns the tab's token,
// the person secret for the page to keep, the actor, and whether it is an existing person.
func (ss *sessions) openAs(ctx context.Context, role Role, from tabOrigin, person string) (string, string, Actor, bool, error) {
	if person != "" {
		if tok, a, ok := ss.rejoin(role, from, person); ok {
			return tok, person, a, true, nil
		}
	}
	tok, secret, a, err := ss.openNew(ctx, role, from)
	return tok, secret, a, false, err
}

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
