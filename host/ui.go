package host

import (
	"bytes"
	"context"
	"crypto/subtle"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/human"
	wm "github.com/scapeworld/scape/world"
)

//go:embed ui
var uiFiles embed.FS

var pages = template.Must(template.New("").Funcs(template.FuncMap{
	"stamp": func(t time.Time) string { return t.Local().Format("15:04:05") },
	"size":  human.Bytes,
	// problem renders a diagnostic for the sidebar: positions inside the bundle mean nothing to
	// the owner (the host has no source map), so only project files are shown.
	"problem": ownerProblem,
	"short": func(h string) string {
		if len(h) > 12 {
			return h[:12]
		}
		return h
	},
}).ParseFS(uiFiles, "ui/pages.html"))

// ownerProblem renders a diagnostic for the owner: positions inside the bundle mean nothing to
// the owner (the host has no source map), so only project files are shown.
func ownerProblem(d diag.Diagnostic) string {
	if d.File == bundle.ScriptName {
		d.File, d.Line, d.Column = "", 0, 0
	}
	return d.String()
}

// owner is the signed-in owner of a request, if any.
type owner struct {
	tokenHash string
	csrf      string
}

func (s *Server) owner(r *http.Request) (owner, bool) {
	c, err := r.Cookie(s.ownerCookie) // only this world's: another world's cookie is not read
	if err != nil || c.Value == "" {
		return owner{}, false
	}
	h := hashSecret(c.Value)
	csrf, err := s.store.ownerSession(r.Context(), h, s.opts.Now())
	if err != nil {
		return owner{}, false
	}
	return owner{tokenHash: h, csrf: csrf}, true
}

// requireOwner returns the owner of a form POST after checking its CSRF token, or answers 403.
func (s *Server) requireOwner(w http.ResponseWriter, r *http.Request) (owner, bool) {
	o, ok := s.owner(r)
	if !ok {
		http.Error(w, "sign in first", http.StatusForbidden)
		return owner{}, false
	}
	if !parseForm(w, r) {
		return owner{}, false
	}
	if subtle.ConstantTimeCompare([]byte(r.PostFormValue("csrf")), []byte(o.csrf)) != 1 {
		http.Error(w, "this form is stale or was sent from another site: reload the page", http.StatusForbidden)
		return owner{}, false
	}
	return o, true
}

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
	if err := pages.ExecuteTemplate(w, name, data); err != nil {
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
	if err := s.store.addOwnerSession(r.Context(), hashSecret(cookie), newSecret(""), now, now.Add(ownerSessionTTL)); err != nil {
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
	s.store.deleteOwnerSession(r.Context(), o.tokenHash)
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
	if sess, err := s.store.currentDevSession(ctx, worldID, s.opts.Now()); err == nil {
		d.Session = &sess
	} else if !isNotFound(err) {
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
	d.Rejections, err = s.store.rejectionsSince(ctx, worldID, after, 10)
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
	b, _ := uiFiles.ReadFile("ui/style.css")
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
	placed, err := s.store.instances(ctx, worldID)
	if err != nil {
		return nil, report, err
	}
	var proj Project
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
			s.view(ctx, budget, active.Number, proj, in, s.viewer(actor, &in), &v)
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

// Place puts a new instance of typ from the active build into the world beside its placer
// (PlaceAt).
func (s *Server) Place(ctx context.Context, actor Actor, typ string) (string, error) {
	return s.PlaceAt(ctx, actor, typ, nil)
}

// PlaceAt puts a new instance of typ from the active build into the world, with its initial
// state, at spot (nil, or no cell: beside the placer, placeFloor and placeCell). initial()
// runs without the world lock; the instance is placed, through the world model (its cell
// checks, link group and world-link rule), only if the build that made its state is still the
// active one.
func (s *Server) PlaceAt(ctx context.Context, actor Actor, typ string, spot *gridSpot) (string, error) {
	if !s.authorize(actor, nil).CanPlace {
		return "", &Refusal{Status: http.StatusForbidden, Message: "your role may not place Gizmos in this world"}
	}
	rev, proj, err := s.project(ctx)
	if err != nil {
		return "", err
	}
	var def *Definition
	for i := range rev.Definitions {
		if rev.Definitions[i].Type == typ {
			def = &rev.Definitions[i]
		}
	}
	if def == nil {
		return "", &Refusal{Status: http.StatusBadRequest, Message: fmt.Sprintf("the accepted build has no Gizmo %q", typ)}
	}
	rctx, cancel := context.WithTimeout(ctx, runtimeCallTimeout)
	state, err := proj.Initial(rctx, typ)
	cancel()
	if err != nil {
		return "", fmt.Errorf("place %s: %w", typ, err)
	}
	id := "obj-" + strings.ToLower(newSecret("")[:10])
	pl := wm.Placement{ID: id, Type: typ, Version: def.Version, State: state, Floor: s.placeFloor(actor, spot)}
	s.grid.PreparePlace(ctx, worldViewer(actor), pl) // author code (derive), with no lock held
	err = func() error {
		s.worldMu.Lock()
		defer s.worldMu.Unlock()
		if cur, ok, err := s.ActiveRevision(ctx); err != nil {
			return err
		} else if !ok || cur.Number != rev.Number {
			return errBuildChanged
		}
		c, err := s.placeCell(actor, pl.Floor, spot)
		if err != nil {
			return err
		}
		pl.Cell = c
		_, err = s.grid.Place(ctx, worldViewer(actor), pl)
		return gridRefusal(err)
	}()
	if err != nil {
		return "", err
	}
	s.changed(change{Kind: "placed", Instance: id})
	return id, nil
}

// Refusals of a place or an action whose author code ran while the world changed.
var (
	errBuildChanged = errors.New("a new build was activated meanwhile; try again")
	errStateChanged = errors.New("this Gizmo changed meanwhile; try again")
)

// runtimeCallTimeout bounds each call the owner's buttons make into author code (place, act):
// the page waits for it, so a runaway Gizmo costs the owner at most this long. Views have the
// page's budget instead (render.go).
const runtimeCallTimeout = 2 * time.Second

func (s *Server) handleAct(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.requireOwner(w, r); !ok {
		return
	}
	payload := json.RawMessage(r.PostFormValue("payload"))
	if len(payload) == 0 {
		payload = json.RawMessage("{}")
	}
	_, err := s.Act(r.Context(), Owner, r.PathValue("id"), Action{Name: r.PostFormValue("action"), Payload: payload})
	s.backToWorld(w, r, err)
}

// Act applies an action to a placed instance as actor and saves the new state, through the world
// (Apply: the state with the reaction's permitted area removals, one commit; the feedback to the
// nearby avatars); each tab's 'acted' event carries its share of the reaction (share.go). The
// declared permission is the SDK registry's check, from the authority authorize grants (the
// world's placer rule included), so it is not checked twice. The action runs without the world lock, with the authority Authorize
// grants actor on the instance (the SDK's registry refuses an action whose permission it lacks:
// 403); the state is saved only if the instance and the active build are still those it ran on.
func (s *Server) Act(ctx context.Context, actor Actor, id string, action Action) (Outcome, error) {
	rev, proj, err := s.project(ctx)
	if err != nil {
		return Outcome{}, err
	}
	in, err := s.store.instance(ctx, worldID, id)
	if err != nil {
		return Outcome{}, &Refusal{Status: http.StatusNotFound, Message: fmt.Sprintf("no placed instance %q", id)}
	}
	if len(action.Payload) == 0 {
		action.Payload = json.RawMessage("{}")
	}
	rctx, cancel := context.WithTimeout(ctx, runtimeCallTimeout)
	out, err := proj.Act(rctx, in, action, s.viewer(actor, &in))
	cancel()
	if err != nil {
		var ref *Refusal
		if errors.As(err, &ref) {
			return Outcome{}, ref
		}
		return Outcome{}, fmt.Errorf("%s: %w", action.Name, err)
	}
	var transition *wm.Transition
	var delivery *wm.Delivery
	s.grid.PrepareApply(ctx, id, out.State) // author code (derive), with no lock held
	err = func() error {
		s.worldMu.Lock()
		defer s.worldMu.Unlock()
		if cur, ok, err := s.ActiveRevision(ctx); err != nil {
			return err
		} else if !ok || cur.Number != rev.Number {
			return errBuildChanged
		}
		if now, _, ok := s.grid.Instance(id); !ok || now.Version != in.Version || !bytes.Equal(now.State, in.State) {
			return errStateChanged
		}
		// The state and the reaction's permitted area removals commit together.
		applied, err := s.grid.Apply(ctx, worldViewer(actor), id, out.State, out.Reaction, s.opts.Now())
		transition, delivery = applied.Transition, applied.Delivery
		return gridRefusal(err)
	}()
	if err != nil {
		return Outcome{}, err
	}
	// Each tab's event carries only its share of the reaction (share.go).
	s.changed(change{Kind: "acted", Instance: id, Actor: actor.ID, Reaction: out.Reaction, Transition: transition, delivery: delivery})
	s.events.publishGrid()
	return out, nil
}

func (s *Server) handleRemove(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.requireOwner(w, r); !ok {
		return
	}
	s.backToWorld(w, r, s.Remove(r.Context(), Owner, r.PathValue("id")))
}

// Remove takes a placed instance out of the world, if actor may remove it (Authorize).
func (s *Server) Remove(ctx context.Context, actor Actor, id string) error {
	in, err := s.store.instance(ctx, worldID, id)
	if err != nil {
		return &Refusal{Status: http.StatusNotFound, Message: fmt.Sprintf("no placed instance %q", id)}
	}
	if !s.authorize(actor, &in).CanRemove {
		return &Refusal{Status: http.StatusForbidden, Message: "your role may not remove this Gizmo"}
	}
	s.grid.PrepareRemove(ctx, id) // its partners derive again: author code, with no lock held
	s.worldMu.Lock()
	_, err = s.grid.Remove(ctx, worldViewer(actor), id)
	s.worldMu.Unlock()
	err = gridRefusal(err)
	if err == nil {
		s.changed(change{Kind: "removed", Instance: id})
	}
	return err
}

// Instances lists the placed instances (for tests and tools).
func (s *Server) Instances(ctx context.Context) ([]Instance, error) {
	return s.store.instances(ctx, worldID)
}
