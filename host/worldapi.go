package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"time"

	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/web"
	wm "github.com/scapeworld/scape/world"
)

// The world page's JSON API and event stream (docs/dev.md, "The world page"). The browser only
// draws: every view, action and placement runs author code on the server, through the active
// build's Project, with the Access the world model gives the tab's role (permissions.go).

// tabWorld is the world as one tab's viewer sees it.
type tabWorld struct {
	World     string        `json:"world"`
	Actor     string        `json:"actor"`
	Role      Role          `json:"role"`
	CanPlace  bool          `json:"canPlace"`
	CanAdmin  bool          `json:"canAdmin"`
	Revision  *tabRevision  `json:"revision,omitempty"`
	Rejection *tabRevision  `json:"rejection,omitempty"`
	Instances []tabInstance `json:"instances"`
	// Grid is the world's grid as this viewer sees it (grid.go); SSE "grid" events replace it.
	Grid *tabGrid `json:"grid"`
	// Worlds is the stub world directory the world picker offers (panel.go).
	Worlds []worldDestination `json:"worlds"`
}

type tabRevision struct {
	Number      int          `json:"number"`
	Project     string       `json:"project"`
	At          time.Time    `json:"at"`
	Definitions []Definition `json:"definitions,omitempty"`
	Problems    []string     `json:"problems,omitempty"`
}

type tabInstance struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	Version   int             `json:"version"`
	Emoji     string          `json:"emoji"`
	Label     string          `json:"label"`
	View      json.RawMessage `json:"view,omitempty"`
	Late      string          `json:"late,omitempty"`
	Problem   string          `json:"problem,omitempty"`
	CanRemove bool            `json:"canRemove"`
	// State is shown to the admin only (to seed it).
	State json.RawMessage `json:"state,omitempty"`
	// Configure and ConfigureFields are the indexes in View's controls and fields of the editor
	// settings the panel draws under Configure; a viewer who may not edit gets none, and a View
	// without them (splitView).
	Configure       []int `json:"configure,omitempty"`
	ConfigureFields []int `json:"configureFields,omitempty"`
	// WorldPicker is the definition's worldEditor, for a viewer who may edit the instance.
	WorldPicker *wm.WorldPicker `json:"worldPicker,omitempty"`
	// Navigate is the instance's active world link (navigate(state) not null).
	Navigate *navigateView `json:"navigate,omitempty"`
}

func (s *Server) worldRoutes(m *http.ServeMux) {
	m.HandleFunc("POST /api/world/tabs", s.handleOpenTab)
	m.HandleFunc("GET /api/world", s.handleTabWorld)
	m.HandleFunc("GET /api/world/events", s.handleEvents)
	m.HandleFunc("POST /api/world/invites", s.handleInvite)
	m.HandleFunc("POST /api/world/instances", s.handleTabPlace)
	m.HandleFunc("POST /api/world/instances/{id}/act", s.handleTabAct)
	m.HandleFunc("POST /api/world/instances/{id}/remove", s.handleTabRemove)
	m.HandleFunc("POST /api/world/instances/{id}/state", s.handleSeed)
	m.HandleFunc("POST /api/world/instances/{id}/world", s.handleWorldPick)
	m.HandleFunc("POST /api/world/retry", s.handleRetry) // retry.go
	m.HandleFunc("GET /join", s.handleJoin)
	m.HandleFunc("GET /static/world.js", s.handleWorldScript)
	s.gridRoutes(m)
	s.soundRoutes(m)
	s.tabRoutes(m) // tabsapi.go: stream tickets, invites and guests
}

// snapshot is the world for actor: the views run within the page's budget (render.go).
func (s *Server) snapshot(ctx context.Context, actor Actor) (tabWorld, error) {
	au := grants(actor)
	out := tabWorld{World: s.world.Name, Actor: actor.ID, Role: actor.Role, CanPlace: au.Build, CanAdmin: au.Admin, Instances: []tabInstance{}, Worlds: stubWorlds}
	rev, ok, err := s.ActiveRevision(ctx)
	if err != nil {
		return out, err
	}
	after := 0
	if ok {
		out.Revision = &tabRevision{Number: rev.Number, Project: rev.Project, At: rev.CreatedAt, Definitions: rev.Definitions}
		after = rev.Number
	}
	rej, err := s.store.RejectionsSince(ctx, worldID, after, 1)
	if err != nil {
		return out, err
	}
	if len(rej) > 0 {
		r := rej[0]
		out.Rejection = &tabRevision{Number: r.Number, Project: r.Project, At: r.CreatedAt}
		for _, d := range r.Problems.Errors() {
			out.Rejection.Problems = append(out.Rejection.Problems, web.OwnerProblem(d))
		}
	}
	var active *Revision
	if ok {
		active = &rev
	}
	views, _, err := s.instanceViews(ctx, active, actor)
	if err != nil {
		return out, err
	}
	placed := s.grid.Instances()
	states := map[string]wm.Instance{}
	for _, in := range placed {
		states[in.ID] = in
	}
	for _, v := range views {
		in := states[v.ID]
		ti := tabInstance{ID: v.ID, Type: v.Type, Version: v.Version, Emoji: v.Emoji, Label: v.Title, Late: v.Late, Problem: v.Problem,
			CanRemove: s.may(actor, wm.OpRemove, in.ID)}
		if v.Late == "" && v.Problem == "" {
			s.panelOf(&ti, v.Raw, actor, in)
		}
		if au.Admin {
			ti.State = in.State
		}
		out.Instances = append(out.Instances, ti)
	}
	out.Grid = s.gridFor(actor, s.emojiFor(active))
	return out, nil
}

// requireTab is the session of an API request, or a 401 answer.
func (s *Server) requireTab(w http.ResponseWriter, r *http.Request) (Actor, bool) {
	a, ok := s.tab(r)
	if !ok {
		writeError(w, http.StatusUnauthorized, codeOf(http.StatusUnauthorized), "this tab has no session: open the world again (or its invite link)")
	}
	return a, ok
}

// answer writes v, or err in the host's one error envelope with its status (a Refusal's, 503 for a build still
// loading, 409 for a world that changed meanwhile, else 500).
func (s *Server) answer(w http.ResponseWriter, v any, err error) {
	if err == nil {
		writeJSON(w, http.StatusOK, v)
		return
	}
	status := statusOf(err)
	if status == http.StatusInternalServerError {
		s.opts.Logf("world api: %v", err)
	}
	writeError(w, status, codeOf(status), err.Error())
}

// statusOf is the HTTP status of a world API error (see answer).
func statusOf(err error) int {
	var werr *wm.Error
	switch {
	case errors.As(err, &werr):
		return werr.Status
	case errors.Is(err, engine.ErrNotReady):
		return http.StatusServiceUnavailable
	case errors.Is(err, errNoActive):
		return http.StatusConflict
	}
	return http.StatusInternalServerError
}

// readBody decodes a small JSON body into v, or answers 400/413.
func readBody(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := decodeJSON(w, r, MaxFormBody, v); err != nil {
		status := http.StatusBadRequest
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			status = http.StatusRequestEntityTooLarge
		}
		writeError(w, status, codeOf(status), "bad request body: "+err.Error())
		return false
	}
	return true
}

// handleOpenTab opens a tab session: as the admin for the signed-in owner (cookie and CSRF
// header), or with the role of an invite code.
func (s *Server) handleOpenTab(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Invite string `json:"invite"`
		// Person is the person secret this browser was given (persons.go): another tab of the
		// same person. Empty opens a new person ("open as another player").
		Person string `json:"person"`
	}
	if !readBody(w, r, &req) {
		return
	}
	// Another tab of a person the host knows spends no use of its invite: a used-up link still
	// opens its own person's tabs (docs/dev.md).
	if req.Person != "" {
		if role, from, ok := s.tabOriginOf(r, req.Invite, false); ok {
			if tok, a, ok := s.sessions.rejoin(role, from, req.Person); ok {
				s.tabOpened(w, tok, req.Person, a)
				return
			}
		}
	}
	role, from, ok := s.tabOriginOf(r, req.Invite, true)
	if !ok {
		msg := "sign in as the owner, or open an invite link"
		if req.Invite != "" {
			msg = "this invite link is not valid on this host (it may have expired, been used up or been revoked)"
		}
		writeError(w, http.StatusForbidden, codeOf(http.StatusForbidden), msg)
		return
	}
	tok, person, a, err := s.sessions.openNew(r.Context(), role, from)
	if err != nil {
		if from.invite != "" {
			s.sessions.invites.giveBack(from.invite) // no new person came in
		}
		s.answer(w, nil, err)
		return
	}
	s.tabOpened(w, tok, person, a)
}

// tabOpened puts a new tab's avatar in the world and answers its token and person.
func (s *Server) tabOpened(w http.ResponseWriter, tok, person string, a Actor) {
	if err := s.enter(a); err != nil {
		s.opts.Logf("tab %s has no avatar: %v", a.ID, err) // the tab works; its moves say why
	}
	writeJSON(w, http.StatusOK, map[string]any{"token": tok, "person": person, "actor": a.ID, "role": a.Role, "boot": s.sessions.boot})
}

func (s *Server) handleTabWorld(w http.ResponseWriter, r *http.Request) {
	a, ok := s.requireTab(w, r)
	if !ok {
		return
	}
	snap, err := s.snapshot(r.Context(), a)
	s.answer(w, snap, err)
}

// handleEvents streams the world to one tab: a "world" event with its snapshot at once and
// after every change, "acted" events with this tab's share of an accepted action's reaction
// (share.go), "revision" events.
// The tab authenticates with its bearer token or a stream ticket (POST /api/world/events/ticket:
// an EventSource cannot set headers, and a token in the URL would reach logs). While a stream is
// open its tab is present: its avatar stands (it joins again on a reconnect).
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	a, ok := s.streamTab(r)
	if !ok || !s.sessions.attach(a.ID) {
		writeError(w, http.StatusUnauthorized, codeOf(http.StatusUnauthorized), "this stream has no session: ask for a new ticket, or open the world again")
		return
	}
	defer s.sessions.detach(a.ID)
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	sub := s.events.subscribe(a)
	defer s.events.unsubscribe(sub)
	if !s.sessions.touch(a.ID) { // ended between attach and subscribe: its end closed no stream of ours
		return
	}
	if err := s.enter(a); err != nil {
		s.opts.Logf("tab %s has no avatar: %v", a.ID, err)
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	send := func(event string, v any) bool {
		b, err := json.Marshal(v)
		if err != nil {
			return false
		}
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b); err != nil {
			return false
		}
		flusher.Flush()
		return true
	}
	world := func() bool {
		snap, err := s.snapshot(r.Context(), a)
		if err != nil {
			return r.Context().Err() == nil
		}
		return send("world", snap)
	}
	if !world() {
		return
	}
	keepAlive, stopKeepAlive := s.opts.Ticker(25 * time.Second)
	defer stopKeepAlive()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-sub.done:
			return
		case c := <-sub.told:
			if !send(c.Kind, c) {
				return
			}
		case <-sub.dirty:
			if !world() {
				return
			}
		case <-sub.moved:
			if !send("grid", s.gridFor(a, s.emojiOf(r.Context()))) {
				return
			}
		case <-keepAlive:
			if !s.sessions.touch(a.ID) {
				return
			}
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
			flusher.Flush()
		}
	}
}

// handleInvite mints an invite link for a role (admin only).
func (s *Server) handleInvite(w http.ResponseWriter, r *http.Request) {
	a, ok := s.requireTab(w, r)
	if !ok {
		return
	}
	var req struct {
		Role Role `json:"role"`
		// ExpiresInMinutes is how long the link opens tabs (0: a day); MaxUses how many (0: no cap).
		ExpiresInMinutes int `json:"expiresInMinutes"`
		MaxUses          int `json:"maxUses"`
	}
	if !readBody(w, r, &req) {
		return
	}
	if !grants(a).Admin {
		s.answer(w, nil, &wm.Error{Status: http.StatusForbidden, Message: "only the world's admin invites"})
		return
	}
	if !req.Role.Valid() || req.Role == RoleAdmin {
		s.answer(w, nil, &wm.Error{Status: http.StatusBadRequest, Message: fmt.Sprintf("role must be participant, editor or remover, not %q", req.Role)})
		return
	}
	ttl, err := inviteTerms(req.ExpiresInMinutes, req.MaxUses)
	if err != nil {
		s.answer(w, nil, err)
		return
	}
	code, inv, err := s.sessions.invites.mint(req.Role, ttl, req.MaxUses)
	if err != nil {
		s.answer(w, nil, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"role": req.Role, "url": s.opts.BaseURL + "/join?invite=" + code,
		"id": inv.ID, "expiresAt": inv.ExpiresAt, "maxUses": inv.MaxUses})
}

func (s *Server) handleTabPlace(w http.ResponseWriter, r *http.Request) {
	a, ok := s.requireTab(w, r)
	if !ok {
		return
	}
	var req struct {
		Type string `json:"type"`
		gridSpot
	}
	if !readBody(w, r, &req) {
		return
	}
	ans, err := s.placeTab(r.Context(), a, req.Type, &req.gridSpot)
	s.answer(w, ans, err)
}

func (s *Server) handleTabAct(w http.ResponseWriter, r *http.Request) {
	a, ok := s.requireTab(w, r)
	if !ok {
		return
	}
	var req engine.Action
	if !readBody(w, r, &req) {
		return
	}
	out, err := s.tabAct(r.Context(), a, r.PathValue("id"), req)
	s.answer(w, out, err)
}

func (s *Server) handleTabRemove(w http.ResponseWriter, r *http.Request) {
	a, ok := s.requireTab(w, r)
	if !ok {
		return
	}
	s.answer(w, map[string]bool{"removed": true}, s.Remove(r.Context(), a, r.PathValue("id")))
}

// handleSeed sets an instance's state (admin only), checked by the definition's valid().
func (s *Server) handleSeed(w http.ResponseWriter, r *http.Request) {
	a, ok := s.requireTab(w, r)
	if !ok {
		return
	}
	var req struct {
		State json.RawMessage `json:"state"`
	}
	if !readBody(w, r, &req) {
		return
	}
	s.answer(w, map[string]bool{"seeded": true}, s.Seed(r.Context(), a, r.PathValue("id"), req.State))
}

// handleJoin is an invite link: the world page, which redeems the invite for this tab.
func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) {
	d := s.page(owner{}, false, s.world.Name)
	if !s.sessions.invites.check(r.URL.Query().Get("invite")) {
		d.Error = "this invite link is not valid on this host (it may have expired, been used up or been revoked)"
	}
	s.render(w, http.StatusOK, "guest", d)
}
