package host_test

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
	"github.com/scapeworld/scape/templates"
	"github.com/scapeworld/scape/world"
)

// gridBundle is one project of the fan, pressure-pad and lamp templates (their definition.ts as
// shipped): a push, an arrival with step feedback, and a blocking light.
func gridBundle(tb testing.TB) []byte {
	return templateBundle(tb, []string{"fan", "pressure-pad", "lamp"}, nil)
}

// templateNames are the exported names of the templates' definitions.
var templateNames = map[string]string{"fan": "fan", "pressure-pad": "pressurePad", "lamp": "lamp", "walkable-tile": "walkableTile", "jump-pad": "jumpPad", "voting-booth": "votingBooth", "counter": "counter", "chime": "chime"}

// templateBundle bundles one project of the named templates' definitions and extra source files
// (name → TypeScript exporting a definition of the same name).
func templateBundle(tb testing.TB, names []string, extra map[string]string) []byte {
	tb.Helper()
	dir := filepath.Join(tb.TempDir(), "grid")
	if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: "fan", SDK: kit.SDK()}); err != nil {
		tb.Fatal(err)
	}
	imports, objects := "", ""
	for _, name := range names {
		tmpl, err := templates.Lookup(name)
		if err != nil {
			tb.Fatal(err)
		}
		src, err := fs.ReadFile(tmpl.Files(), "src/definition.ts")
		if err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "src", name+".ts"), src, 0o644); err != nil {
			tb.Fatal(err)
		}
		imports += fmt.Sprintf("import { %s } from './%s.js';\n", templateNames[name], name)
		objects += templateNames[name] + ", "
	}
	for name, src := range extra {
		if err := os.WriteFile(filepath.Join(dir, "src", name+".ts"), []byte(src), 0o644); err != nil {
			tb.Fatal(err)
		}
		imports += fmt.Sprintf("import { %s } from './%s.js';\n", name, name)
		objects += name + ", "
	}
	entry := "import { defineProject } from '@scape/sdk';\n" + imports + "export default defineProject({ objects: [" + objects + "] });\n"
	if err := os.WriteFile(filepath.Join(dir, "src", "project.ts"), []byte(entry), 0o644); err != nil {
		tb.Fatal(err)
	}
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil || !res.OK() {
		tb.Fatalf("bundle: %v %v", err, res.Diagnostics)
	}
	return res.JS
}

// tab is one world page session, driven through the JSON API.
type tab struct {
	t     *testing.T
	base  string
	token string
	actor string
}

// ownerTab opens an admin tab as the signed-in owner's page does (cookie and CSRF header).
func ownerTab(t *testing.T, o *hosttest.Owner) *tab {
	t.Helper()
	csrf, err := o.CSRF("/")
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest("POST", o.Base+"/api/world/tabs", bytes.NewReader([]byte(`{}`)))
	req.Header.Set("X-CSRF-Token", csrf)
	req.Header.Set("Content-Type", "application/json")
	resp, err := o.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct{ Token, Actor string }
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || out.Token == "" {
		t.Fatalf("open tab: %d %v", resp.StatusCode, err)
	}
	return &tab{t: t, base: o.Base, token: out.Token, actor: out.Actor}
}

// call sends a JSON request as the tab and decodes the answer into out; it returns the status
// and, for a refusal, its message.
func (tb *tab) call(method, path string, body, out any) (int, string) {
	tb.t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, tb.base+path, r)
	req.Header.Set("Authorization", "Bearer "+tb.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		var e struct{ Message string }
		_ = json.Unmarshal(data, &e)
		return resp.StatusCode, e.Message
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			tb.t.Fatalf("%s %s: %v: %s", method, path, err, data)
		}
	}
	return 200, ""
}

func (tb *tab) place(typ string, x, y int) string {
	tb.t.Helper()
	var out struct{ ID string }
	if st, msg := tb.call("POST", "/api/world/instances", map[string]any{"type": typ, "x": x, "y": y}, &out); st != 200 {
		tb.t.Fatalf("place %s at (%d,%d): %d %s", typ, x, y, st, msg)
	}
	return out.ID
}

func (tb *tab) debug() world.Snapshot {
	tb.t.Helper()
	var snap world.Snapshot
	if st, msg := tb.call("GET", "/api/world/debug", nil, &snap); st != 200 {
		tb.t.Fatalf("debug: %d %s", st, msg)
	}
	return snap
}

func (tb *tab) avatar(snap world.Snapshot) world.Avatar {
	tb.t.Helper()
	for _, a := range snap.Avatars {
		if a.Actor == tb.actor {
			return a
		}
	}
	tb.t.Fatalf("no avatar for %s in %+v", tb.actor, snap.Avatars)
	return world.Avatar{}
}

// gridFixture is a host with the production engine and the grid bundle accepted.
func gridFixture(t *testing.T) (*fixture, *tab, []byte, string) {
	f := &fixture{t: t, clock: &clock{t: time.Now().UTC()}, val: &hosttest.JSONValidator{}, real: engine.NewChecker(), tokens: make(chan string, 16), dir: t.TempDir()}
	t.Cleanup(f.real.Close)
	f.start()
	o := f.owner()
	tok := f.pair(o)
	js := gridBundle(t)
	if r, _ := f.upload(tok, 0, string(js)); r.Status != "accepted" {
		t.Fatalf("grid bundle: %+v", r)
	}
	return f, ownerTab(t, o), js, tok
}

// step advances the host's clock by one move and ticks the world.
func step(f *fixture, n int) {
	for i := 0; i < n; i++ {
		f.clock.Add(world.MoveDuration)
		f.srv.Tick()
	}
}

// TestGridPushStepAndRevision drives the host's world through its API with the real engine: a
// row of fans pushes the owner's avatar until a lamp blocks it; a pressure pad lights (step
// feedback through the engine) when pushed onto; placement on a taken cell is a 409 and a move
// off the grid a 409 naming the cell; a new revision keeps the avatar's cell; a restart keeps
// every instance's cell.
func TestGridPushStepAndRevision(t *testing.T) {
	f, owner, js, tok := gridFixture(t)
	snap := owner.debug()
	me := owner.avatar(snap)
	if me.Cell != world.Spawn || me.Floor != world.Surface {
		t.Fatalf("the owner's tab joined at %v %v, want the spawn", me.Floor, me.Cell)
	}
	// Row y=4: fans at 5, 6, 7 push right; the lamp at 8 blocks.
	for x := 5; x <= 7; x++ {
		owner.place("example.fan", x, 4)
	}
	lamp := owner.place("example.lamp", 8, 4)
	if st, msg := owner.call("POST", "/api/world/instances", map[string]any{"type": "example.fan", "x": 8, "y": 4}, nil); st != 409 || msg == "" {
		t.Fatalf("placing on the lamp's cell: %d %q, want 409", st, msg)
	}
	var walk struct{ Path []world.Cell }
	if st, msg := owner.call("POST", "/api/world/walk", map[string]int{"x": 4, "y": 4}, &walk); st != 200 || len(walk.Path) == 0 {
		t.Fatalf("walk: %d %s", st, msg)
	}
	step(f, len(walk.Path)+1)
	if at := owner.avatar(owner.debug()).Cell; at != (world.Cell{X: 4, Y: 4}) {
		t.Fatalf("after the walk the avatar is at %v", at)
	}
	if st, _ := owner.call("POST", "/api/world/move", map[string]string{"direction": "right"}, nil); st != 200 {
		t.Fatalf("move: %d", st)
	}
	step(f, 8)
	if at := owner.avatar(owner.debug()).Cell; at != (world.Cell{X: 7, Y: 4}) {
		t.Fatalf("pushed to %v, want (7,4): the last fan, blocked by the lamp", at)
	}
	// The lamp's light is in the tab's grid, with its radius and color.
	var w struct {
		Grid struct {
			Instances []struct {
				ID    string
				Emoji string
				Light *struct {
					RadiusCells float64
					Color       string
				}
			}
			Feedback []struct{ Instance string }
		}
	}
	owner.call("GET", "/api/world", nil, &w)
	found := false
	for _, in := range w.Grid.Instances {
		if in.ID == lamp {
			found = in.Light != nil && in.Light.RadiusCells == 3 && in.Light.Color == "#ffc078" && in.Emoji != ""
		}
	}
	if !found {
		t.Fatalf("the lamp's light is not in the grid: %+v", w.Grid.Instances)
	}
	// Row y=10: a fan at 3 pushes onto the pressure pad at 4, which lights for the push.
	owner.place("example.fan", 3, 10)
	pad := owner.place("example.pressure-pad", 4, 10)
	owner.call("POST", "/api/world/walk", map[string]int{"x": 2, "y": 10}, &walk)
	step(f, len(walk.Path)+1)
	owner.call("POST", "/api/world/move", map[string]string{"direction": "right"}, nil)
	step(f, 3) // the move starts, arrives on the fan, the push arrives on the pad
	snap = owner.debug()
	if at := owner.avatar(snap).Cell; at != (world.Cell{X: 4, Y: 10}) {
		t.Fatalf("the fan pushed the avatar to %v, want the pad at (4,10)", at)
	}
	lit := false
	for _, fb := range snap.Feedback {
		lit = lit || (fb.Instance == pad && fb.Kind == world.StepFeedback && bytes.Contains(fb.Effects, []byte(`#a28aff`)))
	}
	if !lit {
		t.Fatalf("no push-colored step feedback on the pad: %+v", snap.Feedback)
	}
	// Off the grid: a 409 that names the cell.
	owner.call("POST", "/api/world/walk", map[string]int{"x": 0, "y": 10}, &walk)
	step(f, len(walk.Path)+1)
	if st, msg := owner.call("POST", "/api/world/walk", map[string]int{"x": -1, "y": 10}, nil); st != 400 || msg == "" {
		t.Fatalf("walking off the grid: %d %q", st, msg)
	}
	if st, msg := owner.call("POST", "/api/world/walk", map[string]int{"x": 8, "y": 4}, nil); st != 409 {
		t.Fatalf("walking into the lamp: %d %q, want 409", st, msg)
	}
	// An action: its new state's outputs derive before the world lock is taken.
	if st, msg := owner.call("POST", "/api/world/instances/"+lamp+"/act", map[string]any{"name": "toggle", "payload": map[string]string{}}, nil); st != 200 {
		t.Fatalf("toggling the lamp: %d %s", st, msg)
	}
	// A new revision: the avatar stays where it is; the pending feedback is cancelled.
	before := owner.avatar(owner.debug()).Cell
	if r, _ := f.upload(tok, 1, string(js)+"\n// revision 2\n"); r.Status != "accepted" {
		t.Fatalf("second revision: %+v", r)
	}
	snap = owner.debug()
	if snap.Revision != 2 || owner.avatar(snap).Cell != before {
		t.Fatalf("after revision 2: revision %d, avatar at %v (was %v)", snap.Revision, owner.avatar(snap).Cell, before)
	}
	// Placing, acting and activating a revision ran every derivation (author code) with no
	// world lock held.
	if snap.LockedDerives != 0 {
		t.Fatalf("%d derivations ran under the world lock", snap.LockedDerives)
	}
	// A restart keeps every instance's cell and placer.
	cells := map[string]world.Cell{}
	for _, in := range snap.Instances {
		cells[in.ID] = in.Cell
	}
	f.stop()
	f.start()
	o := f.owner()
	again := ownerTab(t, o)
	deadline := time.Now().Add(20 * time.Second)
	for {
		snap = again.debug()
		ok := len(snap.Instances) == len(cells)
		for _, in := range snap.Instances {
			ok = ok && cells[in.ID] == in.Cell && in.Placer == "owner" && in.Derived != nil
		}
		if ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after a restart: %+v, want cells %v derived", snap.Instances, cells)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// The world's refusals through the API: a participant reads no debug snapshot and places
// nothing (403); an editor may not edit the owner's lamp (editing needs the placer: 403) but
// toggles it (participant); a move in no direction is a 400.
func TestGridRefusals(t *testing.T) {
	_, owner, _, _ := gridFixture(t)
	lamp := owner.place("example.lamp", 2, 2)
	guest := func(role string) *tab {
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
	p := guest("participant")
	if st, _ := p.call("GET", "/api/world/debug", nil, nil); st != 403 {
		t.Errorf("participant's debug snapshot: %d, want 403", st)
	}
	if st, _ := p.call("POST", "/api/world/instances", map[string]any{"type": "example.lamp"}, nil); st != 403 {
		t.Errorf("participant placed: %d, want 403", st)
	}
	e := guest("editor")
	if st, msg := e.call("POST", "/api/world/instances/"+lamp+"/act", map[string]any{"name": "color", "payload": map[string]string{"color": "blue"}}, nil); st != 403 {
		t.Errorf("editor edited the owner's lamp: %d %q, want 403", st, msg)
	}
	if st, msg := e.call("POST", "/api/world/instances/"+lamp+"/act", map[string]any{"name": "toggle", "payload": map[string]string{}}, nil); st != 200 {
		t.Errorf("editor toggled the owner's lamp: %d %q, want 200", st, msg)
	}
	mine := e.place("example.lamp", 3, 2)
	if st, msg := e.call("POST", "/api/world/instances/"+mine+"/act", map[string]any{"name": "color", "payload": map[string]string{"color": "blue"}}, nil); st != 200 {
		t.Errorf("editor edited their own lamp: %d %q", st, msg)
	}
	if st, msg := p.call("POST", "/api/world/move", map[string]string{"direction": "north"}, nil); st != 400 || !strings.Contains(msg, "north") {
		t.Errorf("move north: %d %q, want 400 naming it", st, msg)
	}
	// Every avatar is in the owner's debug snapshot: one per tab.
	if snap := owner.debug(); len(snap.Avatars) != 3 {
		t.Errorf("avatars: %+v, want the three tabs'", snap.Avatars)
	}
}

// TestGridMigratesOldDatabase opens a database from before the grid: its instance gets the
// first free surface cell and the owner as placer, saved.
func TestGridMigratesOldDatabase(t *testing.T) {
	dir := t.TempDir()
	db, err := sql.Open("sqlite", filepath.Join(dir, "host.db"))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`CREATE TABLE worlds (id TEXT PRIMARY KEY, name TEXT NOT NULL, created_at INTEGER NOT NULL, active_revision INTEGER)`,
		`CREATE TABLE instances (id TEXT PRIMARY KEY, world_id TEXT NOT NULL REFERENCES worlds(id), type TEXT NOT NULL, version INTEGER NOT NULL, state TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)`,
		`INSERT INTO worlds VALUES ('dev', 'Developer world', 1, NULL)`,
		`INSERT INTO instances VALUES ('old-1', 'dev', 'example.lamp', 1, '{"on":true,"color":"warm"}', 1, 1)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	f := newFixture(t, dir)
	f.stop()
	db, _ = sql.Open("sqlite", filepath.Join(dir, "host.db"))
	defer db.Close()
	var x, y, floor int
	var placer string
	if err := db.QueryRow(`SELECT floor, cell_x, cell_y, placer FROM instances WHERE id = 'old-1'`).Scan(&floor, &x, &y, &placer); err != nil {
		t.Fatal(err)
	}
	if floor != 0 || x != 0 || y != 0 || placer != "owner" {
		t.Fatalf("migrated instance: floor %d cell (%d,%d) placer %q", floor, x, y, placer)
	}
}
