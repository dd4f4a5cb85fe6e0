package host

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/store"
	wm "github.com/scapeworld/scape/world"
)

// The host's one world (docs/world.md, "How the host drives it"): a world.Model over the
// instances table (store.Instances), deriving through the active build's Project (gridDeriver), with
// an avatar per tab and a ticker that moves them. The model is the source of truth in memory
// for placed instances; every change it makes is one transaction in the host's database.

// gridDeriver is the model's Deriver: the active build's Derive, run in its live worker. No
// build loaded (a host just started) is an error: the instance blocks until Reload.
type gridDeriver struct{ live *liveSlot }

func (d gridDeriver) Derive(ctx context.Context, in wm.Instance, env wm.Environment) (wm.Derived, error) {
	_, proj := d.live.current()
	if proj == nil {
		return wm.Derived{}, fmt.Errorf("%w: the build is still being loaded", engine.ErrNotReady)
	}
	rctx, cancel := context.WithTimeout(ctx, runtimeCallTimeout)
	defer cancel()
	raw, err := proj.Derive(rctx, in, engine.Env{Linked: env.Linked, Previous: env.Previous})
	if err != nil {
		return wm.Derived{}, err
	}
	var out wm.Derived
	if err := json.Unmarshal(raw, &out); err != nil {
		return wm.Derived{}, fmt.Errorf("derived outputs of %s: %w", in.ID, err)
	}
	return out, nil
}

// openGrid loads the world model over the store, under revision rev (0: none yet).
func (s *Server) openGrid(rev int) error {
	m, err := wm.New(context.Background(), store.Instances{DB: s.store, World: worldID, Now: s.opts.Now, Owner: ownerPlacer}, gridDeriver{live: &s.live}, rev)
	if err != nil {
		return err
	}
	s.grid = m
	return nil
}

// reloadGrid re-derives the world under the revision just activated (its project is already in
// the live slot) and tells the tabs.
func (s *Server) reloadGrid(ctx context.Context, rev int) {
	ctx = context.WithoutCancel(ctx)
	s.grid.PrepareReload(ctx, rev) // author code, with no lock held
	s.grid.Reload(ctx, rev)
	s.events.publishGrid()
}

// startTicker moves the world every world.TickInterval until Close.
func (s *Server) startTicker() {
	s.tickStop = make(chan struct{})
	s.tickDone = make(chan struct{})
	go func() {
		defer close(s.tickDone)
		ticks, stop := s.opts.Ticker(wm.TickInterval)
		defer stop()
		for {
			select {
			case <-s.tickStop:
				return
			case <-ticks:
				s.Tick()
			}
		}
	}()
}

func (s *Server) stopTicker() {
	s.tickOnce.Do(func() {
		if s.tickStop != nil {
			close(s.tickStop)
			<-s.tickDone
		}
	})
}

// Tick advances the world to the host's clock (Options.Now): moves arrive, each arrival on a
// stepped instance runs its step callback through the engine, feedback expires; the tabs are
// told when anything happened. About once a second it also sweeps the tabs (tabsweep.go): the
// avatars of absent tabs leave. The ticker calls it; tests with their own clock may too.
func (s *Server) Tick() []wm.Event {
	s.tickMu.Lock()
	defer s.tickMu.Unlock()
	now := s.opts.Now()
	events := s.grid.Tick(now)
	for _, ev := range events {
		if ev.Kind == wm.Stepped {
			events = append(events, s.step(ev, now)...)
		}
	}
	if len(events) > 0 {
		s.events.publishGrid()
	}
	s.sweepTabsDue(now) // tabsweep.go: absent tabs' avatars leave
	return events
}

// step runs one arrival's step callback and records its effects as pending feedback. A step
// that fails is logged: arrival feedback is cosmetic, and the move stands.
func (s *Server) step(ev wm.Event, now time.Time) []wm.Event {
	rev, proj := s.live.current()
	in, _, ok := s.grid.Instance(ev.Instance)
	if proj == nil || !ok {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), runtimeCallTimeout)
	effects, err := proj.Step(ctx, in, engine.StepEvent{ID: ev.StepID, At: ev.At, Movement: ev.Movement})
	cancel()
	if err != nil {
		s.opts.Logf("step on %s (%s): %v", in.ID, in.Type, err)
		return nil
	}
	_, more, err := s.grid.AddStepFeedback(ev, rev, effects, now)
	if err != nil {
		s.opts.Logf("step on %s (%s): %v", in.ID, in.Type, err)
	}
	return more
}

// ---- the grid as a tab sees it

// tabGrid is the world's grid for one viewer: every floor's instances (with what to draw: emoji
// or sprite, world text, light and glow), the avatars, and the feedback pending for this viewer.
// Revision is the active revision the grid was derived under: the page reports the revision it
// drew (the world benchmark waits for it).
type tabGrid struct {
	Width     int           `json:"width"`
	Height    int           `json:"height"`
	Revision  int           `json:"revision"`
	Floors    []wm.Floor    `json:"floors"`
	Self      *wm.Avatar    `json:"self,omitempty"`
	Instances []gridCell    `json:"instances"`
	Avatars   []gridAvatar  `json:"avatars"`
	Feedback  []gridPending `json:"feedback"`
	// Nearby is how far feedback reaches (world.NearbyRadius, cells): the page says so when a
	// reaction was not delivered to this viewer.
	Nearby int `json:"nearby"`
	// Log is this viewer's avatar's last notes (world.Model.Log): steps refused and what was in
	// the way, holds, steps, travels and why one did nothing. The page shows each Seq once.
	Log []wm.Note `json:"log,omitempty"`
}

type gridCell struct {
	ID       string   `json:"id"`
	Type     string   `json:"type"`
	Emoji    string   `json:"emoji"`
	Label    string   `json:"label"`
	Floor    wm.Floor `json:"floor"`
	Cell     wm.Cell  `json:"cell"`
	Blocking bool     `json:"blocking"`
	Problem  string   `json:"problem,omitempty"`
	// Light and Glow are the GizmoLight and GizmoGlow to draw, as the SDK resolved and checked
	// them: pending step or reaction feedback's lighting while it lasts (it replaces both, as a
	// lighting state does), else the instance's own, derived from its state.
	Light json.RawMessage `json:"light,omitempty"`
	Glow  json.RawMessage `json:"glow,omitempty"`
	// Sprite, WorldText and WorldTextRange are the derived sprite recipe and world label.
	Sprite         json.RawMessage `json:"sprite,omitempty"`
	WorldText      string          `json:"worldText,omitempty"`
	WorldTextRange *float64        `json:"worldTextRange,omitempty"`
}

type gridAvatar struct {
	wm.Avatar
	Self bool `json:"self"`
}

type gridPending struct {
	ID       string          `json:"id"`
	Kind     string          `json:"kind"`
	Instance string          `json:"instance"`
	Until    int64           `json:"until"`
	Effects  json.RawMessage `json:"effects"`
}

// lightingOf splits a GizmoLightingState into its light (nil when it has none) and its glow (nil when off); ok is false when there is no lighting state at all.
func lightingOf(lighting json.RawMessage) (light, glow json.RawMessage, ok bool) {
	var l struct {
		Light json.RawMessage `json:"light"`
		Glow  json.RawMessage `json:"glow"`
	}
	if len(lighting) == 0 || json.Unmarshal(lighting, &l) != nil {
		return nil, nil, false
	}
	if present(l.Light) { // the SDK checked it (radiusCells 0.25–12) when it resolved the lighting
		light = l.Light
	}
	if present(l.Glow) {
		glow = l.Glow
	}
	return light, glow, true
}

// present says whether a JSON value is there and not null (space around it aside).
func present(raw json.RawMessage) bool {
	t := strings.TrimSpace(string(raw))
	return t != "" && t != "null"
}

// gridFor is the grid as actor sees it; looks maps the active build's types to their emoji and
// label.
func (s *Server) gridFor(actor Actor, looks map[string]gridLook) *tabGrid {
	snap := s.grid.Snapshot()
	g := &tabGrid{Width: snap.Width, Height: snap.Height, Revision: snap.Revision, Floors: snap.Floors, Instances: []gridCell{}, Avatars: []gridAvatar{}, Feedback: []gridPending{}, Nearby: wm.NearbyRadius}
	type lit struct{ light, glow json.RawMessage }
	pending := map[string]lit{}
	for _, f := range snap.Feedback {
		effects := f.For(actor.ID) // this viewer's share: none, or without haptic unless it acted
		if effects == nil {
			continue
		}
		g.Feedback = append(g.Feedback, gridPending{ID: f.ID, Kind: string(f.Kind), Instance: f.Instance, Until: f.Until, Effects: effects})
		var fx struct {
			Lighting json.RawMessage `json:"lighting"`
		}
		if json.Unmarshal(f.Effects, &fx) == nil {
			if light, glow, ok := lightingOf(fx.Lighting); ok {
				pending[f.Instance] = lit{light, glow}
			}
		}
	}
	for _, in := range snap.Instances {
		look := looks[in.Type]
		c := gridCell{ID: in.ID, Type: in.Type, Emoji: look.Emoji, Label: look.Label, Floor: in.Floor, Cell: in.Cell, Blocking: in.Blocking, Problem: in.Problem}
		if d := in.Derived; d != nil {
			c.Light, c.Glow, _ = lightingOf(d.Lighting)
			if present(d.Sprite) {
				c.Sprite = d.Sprite
			}
			c.WorldText, c.WorldTextRange = d.WorldText, d.WorldTextRange
		}
		if l, ok := pending[in.ID]; ok {
			c.Light, c.Glow = l.light, l.glow
		}
		g.Instances = append(g.Instances, c)
	}
	for _, a := range snap.Avatars {
		self := a.Actor == actor.ID
		if self {
			own := a
			g.Self = &own
		}
		g.Avatars = append(g.Avatars, gridAvatar{Avatar: a, Self: self})
	}
	if g.Self != nil {
		g.Log = s.grid.Log(actor.ID)
	}
	return g
}

// gridLook is what the canvas shows of a type: its emoji, and its label (for a tile's initials
// when the browser has no color emoji font, and for the page's notes).
type gridLook struct{ Emoji, Label string }

// emojiSet is one revision's types → looks.
type emojiSet struct {
	rev    int
	byType map[string]gridLook
}

// emojiFor maps rev's types to their emoji and label (empty for nil), built once per revision.
func (s *Server) emojiFor(rev *Revision) map[string]gridLook {
	if rev == nil {
		return map[string]gridLook{}
	}
	if e := s.emoji.Load(); e != nil && e.rev == rev.Number {
		return e.byType
	}
	m := make(map[string]gridLook, len(rev.Definitions))
	for _, d := range rev.Definitions {
		m[d.Type] = gridLook{Emoji: d.Emoji, Label: d.Label}
	}
	s.emoji.Store(&emojiSet{rev: rev.Number, byType: m})
	return m
}

// emojiOf maps the active build's types to their emoji and label (empty without an active
// build). While the loaded build is the one last mapped, no store query is made: grid events are
// sent on every tick something moves.
func (s *Server) emojiOf(ctx context.Context) map[string]gridLook {
	if live, _ := s.live.current(); live != 0 {
		if e := s.emoji.Load(); e != nil && e.rev == live {
			return e.byType
		}
	}
	rev, ok, err := s.ActiveRevision(ctx)
	if err != nil || !ok {
		return map[string]gridLook{}
	}
	return s.emojiFor(&rev)
}

// ---- endpoints

func (s *Server) gridRoutes(m *http.ServeMux) {
	m.HandleFunc("POST /api/world/move", s.handleMove)
	m.HandleFunc("POST /api/world/walk", s.handleWalk)
	m.HandleFunc("POST /api/world/floor", s.handleFloor)
	m.HandleFunc("GET /api/world/debug", s.handleDebug)
}

// joined is the tab's avatar, joining it first if it has none (a tab that left and came back:
// its request made it present again).
func (s *Server) joined(a Actor) error { return s.enter(a) }

// handleMove queues one step of the tab's avatar: {"direction": "right"|"down"|"left"|"up"}, a
// key press, after the steps already queued; with "held": true, a key held down, queued only when
// no step is. What a step then meets (the edge, a Gizmo, an avatar) is in the tab's grid log.
func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) {
	a, ok := s.requireTab(w, r)
	if !ok {
		return
	}
	var req struct {
		Direction wm.Dir `json:"direction"`
		Held      bool   `json:"held"`
	}
	if !readBody(w, r, &req) {
		return
	}
	err := s.joined(a)
	switch {
	case err != nil:
	case req.Held:
		err = s.grid.Hold(a.ID, req.Direction)
	default:
		err = s.grid.Move(a.ID, req.Direction)
	}
	s.answer(w, map[string]bool{"queued": true}, err)
}

// handleWalk plans a walk of the tab's avatar to a cell of its floor: {"x": 3, "y": 4}.
func (s *Server) handleWalk(w http.ResponseWriter, r *http.Request) {
	a, ok := s.requireTab(w, r)
	if !ok {
		return
	}
	var req struct {
		X *int `json:"x"`
		Y *int `json:"y"`
	}
	if !readBody(w, r, &req) {
		return
	}
	if req.X == nil || req.Y == nil {
		s.answer(w, nil, &wm.Error{Status: http.StatusBadRequest, Message: `walk needs a cell: {"x": …, "y": …}`})
		return
	}
	err := s.joined(a)
	var path []wm.Cell
	if err == nil {
		path, err = s.grid.WalkTo(a.ID, wm.Cell{X: *req.X, Y: *req.Y})
	}
	s.answer(w, map[string]any{"path": path}, err)
}

// handleFloor moves the tab's avatar to another floor: {"floor": "basement"}.
func (s *Server) handleFloor(w http.ResponseWriter, r *http.Request) {
	a, ok := s.requireTab(w, r)
	if !ok {
		return
	}
	var req struct {
		Floor wm.Floor `json:"floor"`
	}
	if !readBody(w, r, &req) {
		return
	}
	err := s.joined(a)
	var av wm.Avatar
	if err == nil {
		av, err = s.grid.SetFloor(a.ID, req.Floor)
	}
	if err == nil {
		s.events.publishGrid()
	}
	s.answer(w, av, err)
}

// handleDebug is the whole world model's snapshot, for the admin (and the browser tests).
func (s *Server) handleDebug(w http.ResponseWriter, r *http.Request) {
	a, ok := s.requireTab(w, r)
	if !ok {
		return
	}
	if !grants(a).Admin {
		s.answer(w, nil, &wm.Error{Status: http.StatusForbidden, Message: "only the world's admin reads its debug snapshot"})
		return
	}
	s.answer(w, s.grid.Snapshot(), nil)
}

// gridSpot is where a placement asks to go: a floor and cell, or less (see placeSpot).
type gridSpot struct {
	Floor *wm.Floor `json:"floor"`
	X     *int      `json:"x"`
	Y     *int      `json:"y"`
}
