package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/devclient"
	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/host/store"
	"github.com/scapeworld/scape/protocol"
)

// Class 5 (issue 21): the host's own resources are bounded. A player's previews must not make
// the host render worst-case recipes in its own memory, and a paired project must not fill the
// disk at 1 MiB a save (docs/security.md, class 5).
func init() {
	register(
		scenario{name: "players-wav-flood", target: "players",
			attack: "a player previews the costliest reverb the rules allow with 10 seeds and fetches the 10 WAVs at once",
			bound:  "host heap growth ≤ 256 MiB, every fetch answered (200, 503 + Retry-After, or 422), at least one plays",
			wall:   3 * time.Minute, run: wavFlood},
		scenario{name: "players-upload-flood", target: "players",
			attack: "a paired project uploads 500 accepted bundles of nearly 1 MiB each",
			bound:  "the store ≤ store.StoreBound() (21 bundles + 16 MiB), the last upload still the active revision",
			wall:   3 * time.Minute, run: uploadFlood},
	)
}

// organ previews a 47 s noise reverb (2,397 of the 2,400 voice-seconds the rules allow, a
// 2^23-point FFT: about 540 MiB held while Go renders it) from the seed a player sends; the
// view's own payload asks for a one-second one (the build's validation renders that probe).
const organ = `import { defineObject, defineProject, exactKeys, record, type GizmoSynth } from '@scape/sdk';

const reverb = (seed: number): GizmoSynth => {
  const d = seed <= 1 ? 1 : 47;
  return {
    kind: 'synth', duration: d, seed: 1,
    voices: [{ wave: 'sine', start: 0, duration: d, frequency: 440, gain: 0.1 }],
    effects: [{ type: 'noise-reverb', duration: d, decay: 1, seed, mix: 0.3 }],
  };
};

export default defineProject({ objects: [defineObject<Record<string, never>>({
  type: 'hostile.organ', version: 1, emoji: '🎺', label: 'Organ', hint: 'a long reverb',
  initial: () => ({}),
  valid: (s): s is Record<string, never> => record(s) && exactKeys(s, []),
  actions: {},
  view: () => ({ title: 'Organ', description: '', controls: [{ id: 'hear', label: 'Hear', kind: 'preview', action: { name: 'hear', payload: { seed: 1 } } }] }),
  previews: { hear: { permission: 'participant', run: (_s, p) => ({ sound: reverb(Math.floor(Math.abs(Number(p.seed))) % 100000), gain: 0.8 }) } },
})] });
`

// wavFloodHeap is players-wav-flood's bound on the host's heap growth.
const wavFloodHeap = 256 << 20

func wavFlood(env scenarioEnv) (string, uint64, []string) {
	dir, err := project(env.work, "organ", []byte(organ))
	if err != nil {
		return "crash", 0, []string{err.Error()}
	}
	w, err := startWorld(env, dir, env.rig.checker)
	if err != nil {
		return "crash", 0, []string{err.Error()}
	}
	defer w.close()
	if rev, err := w.upload(w.js); err != nil || rev.Status != "accepted" {
		return "crash", 0, []string{fmt.Sprintf("the organ was not accepted: %v %+v", err, rev)}
	}
	tab, err := w.tab()
	if err != nil {
		return "crash", 0, []string{err.Error()}
	}
	var placed struct{ ID string }
	if st, err := w.api("POST", "/api/world/instances", tab, map[string]any{"type": "hostile.organ", "x": 3, "y": 3}, &placed); st != 200 {
		return "crash", 0, []string{fmt.Sprintf("place: %d %v", st, err)}
	}
	const fetches = 10
	keys := make([]string, fetches)
	for i := range keys {
		var pv struct{ Key string }
		if st, err := w.api("POST", "/api/world/instances/"+placed.ID+"/preview", tab, map[string]any{"name": "hear", "payload": map[string]any{"seed": i + 2}}, &pv); st != 200 {
			return "crash", 0, []string{fmt.Sprintf("preview %d: %d %v", i, st, err)}
		}
		keys[i] = pv.Key
	}
	env.rig.takeStats()
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var peak atomic.Uint64
	stop, sampled := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(sampled)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-stop:
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}()
	statuses := make([]int, fetches)
	retryAfter := make([]string, fetches)
	var wg sync.WaitGroup
	for i, key := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i], retryAfter[i] = w.wav(key, tab)
		}()
	}
	wg.Wait()
	close(stop)
	<-sampled
	var rss uint64
	for _, s := range env.rig.takeStats() {
		rss = max(rss, s.PeakRSS) // the render workers'
	}
	growth := int64(peak.Load()) - int64(before.HeapInuse)
	var problems []string
	played := 0
	for i, st := range statuses {
		switch {
		case st == 200:
			played++
		case st == 503 && retryAfter[i] != "":
		case st == 422:
		default:
			problems = append(problems, fmt.Sprintf("fetch %d answered %d (Retry-After %q)", i, st, retryAfter[i]))
		}
	}
	if played == 0 {
		problems = append(problems, fmt.Sprintf("no worst-case sound played: %v", statuses))
	}
	if growth > wavFloodHeap {
		problems = append(problems, fmt.Sprintf("the host's heap grew by %s, over %s", mib(uint64(growth)), mib(wavFloodHeap)))
	}
	return fmt.Sprintf("bounded: %v, heap +%d MiB", statuses, max(growth, 0)>>20), rss, problems
}

func uploadFlood(env scenarioEnv) (string, uint64, []string) {
	dir, err := project(env.work, "lamp", []byte(floodLamp))
	if err != nil {
		return "crash", 0, []string{err.Error()}
	}
	w, err := startWorld(env, dir, env.rig.checker)
	if err != nil {
		return "crash", 0, []string{err.Error()}
	}
	defer w.close()
	// Each upload is the lamp with a comment of its own number padded to just under 1 MiB: a
	// distinct, valid bundle, accepted and (unpruned) stored whole.
	pad := strings.Repeat("x", protocol.MaxBundleBytes-len(w.js)-64)
	const uploads = 500
	for i := 1; i <= uploads; i++ {
		js := append(append([]byte(nil), w.js...), fmt.Sprintf("\n// %d %s\n", i, pad)...)
		rev, err := w.upload(js)
		if err != nil || rev.Status != "accepted" {
			return "crash", 0, []string{fmt.Sprintf("upload %d: %v %+v", i, err, rev)}
		}
	}
	size := storeBytes(filepath.Join(dir, ".host"))
	var problems []string
	if size > store.StoreBound() {
		problems = append(problems, fmt.Sprintf("the store holds %s after %d uploads, over %s", mib(uint64(size)), uploads, mib(uint64(store.StoreBound()))))
	}
	if rev, ok, err := w.srv.ActiveRevision(context.Background()); err != nil || !ok || rev.Number != uploads {
		problems = append(problems, fmt.Sprintf("the active revision is %d (%v %v), want %d", rev.Number, ok, err, uploads))
	}
	return fmt.Sprintf("bounded: store %d MiB", size>>20), 0, problems
}

const floodLamp = `import { defineObject, defineProject, exactKeys, record } from '@scape/sdk';

export default defineProject({ objects: [defineObject<{ on: boolean }>({
  type: 'hostile.lamp', version: 1, emoji: '💡', label: 'Lamp', hint: 'a lamp',
  initial: () => ({ on: false }),
  valid: (s): s is { on: boolean } => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ on: !s.on }) } },
})] });
`

// storeBytes is the size of a host's database files.
func storeBytes(dir string) int64 {
	var n int64
	for _, f := range []string{"host.db", "host.db-wal", "host.db-shm"} {
		if info, err := os.Stat(filepath.Join(dir, f)); err == nil {
			n += info.Size()
		}
	}
	return n
}

// world is a reference host in this process with a paired dev session and its owner signed in.
type world struct {
	srv    *host.Server
	hs     *httptest.Server
	client *devclient.Client
	sess   *devclient.Session
	owner  *hosttest.Owner
	js     []byte
	base   int
}

// startWorld builds the project in dir, starts a host on engine and pairs a dev session.
func startWorld(env scenarioEnv, dir string, engine engine.Engine) (*world, error) {
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil || res.JS == nil {
		return nil, fmt.Errorf("build: %v %v", err, res.Diagnostics)
	}
	tokens := make(chan string, 8)
	srv, err := host.New(host.Options{DataDir: filepath.Join(dir, ".host"), Engine: engine, OnOwnerToken: func(t string) { tokens <- t }})
	if err != nil {
		return nil, err
	}
	w := &world{srv: srv, hs: httptest.NewServer(srv), js: res.JS}
	srv.SetBaseURL(w.hs.URL)
	ctx, cancel := context.WithTimeout(context.Background(), giveUp)
	defer cancel()
	w.client, w.sess, err = pair(ctx, srv, w.hs.URL, "hostile")
	if err == nil {
		w.owner, err = hosttest.SignIn(w.hs.URL, lastToken(tokens))
	}
	if err != nil {
		w.close()
		return nil, err
	}
	return w, nil
}

func (w *world) close() {
	w.srv.EndStreams()
	w.hs.Close()
	w.srv.Close()
}

func (w *world) upload(js []byte) (*devclient.Revision, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rev, err := w.client.Upload(ctx, w.sess, w.base, js)
	if err == nil && rev.Status == "accepted" {
		w.base = rev.Number
	}
	return rev, err
}

// tab opens a world-page tab session as the signed-in owner's page does.
func (w *world) tab() (string, error) {
	csrf, err := w.owner.CSRF("/")
	if err != nil {
		return "", err
	}
	req, _ := http.NewRequest("POST", w.hs.URL+"/api/world/tabs", strings.NewReader(`{}`))
	req.Header.Set("X-CSRF-Token", csrf)
	req.Header.Set("Content-Type", "application/json")
	resp, err := w.owner.Client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var out struct{ Token string }
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || out.Token == "" {
		return "", fmt.Errorf("open a tab: %d %v", resp.StatusCode, err)
	}
	return out.Token, nil
}

// api calls the world API as the tab with token.
func (w *world) api(method, path, token string, body, out any) (int, error) {
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, w.hs.URL+path, bytes.NewReader(b))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		return resp.StatusCode, fmt.Errorf("%s", data)
	}
	return 200, json.Unmarshal(data, out)
}

// wav fetches a sound as the tab: its status and Retry-After.
func (w *world) wav(key, token string) (int, string) {
	req, _ := http.NewRequest("GET", w.hs.URL+"/api/world/sounds/"+key+".wav", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, ""
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, resp.Header.Get("Retry-After")
}
