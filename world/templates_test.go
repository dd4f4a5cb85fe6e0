package world_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
	"github.com/scapeworld/scape/templates"
	"github.com/scapeworld/scape/validate"
	"github.com/scapeworld/scape/world"
)

// Two test-only definitions the templates do not cover, written against the SDK as an author
// would: a linked portal (link + linked travel) and a bomb (areaRemoval + react removeArea).
const portalTS = `import { defineObject, exactKeys, record } from '@scape/sdk';
export const portal = defineObject<Record<string, never>>({
  type: 'test.portal', version: 1, emoji: '🟣', label: 'Portal', hint: 'linked travel',
  initial: () => ({}),
  valid: (state): state is Record<string, never> => record(state) && exactKeys(state, []),
  actions: {},
  walkable: true,
  link: { size: 2 },
  travel: () => ({ destination: { kind: 'linked' }, exits: [[1, 0], [0, 1], [-1, 0], [0, -1]], relative: true, cooldownMs: 1000 }),
  lighting: (_state, env) => env.linked ? { light: { radiusCells: 2, color: '#8fd3ff', intensity: 0.2, illumination: 0.5 } } : {},
});
`

const bombTS = `import { defineObject, exactKeys, record, requirePayload } from '@scape/sdk';
export const bomb = defineObject<Record<string, never>>({
  type: 'test.bomb', version: 1, emoji: '🧨', label: 'Bomb', hint: 'area removal',
  initial: () => ({}),
  valid: (state): state is Record<string, never> => record(state) && exactKeys(state, []),
  areaRemoval: { radiusCells: 1 },
  actions: { explode: { permission: 'remover', run: (state, payload) => { requirePayload(payload, []); return state; } } },
  react: () => ({ feedback: { durationMs: 500, haptic: 'heavy', burst: { color: '#ff8800', radiusCells: 1, particles: 0 } }, removeArea: { radiusCells: 1 } }),
});
`

// musicTS has audio(state, previous) and animate(state, previous): a change of state carries
// both (world.Transition); the third bump's audio throws, which leaves the change standing.
const musicTS = `import { defineObject, exactKeys, record, requirePayload } from '@scape/sdk';
type S = { n: number };
const frame = (lift: number) => ({ rotation: [0, 0, 0, 1] as [number, number, number, number], x: 0, lift, shadow: [1, 1, 0.5] as [number, number, number] });
export const music = defineObject<S>({
  type: 'test.music', version: 1, emoji: '🎵', label: 'Music', hint: 'transition probe',
  initial: () => ({ n: 0 }),
  valid: (state): state is S => record(state) && exactKeys(state, ['n']) && Number.isSafeInteger(state.n) && state.n >= 0 && state.n < 10,
  actions: { bump: { permission: 'participant', run: (state, payload) => { requirePayload(payload, []); return { n: (state.n + 1) % 10 }; } } },
  sounds: { ding: { kind: 'synth', duration: 0.2, voices: [{ wave: 'sine', start: 0, duration: 0.15, frequency: 660, gain: 0.2 }] } },
  audio: (state, previous) => {
    if (state.n === 3) throw new Error('no third ding');
    return state.n > previous.n ? { key: 'ding-' + state.n, at: 0, commands: [{ kind: 'play', voice: 'v', delayMs: 0, sound: 'ding', gain: 1, rate: 1, loop: false, rangeCells: [1, 8], stereo: 0.5 }] } : null;
  },
  animate: (state, previous) => ({ key: 'hop-' + previous.n + '-' + state.n, at: 0, durationMs: 300, frames: [frame(0), frame(0.5), frame(0)] }),
});
`

// exitsTS renders the SDK's travelExitOffsets for the state's movement as the view's description,
// so the Go mirror can be compared with the SDK's own outputs.
const exitsTS = `import { defineObject, record, travelExitOffsets, requirePayload } from '@scape/sdk';
type S = { dx: number; dy: number; relative: boolean };
const exits: [number, number][] = [[0, 0], [1, 0], [0, 1], [-1, 0], [0, -1], [1, 1], [-1, 1], [1, -1], [-1, -1]];
export const exitsProbe = defineObject<S>({
  type: 'test.exits', version: 1, emoji: '🧭', label: 'Exits', hint: 'travelExitOffsets probe',
  initial: () => ({ dx: 0, dy: 0, relative: true }),
  valid: (state): state is S => record(state) && Number.isSafeInteger(state.dx) && Number.isSafeInteger(state.dy) && typeof state.relative === 'boolean',
  actions: { noop: { permission: 'participant', run: (state, payload) => { requirePayload(payload, []); return state; } } },
  view: (state) => ({ title: 'exits', description: JSON.stringify(travelExitOffsets({ exits, relative: state.relative }, state.dx, state.dy)), controls: [] }),
});
`

var (
	openOnce sync.Once
	opened   *validate.Project
	openErr  error
)

// project bundles the fan, jump-pad, pressure-pad, walkable-tile, lamp and chime templates (their
// definition.ts as shipped) with the test-only definitions above into one project and opens it
// through validate, as the host's engine does. Shared by the tests: validate.Project is not safe
// for concurrent use, and the tests here do not run in parallel.
func project(t *testing.T) *validate.Project {
	t.Helper()
	openOnce.Do(func() { opened, openErr = openProject() })
	if openErr != nil {
		t.Fatal(openErr)
	}
	return opened
}

func openProject() (*validate.Project, error) {
	tmp, err := os.MkdirTemp("", "world-templates-")
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(tmp, "world")
	if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: "fan", SDK: kit.SDK()}); err != nil {
		return nil, err
	}
	names := map[string]string{"fan": "fan", "jump-pad": "jumpPad", "pressure-pad": "pressurePad", "walkable-tile": "walkableTile", "lamp": "lamp", "chime": "chime"}
	imports, objects := "", ""
	for _, name := range []string{"fan", "jump-pad", "pressure-pad", "walkable-tile", "lamp", "chime"} {
		tmpl, err := templates.Lookup(name)
		if err != nil {
			return nil, err
		}
		src, err := fs.ReadFile(tmpl.Files(), "src/definition.ts")
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, "src", name+".ts"), src, 0o644); err != nil {
			return nil, err
		}
		imports += fmt.Sprintf("import { %s } from './%s.js';\n", names[name], name)
		objects += names[name] + ", "
	}
	for file, src := range map[string]string{"portal.ts": portalTS, "bomb.ts": bombTS, "exits.ts": exitsTS, "music.ts": musicTS} {
		if err := os.WriteFile(filepath.Join(dir, "src", file), []byte(src), 0o644); err != nil {
			return nil, err
		}
	}
	imports += "import { portal } from './portal.js';\nimport { bomb } from './bomb.js';\nimport { exitsProbe } from './exits.js';\nimport { music } from './music.js';\n"
	objects += "portal, bomb, exitsProbe, music"
	entry := "import { defineProject } from '@scape/sdk';\n" + imports + "export default defineProject({ objects: [" + objects + "] });\n"
	if err := os.WriteFile(filepath.Join(dir, "src", "project.ts"), []byte(entry), 0o644); err != nil {
		return nil, err
	}
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil {
		return nil, err
	}
	if !res.OK() {
		return nil, fmt.Errorf("bundle: %v", res.Diagnostics)
	}
	p, rep, err := validate.Open(context.Background(), res.JS, validate.Options{SourceMap: res.SourceMap})
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, fmt.Errorf("the project is not valid: %v", rep.Diagnostics)
	}
	return p, nil
}

// engine is the test's Deriver: the real SDK outputs of the opened project.
type engine struct{ p *validate.Project }

func (e engine) Derive(ctx context.Context, in world.Instance, env world.Environment) (world.Derived, error) {
	raw, err := e.p.Derive(ctx, world.Instance{ID: in.ID, Type: in.Type, Version: in.Version, State: in.State, LinkID: in.LinkID}, validate.Env{Linked: env.Linked, Previous: env.Previous})
	if err != nil {
		return world.Derived{}, err
	}
	var d world.Derived
	if err := json.Unmarshal(raw, &d); err != nil {
		return world.Derived{}, fmt.Errorf("derived %s: %w", raw, err)
	}
	return d, nil
}

var emojis = map[string]string{
	"example.fan": "🪭", "examples.jump-pad": "⏩", "example.pressure-pad": "🔘", "example.walkable-tile": "🟦",
	"example.lamp": "🏮", "examples.chime": "🛎️", "test.portal": "🟣", "test.bomb": "🧨", "test.music": "🎵",
}

type fixture struct {
	t   *testing.T
	p   *validate.Project
	m   *world.Model
	s   *world.MemStore
	now time.Time
	n   int
}

func newFixture(t *testing.T) *fixture {
	p := project(t)
	s := world.NewMemStore()
	m, err := world.New(context.Background(), s, engine{p}, 1)
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{t: t, p: p, m: m, s: s, now: time.UnixMilli(1_000_000)}
}

var owner = world.Owner("owner")

// place creates an instance of typ through the engine (its initial state) at a surface cell.
func (f *fixture) place(typ string, x, y int, state string) string {
	f.t.Helper()
	f.n++
	id := fmt.Sprintf("%s-%d", typ, f.n)
	inst, ok, err := f.p.Create(context.Background(), emojis[typ], id)
	if err != nil || !ok {
		f.t.Fatalf("create %s: %v %v", typ, ok, err)
	}
	if state != "" {
		inst.State = json.RawMessage(state)
	}
	if _, err := f.m.Place(context.Background(), owner, world.Placement{ID: id, Type: inst.Type, Version: inst.Version, Floor: world.Surface, Cell: world.Cell{X: x, Y: y}, State: inst.State}); err != nil {
		f.t.Fatalf("place %s: %v", id, err)
	}
	return id
}

// tick advances the clock by one move and ticks.
func (f *fixture) tick() []world.Event {
	f.now = f.now.Add(world.MoveDuration)
	return f.m.Tick(f.now)
}

func (f *fixture) avatar(actor string) world.Avatar {
	for _, a := range f.m.Snapshot().Avatars {
		if a.Actor == actor {
			return a
		}
	}
	f.t.Fatalf("no avatar %s", actor)
	return world.Avatar{}
}

func kinds(events []world.Event, kind world.EventKind) []world.Event {
	var out []world.Event
	for _, e := range events {
		if e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}

// The fan template pushes: "push: state => state.on ? { direction: state.direction } : null".
// A row of three right-pushing fans carries an avatar that steps on the first one to the last,
// where a lamp (not walkable) blocks the way: the push retries there and the avatar stays.
func TestFanPushesUntilBlocked(t *testing.T) {
	f := newFixture(t)
	s := world.Spawn
	for i := 1; i <= 3; i++ {
		f.place("example.fan", s.X+i, s.Y, "")
	}
	f.place("example.lamp", s.X+4, s.Y, "")
	if _, err := f.m.Join("ann"); err != nil {
		t.Fatal(err)
	}
	if err := f.m.Move("ann", world.Right); err != nil {
		t.Fatal(err)
	}
	var moves []string
	for i := 0; i < 8; i++ {
		for _, e := range kinds(f.tick(), world.Moved) {
			moves = append(moves, fmt.Sprintf("%s→%s %s", e.From, e.To, e.Movement))
		}
	}
	want := []string{
		fmt.Sprintf("%s→%s walk", s, s.Add(1, 0)),
		fmt.Sprintf("%s→%s push", s.Add(1, 0), s.Add(2, 0)),
		fmt.Sprintf("%s→%s push", s.Add(2, 0), s.Add(3, 0)),
	}
	if fmt.Sprint(moves) != fmt.Sprint(want) {
		t.Fatalf("moves %v\nwant %v", moves, want)
	}
	if a := f.avatar("ann"); a.Cell != s.Add(3, 0) || a.Moving != nil {
		t.Fatalf("avatar %+v, want at rest on the last fan", a)
	}
}

// "Returning null turns it off": a fan switched off (the template's own toggle action) does not
// push; "Players can steer out": input on a pushing fan wins.
func TestFanOffAndSteeringOut(t *testing.T) {
	f := newFixture(t)
	s := world.Spawn
	fan := f.place("example.fan", s.X+1, s.Y, "")
	if _, err := f.m.Join("ann"); err != nil {
		t.Fatal(err)
	}
	inst, _, _ := f.m.Instance(fan)
	// toggle is a participant action: the SDK registry accepts it with a guest's access.
	access, err := f.m.Access(world.Guest("ann"), fan)
	if err != nil {
		t.Fatal(err)
	}
	next, _, err := f.p.Act(context.Background(), inst, validate.Action{Name: "toggle"}, validate.Context{Access: access, Now: 1})
	if err != nil {
		t.Fatalf("toggle is a participant action: %v", err)
	}
	if _, err := f.m.Apply(context.Background(), world.Guest("ann"), world.Acted{ID: fan, State: next.State}, f.now); err != nil {
		t.Fatal(err)
	}
	_ = f.m.Move("ann", world.Right)
	f.tick()
	f.tick()
	f.tick()
	if a := f.avatar("ann"); a.Cell != s.Add(1, 0) {
		t.Fatalf("a switched-off fan pushed: %+v", a)
	}
	// On again, pushing right; the avatar steps down off it (a lateral exit) instead.
	if _, err := f.m.Apply(context.Background(), world.Guest("ann"), world.Acted{ID: fan, State: inst.State}, f.now); err != nil {
		t.Fatal(err)
	}
	_ = f.m.Move("ann", world.Down)
	f.tick()
	moved := kinds(f.tick(), world.Moved)
	if len(moved) != 1 || *moved[0].To != s.Add(1, 1) || moved[0].Movement != "walk" {
		t.Fatalf("steering out: %+v", moved)
	}
}

// The jump pad: "destination: { kind: 'offset', x: 4, y: 0 }, exits: [[0, 0]]": walking onto it
// lands four cells east; with that cell taken the travel is inert ("The host checks ordered
// landing exits, bounds, occupied cells and collision"); its cooldown (650 ms) holds.
func TestJumpPadLandsItsExit(t *testing.T) {
	f := newFixture(t)
	s := world.Spawn
	pad := f.place("examples.jump-pad", s.X+1, s.Y, "")
	if _, err := f.m.Join("ann"); err != nil {
		t.Fatal(err)
	}
	_ = f.m.Move("ann", world.Right)
	f.tick()
	events := f.tick()
	tr := kinds(events, world.Traveled)
	if len(tr) != 1 || tr[0].Instance != pad || *tr[0].To != s.Add(5, 0) {
		t.Fatalf("travel: %+v", events)
	}
	// The traveler's log has the landing with the pad's arrival cosmetics, for its page to draw.
	if log := f.m.Log("ann"); len(log) != 1 || log[0].Kind != world.Traveled || string(log[0].Arrival) != `{"durationMs":180,"scale":0.7}` {
		t.Fatalf("ann's log after the jump: %+v", log)
	}
	if len(kinds(events, world.Stepped)) != 0 {
		t.Fatalf("the jump pad has no step: %+v", events)
	}
	// Its cooldownMs (650) is ann's for this pad, and ends with an event.
	if until := f.m.Snapshot().Cooldowns["ann"][pad]; until != f.now.Add(650*time.Millisecond).UnixMilli() {
		t.Fatalf("cooldown until %d", until)
	}
	f.now = f.now.Add(649 * time.Millisecond)
	if ended := kinds(f.m.Tick(f.now), world.CooldownEnded); len(ended) != 0 {
		t.Fatalf("ended early: %+v", ended)
	}
	f.now = f.now.Add(time.Millisecond)
	if ended := kinds(f.m.Tick(f.now), world.CooldownEnded); len(ended) != 1 || ended[0].Instance != pad {
		t.Fatalf("cooldown end: %+v", ended)
	}
	// bob steps onto the pad while ann stands on its landing cell: "no free exit", and bob stays;
	// the event and bob's log say what held the exit (ann, on it).
	if _, err := f.m.Join("bob"); err != nil {
		t.Fatal(err)
	}
	_ = f.m.Move("bob", world.Right)
	f.tick()
	events = f.tick()
	inert := kinds(events, world.TravelInert)
	if len(inert) != 1 || inert[0].Actor != "bob" || inert[0].Cause != world.CauseAvatar || inert[0].By != "ann" || !strings.HasPrefix(inert[0].Reason, "no free exit: ") {
		t.Fatalf("an occupied landing: %+v", events)
	}
	if log := f.m.Log("bob"); len(log) == 0 || log[len(log)-1].Kind != world.TravelInert || log[len(log)-1].By != "ann" {
		t.Fatalf("bob's log: %+v", log)
	}
	if b := f.avatar("bob"); b.Cell != s.Add(1, 0) {
		t.Fatalf("bob %+v", b)
	}
}

// The pressure pad: "Scape supplies one arrival per observed move. Standing still does not repeat
// it", and "Joins, teleports and standing still do not trigger it". Its step effects come from the
// template's step callback, last its durationMs (600) and then expire.
func TestPressurePadStepsOnArrivalNotOnJoin(t *testing.T) {
	f := newFixture(t)
	s := world.Spawn
	pad := f.place("example.pressure-pad", s.X, s.Y, "") // on the spawn cell: joining lands on it
	a, err := f.m.Join("ann")
	if err != nil {
		t.Fatal(err)
	}
	if a.Cell != s {
		t.Fatalf("joined at %s, want the pad's cell %s", a.Cell, s)
	}
	for i := 0; i < 3; i++ {
		if steps := kinds(f.tick(), world.Stepped); len(steps) != 0 {
			t.Fatalf("joining or standing still stepped: %+v", steps)
		}
	}
	_ = f.m.Move("ann", world.Right)
	f.tick()
	f.tick()
	_ = f.m.Move("ann", world.Left)
	f.tick()
	steps := kinds(f.tick(), world.Stepped)
	if len(steps) != 1 || steps[0].Instance != pad || steps[0].Movement != "walk" || steps[0].Actor != "ann" {
		t.Fatalf("arrival: %+v", steps)
	}
	inst, _, _ := f.m.Instance(pad)
	effects, err := f.p.Step(context.Background(), world.Instance{ID: inst.ID, Type: inst.Type, Version: inst.Version, State: inst.State},
		validate.StepEvent{ID: steps[0].StepID, At: steps[0].At, Movement: steps[0].Movement})
	if err != nil {
		t.Fatal(err)
	}
	del, _, err := f.m.AddStepFeedback(steps[0], f.m.Revision(), effects, f.now)
	if err != nil || del == nil || del.Until != f.now.Add(600*time.Millisecond).UnixMilli() || fmt.Sprint(del.Recipients) != "[ann]" {
		t.Fatalf("step feedback %+v %v", del, err)
	}
	var light struct {
		Lighting struct {
			Light struct {
				Color string `json:"color"`
			} `json:"light"`
		} `json:"lighting"`
	}
	if err := json.Unmarshal(del.For("ann"), &light); err != nil || light.Lighting.Light.Color != "#6bdfff" {
		t.Fatalf("walk colour: %s %v", del.For("ann"), err)
	}
	f.now = f.now.Add(599 * time.Millisecond)
	if exp := kinds(f.m.Tick(f.now), world.FeedbackExpired); len(exp) != 0 {
		t.Fatalf("expired early: %+v", exp)
	}
	f.now = f.now.Add(time.Millisecond)
	if exp := kinds(f.m.Tick(f.now), world.FeedbackExpired); len(exp) != 1 || exp[0].Feedback != del.ID {
		t.Fatalf("expiry: %+v", exp)
	}
}

// A pushed arrival is a step with movement "push" (the pad's step then picks its push colour).
func TestPressurePadStepsOnPushedArrival(t *testing.T) {
	f := newFixture(t)
	s := world.Spawn
	f.place("example.fan", s.X+1, s.Y, "")
	pad := f.place("example.pressure-pad", s.X+2, s.Y, "")
	_, _ = f.m.Join("ann")
	_ = f.m.Move("ann", world.Right)
	var steps []world.Event
	for i := 0; i < 4; i++ {
		steps = append(steps, kinds(f.tick(), world.Stepped)...)
	}
	if len(steps) != 1 || steps[0].Instance != pad || steps[0].Movement != "push" {
		t.Fatalf("pushed arrival: %+v", steps)
	}
}

// "walkable: true lets players enter the cell. The default is false." The walkable tile lets an
// avatar onto its cell; the lamp (no walkable) does not, by Move or by WalkTo.
func TestWalkableTileAndBlockingLamp(t *testing.T) {
	f := newFixture(t)
	s := world.Spawn
	f.place("example.walkable-tile", s.X+1, s.Y, "")
	f.place("example.lamp", s.X, s.Y+1, "")
	_, _ = f.m.Join("ann")
	_ = f.m.Move("ann", world.Right)
	f.tick()
	f.tick()
	if a := f.avatar("ann"); a.Cell != s.Add(1, 0) {
		t.Fatalf("onto the tile: %+v", a)
	}
	_ = f.m.Move("ann", world.Left)
	f.tick()
	f.tick()
	_ = f.m.Move("ann", world.Down)
	f.tick()
	f.tick()
	if a := f.avatar("ann"); a.Cell != s {
		t.Fatalf("into the lamp: %+v", a)
	}
	if _, err := f.m.WalkTo("ann", s.Add(0, 1)); !errors.Is(err, world.ErrConflict) {
		t.Fatalf("WalkTo the lamp: %v", err)
	}
}

// The chime's react: shared feedback for nearby participants, "Only the initiating player receives
// this optional device feedback" (haptic), and "late joins do not replay feedback".
func TestChimeReaction(t *testing.T) {
	f := newFixture(t)
	s := world.Spawn
	chime := f.place("examples.chime", s.X+2, s.Y, "")
	_, _ = f.m.Join("ann")
	_, _ = f.m.Join("bob")
	inst, _, _ := f.m.Instance(chime)
	next, reaction, err := f.p.Act(context.Background(), world.Instance{ID: inst.ID, Type: inst.Type, Version: inst.Version, State: inst.State}, validate.Action{Name: "ring"}, validate.Context{Access: world.Access{ActorID: "ann"}, Now: 5000})
	if err != nil {
		t.Fatal(err)
	}
	out, err := f.m.Apply(context.Background(), world.Guest("ann"), world.Acted{ID: chime, State: next.State, Reaction: reaction}, f.now)
	if err != nil {
		t.Fatal(err)
	}
	if out.Delivery == nil || fmt.Sprint(out.Delivery.Recipients) != "[ann bob]" {
		t.Fatalf("delivery %+v", out.Delivery)
	}
	if saved, _ := f.s.Instances(context.Background()); string(saved[0].State) != `{"lastAt":5000}` {
		t.Fatalf("saved %s", saved[0].State)
	}
	_, _ = f.m.Join("cat")
	snap := f.m.Snapshot()
	if len(snap.Feedback) != 1 || fmt.Sprint(snap.Feedback[0].Recipients) != "[ann bob]" {
		t.Fatalf("a late joiner received feedback: %+v", snap.Feedback)
	}
}

// The bomb (areaRemoval 1, react removeArea 1, permission remover): the square around the source
// on its floor goes, source included, "every candidate is checked separately", atomically with
// the state; haptic goes to the initiator only.
func TestBombAreaRemoval(t *testing.T) {
	f := newFixture(t)
	s := world.Spawn
	bomb := f.place("test.bomb", s.X+3, s.Y, "")
	near := f.place("example.lamp", s.X+4, s.Y+1, "")
	far := f.place("example.lamp", s.X+5, s.Y, "")
	// A lamp bob placed next to the bomb: ann, a builder but not its placer, may not remove it.
	bob := world.Viewer{ActorID: "bob", Build: true, Participate: true}
	inst, _, _ := f.p.Create(context.Background(), "🏮", "bobs-lamp")
	if _, err := f.m.Place(context.Background(), bob, world.Placement{ID: "bobs-lamp", Type: inst.Type, Version: inst.Version, Floor: world.Surface, Cell: s.Add(2, 0), State: inst.State}); err != nil {
		t.Fatal(err)
	}
	ann := world.Viewer{ActorID: "ann", Build: true, Participate: true}
	b, _, _ := f.m.Instance(bomb)
	// explode is a remover action: the SDK registry refuses it with ann's access (she may not
	// remove the owner's bomb) and runs it with the owner's.
	annAccess, _ := f.m.Access(ann, bomb)
	if _, _, err := f.p.Act(context.Background(), b, validate.Action{Name: "explode"}, validate.Context{Access: annAccess, Now: 1}); !errors.Is(err, world.ErrForbidden) {
		t.Fatalf("ann may not explode the owner's bomb: %v", err)
	}
	_, _ = f.m.Join("owner")
	_, _ = f.m.Join("ann")
	ownerAccess, _ := f.m.Access(owner, bomb)
	next, reaction, err := f.p.Act(context.Background(), b, validate.Action{Name: "explode"}, validate.Context{Access: ownerAccess, Now: 1})
	if err != nil {
		t.Fatal(err)
	}
	out, err := f.m.Apply(context.Background(), owner, world.Acted{ID: bomb, State: next.State, Reaction: reaction}, f.now)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(out.Removed) != fmt.Sprint([]string{bomb, "bobs-lamp", near}) && fmt.Sprint(out.Removed) != fmt.Sprint([]string{bomb, near, "bobs-lamp"}) {
		t.Fatalf("removed %v", out.Removed)
	}
	if _, _, ok := f.m.Instance(far); !ok {
		t.Fatal("a lamp two cells away went")
	}
	saved, _ := f.s.Instances(context.Background())
	if len(saved) != 1 || saved[0].ID != far {
		t.Fatalf("store: %+v", saved)
	}
	if out.Delivery == nil || out.Delivery.Haptic != "heavy" {
		t.Fatalf("delivery %+v", out.Delivery)
	}
	if string(out.Delivery.For("ann")) == string(out.Delivery.For("owner")) || json.Valid(out.Delivery.For("ann")) == false {
		t.Fatalf("haptic reached a non-initiator: %s", out.Delivery.For("ann"))
	}
}

// Linked travel: "`link: { size: 2 }` asks Scape to group placements of the same type/version on
// one floor"; "A missing or ambiguous linked destination is inert"; the lighting's environment
// says whether linking is complete.
func TestPortalLinkedTravel(t *testing.T) {
	f := newFixture(t)
	s := world.Spawn
	a := f.place("test.portal", s.X+1, s.Y, "")
	_, _ = f.m.Join("ann")
	_ = f.m.Move("ann", world.Right)
	f.tick()
	if inert := kinds(f.tick(), world.TravelInert); len(inert) != 1 || inert[0].Cause != world.CauseLink || !strings.HasPrefix(inert[0].Reason, "no linked destination") {
		t.Fatalf("a lone portal: %+v", inert)
	}
	if v := view(f, a); v.Linked || v.LightRadius != 0 {
		t.Fatalf("a lone portal is unlinked and unlit: %+v", v)
	}
	b := f.place("test.portal", s.X+6, s.Y+3, "")
	ia, _, _ := f.m.Instance(a)
	ib, _, _ := f.m.Instance(b)
	if ia.LinkID == "" || ia.LinkID != ib.LinkID {
		t.Fatalf("link ids %q %q", ia.LinkID, ib.LinkID)
	}
	if v := view(f, a); !v.Linked || v.LightRadius != 2 {
		t.Fatalf("a linked portal is lit (lighting env.linked): %+v", v)
	}
	// Leave and re-enter moving right: relative exits [1,0] first, rotated to the movement.
	_ = f.m.Move("ann", world.Left)
	f.tick()
	f.tick()
	f.now = f.now.Add(time.Second)
	_ = f.m.Move("ann", world.Right)
	f.tick()
	tr := kinds(f.tick(), world.Traveled)
	if len(tr) != 1 || *tr[0].To != s.Add(7, 3) {
		t.Fatalf("linked travel: %+v", tr)
	}
	// A third portal starts a new group: the pair keeps its partner.
	c := f.place("test.portal", s.X-5, s.Y-5, "")
	if ic, _, _ := f.m.Instance(c); ic.LinkID == ia.LinkID {
		t.Fatalf("a third portal joined a complete group")
	}
	// Removing one of the pair leaves the other unlinked; the next placement completes it.
	if _, err := f.m.Remove(context.Background(), owner, b); err != nil {
		t.Fatal(err)
	}
	if v := view(f, a); v.Linked {
		t.Fatalf("partner removed but still linked: %+v", v)
	}
	d := f.place("test.portal", s.X-3, s.Y+4, "")
	if id, _, _ := f.m.Instance(d); id.LinkID != ia.LinkID {
		t.Fatalf("the new portal %q did not join the oldest incomplete group %q", id.LinkID, ia.LinkID)
	}
}

func view(f *fixture, id string) world.InstanceView {
	for _, v := range f.m.Snapshot().Instances {
		if v.ID == id {
			return v
		}
	}
	f.t.Fatalf("no instance %s", id)
	return world.InstanceView{}
}

// ExitOffsets mirrors the SDK's travelExitOffsets: compared with the SDK's own outputs for every
// movement in a 5×5 neighbourhood, relative and not.
func TestExitOffsetsMatchSDK(t *testing.T) {
	p := project(t)
	exits := [][2]int{{0, 0}, {1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
	for _, relative := range []bool{true, false} {
		for dx := -2; dx <= 2; dx++ {
			for dy := -2; dy <= 2; dy++ {
				state := fmt.Sprintf(`{"dx":%d,"dy":%d,"relative":%t}`, dx, dy, relative)
				raw, err := p.View(context.Background(), world.Instance{ID: "x", Type: "test.exits", Version: 1, State: json.RawMessage(state)}, world.Access{ActorID: "a"})
				if err != nil {
					t.Fatal(err)
				}
				var v struct {
					Description string `json:"description"`
				}
				if err := json.Unmarshal(raw, &v); err != nil {
					t.Fatal(err)
				}
				var sdk [][2]int
				if err := json.Unmarshal([]byte(v.Description), &sdk); err != nil {
					t.Fatal(err)
				}
				if got := world.ExitOffsets(exits, relative, dx, dy); fmt.Sprint(got) != fmt.Sprint(sdk) {
					t.Errorf("%s: got %v, SDK %v", state, got, sdk)
				}
			}
		}
	}
}

// A change of state carries what it plays and animates (audio(state, previous) and
// animate(state, previous), checked by the SDK in the engine); the instance's own outputs do
// not keep it; a throwing audio callback leaves the change standing, with its problem.
func TestTransitionOfAChange(t *testing.T) {
	f := newFixture(t)
	s := world.Spawn
	id := f.place("test.music", s.X+2, s.Y, "")
	if _, d, _ := f.m.Instance(id); d == nil || d.Transition != nil {
		t.Fatalf("a placement is not a change: derived %+v", d)
	}
	bump := func() world.Applied {
		t.Helper()
		inst, _, _ := f.m.Instance(id)
		next, reaction, err := f.p.Act(context.Background(), world.Instance{ID: inst.ID, Type: inst.Type, Version: inst.Version, State: inst.State}, validate.Action{Name: "bump"}, validate.Context{Access: world.Access{ActorID: "ann"}, Now: 1})
		if err != nil {
			t.Fatal(err)
		}
		out, err := f.m.Apply(context.Background(), world.Guest("ann"), world.Acted{ID: id, State: next.State, Reaction: reaction}, f.now)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	out := bump()
	if out.Transition == nil || !strings.Contains(string(out.Transition.Audio), `"key":"ding-1"`) || !strings.Contains(string(out.Transition.Animate), `"key":"hop-0-1"`) || out.Transition.Problem != "" {
		t.Fatalf("first bump's transition: %+v", out.Transition)
	}
	if _, d, _ := f.m.Instance(id); d == nil || d.Transition != nil {
		t.Fatalf("the instance kept the change's transition: %+v", d)
	}
	bump()
	out = bump() // n = 3: audio throws
	if out.Transition == nil || len(out.Transition.Audio) != 0 && string(out.Transition.Audio) != "null" || !strings.Contains(out.Transition.Problem, "no third ding") || !strings.Contains(string(out.Transition.Animate), "hop-2-3") {
		t.Fatalf("a throwing audio: %+v", out.Transition)
	}
	if inst, _, _ := f.m.Instance(id); string(inst.State) != `{"n":3}` {
		t.Fatalf("the change did not stand: %s", inst.State)
	}
}
