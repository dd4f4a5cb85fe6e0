package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/host"
)

// Issue 21, classes 7 and 8: loopback is shared by every local server (cookies of 127.0.0.1 reach
// every port; a page's name may be rebound to 127.0.0.1), and each viewer gets only its share of
// a reaction. docs/security.md, classes 7 and 8.
func init() {
	register(
		scenario{name: "players-cookie-other-port", target: "players",
			attack: "the owner signs in to two worlds on two ports of 127.0.0.1 in one browser; world A's cookie is replayed to B (its own name and B's), then the owner signs out of B",
			bound:  "B refuses A's cookie under either name; A stays signed in when B signs out",
			run:    cookieOtherPort},
		scenario{name: "players-dns-rebind", target: "players",
			attack: "requests to the loopback listener with Host: evil.example (a rebound name), the owner's cookie attached",
			bound:  "421 for the owner page, the API and the scripts; 127.0.0.1:P still serves",
			run:    dnsRebind},
		scenario{name: "players-acted-share", target: "players",
			attack: "a participant presses a Gizmo whose reaction carries a haptic; another tab nearby reads its 'acted' event",
			bound:  "the other tab's event carries the burst but no haptic; the presser's carries it",
			run:    actedShare},
	)
}

// localWorld is a reference host on a port of 127.0.0.1 with a data directory of its own.
type localWorld struct {
	srv    *host.Server
	http   *httptest.Server
	tokens chan string
}

func startLocalWorld(env scenarioEnv, name string) (*localWorld, error) {
	w := &localWorld{tokens: make(chan string, 16)}
	srv, err := host.New(host.Options{DataDir: filepath.Join(env.work, name), Engine: env.rig.checker,
		OnOwnerToken: func(t string) { w.tokens <- t }})
	if err != nil {
		return nil, err
	}
	w.srv, w.http = srv, httptest.NewServer(srv)
	srv.SetBaseURL(w.http.URL)
	return w, nil
}

func (w *localWorld) close() {
	w.srv.EndStreams()
	w.http.Close()
	w.srv.Close()
}

// signIn signs in with the world's newest token, keeping the cookie in jar (one browser's).
func (w *localWorld) signIn(jar http.CookieJar) error {
	c := &http.Client{Jar: jar}
	resp, err := c.PostForm(w.http.URL+"/login", url.Values{"token": {lastToken(w.tokens)}, "next": {"/"}})
	if err != nil {
		return err
	}
	resp.Body.Close()
	if !w.ownerPage(c, nil) {
		return errors.New("signing in did not open the owner's page")
	}
	return nil
}

// ownerPage says whether GET / answers the owner's page, sent by c (its jar's cookies) or with
// only the cookie given.
func (w *localWorld) ownerPage(c *http.Client, only *http.Cookie) bool {
	req, _ := http.NewRequest("GET", w.http.URL+"/", nil)
	if only != nil {
		req.AddCookie(only)
	}
	if c == nil {
		c = http.DefaultClient
	}
	resp, err := c.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode == 200 && bytes.Contains(body, []byte(`id="sidebar"`))
}

func cookieOtherPort(env scenarioEnv) (string, uint64, []string) {
	a, err := startLocalWorld(env, "a")
	if err != nil {
		return "crash", 0, []string{err.Error()}
	}
	defer a.close()
	b, err := startLocalWorld(env, "b")
	if err != nil {
		return "crash", 0, []string{err.Error()}
	}
	defer b.close()
	jar, _ := cookiejar.New(nil)
	for _, w := range []*localWorld{a, b} {
		if err := w.signIn(jar); err != nil {
			return "crash", 0, []string{"sign in: " + err.Error()}
		}
	}
	browser := &http.Client{Jar: jar}
	var problems []string
	if !a.ownerPage(browser, nil) || !b.ownerPage(browser, nil) {
		problems = append(problems, "signing in to B signed A out (one cookie name for both worlds)")
	}
	u, _ := url.Parse(b.http.URL)
	var stolen *http.Cookie
	for _, c := range jar.Cookies(u) { // what B's port receives from the browser
		if c.Name == a.srv.OwnerCookie() {
			stolen = c
		}
	}
	if stolen == nil {
		return "crash", 0, []string{"the browser did not send A's cookie to B's port: the scenario no longer models a browser"}
	}
	if b.ownerPage(nil, stolen) {
		problems = append(problems, "B opened its owner page to A's cookie")
	}
	if b.ownerPage(nil, &http.Cookie{Name: b.srv.OwnerCookie(), Value: stolen.Value}) {
		problems = append(problems, "B opened its owner page to A's cookie value under B's name")
	}
	csrf, err := csrfOf(browser, b.http.URL)
	if err != nil {
		return "crash", 0, []string{err.Error()}
	}
	if resp, err := browser.PostForm(b.http.URL+"/logout", url.Values{"csrf": {csrf}}); err == nil {
		resp.Body.Close()
	}
	if b.ownerPage(browser, nil) {
		problems = append(problems, "B is still signed in after signing out")
	}
	if !a.ownerPage(browser, nil) {
		problems = append(problems, "signing out of B signed A out")
	}
	return "refused", 0, problems
}

func csrfOf(c *http.Client, base string) (string, error) {
	resp, err := c.Get(base + "/")
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	const mark = `name="csrf" value="`
	i := bytes.Index(body, []byte(mark))
	if i < 0 {
		return "", errors.New("no CSRF token on the owner's page")
	}
	rest := body[i+len(mark):]
	return string(rest[:bytes.IndexByte(rest, '"')]), nil
}

func dnsRebind(env scenarioEnv) (string, uint64, []string) {
	w, err := startLocalWorld(env, "w")
	if err != nil {
		return "crash", 0, []string{err.Error()}
	}
	defer w.close()
	jar, _ := cookiejar.New(nil)
	if err := w.signIn(jar); err != nil {
		return "crash", 0, []string{"sign in: " + err.Error()}
	}
	u, _ := url.Parse(w.http.URL)
	send := func(method, host, path string) int {
		req, _ := http.NewRequest(method, w.http.URL+path, strings.NewReader(`{"project":"rebind"}`))
		req.Host = host
		for _, c := range jar.Cookies(u) {
			req.AddCookie(c)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	var problems []string
	for _, h := range []string{"evil.example:" + u.Port(), "evil.example"} {
		for _, p := range [][2]string{{"GET", "/"}, {"GET", "/static/world.js"}, {"POST", "/api/dev/pairings"}, {"GET", "/api/world/debug"}} {
			if st := send(p[0], h, p[1]); st != http.StatusMisdirectedRequest {
				problems = append(problems, fmt.Sprintf("Host %s: %s %s answered %d, not 421", h, p[0], p[1], st))
			}
		}
	}
	if st := send("GET", u.Host, "/"); st != 200 {
		problems = append(problems, fmt.Sprintf("Host %s (the listener's own): GET / answered %d", u.Host, st))
	}
	return "refused", 0, problems
}

// buzzerDefinition reacts with a burst for everyone near and a haptic for the presser only.
const buzzerDefinition = `import { defineObject, defineProject, record } from '@scape/sdk';

export const buzzer = defineObject<{ n: number }>({
  type: 'hostile.buzzer', version: 1, emoji: '📳', label: 'Buzzer', hint: 'buzzes its presser',
  initial: () => ({ n: 0 }),
  valid: (s): s is { n: number } => record(s) && Number.isSafeInteger(s.n),
  actions: { press: { permission: 'participant', run: (s) => ({ n: s.n + 1 }) } },
  react: () => ({ feedback: { durationMs: 600, haptic: 'heavy', burst: { color: '#ff8800', radiusCells: 1, particles: 0 } } }),
});

export default defineProject({ objects: [buzzer] });
`

func actedShare(env scenarioEnv) (string, uint64, []string) {
	dir, err := project(env.work, "buzzer", []byte(buzzerDefinition))
	if err != nil {
		return "crash", 0, []string{err.Error()}
	}
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil || !res.OK() {
		return "crash", 0, []string{fmt.Sprint("build: ", err, res.Diagnostics)}
	}
	w, err := startLocalWorld(env, "w")
	if err != nil {
		return "crash", 0, []string{err.Error()}
	}
	defer w.close()
	ctx, cancel := context.WithTimeout(context.Background(), giveUp)
	defer cancel()
	if err := w.accept(ctx, res.JS); err != nil {
		return "crash", 0, []string{err.Error()}
	}
	jar, _ := cookiejar.New(nil)
	if err := w.signIn(jar); err != nil {
		return "crash", 0, []string{"sign in: " + err.Error()}
	}
	owner, err := w.ownerTab(jar)
	if err != nil {
		return "crash", 0, []string{err.Error()}
	}
	var inv struct{ URL string }
	if err := w.call("POST", "/api/world/invites", owner, map[string]string{"role": "participant"}, &inv); err != nil {
		return "crash", 0, []string{err.Error()}
	}
	var presser struct{ Token string }
	if err := w.call("POST", "/api/world/tabs", "", map[string]string{"invite": inv.URL[strings.Index(inv.URL, "invite=")+len("invite="):]}, &presser); err != nil {
		return "crash", 0, []string{err.Error()}
	}
	var placed struct{ ID string }
	if err := w.call("POST", "/api/world/instances", owner, map[string]any{"type": "hostile.buzzer", "x": 12, "y": 5}, &placed); err != nil {
		return "crash", 0, []string{err.Error()}
	}
	ownerEvents, presserEvents := w.acted(ctx, owner), w.acted(ctx, presser.Token)
	<-ownerEvents // each stream is open once its first event came
	<-presserEvents
	if err := w.call("POST", "/api/world/instances/"+placed.ID+"/act", presser.Token, map[string]any{"name": "press", "payload": map[string]any{}}, nil); err != nil {
		return "crash", 0, []string{err.Error()}
	}
	var problems []string
	if r := <-ownerEvents; strings.Contains(r, "haptic") || !strings.Contains(r, "burst") {
		problems = append(problems, "the owner's tab nearby got "+r+": want the burst without the presser's haptic")
	}
	if r := <-presserEvents; !strings.Contains(r, `"haptic":"heavy"`) {
		problems = append(problems, "the presser's tab got "+r+": want its haptic")
	}
	return "refused", 0, problems
}

// accept pairs a project with the world and uploads js, which must be accepted.
func (w *localWorld) accept(ctx context.Context, js []byte) error {
	client, sess, err := pair(ctx, w.srv, w.http.URL, "share")
	if err != nil {
		return err
	}
	rev, err := client.Upload(ctx, sess, 0, js)
	if err != nil || rev.Status != "accepted" {
		return fmt.Errorf("upload: %v %+v", err, rev.Problems)
	}
	return nil
}

// ownerTab opens an admin tab as the signed-in owner's page does (cookie and CSRF header).
func (w *localWorld) ownerTab(jar http.CookieJar) (string, error) {
	c := &http.Client{Jar: jar}
	csrf, err := csrfOf(c, w.http.URL)
	if err != nil {
		return "", err
	}
	req, _ := http.NewRequest("POST", w.http.URL+"/api/world/tabs", strings.NewReader(`{}`))
	req.Header.Set("X-CSRF-Token", csrf)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var out struct{ Token string }
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || out.Token == "" {
		return "", fmt.Errorf("owner tab: %d %v", resp.StatusCode, err)
	}
	return out.Token, nil
}

// call sends a JSON request as the tab with token (none: "") and decodes a 200 answer into out.
func (w *localWorld) call(method, path, token string, body, out any) error {
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, w.http.URL+path, bytes.NewReader(b))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		return fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, data)
	}
	if out != nil {
		return json.Unmarshal(data, out)
	}
	return nil
}

// acted reads a tab's event stream: it sends "" once the stream is open, then the reaction of
// each 'acted' event ("none" when it carries none).
func (w *localWorld) acted(ctx context.Context, token string) <-chan string {
	out := make(chan string, 4)
	go func() {
		defer close(out)
		req, _ := http.NewRequestWithContext(ctx, "GET", w.http.URL+"/api/world/events", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return
		}
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 8<<20)
		name, opened := "", false
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: ") && !opened:
				opened = true
				out <- ""
			case strings.HasPrefix(line, "data: ") && name == "acted":
				var ev struct{ Reaction json.RawMessage }
				_ = json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &ev)
				r := string(ev.Reaction)
				if r == "" {
					r = "none"
				}
				select {
				case out <- r:
				case <-time.After(giveUp):
					return
				}
			}
		}
	}()
	return out
}
