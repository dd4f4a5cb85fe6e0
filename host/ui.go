package host

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/store"
	"github.com/scapeworld/scape/host/web"
)

// parseForm reads a form post of at most MaxFormBody bytes, or answers 413 (naming the limit)
// or 400 and returns false.
func parseForm(w http.ResponseWriter, r *http.Request) bool {
	r.Body = http.MaxBytesReader(w, r.Body, MaxFormBody)
	if err := r.ParseForm(); err != nil {
		if !refuseTooLarge(w, err) {
			http.Error(w, "bad form", http.StatusBadRequest)
		}
		return false
	}
	return true
}

type pageData struct {
	Title, WorldName, BaseURL string
	SignedIn                  bool
	CSRF                      string
	Error, Done, Next         string
	Code, Project             string

	Session    *DevSession
	Active     *Revision
	Rejections []Revision
	CanPlace   bool
	Instances  []instanceView
}

func (s *Server) page(o owner, signedIn bool, title string) pageData {
	return pageData{Title: title, WorldName: s.world.Name, BaseURL: s.opts.BaseURL, SignedIn: signedIn, CSRF: o.csrf}
}

func (s *Server) render(w http.ResponseWriter, status int, name string, data any) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self'; frame-ancestors 'none'")
	w.WriteHeader(status)
	if err := web.Pages.ExecuteTemplate(w, name, data); err != nil {
		s.opts.Logf("render %s: %v", name, err)
	}
}

// maxNextDecodings bounds how often safeNext percent-decodes a target: our own links are
// encoded once (twice through /login?next=), so more layers than this are someone's trick.
const maxNextDecodings = 4

// safeNext keeps a post-login redirect on this host: it returns next when it is a same-origin
// path, else "/". The rule (docs/protocol.md, Owner sign-in): an absolute path starting with a
// single "/" — no scheme, no host, no "//" or "/\" prefix, no backslash anywhere, no whitespace,
// control or invisible format character — and that stays so however often it is percent-decoded
// (browsers drop tab and newline from URLs and read "\" as "/", so "/%09/evil" is "//evil").
// A value that does not decode cleanly, or needs more than maxNextDecodings rounds, is refused.
// The path is returned cleaned ("/a/../b" → "/b"), the query and fragment as given.
func safeNext(next string) string {
	for s, round := next, 0; ; round++ {
		if !sameOriginPath(s) {
			return "/"
		}
		d, err := url.PathUnescape(s)
		if err != nil || (d != s && round == maxNextDecodings) {
			return "/"
		}
		if d == s {
			break
		}
		s = d
	}
	target, rest := next, ""
	if i := strings.IndexAny(next, "?#"); i >= 0 {
		target, rest = next[:i], next[i:]
	}
	clean := path.Clean(target)
	if strings.HasSuffix(target, "/") && clean != "/" {
		clean += "/"
	}
	return clean + rest
}

// sameOriginPath is one decoding round of safeNext's rule.
func sameOriginPath(s string) bool {
	if !strings.HasPrefix(s, "/") || strings.HasPrefix(s, "//") {
		return false
	}
	for _, r := range s {
		if r == '\\' || r == utf8.RuneError || unicode.IsSpace(r) || !unicode.IsGraphic(r) {
			return false
		}
	}
	return true
}

func (s *Server) handleLoginPage(w http.ResponseWriter, r *http.Request) {
	next := safeNext(r.URL.Query().Get("next"))
	// A link printed by the host or the dev command carries the one-time token.
	if tok := r.URL.Query().Get("token"); tok != "" {
		if s.consumeOwnerToken(tok) {
			s.signIn(w, r, next)
			return
		}
		d := s.page(owner{}, false, "Sign in")
		d.Next, d.Error = next, "That sign-in link was already used or is out of date. Use the newest token the host printed."
		s.render(w, http.StatusUnauthorized, "login", d)
		return
	}
	if _, ok := s.owner(r); ok {
		http.Redirect(w, r, next, http.StatusSeeOther)
		return
	}
	d := s.page(owner{}, false, "Sign in")
	d.Next = next
	s.render(w, http.StatusOK, "login", d)
}

func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) {
	if !parseForm(w, r) {
		return
	}
	next := safeNext(r.PostFormValue("next"))
	if !s.consumeOwnerToken(strings.TrimSpace(r.PostFormValue("token"))) {
		d := s.page(owner{}, false, "Sign in")
		d.Next, d.Error = next, "That token is not valid. Tokens sign in once; use the newest one the host printed."
		s.render(w, http.StatusUnauthorized, "login", d)
		return
	}
	s.signIn(w, r, next)
}

func (s *Server) signIn(w http.ResponseWriter, r *http.Request, next string) {
	cookie := newSecret("sck_")
	now := s.opts.Now()
	if err := s.store.AddOwnerSession(r.Context(), hashSecret(cookie), newSecret(""), now, now.Add(ownerSessionTTL)); err != nil {
		s.opts.Logf("sign in: %v", err)
		http.Error(w, "sign-in failed", http.StatusInternalServerError)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: s.ownerCookie, Value: cookie, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode,
		Secure: strings.HasPrefix(s.opts.BaseURL, "https://"), Expires: now.Add(ownerSessionTTL)})
	s.opts.Logf("owner signed in")
	http.Redirect(w, r, next, http.StatusSeeOther)
}

func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) {
	o, ok := s.requireOwner(w, r)
	if !ok {
		return
	}
	s.store.DeleteOwnerSession(r.Context(), o.tokenHash)
	s.endTabsOf(o) // the admin tabs of this sign-in end with it
	// Only this world's cookie is deleted: another world on this machine stays signed in.
	http.SetCookie(w, &http.Cookie{Name: s.ownerCookie, Value: "", Path: "/", MaxAge: -1})
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}

func (s *Server) redirectToLogin(w http.ResponseWriter, r *http.Request) {
	http.Redirect(w, r, "/login?next="+url.QueryEscape(r.URL.RequestURI()), http.StatusSeeOther)
}

func (s *Server) handleConnectPage(w http.ResponseWriter, r *http.Request) {
	o, ok := s.owner(r)
	if !ok {
		s.redirectToLogin(w, r)
		return
	}
	d := s.page(o, true, "Connect a project")
	if raw := r.URL.Query().Get("code"); raw != "" {
		project, err := s.pendingProject(raw)
		if err != nil {
			d.Error = err.Error()
			s.render(w, http.StatusBadRequest, "connect", d)
			return
		}
		d.Code, d.Project = FormatUserCode(NormalizeUserCode(raw)), project
	}
	s.render(w, http.StatusOK, "connect", d)
}

func (s *Server) handleConnect(w http.ResponseWriter, r *http.Request) {
	o, ok := s.requireOwner(w, r)
	if !ok {
		return
	}
	d := s.page(o, true, "Connect a project")
	approve := r.PostFormValue("decision") == "approve"
	if err := s.decide(r.PostFormValue("code"), approve); err != nil {
		d.Error = err.Error()
		s.render(w, http.StatusBadRequest, "connect", d)
		return
	}
	if approve {
		d.Done = "Connected. Your terminal continues on its own; builds appear in the world's sidebar."
	} else {
		d.Done = "Cancelled. The project was not connected."
	}
	s.render(w, http.StatusOK, "connect", d)
}

func (s *Server) handleDisconnect(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.requireOwner(w, r); !ok {
		return
	}
	if err := s.Disconnect(r.Context()); err != nil {
		s.opts.Logf("disconnect: %v", err)
		http.Error(w, "disconnect failed", http.StatusInternalServerError)
		return
	}
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// sidebarData fills what the sidebar shows: the connection, the active build, rejections.
func (s *Server) sidebarData(ctx context.Context, d *pageData) error {
	if sess, err := s.store.CurrentDevSession(ctx, worldID, s.opts.Now()); err == nil {
		d.Session = &sess
	} else if !store.IsNotFound(err) {
		return err
	}
	rev, ok, err := s.ActiveRevision(ctx)
	if err != nil {
		return err
	}
	after := 0
	if ok {
		d.Active = &rev
		after = rev.Number
	}
	d.Rejections, err = s.store.RejectionsSince(ctx, worldID, after, 10)
	d.CanPlace = ok
	return err
}

func (s *Server) handleSidebar(w http.ResponseWriter, r *http.Request) {
	o, ok := s.owner(r)
	if !ok {
		http.Error(w, "sign in first", http.StatusForbidden)
		return
	}
	d := s.page(o, true, "")
	if err := s.sidebarData(r.Context(), &d); err != nil {
		s.unavailable(w, "sidebar", err)
		return
	}
	s.render(w, http.StatusOK, "sidebar", d)
}

// unavailable logs why a page could not be read from the store and answers 500 without the
// detail (it may name files or SQL).
func (s *Server) unavailable(w http.ResponseWriter, page string, err error) {
	s.opts.Logf("%s: %v", page, err)
	http.Error(w, "unavailable", http.StatusInternalServerError)
}

func (s *Server) handleWorld(w http.ResponseWriter, r *http.Request) {
	o, ok := s.owner(r)
	if !ok {
		s.redirectToLogin(w, r)
		return
	}
	d := s.page(o, true, s.world.Name)
	d.Error = r.URL.Query().Get("error")
	if err := s.sidebarData(r.Context(), &d); err != nil {
		s.unavailable(w, "world page", err)
		return
	}
	var err error
	var report viewReport
	d.Instances, report, err = s.instanceViews(r.Context(), d.Active, Owner)
	if err != nil && r.Context().Err() != nil {
		return // the browser went away mid-render: nobody to answer, nothing to log
	}
	if err != nil {
		s.unavailable(w, "world page", err)
		return
	}
	w.Header().Set("Server-Timing", report.serverTiming())
	s.render(w, http.StatusOK, "world", d)
}

func (s *Server) handleStatic(w http.ResponseWriter, r *http.Request) {
	if r.PathValue("file") != "style.css" {
		http.NotFound(w, r)
		return
	}
	b := web.Style()
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	w.Write(b)
}

// ---- placed instances

// instanceView is one placed Gizmo as the world page shows it.
type instanceView struct {
	ID, Type, Emoji, Title, Description, Problem string
	// Late says why the view is a placeholder ("this view did not render in time").
	Late     string
	Version  int
	Fields   []struct{ Label, Value string }
	Controls []controlView
	// Raw is the view as the Gizmo returned it, for the panel (nil for a placeholder).
	Raw json.RawMessage
}

type controlView struct {
	InstanceID, Label, Action, Payload string
	Disabled, Pressed                  bool
}

// Owner is the signed-in owner as an actor: the world's admin (the server-rendered page
// acts as it).
var Owner = Actor{ID: "owner", Role: RoleAdmin}

// instanceViews renders the placed instances for actor within the page's view budget
// (render.go).
func (s *Server) instanceViews(ctx context.Context, active *Revision, actor Actor) ([]instanceView, viewReport, error) {
	var report viewReport
	placed := s.grid.Instances()
	var proj engine.Project
	emoji := map[string]Definition{}
	if active != nil {
		for _, d := range active.Definitions {
			emoji[d.Type] = d
		}
		if len(placed) > 0 {
			var perr error
			if proj, perr = s.live.get(active.Number); perr != nil {
				proj = nil
			}
		}
	}
	budget := newViewBudget()
	out := make([]instanceView, 0, len(placed))
	for _, in := range placed {
		def := emoji[in.Type]
		v := instanceView{ID: in.ID, Type: in.Type, Version: in.Version, Emoji: def.Emoji, Title: def.Label}
		if v.Title == "" {
			v.Title = in.Type
		}
		if proj != nil {
			s.view(ctx, budget, active.Number, proj, in, s.access(actor, in.ID), &v)
			if err := ctx.Err(); err != nil {
				return nil, report, err // the browser went away
			}
		} else if active != nil {
			v.Late = lateNotDone
		}
		if v.Late != "" {
			report.Placeholders++
		}
		out = append(out, v)
	}
	report.Views, report.Spent = len(out), time.Since(budget.start)
	return out, report, nil
}

// fillView copies the parts of an ObjectView the page renders. Unknown shapes leave it bare.
func fillView(v *instanceView, raw json.RawMessage) {
	if len(raw) == 0 || string(raw) == "null" {
		return
	}
	var view struct {
		Title       string `json:"title"`
		Description string `json:"description"`
		Fields      []struct {
			Label string `json:"label"`
			Value string `json:"value"`
		} `json:"fields"`
		Controls []struct {
			Label  string `json:"label"`
			Action struct {
				Name    string          `json:"name"`
				Payload json.RawMessage `json:"payload"`
			} `json:"action"`
			Disabled bool   `json:"disabled"`
			Pressed  bool   `json:"pressed"`
			Kind     string `json:"kind"`
		} `json:"controls"`
	}
	if err := json.Unmarshal(raw, &view); err != nil {
		v.Problem = "view is not an ObjectView: " + err.Error()
		return
	}
	if view.Title != "" {
		v.Title = view.Title
	}
	v.Description = view.Description
	for _, f := range view.Fields {
		v.Fields = append(v.Fields, struct{ Label, Value string }{f.Label, f.Value})
	}
	for _, c := range view.Controls {
		if c.Kind == "preview" {
			continue // local previews play on the player's device, not through the server
		}
		payload := string(c.Action.Payload)
		if payload == "" || payload == "null" {
			payload = "{}"
		}
		v.Controls = append(v.Controls, controlView{InstanceID: v.ID, Label: c.Label, Action: c.Action.Name, Payload: payload, Disabled: c.Disabled, Pressed: c.Pressed})
	}
}

func (s *Server) backToWorld(w http.ResponseWriter, r *http.Request, err error) {
	target := "/"
	if err != nil {
		target += "?error=" + url.QueryEscape(err.Error())
	}
	http.Redirect(w, r, target, http.StatusSeeOther)
}

func (s *Server) handlePlace(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.requireOwner(w, r); !ok {
		return
	}
	_, err := s.Place(r.Context(), Owner, r.PostFormValue("type"))
	s.backToWorld(w, r, err)
}

func (s *Server) handleAct(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.requireOwner(w, r); !ok {
		return
	}
	payload := json.RawMessage(r.PostFormValue("payload"))
	if len(payload) == 0 {
		payload = json.RawMessage("{}")
	}
	_, err := s.Act(r.Context(), Owner, r.PathValue("id"), engine.Action{Name: r.PostFormValue("action"), Payload: payload})
	s.backToWorld(w, r, err)
}

func (s *Server) handleRemove(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.requireOwner(w, r); !ok {
		return
	}
	s.backToWorld(w, r, s.Remove(r.Context(), Owner, r.PathValue("id")))
}

func (s *Server) handleWorldScript(w http.ResponseWriter, r *http.Request) {
	js, err := web.Script("world.ts")
	if err != nil {
		s.unavailable(w, "world script", err)
		return
	}
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(js)
}
