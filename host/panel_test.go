package host_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
)

// signTS is a settings-first Gizmo: configuration with open (Configure opens on placement) and
// remember, its one editor action also in the action row (placement 'action').
const signTS = `import { defineObject, exactKeys, record, requirePayload, ObjectActionError } from '@scape/sdk';
export const sign = defineObject<{ text: string }>({
  type: 'test.sign', version: 1, emoji: '📜', label: 'Sign', hint: 'write on it',
  initial: () => ({ text: 'Hello' }),
  valid: (s): s is { text: string } => record(s) && exactKeys(s, ['text']) && typeof s.text === 'string' && s.text.length > 0 && s.text.length <= 40,
  actions: {
    write: { permission: 'editor', run: (_s, p) => { requirePayload(p, ['text']); if (typeof p.text !== 'string' || !p.text || p.text.length > 40) throw new ObjectActionError(400, 'Write 1–40 characters.'); return { text: p.text }; } },
    shout: { permission: 'editor', run: (s, p) => { requirePayload(p, []); return { text: s.text.toUpperCase() }; } },
  },
  configuration: { action: 'write', fields: ['text'], open: true, remember: true },
  view: (s) => ({ title: s.text, description: '', fields: [{ id: 'text', label: 'Text', value: s.text, maxLength: 40 }],
    controls: [{ id: 'write', label: 'Write', fields: ['text'], action: { name: 'write', payload: {} } },
               { id: 'shout', label: 'Shout', placement: 'action', action: { name: 'shout', payload: {} } }] }),
});
`

// panelBundle is one project of the voting booth, counter, fan, lamp and pressure pad templates
// (as shipped), the fidelity corpus's thermostat (configuration with remember) and world door
// (worldEditor, navigate), and the sign above.
func panelBundle(tb testing.TB) []byte {
	tb.Helper()
	extra := map[string]string{"sign": signTS}
	for file, export := range map[string]string{"thermostat": "thermostat", "world-door": "worldDoor"} {
		src, err := os.ReadFile(filepath.Join("..", "testdata", "fidelity", file+".ts"))
		if err != nil {
			tb.Fatal(err)
		}
		extra[export] = string(src)
	}
	return templateBundle(tb, []string{"voting-booth", "counter", "fan", "lamp", "pressure-pad"}, extra)
}

// panelFixture is a host with the production engine and the panel bundle accepted, and the
// owner's tab.
func panelFixture(t *testing.T) (*fixture, *tab) {
	f := &fixture{t: t, clock: &clock{t: time.Now().UTC()}, val: &hosttest.JSONValidator{}, real: engine.NewChecker(), tokens: make(chan string, 16), dir: t.TempDir()}
	t.Cleanup(f.real.Close)
	f.start()
	o := f.owner()
	tok := f.pair(o)
	if r, _ := f.upload(tok, 0, string(panelBundle(t))); r.Status != "accepted" {
		t.Fatalf("panel bundle: %+v", r)
	}
	return f, ownerTab(t, o)
}

// invited opens a tab with an invite for role that owner minted.
func invited(t *testing.T, owner *tab, role string) *tab {
	t.Helper()
	var inv struct{ URL string }
	if st, msg := owner.call("POST", "/api/world/invites", map[string]string{"role": role}, &inv); st != 200 {
		t.Fatalf("invite: %d %s", st, msg)
	}
	code := inv.URL[strings.Index(inv.URL, "invite=")+len("invite="):]
	g := &tab{t: t, base: owner.base}
	var out struct{ Token, Actor string }
	if st, msg := g.call("POST", "/api/world/tabs", map[string]string{"invite": code}, &out); st != 200 {
		t.Fatalf("open %s tab: %d %s", role, st, msg)
	}
	g.token, g.actor = out.Token, out.Actor
	return g
}

// panelInstance is a tab's instance as the panel gets it.
type panelInstance struct {
	ID      string
	Type    string
	Problem string
	View    *struct {
		Title  string
		Fields []struct{ ID, Value string }
		// Controls as sent; Action.Name says which.
		Controls []struct {
			ID     string
			Action struct{ Name string }
		}
	}
	Configure       []int
	ConfigureFields []int
	WorldPicker     *struct{ Field, Action, Label string }
	Navigate        *struct{ World, Name string }
}

func (tb *tab) instance(id string) panelInstance {
	tb.t.Helper()
	var w struct{ Instances []panelInstance }
	if st, msg := tb.call("GET", "/api/world", nil, &w); st != 200 {
		tb.t.Fatalf("world: %d %s", st, msg)
	}
	for _, in := range w.Instances {
		if in.ID == id {
			return in
		}
	}
	tb.t.Fatalf("no instance %s in the tab's world", id)
	return panelInstance{}
}

func (tb *tab) placed(typ string) (id string, configured bool, configureError string, open bool) {
	tb.t.Helper()
	var out struct {
		ID             string
		Configured     bool
		ConfigureError *struct{ Message string }
		OpenConfigure  bool
	}
	if st, msg := tb.call("POST", "/api/world/instances", map[string]any{"type": typ}, &out); st != 200 {
		tb.t.Fatalf("place %s: %d %s", typ, st, msg)
	}
	if out.ConfigureError != nil {
		configureError = out.ConfigureError.Message
	}
	return out.ID, out.Configured, configureError, out.OpenConfigure
}

func (tb *tab) act(id, name string, payload any) (int, string) {
	tb.t.Helper()
	return tb.call("POST", "/api/world/instances/"+id+"/act", map[string]any{"name": name, "payload": payload}, nil)
}

func stateOf(t *testing.T, f *fixture, id string) string {
	t.Helper()
	placed, err := f.srv.Instances(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range placed {
		if in.ID == id {
			return string(in.State)
		}
	}
	t.Fatalf("no instance %s", id)
	return ""
}

// controlIDs are the ids of the view's controls at the indexes (all of them when nil).
func controlIDs(in panelInstance, at []int) []string {
	var out []string
	for i, c := range in.View.Controls {
		if at == nil || containsInt(at, i) {
			out = append(out, c.ID)
		}
	}
	return out
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// The server sorts a view's editor settings (controls whose action is declared editor, and the
// fields only they submit) under Configure for a viewer who may edit, and does not send them to
// one who may not; the SDK's registry refuses the participant's forged editor request all the
// same.
func TestPanelConfigureIsTheEditorsSettings(t *testing.T) {
	_, owner := panelFixture(t)
	booth, _, _, open := owner.placed("scape.voting-booth")
	if open {
		t.Error("the voting booth declares no configuration.open, yet Configure opens")
	}
	in := owner.instance(booth)
	if got := strings.Join(controlIDs(in, in.Configure), ","); got != "configure,toggle,reset" {
		t.Errorf("the owner's Configure holds %q, want configure,toggle,reset", got)
	}
	if len(in.ConfigureFields) != 5 {
		t.Errorf("the owner's Configure fields: %v, want the question and four answers", in.ConfigureFields)
	}
	p := invited(t, owner, "participant")
	pin := p.instance(booth)
	if got := strings.Join(controlIDs(pin, nil), ","); got != "vote-0,vote-1" || len(pin.Configure) != 0 || len(pin.View.Fields) != 0 {
		t.Errorf("the participant's panel: controls %q, configure %v, fields %v; want only the votes", got, pin.Configure, pin.View.Fields)
	}
	if st, _ := p.act(booth, "vote", map[string]any{"round": 0, "choice": 1}); st != 200 {
		t.Errorf("the participant's vote: %d", st)
	}
	if st, _ := p.act(booth, "reset", map[string]any{"round": 0}); st != 403 {
		t.Errorf("the participant's forged reset: %d, want 403", st)
	}
	// The fan: a participant sees its switch, not the direction (an editor select).
	fan, _, _, _ := owner.placed("example.fan")
	if fin := p.instance(fan); strings.Join(controlIDs(fin, nil), ",") != "toggle" || len(fin.View.Fields) != 0 {
		t.Errorf("the participant's fan: %+v", fin.View)
	}
	if oin := owner.instance(fan); len(oin.ConfigureFields) != 1 || oin.View.Fields[oin.ConfigureFields[0]].ID != "direction" {
		t.Errorf("the owner's fan Configure fields: %v of %+v", oin.ConfigureFields, oin.View.Fields)
	}
	// placement 'action' keeps an editor control in the action row: not under Configure, and
	// not sent to a participant either.
	sign, _, _, open := owner.placed("test.sign")
	if !open {
		t.Error("the sign declares configuration.open, yet the placement does not open Configure")
	}
	sin := owner.instance(sign)
	if got := strings.Join(controlIDs(sin, sin.Configure), ","); got != "write" {
		t.Errorf("the sign's Configure: %q, want write (shout is in the action row)", got)
	}
	if got := controlIDs(p.instance(sign), nil); len(got) != 0 {
		t.Errorf("the participant's sign controls: %v, want none", got)
	}
	// An editor who did not place the booth may not edit it: no Configure for them.
	e := invited(t, owner, "editor")
	if ein := e.instance(booth); len(ein.Configure) != 0 || strings.Contains(strings.Join(controlIDs(ein, nil), ","), "reset") {
		t.Errorf("an editor who is not the placer gets Configure: %+v", ein)
	}
}

// configuration.remember: after an accepted editor action the same tab's next placement of the
// type gets those settings, replayed through the declared action (an editor action, so a tab
// without edit rights never gets them); another tab's placement does not. A definition without
// a view is a card with no controls, not an error.
func TestPanelRememberReplaysOnTheNextPlacement(t *testing.T) {
	f, owner := panelFixture(t)
	first, configured, _, _ := owner.placed("home.thermostat")
	if configured {
		t.Fatal("the first thermostat was configured with nothing remembered")
	}
	if st, msg := owner.act(first, "setTarget", map[string]any{"target": "30.5"}); st != 200 {
		t.Fatalf("setTarget: %d %s", st, msg)
	}
	if st, msg := owner.act(first, "setMode", map[string]any{"mode": "cool"}); st != 200 {
		t.Fatalf("setMode: %d %s", st, msg)
	}
	second, configured, cerr, _ := owner.placed("home.thermostat")
	if !configured || cerr != "" {
		t.Fatalf("the second thermostat: configured %v, error %q", configured, cerr)
	}
	if got := stateOf(t, f, second); got != `{"target":"30.5","mode":"cool"}` {
		t.Errorf("the second thermostat's state: %s", got)
	}
	// A refused setting is not remembered: the last accepted one stays.
	if st, _ := owner.act(second, "setTarget", map[string]any{"target": "99"}); st != 400 {
		t.Errorf("a target out of range: %d, want 400", st)
	}
	third, _, _, _ := owner.placed("home.thermostat")
	if got := stateOf(t, f, third); got != `{"target":"30.5","mode":"cool"}` {
		t.Errorf("after a refused setting the next thermostat is %s", got)
	}
	other := ownerTab(t, f.owner())
	fourth, configured, _, _ := other.placed("home.thermostat")
	if got := stateOf(t, f, fourth); configured || got != `{"target":"21.0","mode":"heat"}` {
		t.Errorf("another tab's thermostat: configured %v, state %s", configured, got)
	}
	// The sign remembers too; an editor's own signs get the editor's text.
	e := invited(t, owner, "editor")
	s1, _, _, open := e.placed("test.sign")
	if !open {
		t.Error("the editor's sign does not open Configure")
	}
	if st, msg := e.act(s1, "write", map[string]any{"text": "Welcome"}); st != 200 {
		t.Fatalf("write: %d %s", st, msg)
	}
	s2, configured, _, _ := e.placed("test.sign")
	if got := stateOf(t, f, s2); !configured || got != `{"text":"Welcome"}` {
		t.Errorf("the editor's second sign: configured %v, state %s", configured, got)
	}
	// No view: the card's name, no problem, no controls.
	pad, _, _, _ := owner.placed("example.pressure-pad")
	if in := owner.instance(pad); in.Problem != "" || in.View != nil {
		t.Errorf("the pressure pad (no view): problem %q, view %+v", in.Problem, in.View)
	}
}

// The world picker resolves a world code in the stub directory and submits
// { [field]: destination } to the declared editor action; the world link follows the state.
// Changing a world link needs world administration (the world model), whatever the action's
// permission, and an unknown code is a 404 naming the directory.
func TestPanelWorldPickerAndNavigate(t *testing.T) {
	f, owner := panelFixture(t)
	door, _, _, _ := owner.placed("travel.world-door")
	in := owner.instance(door)
	if in.WorldPicker == nil || in.WorldPicker.Field != "destination" || in.WorldPicker.Label != "Destination world" {
		t.Fatalf("the door's world picker: %+v", in.WorldPicker)
	}
	if in.Navigate == nil || in.Navigate.World != "harbor-plaza" || in.Navigate.Name != "Harbor Plaza" {
		t.Fatalf("the door's world link: %+v", in.Navigate)
	}
	pick := func(tb *tab, world any) (int, string) {
		return tb.call("POST", "/api/world/instances/"+door+"/world", map[string]any{"world": world}, nil)
	}
	if st, msg := pick(owner, "sky-garden"); st != 200 {
		t.Fatalf("pick sky-garden: %d %s", st, msg)
	}
	if got := stateOf(t, f, door); got != `{"destination":{"id":"sky-garden","name":"Sky Garden"}}` {
		t.Errorf("after the pick: %s", got)
	}
	if n := owner.instance(door).Navigate; n == nil || n.World != "sky-garden" {
		t.Errorf("the world link after the pick: %+v", n)
	}
	if st, msg := pick(owner, "atlantis"); st != 404 || !strings.Contains(msg, "local stub directory") {
		t.Errorf("an unknown world: %d %q", st, msg)
	}
	if st, msg := pick(owner, nil); st != 200 {
		t.Fatalf("clear: %d %s", st, msg)
	}
	if n := owner.instance(door).Navigate; n != nil {
		t.Errorf("a cleared door still links to %+v", n)
	}
	p := invited(t, owner, "participant")
	if pin := p.instance(door); pin.WorldPicker != nil {
		t.Error("a participant gets the world picker")
	}
	if st, _ := pick(p, "sky-garden"); st != 403 {
		t.Errorf("a participant's pick: %d, want 403", st)
	}
	var out json.RawMessage
	if st, _ := owner.call("POST", "/api/world/instances/"+door+"/world", map[string]any{"world": "night-market"}, &out); st != 200 {
		t.Errorf("pick night-market: %d", st)
	}
}
