package host

import (
	"crypto/subtle"
	"fmt"
	"net/http"
	"strings"
	"sync"
)

// sessions are the world page's tabs: each tab is its own session with its own actor id and
// role, carried as a bearer token the tab keeps in sessionStorage (so two tabs of one browser are
// two viewers). The owner's signed-in tabs are admins; others join through an invite the owner
// minted for a role. Both live in memory: a developer world's guests rejoin after a restart.
type sessions struct {
	mu      sync.Mutex
	tabs    map[string]Actor // token hash → actor
	invites map[string]Role  // invite code hash → role
	n       int
}

// maxTabs bounds the sessions kept (a tab that never comes back is forgotten first... in bulk).
const maxTabs = 4096

func newSessions() *sessions {
	return &sessions{tabs: map[string]Actor{}, invites: map[string]Role{}}
}

// open mints a tab session for role: its token and actor.
func (ss *sessions) open(role Role) (string, Actor) {
	tok := newSecret("stab_")
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if len(ss.tabs) >= maxTabs {
		clear(ss.tabs)
	}
	ss.n++
	a := Actor{ID: fmt.Sprintf("%s-%d", role, ss.n), Role: role}
	if role == RoleAdmin {
		a.ID = fmt.Sprintf("owner-%d", ss.n)
	}
	ss.tabs[hashSecret(tok)] = a
	return tok, a
}

func (ss *sessions) lookup(tok string) (Actor, bool) {
	if tok == "" {
		return Actor{}, false
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	a, ok := ss.tabs[hashSecret(tok)]
	return a, ok
}

// invite mints an invite code for role (reusable: each tab that opens it is a new session).
func (ss *sessions) invite(role Role) string {
	code := newSecret("sinv_")
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if len(ss.invites) >= maxTabs {
		clear(ss.invites)
	}
	ss.invites[hashSecret(code)] = role
	return code
}

func (ss *sessions) redeem(code string) (Role, bool) {
	if code == "" {
		return "", false
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	r, ok := ss.invites[hashSecret(code)]
	return r, ok
}

// tab is the session of an API request: its bearer token (Authorization header, or the
// session query parameter for EventSource, which cannot set headers).
func (s *Server) tab(r *http.Request) (Actor, bool) {
	tok := ""
	if h := r.Header.Get("Authorization"); strings.HasPrefix(h, "Bearer ") {
		tok = strings.TrimPrefix(h, "Bearer ")
	} else if r.Method == http.MethodGet {
		tok = r.URL.Query().Get("session")
	}
	return s.sessions.lookup(tok)
}

// ownerCSRF says whether r carries the signed-in owner's cookie and CSRF token (header).
func (s *Server) ownerCSRF(r *http.Request) bool {
	o, ok := s.owner(r)
	return ok && subtle.ConstantTimeCompare([]byte(r.Header.Get("X-CSRF-Token")), []byte(o.csrf)) == 1
}
