package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"time"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
)

// Class 6 (docs/security.md, class 6): players' tabs, invites and identities against the host.
func init() {
	register(
		scenario{name: "players-invite-flood", target: "players", wall: 2 * time.Minute,
			attack: "one participant invite opened 400 times by tabs that never connect an event stream (the surface has 384 cells)",
			bound:  "within the 10 s grace + 5 s, the avatars are those of the 2 tabs with a live stream, and the owner places on the first free cell",
			run:    sessInviteFlood},
		scenario{name: "players-session-flood", target: "players", wall: 3 * time.Minute,
			attack: "5000 tab opens with one invite (the guest table keeps 4096)",
			bound:  "the owner's tab and its stream, and a guest with a live stream, still work; the oldest idle guests are forgotten",
			run:    sessSessionFlood},
		scenario{name: "players-restart-identity", target: "players", wall: 2 * time.Minute,
			attack: "after a host restart on the same data, new editors try to act as the editor who placed a lamp before it",
			bound:  "no actor id is handed out twice; the old editor's lamp refuses the newcomers' edits and removals (403); the old token opens nothing",
			run:    sessRestartIdentity},
	)
}

// sessWorld is a host in this process with the lamp template accepted, and its owner signed in.
type sessWorld struct {
	dir    string
	rig    *hostRig
	srv    *host.Server
	hs     *httptest.Server
	tokens chan string
	owner  *hosttest.Owner
}

// sessStart starts the host on dir (uploading the lamp when upload is set) and signs its owner in.
func sessStart(rig *hostRig, dir string, upload bool) (*sessWorld, error) {
	w := &sessWorld{dir: dir, rig: rig, tokens: make(chan string, 8)}
	srv, err := host.New(host.Options{DataDir: filepath.Join(dir, ".host"), Engine: rig.checker, OnOwnerToken: func(t string) { w.tokens <- t }})
	if err != nil {
		return nil, err
	}
	w.srv, w.hs = srv, httptest.NewServer(srv)
	srv.SetBaseURL(w.hs.URL)
	if upload {
		if err := w.uploadLamp(); err != nil {
			w.stop()
			return nil, err
		}
	}
	if w.owner, err = hosttest.SignIn(w.hs.URL, lastToken(w.tokens)); err != nil {
		w.stop()
		return nil, fmt.Errorf("owner sign-in: %w", err)
	}
	return w, nil
}

func (w *sessWorld) stop() {
	w.srv.EndStreams()
	w.hs.Close()
	w.srv.Close()
}

// uploadLamp pairs a dev session and uploads the lamp template's build.
func (w *sessWorld) uploadLamp() error {
	proj := filepath.Join(w.dir, "lamp")
	if _, err := scaffold.Create(scaffold.Options{Dir: proj, Template: "lamp", SDK: kit.SDK()}); err != nil {
		return err
	}
	res, err := bundle.Build(bundle.Options{Dir: proj})
	if err != nil || res.JS == nil {
		return fmt.Errorf("lamp build: %v %v", err, res.Diagnostics)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	client, sess, err := pair(ctx, w.srv, w.hs.URL, "lamp")
	if err != nil {
		return err
	}
	rev, err := client.Upload(ctx, sess, 0, res.JS)
	if err != nil || rev.Status != "accepted" {
		return fmt.Errorf("lamp upload: %v %+v", err, rev.Problems)
	}
	return nil
}

// sessTab is one world page session.
type sessTab struct {
	base, token, actor string
}

// call sends a JSON request as the tab: the status and the decoded answer.
func (t *sessTab) call(method, path string, body, out any) int {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, t.base+path, rd)
	req.Header.Set("Authorization", "Bearer "+t.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	if out != nil && resp.StatusCode == 200 {
		_ = json.NewDecoder(resp.Body).Decode(out)
	}
	return resp.StatusCode
}

// ownerTab opens an admin tab as the owner's page does (cookie and CSRF header).
func (w *sessWorld) ownerTab() (*sessTab, error) {
	csrf, err := w.owner.CSRF("/")
	if err != nil {
		return nil, err
	}
	req, _ := http.NewRequest("POST", w.hs.URL+"/api/world/tabs", strings.NewReader(`{}`))
	req.Header.Set("X-CSRF-Token", csrf)
	return sessOpen(w.hs.URL, w.owner.Client, req)
}

// guestTab opens a tab with an invite code.
func (w *sessWorld) guestTab(code string) (*sessTab, error) {
	b, _ := json.Marshal(map[string]string{"invite": code})
	req, _ := http.NewRequest("POST", w.hs.URL+"/api/world/tabs", bytes.NewReader(b))
	return sessOpen(w.hs.URL, http.DefaultClient, req)
}

func sessOpen(base string, c *http.Client, req *http.Request) (*sessTab, error) {
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var out struct{ Token, Actor string }
	if resp.StatusCode != 200 || json.NewDecoder(resp.Body).Decode(&out) != nil {
		return nil, fmt.Errorf("open a tab: %d", resp.StatusCode)
	}
	return &sessTab{base: base, token: out.Token, actor: out.Actor}, nil
}

// invite mints an invite for role as the admin tab and returns its code.
func (t *sessTab) invite(role string) (string, error) {
	var out struct{ URL string }
	if st := t.call("POST", "/api/world/invites", map[string]string{"role": role}, &out); st != 200 {
		return "", fmt.Errorf("invite: %d", st)
	}
	return out.URL[strings.Index(out.URL, "invite=")+len("invite="):], nil
}

// stream opens the tab's event stream as the page does (a ticket); it stays open until cancel.
func (t *sessTab) stream() (context.CancelFunc, error) {
	var tk struct{ Ticket string }
	if st := t.call("POST", "/api/world/events/ticket", map[string]any{}, &tk); st != 200 {
		return nil, fmt.Errorf("stream ticket: %d", st)
	}
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", t.base+"/api/world/events?ticket="+tk.Ticket, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		return nil, err
	}
	if resp.StatusCode != 200 {
		resp.Body.Close()
		cancel()
		return nil, fmt.Errorf("stream: %d", resp.StatusCode)
	}
	go func() { _, _ = io.Copy(io.Discard, resp.Body); resp.Body.Close() }()
	return cancel, nil
}

// avatars counts the avatars in the world (the admin's debug snapshot).
func (t *sessTab) avatars() int {
	var snap struct{ Avatars []struct{ Actor string } }
	if st := t.call("GET", "/api/world/debug", nil, &snap); st != 200 {
		return -1
	}
	return len(snap.Avatars)
}

func (t *sessTab) works() bool { return t.call("GET", "/api/world", nil, nil) == 200 }

func sessInviteFlood(env scenarioEnv) (string, uint64, []string) {
	w, owner, _, code, done, err := sessTwoLiveTabs(env, true)
	if err != nil {
		return "crash", 0, []string{err.Error()}
	}
	defer done()
	for i := 0; i < 400; i++ {
		if _, err := w.guestTab(code); err != nil {
			return "crash", 0, []string{fmt.Sprintf("open %d: %v", i, err)}
		}
	}
	peak := owner.avatars()
	var problems []string
	deadline := time.Now().Add(10*time.Second + 5*time.Second)
	n := peak
	for ; n > 2 && time.Now().Before(deadline); n = owner.avatars() {
		time.Sleep(200 * time.Millisecond)
	}
	if n != 2 {
		problems = append(problems, fmt.Sprintf("%d avatars 15 s after the flood (peak %d), want 2", n, peak))
	}
	if st := owner.call("POST", "/api/world/instances", map[string]string{"type": "example.lamp"}, nil); st != 200 {
		problems = append(problems, fmt.Sprintf("the owner's placement after the flood: %d", st))
	}
	return fmt.Sprintf("bounded (peak %d)", peak), 0, problems
}

func sessSessionFlood(env scenarioEnv) (string, uint64, []string) {
	w, owner, live, code, done, err := sessTwoLiveTabs(env, false)
	if err != nil {
		return "crash", 0, []string{err.Error()}
	}
	defer done()
	var first *sessTab
	for i := 0; i < 5000; i++ {
		t, err := w.guestTab(code)
		if err != nil {
			return "crash", 0, []string{fmt.Sprintf("open %d: %v", i, err)}
		}
		if first == nil {
			first = t
		}
	}
	var problems []string
	if !owner.works() {
		problems = append(problems, "the owner's tab was signed out")
	}
	if stop, err := owner.stream(); err != nil {
		problems = append(problems, "the owner's tab opens no stream: "+err.Error())
	} else {
		stop()
	}
	if _, err := w.ownerTab(); err != nil {
		problems = append(problems, "the owner opens no new tab: "+err.Error())
	}
	if !live.works() {
		problems = append(problems, "a guest with a live stream was forgotten")
	}
	if first.works() {
		problems = append(problems, "the oldest idle guest was kept past the table's bound")
	}
	return "bounded", 0, problems
}

func sessRestartIdentity(env scenarioEnv) (string, uint64, []string) {
	w, err := sessStart(env.rig, env.work, true)
	if err != nil {
		return "crash", 0, []string{err.Error()}
	}
	owner, err := w.ownerTab()
	if err != nil {
		w.stop()
		return "crash", 0, []string{err.Error()}
	}
	code, err := owner.invite("editor")
	var old *sessTab
	if err == nil {
		old, err = w.guestTab(code)
	}
	var lamp struct{ ID string }
	if err == nil && old.call("POST", "/api/world/instances", map[string]any{"type": "example.lamp", "x": 4, "y": 4}, &lamp) != 200 {
		err = fmt.Errorf("the old editor's placement failed")
	}
	w.stop()
	if err != nil {
		return "crash", 0, []string{err.Error()}
	}
	seen := map[string]bool{old.actor: true, owner.actor: true}
	if w, err = sessStart(env.rig, env.work, false); err != nil {
		return "crash", 0, []string{err.Error()}
	}
	defer w.stop()
	if owner, err = w.ownerTab(); err != nil {
		return "crash", 0, []string{err.Error()}
	}
	var problems []string
	old.base = owner.base
	if old.works() {
		problems = append(problems, "the old editor's token works after the restart")
	}
	color := map[string]any{"name": "color", "payload": map[string]string{"color": "blue"}}
	for i := 0; i < 5; i++ {
		code, err := owner.invite("editor")
		var t *sessTab
		if err == nil {
			t, err = w.guestTab(code)
		}
		if err != nil {
			return "crash", 0, []string{err.Error()}
		}
		if seen[t.actor] {
			problems = append(problems, "a new editor is "+t.actor+" again")
		}
		seen[t.actor] = true
		st := t.call("POST", "/api/world/instances/"+lamp.ID+"/act", color, nil)
		for deadline := time.Now().Add(30 * time.Second); st == 503 && time.Now().Before(deadline); st = t.call("POST", "/api/world/instances/"+lamp.ID+"/act", color, nil) {
			time.Sleep(100 * time.Millisecond) // the restarted host opens its build in the background
		}
		if st != 403 {
			problems = append(problems, fmt.Sprintf("%s edited the old editor's lamp: %d, want 403", t.actor, st))
		}
		if st := t.call("POST", "/api/world/instances/"+lamp.ID+"/remove", nil, nil); st != 403 {
			problems = append(problems, fmt.Sprintf("%s removed the old editor's lamp: %d, want 403", t.actor, st))
		}
	}
	return "refused", 0, problems
}

// sessTwoLiveTabs starts a world (the lamp build uploaded when upload) holding two live tabs, the owner's
// and a participant's through a fresh invite, each with its event stream open; done ends them
// and the world.
func sessTwoLiveTabs(env scenarioEnv, upload bool) (w *sessWorld, owner, guest *sessTab, code string, done func(), err error) {
	if w, err = sessStart(env.rig, env.work, upload); err != nil {
		return nil, nil, nil, "", nil, err
	}
	var stops []func()
	done = func() {
		for _, stop := range stops {
			stop()
		}
		w.stop()
	}
	if owner, err = w.ownerTab(); err == nil {
		if code, err = owner.invite("participant"); err == nil {
			guest, err = w.guestTab(code)
		}
	}
	for _, t := range []*sessTab{owner, guest} {
		if err != nil {
			break
		}
		var stop func()
		if stop, err = t.stream(); err == nil {
			stops = append(stops, stop)
		}
	}
	if err != nil {
		done()
		return nil, nil, nil, "", nil, err
	}
	return w, owner, guest, code, done, nil
}
