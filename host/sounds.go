package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"sync"

	"github.com/scapeworld/scape/audio"
	"github.com/scapeworld/scape/host/engine"
	wm "github.com/scapeworld/scape/world"
)

// The world page plays what a Gizmo declares from the samples the build rendered: each declared
// sound is served as WAV under its content address (audio.Key: the SHA-256 of the recipe's
// canonical JSON), rendered once, in a render worker, and cached (soundrender.go); a recorded WAV
// import is served as it is. The page learns, per placed instance, the map sound name → key (the
// definition's static sounds, or soundBank(state) for that instance's state), its ambience, and
// asks the host for previews and sequence steps. Every answer comes from the live worker through
// the SDK (engine.Env.Ask, a derive-like call), so no recipe is resolved twice by a second rule
// set; nothing here mutates state or is broadcast.

// soundBook remembers, for the active revision, what the page needs to resolve sound names: the
// answers of the worker by definition (static sounds, asked once) or by instance state (sound
// banks), and every declared recipe it has handed a key for (so GET .../<key>.wav can render it),
// those of the revision before too (a tab may still play them while it learns the new keys).
// Previews and sequence steps are not declared: their sounds are the asking session's (asked).
type soundBook struct {
	mu       sync.Mutex
	rev      int
	byType   map[string]*soundAnswer // definitions without a sound bank: one answer per revision
	byState  map[string]*soundAnswer // sound banks: "id\x00state"
	recipes  map[string]json.RawMessage
	previous map[string]json.RawMessage // the previous revision's recipes
	asked    askedSounds
}

// soundAnswer is toolchain.ts answer's reply to {sounds: true}.
type soundAnswer struct {
	Sounds       map[string]json.RawMessage `json:"sounds"`
	SoundProblem string                     `json:"soundProblem"`
	Bank         bool                       `json:"bank"`
	Ambience     json.RawMessage            `json:"ambience"`
	Sequence     bool                       `json:"sequence"`
	keys         map[string]string
}

// maxKnownRecipes bounds the declared recipes a host remembers for serving (sound banks of many
// states add up); the revisions before the previous one are dropped, and beyond this bound a new
// key is handed out but not served (404) until the next revision.
const maxKnownRecipes = 4096

// reset forgets everything of an older revision. Called with b.mu held.
func (b *soundBook) reset(rev int) {
	if b.rev == rev && b.byType != nil {
		return
	}
	if b.rev != rev && b.recipes != nil {
		b.previous = b.recipes
	}
	b.rev = rev
	b.byType = map[string]*soundAnswer{}
	b.byState = map[string]*soundAnswer{}
	b.recipes = map[string]json.RawMessage{}
}

// remember records a recipe under its key and returns the key. Called with b.mu held.
func (b *soundBook) remember(recipe json.RawMessage) string {
	key := audio.Key(recipe)
	if _, ok := b.recipes[key]; !ok && len(b.recipes) < maxKnownRecipes {
		b.recipes[key] = append(json.RawMessage(nil), recipe...)
	}
	return key
}

// declared is the recipe of a sound the active revision, or the one before it, declares.
func (b *soundBook) declared(key string) (json.RawMessage, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if r, ok := b.recipes[key]; ok {
		return r, true
	}
	r, ok := b.previous[key]
	return r, ok
}

func (s *Server) soundRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /api/world/sounds", s.handleSounds)
	m.HandleFunc("GET /api/world/sounds/{file}", s.handleSoundFile)
	m.HandleFunc("POST /api/world/instances/{id}/preview", s.handlePreview)
	m.HandleFunc("POST /api/world/instances/{id}/sequence", s.handleSequence)
}

// ask runs one derive-like question about a placed instance in the live worker and decodes the
// derived object of its answer into out.
func (s *Server) ask(ctx context.Context, id string, question any, out any) (int, error) {
	rev, proj := s.live.current()
	if proj == nil {
		return 0, fmt.Errorf("%w: no build is loaded yet", engine.ErrNotReady)
	}
	in, _, ok := s.grid.Instance(id)
	if !ok {
		return rev, &wm.Error{Status: http.StatusNotFound, Message: fmt.Sprintf("no placed instance %q", id)}
	}
	q, err := json.Marshal(question)
	if err != nil {
		return rev, err
	}
	cctx, cancel := context.WithTimeout(ctx, runtimeCallTimeout)
	defer cancel()
	raw, err := proj.Derive(cctx, in, engine.Env{Ask: q})
	if err != nil {
		return rev, err
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return rev, fmt.Errorf("%s: the worker's answer is not what the page needs: %w", id, err)
	}
	return rev, nil
}

// soundsOf is what instance in plays (its sounds by key, its ambience), asked of the worker once
// per definition, or once per state for a sound bank.
func (s *Server) soundsOf(ctx context.Context, in wm.InstanceView) (*soundAnswer, error) {
	rev, _ := s.live.current()
	b := &s.sounds
	b.mu.Lock()
	b.reset(rev)
	if a := b.byType[in.Type]; a != nil {
		b.mu.Unlock()
		return a, nil
	}
	stateKey := in.ID + "\x00" + string(in.State)
	if a := b.byState[stateKey]; a != nil {
		b.mu.Unlock()
		return a, nil
	}
	b.mu.Unlock()
	var a soundAnswer
	asked, err := s.ask(ctx, in.ID, map[string]bool{"sounds": true}, &a)
	if err != nil {
		return nil, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.reset(asked)
	a.keys = map[string]string{}
	for name, recipe := range a.Sounds {
		a.keys[name] = b.remember(recipe)
	}
	a.Sounds = nil // the page needs keys; the recipes stay in the book
	if a.Bank {
		if len(b.byState) >= maxKnownRecipes {
			b.byState = map[string]*soundAnswer{}
		}
		b.byState[stateKey] = &a
	} else {
		b.byType[in.Type] = &a
	}
	return &a, nil
}

// tabSound is one placed instance as the page's audio needs it.
type tabSound struct {
	ID       string            `json:"id"`
	Type     string            `json:"type"`
	Floor    wm.Floor          `json:"floor"`
	Cell     wm.Cell           `json:"cell"`
	Sounds   map[string]string `json:"sounds"`
	Problem  string            `json:"problem,omitempty"`
	Ambience json.RawMessage   `json:"ambience,omitempty"`
	Sequence bool              `json:"sequence,omitempty"`
}

// handleSounds lists every placed instance's sounds by key and its ambience:
// {revision, instances: [tabSound]}. An instance that does not derive is left out (it plays
// nothing); one whose sound bank fails carries the problem.
func (s *Server) handleSounds(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.requireTab(w, r); !ok {
		return
	}
	rev, proj := s.live.current()
	out := struct {
		Revision  int        `json:"revision"`
		Instances []tabSound `json:"instances"`
	}{Revision: rev, Instances: []tabSound{}}
	if proj == nil {
		writeJSON(w, http.StatusOK, out)
		return
	}
	for _, in := range s.grid.Snapshot().Instances {
		if in.Derived == nil {
			continue
		}
		a, err := s.soundsOf(r.Context(), in)
		if err != nil {
			if errors.Is(err, engine.ErrNotReady) {
				s.answer(w, nil, err)
				return
			}
			out.Instances = append(out.Instances, tabSound{ID: in.ID, Type: in.Type, Floor: in.Floor, Cell: in.Cell, Sounds: map[string]string{}, Problem: err.Error()})
			continue
		}
		ts := tabSound{ID: in.ID, Type: in.Type, Floor: in.Floor, Cell: in.Cell, Sounds: a.keys, Problem: a.SoundProblem, Sequence: a.Sequence}
		if present(a.Ambience) {
			ts.Ambience = a.Ambience
		}
		out.Instances = append(out.Instances, ts)
	}
	writeJSON(w, http.StatusOK, out)
}

var soundFile = regexp.MustCompile(`^([0-9a-f]{64})\.wav$`)

// handleSoundFile serves one sound as WAV by its content address. The address names the
// content, so the answer never changes: cached for a year, immutable. Only two kinds of address
// are served, anything else is 404: a sound the active build (or the one before it) declares, to
// anyone (the page's <audio> fetches may come without a session; public), and a preview's or a
// sequence step's, only to the session that asked for it (the tab's bearer token; private). WAVs
// are made by s.renders: out of the host's process, a bounded number at once (soundrender.go).
func (s *Server) handleSoundFile(w http.ResponseWriter, r *http.Request) {
	m := soundFile.FindStringSubmatch(r.PathValue("file"))
	if m == nil {
		http.Error(w, "not a sound: want /api/world/sounds/<sha256>.wav", http.StatusNotFound)
		return
	}
	key := m[1]
	cache := "public"
	recipe, ok := s.sounds.declared(key)
	if !ok {
		if a, tab := s.tab(r); tab {
			recipe, ok = s.sounds.asked.recipe(a.ID, key)
			cache = "private"
		}
	}
	if !ok {
		http.Error(w, "no sound "+key+" in this world", http.StatusNotFound)
		return
	}
	wav, err := s.renders.wav(recipe)
	if err != nil {
		s.writeRenderError(w, key, err)
		return
	}
	w.Header().Set("Content-Type", "audio/wav")
	w.Header().Set("Cache-Control", cache+", max-age=31536000, immutable")
	w.Header().Set("ETag", `"`+key+`"`)
	_, _ = w.Write(wav)
}

// handlePreview runs a preview control for the pressing tab only: {name, payload} → {key, gain}.
// The SDK's registry checks the preview (its permission against this viewer's authority, its
// result); nothing is saved or told to other tabs ("A preview is local, does not broadcast, and
// does not mutate shared state").
func (s *Server) handlePreview(w http.ResponseWriter, r *http.Request) {
	a, ok := s.requireTab(w, r)
	if !ok {
		return
	}
	var req struct {
		Name    string          `json:"name"`
		Payload json.RawMessage `json:"payload"`
	}
	if !readBody(w, r, &req) {
		return
	}
	id := r.PathValue("id")
	in, _, found := s.grid.Instance(id)
	if !found {
		s.answer(w, nil, &wm.Error{Status: http.StatusNotFound, Message: fmt.Sprintf("no placed instance %q", id)})
		return
	}
	if !present(req.Payload) {
		req.Payload = json.RawMessage("{}")
	}
	hin := in
	v := s.access(a, hin.ID)
	var res struct {
		Preview struct {
			Sound json.RawMessage `json:"sound"`
			Gain  float64         `json:"gain"`
		} `json:"preview"`
	}
	question := map[string]any{"preview": map[string]any{"name": req.Name, "payload": req.Payload, "viewer": map[string]any{"actorId": v.ActorID, "canEdit": v.CanEdit}}}
	if _, err := s.ask(r.Context(), id, question, &res); err != nil {
		s.answer(w, nil, err)
		return
	}
	key := audio.Key(res.Preview.Sound)
	s.sounds.asked.add(a.ID, key, res.Preview.Sound)
	writeJSON(w, http.StatusOK, map[string]any{"key": key, "gain": res.Preview.Gain})
}

// handleSequence runs one sequence(context) step for the asking tab's listener: {step, sources}
// (nearest first, as the page's distance law attenuates and pans them) → {afterSeconds,
// strikes: [{source, delaySeconds, key}]}. Any placed instance of the definition answers: a
// sequence depends on its context only.
func (s *Server) handleSequence(w http.ResponseWriter, r *http.Request) {
	a, ok := s.requireTab(w, r)
	if !ok {
		return
	}
	type source struct {
		X    float64 `json:"x"`
		Y    float64 `json:"y"`
		Gain float64 `json:"gain"`
		Pan  float64 `json:"pan"`
	}
	var req struct {
		Step    int      `json:"step"`
		Sources []source `json:"sources"`
	}
	if !readBody(w, r, &req) {
		return
	}
	if req.Sources == nil {
		req.Sources = []source{}
	}
	var res struct {
		Sequence struct {
			AfterSeconds float64 `json:"afterSeconds"`
			Strikes      []struct {
				Source       int             `json:"source"`
				DelaySeconds float64         `json:"delaySeconds"`
				Sound        json.RawMessage `json:"sound"`
			} `json:"strikes"`
		} `json:"sequence"`
	}
	_, err := s.ask(r.Context(), r.PathValue("id"), map[string]any{"sequence": req}, &res)
	if err != nil {
		s.answer(w, nil, err)
		return
	}
	type strike struct {
		Source       int     `json:"source"`
		DelaySeconds float64 `json:"delaySeconds"`
		Key          string  `json:"key"`
	}
	out := struct {
		AfterSeconds float64  `json:"afterSeconds"`
		Strikes      []strike `json:"strikes"`
	}{AfterSeconds: res.Sequence.AfterSeconds, Strikes: []strike{}}
	for _, st := range res.Sequence.Strikes {
		key := audio.Key(st.Sound)
		s.sounds.asked.add(a.ID, key, st.Sound)
		out.Strikes = append(out.Strikes, strike{Source: st.Source, DelaySeconds: st.DelaySeconds, Key: key})
	}
	writeJSON(w, http.StatusOK, out)
}
