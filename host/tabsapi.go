package host

import (
	"fmt"
	"net/http"
	"time"

	"github.com/scapeworld/scape/internal/human"
	wm "github.com/scapeworld/scape/world"
)

// The world API's side of tabs (docs/dev.md, "Tabs, invites and guests"): stream tickets for a
// tab's EventSource, and the owner's lists of invites and guests, with revocation and removal.

func (s *Server) tabRoutes(m *http.ServeMux) {
	m.HandleFunc("POST /api/world/events/ticket", s.handleStreamTicket)
	m.HandleFunc("GET /api/world/invites", s.handleInviteList)
	m.HandleFunc("POST /api/world/invites/{id}/revoke", s.handleInviteRevoke)
	m.HandleFunc("GET /api/world/guests", s.handleGuestList)
	m.HandleFunc("POST /api/world/guests/{actor}/remove", s.handleGuestRemove)
	m.HandleFunc("GET /api/world/boot", s.handleBoot)
}

// handleBoot names this run of the host (no session needed: it says only when the host last
// started). A page whose tab the host no longer knows asks it: a different run means the host
// restarted and forgot its tabs, so the page opens its tab again by itself; the same run means
// the tab was ended (signed out, removed), and the page says so.
func (s *Server) handleBoot(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]string{"boot": s.sessions.boot})
}

// tabOriginOf is who opens a tab: the holder of an open invite code (spending one of its uses
// when spend is set: a new person), or the signed-in owner (cookie and CSRF header), whose tab
// ends with that sign-in.
func (s *Server) tabOriginOf(r *http.Request, code string, spend bool) (Role, tabOrigin, bool) {
	if code != "" {
		redeem := s.sessions.invites.holder
		if spend {
			redeem = s.sessions.invites.redeem
		}
		role, id, ok := redeem(code)
		return role, tabOrigin{invite: id}, ok
	}
	o, ok := s.ownerCSRF(r)
	if !ok {
		return "", tabOrigin{}, false
	}
	until, err := s.store.OwnerSessionExpiry(r.Context(), o.tokenHash)
	if err != nil {
		return "", tabOrigin{}, false
	}
	return RoleAdmin, tabOrigin{owner: o.tokenHash, ownerUntil: until}, true
}

// handleStreamTicket mints the tab's stream ticket: GET /api/world/events?ticket=… within
// streamTicketTTL, once. Only the tab's own bearer token gets one.
func (s *Server) handleStreamTicket(w http.ResponseWriter, r *http.Request) {
	a, ok := s.requireTab(w, r)
	if !ok {
		return
	}
	tk, ok := s.sessions.ticket(a.ID)
	if !ok {
		s.answer(w, nil, &wm.Error{Status: http.StatusUnauthorized, Message: "this tab's session ended: reload the page to join again"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ticket": tk, "expiresInSeconds": int(streamTicketTTL / time.Second)})
}

// requireAdmin is the admin tab of a request, or the refusal (401, 403) answered.
func (s *Server) requireAdmin(w http.ResponseWriter, r *http.Request, what string) bool {
	a, ok := s.requireTab(w, r)
	if ok && !grants(a).Admin {
		s.answer(w, nil, &wm.Error{Status: http.StatusForbidden, Message: "only the world's admin " + what})
		return false
	}
	return ok
}

func (s *Server) handleInviteList(w http.ResponseWriter, r *http.Request) {
	if s.requireAdmin(w, r, "lists invites") {
		writeJSON(w, http.StatusOK, map[string]any{"invites": s.sessions.invites.list()})
	}
}

// handleInviteRevoke revokes an invite by its id; {"removeGuests": true} also ends the tabs it
// opened (a leaked link's crowd).
func (s *Server) handleInviteRevoke(w http.ResponseWriter, r *http.Request) {
	if !s.requireAdmin(w, r, "revokes invites") {
		return
	}
	var req struct {
		RemoveGuests bool `json:"removeGuests"`
	}
	if r.ContentLength != 0 && !readBody(w, r, &req) {
		return
	}
	id := r.PathValue("id")
	if !s.sessions.invites.revoke(id) {
		s.answer(w, nil, &wm.Error{Status: http.StatusNotFound, Message: fmt.Sprintf("no open invite %q", id)})
		return
	}
	removed := 0
	if req.RemoveGuests {
		removed = len(s.sessions.endInvite(id))
	}
	s.opts.Logf("invite %s revoked (%s removed)", id, human.Count(removed, "guest"))
	writeJSON(w, http.StatusOK, map[string]any{"revoked": true, "removed": removed})
}

func (s *Server) handleGuestList(w http.ResponseWriter, r *http.Request) {
	if s.requireAdmin(w, r, "lists guests") {
		writeJSON(w, http.StatusOK, map[string]any{"guests": s.sessions.guestList()})
	}
}

// handleGuestRemove ends a guest's tab by its actor id: its streams close, its avatar leaves, its
// token opens nothing more. Its invite stays open (revoke it to keep the person out).
func (s *Server) handleGuestRemove(w http.ResponseWriter, r *http.Request) {
	if !s.requireAdmin(w, r, "removes guests") {
		return
	}
	actor := r.PathValue("actor")
	if !s.sessions.endGuest(actor) {
		s.answer(w, nil, &wm.Error{Status: http.StatusNotFound, Message: fmt.Sprintf("no guest %q", actor)})
		return
	}
	s.opts.Logf("guest %s removed by the owner", actor)
	writeJSON(w, http.StatusOK, map[string]bool{"removed": true})
}
