package host_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/audio"
	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
	"github.com/scapeworld/scape/templates"
)

// soundProject is the chime template (its definition.ts as shipped: a reaction that plays its
// ring) with three more definitions written for the world's sound: a looping playlist
// ambience (hum), a piano with a preview control and audio(state, previous), and a bank whose
// sound follows its state (soundBank).
const soundProject = `import { defineObject, defineProject, exactKeys, record, type GizmoSynth } from '@scape/sdk';
import { chime } from './chime.js';

const tone = (frequency: number, duration: number): GizmoSynth => ({
  kind: 'synth', duration, voices: [{ wave: 'sine', start: 0, duration, frequency, gain: 0.2 }],
});

export const hum = defineObject<Record<string, never>>({
  type: 'test.hum', version: 1, emoji: '🐝', label: 'Hum', hint: 'hums nearby',
  initial: () => ({}),
  valid: (s): s is Record<string, never> => record(s) && exactKeys(s, []),
  actions: {},
  sounds: { hum: tone(220, 1) },
  ambience: {
    sounds: [{ sound: 'hum', gain: 0.5, rate: 1, pan: 0, weight: 1 }],
    intervalSeconds: [0, 0], chance: 1, rangeCells: [1, 6], maxSources: 2, stereo: 0.5,
    loop: true, duckWhileSpeaking: true, duckGain: 0.25,
  },
});

export const piano = defineObject<{ note: number }>({
  type: 'test.piano', version: 1, emoji: '🪗', label: 'Piano', hint: 'plays a note',
  initial: () => ({ note: 440 }),
  valid: (s): s is { note: number } => record(s) && exactKeys(s, ['note']) && typeof s.note === 'number',
  actions: { bump: { permission: 'participant', run: (s) => ({ note: s.note + 1 }) } },
  view: () => ({
    title: 'Piano', description: '',
    controls: [
      { id: 'hear', label: 'Hear', kind: 'preview', action: { name: 'hear', payload: { octave: 2 } } },
      { id: 'bump', label: 'Bump', action: { name: 'bump', payload: {} } },
    ],
  }),
  previews: { hear: { permission: 'participant', run: (s, p) => ({ sound: tone(s.note * Number(p.octave), 0.4), gain: 0.8 }) } },
  sounds: { note: tone(440, 0.3) },
  audio: (s, p) => s.note === p.note ? null : {
    key: 'bump', at: s.note,
    commands: [{ kind: 'play', voice: 'n', delayMs: 0, sound: 'note', gain: 1, rate: 1, loop: false, rangeCells: [1, 8], stereo: 0.7 }],
  },
});

export const bank = defineObject<{ f: number }>({
  type: 'test.bank', version: 1, emoji: '🔔', label: 'Bank', hint: 'its sound follows its state',
  initial: () => ({ f: 300 }),
  valid: (s): s is { f: number } => record(s) && exactKeys(s, ['f']) && typeof s.f === 'number',
  actions: { up: { permission: 'participant', run: (s) => ({ f: s.f + 100 }) } },
  soundBank: (s) => ({ tone: tone(s.f, 0.2) }),
});

export const bells = defineObject<Record<string, never>>({
  type: 'test.bells', version: 1, emoji: '🎐', label: 'Bells', hint: 'rings in the breeze',
  initial: () => ({}),
  valid: (s): s is Record<string, never> => record(s) && exactKeys(s, []),
  actions: {},
  ambience: {
    mode: 'sequence',
    bus: { gain: 0.8, delay: { time: 0.3, feedback: 0.3, wet: 0.2 }, reverb: { duration: 1, decay: 0.8, seed: 7, wet: 0.3 } },
    rangeCells: [1, 12], maxSources: 4, stereo: 0.8, duckWhileSpeaking: true,
  },
  sequence: (c) => ({
    afterSeconds: 0.5,
    strikes: c.sources.length === 0 ? [] : [{ source: c.step % c.sources.length, delaySeconds: 0.1, sound: tone(500 + 10 * c.step, 0.2) }],
  }),
});

export default defineProject({ objects: [chime, hum, piano, bank, bells] });
`

// ringRecipe is the chime template's ring, as JSON (the content the host addresses it by).
const ringRecipe = `{"kind":"synth","duration":0.6,"voices":[{"wave":"sine","start":0,"duration":0.55,"frequency":880,"gain":[{"time":0,"value":0},{"time":0.005,"value":0.2},{"time":0.55,"value":0}]}]}`

func soundBundle(tb testing.TB) []byte {
	tb.Helper()
	dir := filepath.Join(tb.TempDir(), "sound")
	if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: "chime", SDK: kit.SDK()}); err != nil {
		tb.Fatal(err)
	}
	tmpl, err := templates.Lookup("chime")
	if err != nil {
		tb.Fatal(err)
	}
	src, err := fs.ReadFile(tmpl.Files(), "src/definition.ts")
	if err != nil {
		tb.Fatal(err)
	}
	if !strings.Contains(string(src), `"frequency": 880`) && !strings.Contains(string(src), "frequency: 880") {
		tb.Fatal("the chime template's ring is not the recipe this test compares with")
	}
	for name, text := range map[string]string{"chime.ts": string(src), "project.ts": soundProject} {
		if err := os.WriteFile(filepath.Join(dir, "src", name), []byte(text), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil || !res.OK() {
		tb.Fatalf("bundle: %v %v", err, res.Diagnostics)
	}
	return res.JS
}

// soundWorld is a host with the real engine and the sound project accepted.
func soundWorld(t *testing.T) (*fixture, *tab) {
	t.Helper()
	f := &fixture{t: t, clock: &clock{t: time.Now().UTC()}, val: &hosttest.JSONValidator{}, real: engine.NewChecker(), tokens: make(chan string, 16), dir: t.TempDir()}
	t.Cleanup(f.real.Close)
	f.start()
	o := f.owner()
	tok := f.pair(o)
	if r, _ := f.upload(tok, 0, string(soundBundle(t))); r.Status != "accepted" {
		t.Fatalf("sound bundle: %+v", r)
	}
	return f, ownerTab(t, o)
}

type soundsAnswer struct {
	Revision  int
	Instances []struct {
		ID, Type, Problem string
		Sounds            map[string]string
		Ambience          json.RawMessage
	}
}

func (tb *tab) sounds() soundsAnswer {
	tb.t.Helper()
	var out soundsAnswer
	if st, msg := tb.call("GET", "/api/world/sounds", nil, &out); st != 200 {
		tb.t.Fatalf("sounds: %d %s", st, msg)
	}
	return out
}

// sse reads a tab's event stream, sending each event's name and data on the channel.
func sse(t *testing.T, ctx context.Context, base, token string) <-chan [2]string {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/world/events", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	out := make(chan [2]string, 64)
	go func() {
		defer resp.Body.Close()
		defer close(out)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 8<<20)
		name := ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				select {
				case out <- [2]string{name, strings.TrimPrefix(line, "data: ")}:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	return out
}

// TestActedEventCarriesAudioTransition: an accepted action on a definition with
// audio(state, previous) sends every tab an 'acted' event whose transition is the timeline the
// SDK checked in the worker, for the new state (at: 441), and a second tab gets the same.
func TestActedEventCarriesAudioTransition(t *testing.T) {
	f, owner := soundWorld(t)
	piano := owner.place("test.piano", 3, 3)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	streams := []<-chan [2]string{sse(t, ctx, f.http.URL, owner.token)}
	for _, s := range streams {
		waitEvent(t, s, "world", nil) // subscribed: the first snapshot came
	}
	if st, msg := owner.call("POST", "/api/world/instances/"+piano+"/act", map[string]any{"name": "bump", "payload": map[string]any{}}, nil); st != 200 {
		t.Fatalf("bump: %d %s", st, msg)
	}
	var ev struct {
		Instance   string
		Transition struct {
			Audio struct {
				Key      string
				At       float64
				Commands []struct {
					Kind, Voice, Sound string
					Gain               float64
					RangeCells         [2]float64
					Stereo             float64
				}
			}
			Problem string
		}
	}
	waitEvent(t, streams[0], "acted", &ev)
	a := ev.Transition.Audio
	if ev.Instance != piano || a.Key != "bump" || a.At != 441 || len(a.Commands) != 1 || a.Commands[0].Sound != "note" || a.Commands[0].RangeCells != [2]float64{1, 8} || a.Commands[0].Stereo != 0.7 {
		t.Fatalf("acted event: %+v", ev)
	}
	if ev.Transition.Problem != "" {
		t.Fatalf("transition problem: %s", ev.Transition.Problem)
	}
}

func waitEvent(t *testing.T, events <-chan [2]string, name string, into any) {
	t.Helper()
	for e := range events {
		if e[0] != name {
			continue
		}
		if into != nil {
			if err := json.Unmarshal([]byte(e[1]), into); err != nil {
				t.Fatalf("%s event: %v: %s", name, err, e[1])
			}
		}
		return
	}
	t.Fatalf("the stream ended before a %q event", name)
}

// TestSoundsServedByContent: every declared sound maps to its content address; the WAV served
// there is the Go renderer's (audio.Shared) byte for byte, cacheable forever; an address the host
// never handed out is 404; a sound bank's key follows the instance's state; a preview answers
// the pressing tab with its sound's key and gain and tells no other tab.
func TestSoundsServedByContent(t *testing.T) {
	f, owner := soundWorld(t)
	chime := owner.place("examples.chime", 2, 2)
	bank := owner.place("test.bank", 4, 2)
	piano := owner.place("test.piano", 6, 2)
	got := owner.sounds()
	keys := map[string]map[string]string{}
	for _, in := range got.Instances {
		if in.Problem != "" {
			t.Fatalf("%s: %s", in.ID, in.Problem)
		}
		keys[in.ID] = in.Sounds
	}
	ring := keys[chime]["ring"]
	if ring != audio.Key(json.RawMessage(ringRecipe)) {
		t.Fatalf("the chime's ring is %q, want the content address of its recipe %q", ring, audio.Key(json.RawMessage(ringRecipe)))
	}
	resp, err := http.Get(f.http.URL + "/api/world/sounds/" + ring + ".wav")
	if err != nil {
		t.Fatal(err)
	}
	body := readAll(t, resp)
	_, want, err := audio.Shared.WAV(json.RawMessage(ringRecipe))
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" || resp.Header.Get("Content-Type") != "audio/wav" || string(body) != string(want) {
		t.Fatalf("ring: %d %q %q, %d bytes (want %d)", resp.StatusCode, resp.Header.Get("Cache-Control"), resp.Header.Get("Content-Type"), len(body), len(want))
	}
	for _, path := range []string{strings.Repeat("0", 64) + ".wav", "../x.wav", ring} {
		resp, err := http.Get(f.http.URL + "/api/world/sounds/" + path)
		if err != nil {
			t.Fatal(err)
		}
		readAll(t, resp)
		if resp.StatusCode != 404 {
			t.Fatalf("GET sounds/%s: %d, want 404", path, resp.StatusCode)
		}
	}
	before := keys[bank]["tone"]
	if st, msg := owner.call("POST", "/api/world/instances/"+bank+"/act", map[string]any{"name": "up", "payload": map[string]any{}}, nil); st != 200 {
		t.Fatalf("up: %d %s", st, msg)
	}
	var after string
	for _, in := range owner.sounds().Instances {
		if in.ID == bank {
			after = in.Sounds["tone"]
		}
	}
	if before == "" || after == "" || before == after {
		t.Fatalf("the bank's tone before and after its state changed: %q, %q", before, after)
	}
	// A preview: for the tab that asked only (no event), its sound served by the same address.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	events := sse(t, ctx, f.http.URL, owner.token)
	waitEvent(t, events, "world", nil)
	var pv struct {
		Key  string
		Gain float64
	}
	if st, msg := owner.call("POST", "/api/world/instances/"+piano+"/preview", map[string]any{"name": "hear", "payload": map[string]any{"octave": 2}}, &pv); st != 200 {
		t.Fatalf("preview: %d %s", st, msg)
	}
	wantKey := audio.Key(json.RawMessage(`{"kind":"synth","duration":0.4,"voices":[{"wave":"sine","start":0,"duration":0.4,"frequency":880,"gain":0.2}]}`))
	if pv.Key != wantKey || pv.Gain != 0.8 {
		t.Fatalf("preview: %+v, want key %s gain 0.8", pv, wantKey)
	}
	if st, _, _ := owner.wav(pv.Key); st != 200 { // the asking tab's: resources_test.go has the others
		t.Fatalf("the preview's sound: %d", st)
	}
	if st, _ := owner.call("POST", "/api/world/instances/"+piano+"/preview", map[string]any{"name": "nope", "payload": map[string]any{}}, nil); st != 400 {
		t.Fatalf("an undeclared preview: %d, want 400", st)
	}
	select {
	case e := <-events:
		if e[0] != "world" && e[0] != "grid" {
			t.Fatalf("a preview told the tabs %s: %s", e[0], e[1])
		}
	case <-time.After(300 * time.Millisecond):
	}
}

// TestSequenceStep: the host runs one sequence(context) step for the asking tab's sources and
// answers its strikes by content address (each served); a definition without a sequence is
// refused.
func TestSequenceStep(t *testing.T) {
	_, owner := soundWorld(t)
	bells := owner.place("test.bells", 5, 5)
	var out struct {
		AfterSeconds float64
		Strikes      []struct {
			Source       int
			DelaySeconds float64
			Key          string
		}
	}
	sources := []map[string]float64{{"x": 5, "y": 5, "gain": 1, "pan": 0}, {"x": 7, "y": 5, "gain": 0.5, "pan": 0.4}}
	if st, msg := owner.call("POST", "/api/world/instances/"+bells+"/sequence", map[string]any{"step": 3, "sources": sources}, &out); st != 200 {
		t.Fatalf("sequence: %d %s", st, msg)
	}
	want := audio.Key(json.RawMessage(`{"kind":"synth","duration":0.2,"voices":[{"wave":"sine","start":0,"duration":0.2,"frequency":530,"gain":0.2}]}`))
	if out.AfterSeconds != 0.5 || len(out.Strikes) != 1 || out.Strikes[0].Source != 1 || out.Strikes[0].DelaySeconds != 0.1 || out.Strikes[0].Key != want {
		t.Fatalf("step 3 of two sources: %+v (want source 1, key %s)", out, want)
	}
	if st, _, _ := owner.wav(want); st != 200 {
		t.Fatalf("the strike's sound: %d", st)
	}
	if st, _ := owner.call("POST", "/api/world/instances/"+owner.place("test.hum", 9, 9)+"/sequence", map[string]any{"step": 0, "sources": sources}, nil); st != 400 {
		t.Fatalf("a sequence step of a definition without sequence: %d, want 400", st)
	}
}

func readAll(t *testing.T, resp *http.Response) []byte {
	t.Helper()
	defer resp.Body.Close()
	var b strings.Builder
	buf := make([]byte, 32<<10)
	for {
		n, err := resp.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return []byte(b.String())
}
