package validate

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"

	"github.com/scapeworld/scape/audio"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/glb"
	"github.com/scapeworld/scape/glb/glbtest"
)

// tight is a budget every test recipe of more than 1,000 samples (21 ms of mono) breaks, though
// the SDK's validators accept it: the build's budget, not the SDK, refuses it.
var tight = &audio.Budget{Time: 10 * time.Second, Samples: 1000}

func errorsWith(rep *Report, code diag.Code) diag.List {
	var out diag.List
	for _, d := range rep.Diagnostics.Errors() {
		if d.Code == code {
			out = append(out, d)
		}
	}
	return out
}

func paths(list diag.List) []string {
	var out []string
	for _, d := range list {
		out = append(out, d.Path)
	}
	return out
}

// Every declared sound is rendered: the sound bank of the initial state and the previews the
// initial view auditions, each named in the error.
func TestSoundOverBudgetNamesTheSound(t *testing.T) {
	res := project(t, nil, map[string]string{"src/project.ts": soundsDefinition})
	if rep := check(t, res, Options{}); !rep.OK() || rep.Definitions[0].Rendered != 3 {
		t.Fatalf("default budget: %v, rendered %d", rep.Diagnostics, rep.Definitions[0].Rendered)
	}
	rep := check(t, res, Options{Audio: tight})
	got := errorsWith(rep, diag.CodeSound)
	want := []string{"soundBank.ring", `previews.hear({"pitch":220}).sound`, `previews.hear({"pitch":880}).sound`}
	if strings.Join(paths(got), "|") != strings.Join(want, "|") || len(rep.Diagnostics) != 3 {
		t.Fatalf("paths %q, want %q; all: %v", paths(got), want, rep.Diagnostics)
	}
	d := got[0]
	if d.Definition == nil || d.Definition.Type != "test.bell" || !strings.Contains(d.Message, "would render 14400 samples; the budget is 1000") {
		t.Fatalf("diagnostic %+v", d)
	}
	// At the recipe the soundBank callback returns: `ring: tone(s.pitch)`.
	if d.File != "src/project.ts" || d.Line != 13 || d.Column != 24 {
		t.Fatalf("at %s", d.Location())
	}
	if !strings.HasPrefix(d.String(), "src/project.ts:13:24: test.bell (🔔 Bell): soundBank.ring: would render 14400 samples") {
		t.Fatalf("text %q", d.String())
	}
}

// A caller that renders the sounds itself (scape gizmo sound) gets the recipes without a render
// inside validation, so nothing is rendered twice.
func TestCallerRendersSkipsTheRender(t *testing.T) {
	res := project(t, nil, map[string]string{"src/project.ts": soundsDefinition})
	rep := check(t, res, Options{Audio: tight, CallerRenders: true})
	if !rep.OK() || rep.Definitions[0].Rendered != 0 || rep.Sounds != 0 {
		t.Fatalf("rendered %d in %v; diagnostics %v", rep.Definitions[0].Rendered, rep.Sounds, rep.Diagnostics)
	}
	if len(rep.Definitions[0].SoundBank) == 0 {
		t.Fatal("the sound bank's recipes are missing from the report")
	}
}

// The wall-clock bound: a long reverb cannot render in a millisecond.
func TestSoundOverTimeBudget(t *testing.T) {
	res := project(t, nil, map[string]string{"src/project.ts": staticSound(`{ kind: 'synth', duration: 2, voices: [{ wave: 'sawtooth', start: 0, duration: 2, frequency: 220, gain: 0.2 }], effects: [{ type: 'noise-reverb', duration: 1, decay: 2, seed: 7, mix: 0.5 }] }`)})
	if rep := check(t, res, Options{}); !rep.OK() {
		t.Fatalf("default budget: %v", rep.Diagnostics)
	}
	rep := check(t, res, Options{Audio: &audio.Budget{Time: time.Millisecond, Samples: audio.DefaultBudget.Samples}})
	got := errorsWith(rep, diag.CodeSound)
	if len(got) != 1 || got[0].Path != "sounds.drone" || !strings.Contains(got[0].Message, "longer than the render budget of 1ms") {
		t.Fatalf("%v", rep.Diagnostics)
	}
}

func staticSound(recipe string) string {
	return `import { defineObject } from '@scape/sdk';
type State = { n: number };
export default defineObject<State>({
  type: 'test.drone', version: 1, emoji: '🎻', label: 'Drone', hint: 'a drone',
  initial: () => ({ n: 0 }),
  valid: (s): s is State => typeof s === 'object' && s !== null,
  actions: {},
  sounds: { drone: ` + recipe + ` },
});
`
}

const sequenceDefinition = `import { defineObject } from '@scape/sdk';
const tick = (duration: number) => ({
  kind: 'synth' as const, duration,
  voices: [{ wave: 'sine' as const, start: 0, duration, frequency: 660, gain: 0.1 }],
});
type State = { n: number };
export default defineObject<State>({
  type: 'test.rain', version: 1, emoji: '🌧️', label: 'Rain', hint: 'rain on a roof',
  initial: () => ({ n: 0 }),
  valid: (s): s is State => typeof s === 'object' && s !== null,
  actions: {},
  ambience: { mode: 'sequence', bus: { gain: 0.8 }, rangeCells: [0, 12], maxSources: 4, stereo: 0.5, duckWhileSpeaking: false },
  // Short ticks, and from step 3 on a long one for the farthest source: only a probe finds it.
  sequence: ({ step, sources }) => ({
    afterSeconds: 0.5,
    strikes: sources.map((_, i) => ({ source: i, delaySeconds: 0, sound: tick(step >= 3 && i === sources.length - 1 ? 1 : 0.01) })),
  }),
});
`

// sequence() is probed at a few steps with synthetic sources; strikes are rendered and named by
// step and index. The catalog check alone (step 0, one source) sees only the short tick.
func TestSequenceStepsAreProbedAndRendered(t *testing.T) {
	res := project(t, nil, map[string]string{"src/project.ts": sequenceDefinition})
	rep := check(t, res, Options{Audio: &audio.Budget{Time: 10 * time.Second, Samples: 10000}})
	got := errorsWith(rep, diag.CodeSound)
	if len(got) != 1 || got[0].Path != "sequence(step 3).strikes[3].sound" || !strings.Contains(got[0].Message, "would render 48000 samples") {
		t.Fatalf("%v", rep.Diagnostics)
	}
	if len(got[0].Notes) != 2 || !strings.Contains(got[0].Notes[0].Message, "sequence(step 7).strikes[1].sound") || got[0].Notes[1].Message != "test.rain is defined here" {
		t.Fatalf("notes %+v", got[0].Notes)
	}
	var probed []struct{ Name string }
	if err := json.Unmarshal(rep.Definitions[0].Probed, &probed); err != nil || len(probed) != 1+3+3+4+2 {
		t.Fatalf("probed %s: %v", rep.Definitions[0].Probed, err)
	}
}

// A probed step the SDK's rules refuse is a rule problem at that step.
func TestProbedSequenceStepMustBeValid(t *testing.T) {
	src := strings.Replace(sequenceDefinition, "source: i,", "source: step === 2 ? 9 : i,", 1)
	rep := check(t, project(t, nil, map[string]string{"src/project.ts": src}), Options{})
	if rep.OK() || len(rep.Diagnostics) != 1 {
		t.Fatalf("%v", rep.Diagnostics)
	}
	d := rep.Diagnostics[0]
	if d.Code != diag.CodeRule || d.Path != "sequence(step 2).strikes[0].source" || !strings.Contains(d.Message, "(with 3 audible sources)") {
		t.Fatalf("%+v", d)
	}
}

// A preview whose result the SDK refuses (or that throws) is an error naming the preview and
// the payload it was run with.
func TestPreviewResultsAreChecked(t *testing.T) {
	src := strings.Replace(soundsDefinition, "gain: 0.5 })", "gain: Number(p.pitch) > 500 ? Number.NaN : 0.5 })", 1)
	rep := check(t, project(t, nil, map[string]string{"src/project.ts": src}), Options{})
	if rep.OK() || len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Path != `previews.hear({"pitch":880}).gain` {
		t.Fatalf("%v", rep.Diagnostics)
	}
	rep = check(t, project(t, nil, map[string]string{"src/project.ts": strings.Replace(soundsDefinition, "({ sound: tone(Number(p.pitch)), gain: 0.5 })", "{ throw new RangeError('no preview'); }", 1)}), Options{})
	if rep.OK() || len(rep.Diagnostics) != 2 || rep.Diagnostics[0].Code != diag.CodeThrown || rep.Diagnostics[0].Message != "threw RangeError: no preview" || rep.Diagnostics[0].Path != `previews.hear({"pitch":220})` {
		t.Fatalf("%v", rep.Diagnostics)
	}
}

func modelDefinition(importModel bool) string {
	head := `import { defineObject } from '@scape/sdk';
import model from './crate.glb';
`
	model := "model"
	if !importModel {
		head = `import { defineObject } from '@scape/sdk';
declare const MODEL: string;
`
		model = "MODEL"
	}
	return head + `type State = { n: number };
export default defineObject<State>({
  type: 'test.crate', version: 1, emoji: '📦', label: 'Crate', hint: 'a crate',
  initial: () => ({ n: 0 }),
  valid: (s): s is State => typeof s === 'object' && s !== null,
  actions: { open: { permission: 'participant', run: (s) => s } },
  presentation: {
    model: ` + model + `, textureSize: 256, nominalSize: 1, fitSize: 0.8, rest: [0, 0, 0, 1], materials: {},
    lighting: { sky: '#ffffff', ground: '#444444', ambient: 0.6, key: 1.2, fill: 0.4, exposure: 1, keyColor: '#fff4e0', fillColor: '#a0c0ff', keyPosition: [2, 4, 3], fillPosition: [-3, 2, -1] },
    shadow: { color: '#000000', xFactor: 0.2, z: -0.5 },
    tap: { name: 'open', payload: {} },
  },
});
`
}

// modelProject writes crate.glb beside the definition that imports it.
func modelProject(t *testing.T, glbBytes []byte) (*Report, *glb.Cache, string) {
	t.Helper()
	res := project(t, nil, map[string]string{"src/project.ts": modelDefinition(true), "src/crate.glb": string(glbBytes), "src/glb.d.ts": "declare module '*.glb' { const data: string; export default data; }\n"})
	cache := glb.NewCache(4)
	rep := check(t, res, Options{Models: cache, ModelFile: AssetFiles(res.Project.Dir, res.Assets)})
	return rep, cache, res.Project.Dir
}

// texturedCube is refused twice over: a texture (with its image) and an animation.
func texturedCube() []byte {
	m := glbtest.Cube()
	m.JSON["images"] = []any{map[string]any{"uri": "crate.png"}}
	m.JSON["textures"] = []any{map[string]any{"source": 0}}
	m.JSON["animations"] = []any{map[string]any{}}
	return m.GLB()
}

// A refused model: every problem (not only the SDK's first) with its glTF JSON path, its value
// and the .glb file it was imported from, at the definition.
func TestRefusedModelNamesFileAndEveryProblem(t *testing.T) {
	rep, cache, _ := modelProject(t, texturedCube())
	got := errorsWith(rep, diag.CodeModel)
	if len(got) < 2 || len(got) != len(rep.Diagnostics) {
		t.Fatalf("%v", rep.Diagnostics)
	}
	want := glb.Check(texturedCube())
	if len(got) != len(want.Problems) {
		t.Fatalf("%d diagnostics for %d problems", len(got), len(want.Problems))
	}
	for i, d := range got {
		p := want.Problems[i]
		if d.Message != p.Message || d.Definition == nil || d.Definition.Type != "test.crate" || d.File != "src/project.ts" {
			t.Fatalf("diagnostic %d: %+v for %+v", i, d, p)
		}
		if p.Path != "" && d.Path != "presentation.model."+p.Path {
			t.Fatalf("path %q for %q", d.Path, p.Path)
		}
		if len(d.Notes) != 2 || d.Notes[0].File != "src/crate.glb" || d.Notes[1].Message != "test.crate is defined here" {
			t.Fatalf("notes %+v", d.Notes)
		}
	}
	textures := got[0]
	for _, d := range got {
		if strings.HasPrefix(d.Path, "presentation.model.textures") {
			textures = d
		}
	}
	if !strings.HasPrefix(textures.Path, "presentation.model.textures") || len(textures.Value) == 0 {
		t.Fatalf("no textures problem with a value: %+v", got)
	}
	if _, misses := cache.Stats(); misses != 1 {
		t.Fatalf("misses %d", misses)
	}
}

// Too many triangles for an agent avatar: the definition is valid, the model accepted with its
// facts recorded, and one warning names the definition, the glTF path, the count and the file.
func TestModelOverTriangleBudgetIsAWarning(t *testing.T) {
	rep, _, _ := modelProject(t, glbtest.Triangles(glb.AvatarMaxTriangles+1, 1).GLB())
	if !rep.OK() || len(rep.Diagnostics) != 1 {
		t.Fatalf("want valid with one warning: %v", rep.Diagnostics)
	}
	d := rep.Diagnostics[0]
	want := "the model has 20,001 triangles (meshes[0] × 1 instance); the docs bound agent avatars at 20,000 triangles, Scape may draw a Gizmo model this large slowly or refuse it"
	if d.Severity != diag.Warning || d.Code != diag.CodeModelWarning || d.Message != want || string(d.Value) != "20001" {
		t.Fatalf("%+v", d)
	}
	if d.Definition == nil || d.Definition.Type != "test.crate" || d.File != "src/project.ts" || d.Path != "presentation.model.scenes[0]" {
		t.Fatalf("%+v", d)
	}
	if len(d.Notes) != 2 || d.Notes[0].File != "src/crate.glb" || !strings.Contains(d.Notes[0].Message, "(glTF check step 24, triangles)") {
		t.Fatalf("notes %+v", d.Notes)
	}
	def := rep.Definitions[0]
	if def.ModelFacts == nil || def.ModelFacts.Triangles != 20001 || def.ModelFile != "src/crate.glb" || def.Model == "" {
		t.Fatalf("facts %+v file %q", def.ModelFacts, def.ModelFile)
	}
}

// A refused model's warnings are reported beside its errors.
func TestRefusedModelKeepsItsWarnings(t *testing.T) {
	m := glbtest.Triangles(1, 33)
	nodes := m.Arr("nodes")
	// nodes[32], a root of the scene, becomes a new node's child: the scene lists a non-root.
	m.JSON["nodes"] = append(nodes, map[string]any{"children": []any{len(nodes) - 1}})
	rep, _, _ := modelProject(t, m.GLB())
	if rep.OK() || len(errorsWith(rep, diag.CodeModel)) == 0 {
		t.Fatalf("want refused: %v", rep.Diagnostics)
	}
	var warned int
	for _, d := range rep.Diagnostics {
		if d.Code == diag.CodeModelWarning && d.Severity == diag.Warning && strings.HasPrefix(d.Message, "the model needs 33 draw calls") {
			warned++
		}
	}
	if warned != 1 {
		t.Fatalf("want one draw-call warning: %v", rep.Diagnostics)
	}
}

// An accepted model: its facts and its file are in the report; checked once per content, so a
// second build of the same model is a cache hit.
func TestAcceptedModelIsCheckedOncePerContent(t *testing.T) {
	cube := glbtest.Cube().GLB()
	rep, cache, dir := modelProject(t, cube)
	if !rep.OK() {
		t.Fatalf("%v", rep.Diagnostics)
	}
	d := rep.Definitions[0]
	if d.ModelFacts == nil || d.ModelFacts.Triangles != 12 || d.ModelFile != "src/crate.glb" {
		t.Fatalf("facts %+v file %q", d.ModelFacts, d.ModelFile)
	}
	res := project(t, nil, map[string]string{"src/project.ts": modelDefinition(true), "src/crate.glb": string(cube), "src/glb.d.ts": "declare module '*.glb' { const data: string; export default data; }\n"})
	for range 2 {
		rep = check(t, res, Options{Models: cache, ModelFile: AssetFiles(res.Project.Dir, res.Assets)})
		if !rep.OK() {
			t.Fatalf("%v", rep.Diagnostics)
		}
	}
	if hits, misses := cache.Stats(); hits < 2 || misses != 1 {
		t.Fatalf("hits %d misses %d", hits, misses)
	}
	// The same bytes under another name are named by content.
	if err := os.WriteFile(filepath.Join(dir, "src", "other.glb"), cube, 0o644); err != nil {
		t.Fatal(err)
	}
	if name := AssetFiles(dir, []string{"src/missing.glb", "src/other.glb"})(cube); name != "src/other.glb" {
		t.Fatalf("AssetFiles = %q", name)
	}
	if name := AssetFiles(dir, []string{"src/other.glb"})(texturedCube()); name != "" {
		t.Fatalf("AssetFiles = %q for other bytes", name)
	}
}

// A model given as a string literal (no import) is still checked; its file is unknown.
func TestInlineModelWithoutFile(t *testing.T) {
	encoded := base64.StdEncoding.EncodeToString(texturedCube())
	src := strings.Replace(modelDefinition(false), "declare const MODEL: string;", "const MODEL = '"+encoded+"';", 1)
	res := project(t, nil, map[string]string{"src/project.ts": src})
	rep := check(t, res, Options{ModelFile: AssetFiles(res.Project.Dir, res.Assets)})
	got := errorsWith(rep, diag.CodeModel)
	if len(got) < 2 || got[0].Notes[0].File != "" || !strings.Contains(got[0].Notes[0].Message, "scape gizmo model") {
		t.Fatalf("%v", rep.Diagnostics)
	}
}

// The SDK's model check defers to glb through a hook a bundle cannot replace: a bundle that
// tries to accept every model still has its refused model refused, by glb's rules.
func TestModelHookCannotBeReplaced(t *testing.T) {
	src := "const g = globalThis as any;\ntry { g.__scapeModelCheck = () => null; } catch {}\ntry { Object.defineProperty(g, '__scapeModelCheck', { value: () => null }); } catch {}\n" + modelDefinition(true)
	res := project(t, nil, map[string]string{"src/project.ts": src, "src/crate.glb": string(texturedCube()), "src/glb.d.ts": "declare module '*.glb' { const data: string; export default data; }\n"})
	cache := glb.NewCache(4)
	rep := check(t, res, Options{Models: cache})
	if len(errorsWith(rep, diag.CodeModel)) != 2 || len(rep.Diagnostics) != 2 {
		t.Fatalf("%v", rep.Diagnostics)
	}
	if hits, misses := cache.Stats(); misses != 1 || hits < 1 {
		t.Fatalf("the SDK's check did not go through glb's cache: hits %d misses %d", hits, misses)
	}
}

// A frozen definition is checked the same way; the live registry sees the real model.
func TestFrozenPresentationStillChecked(t *testing.T) {
	for _, glbBytes := range [][]byte{glbtest.Cube().GLB(), texturedCube()} {
		src := strings.Replace(modelDefinition(true), "export default defineObject<State>({", "export default Object.freeze(defineObject<State>({", 1)
		src = strings.Replace(src, "  },\n});\n", "  },\n}));\n", 1)
		res := project(t, nil, map[string]string{"src/project.ts": src, "src/crate.glb": string(glbBytes), "src/glb.d.ts": "declare module '*.glb' { const data: string; export default data; }\n"})
		rep := check(t, res, Options{Models: glb.NewCache(4)})
		if got := len(errorsWith(rep, diag.CodeModel)); rep.OK() != glb.Check(glbBytes).OK() || (!rep.OK() && got != 2) {
			t.Fatalf("%v", rep.Diagnostics)
		}
	}
	res := project(t, nil, map[string]string{"src/project.ts": modelDefinition(true), "src/crate.glb": string(glbtest.Cube().GLB()), "src/glb.d.ts": "declare module '*.glb' { const data: string; export default data; }\n"})
	p, rep, err := Open(context.Background(), res.JS, Options{SourceMap: res.SourceMap})
	if err != nil || p == nil {
		t.Fatalf("%v %v", err, rep.Diagnostics)
	}
	vm := p.l.rt.VM
	definition, _ := goja.AssertFunction(p.registry.ToObject(vm).Get("definition"))
	def, err := definition(p.registry, vm.ToValue(map[string]any{"type": "test.crate", "version": 1}))
	if err != nil {
		t.Fatal(err)
	}
	model := def.ToObject(vm).Get("presentation").ToObject(vm).Get("model").String()
	if model != base64.StdEncoding.EncodeToString(glbtest.Cube().GLB()) {
		t.Fatalf("the registry sees a model of %d characters", len(model))
	}
}

// A refused model does not hide the definition's other problems, nor they it.
func TestRefusedModelBesideARuleProblem(t *testing.T) {
	src := strings.Replace(modelDefinition(true), "textureSize: 256", "textureSize: '256' as never", 1)
	res := project(t, nil, map[string]string{"src/project.ts": src, "src/crate.glb": string(texturedCube()), "src/glb.d.ts": "declare module '*.glb' { const data: string; export default data; }\n"})
	rep := check(t, res, Options{})
	if len(rep.Diagnostics) != 3 || rep.Diagnostics[0].Path != "presentation.textureSize" || len(errorsWith(rep, diag.CodeModel)) != 2 {
		t.Fatalf("%v", rep.Diagnostics)
	}
	if rep.Models <= 0 {
		t.Fatal("no model time")
	}
}

// Preview controls only a participant sees are auditioned too.
func TestParticipantPreviewsAreRendered(t *testing.T) {
	src := strings.Replace(soundsDefinition, "view: (s) => ({", "view: (s, viewer) => ({", 1)
	src = strings.Replace(src, "{ id: 'high', label: 'High', preview: 'hear', action: { name: 'tune', payload: { pitch: 880 } } },",
		"...(viewer.canEdit ? [] : [{ id: 'mid', label: 'Mid', kind: 'preview' as const, action: { name: 'hear', payload: { pitch: 330 } } }]),", 1)
	rep := check(t, project(t, nil, map[string]string{"src/project.ts": src}), Options{Audio: tight})
	got := paths(errorsWith(rep, diag.CodeSound))
	if strings.Join(got, "|") != `soundBank.ring|previews.hear({"pitch":220}).sound|previews.hear({"pitch":330}).sound` {
		t.Fatalf("%q %v", got, rep.Diagnostics)
	}
}
