// Package hosttest drives a reference host the way its owner's browser does (sign in with the
// one-time token, read the CSRF token from the page, approve a code, disconnect), for tests of
// the host and of the dev client that must not reach into the host's internals.
package hosttest

import (
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
)

// Owner is a signed-in browser session on a host.
type Owner struct {
	Base   string
	Client *http.Client
}

var csrfRE = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

// SignIn posts the owner token to /login and keeps the session cookie.
func SignIn(base, token string) (*Owner, error) {
	jar, _ := cookiejar.New(nil)
	o := &Owner{Base: strings.TrimRight(base, "/"), Client: &http.Client{Jar: jar}}
	resp, err := o.Client.PostForm(o.Base+"/login", url.Values{"token": {token}, "next": {"/"}})
	if err != nil {
		return nil, err
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `id="sidebar"`) {
		return nil, fmt.Errorf("sign in: status %d: %s", resp.StatusCode, firstLine(body))
	}
	return o, nil
}

func firstLine(b []byte) string {
	s := string(b)
	if i := strings.Index(s, `class="error"`); i >= 0 {
		s = s[i:]
	}
	if len(s) > 300 {
		s = s[:300]
	}
	return s
}

// Get fetches a page and returns its status and body.
func (o *Owner) Get(path string) (int, string, error) {
	return readPage(o.Client.Get(o.Base + path))
}

// readPage returns a response's status and body.
func readPage(resp *http.Response, err error) (int, string, error) {
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), err
}

// CSRF reads the CSRF token from a page the owner can see.
func (o *Owner) CSRF(path string) (string, error) {
	_, body, err := o.Get(path)
	if err != nil {
		return "", err
	}
	m := csrfRE.FindStringSubmatch(body)
	if m == nil {
		return "", fmt.Errorf("no CSRF token on %s", path)
	}
	return m[1], nil
}

// Post submits a form with the page's CSRF token (csrf "" reads it from the world page).
func (o *Owner) Post(path string, form url.Values) (int, string, error) {
	if form.Get("csrf") == "" {
		tok, err := o.CSRF("/")
		if err != nil {
			return 0, "", err
		}
		form.Set("csrf", tok)
	}
	return readPage(o.Client.PostForm(o.Base+path, form))
}

// Approve opens the verification page for code, as the printed link does, and chooses
// "Connect this project". It returns the page's error text when the host refuses.
func (o *Owner) Approve(code string) error {
	status, body, err := o.Get("/connect?code=" + url.QueryEscape(code))
	if err != nil {
		return err
	}
	if status != http.StatusOK {
		return fmt.Errorf("approval page: %d: %s", status, pageError(body))
	}
	m := csrfRE.FindStringSubmatch(body)
	if m == nil {
		return fmt.Errorf("approval page has no CSRF token")
	}
	status, body, err = o.Post("/connect", url.Values{"csrf": {m[1]}, "code": {code}, "decision": {"approve"}})
	if err != nil {
		return err
	}
	if status != http.StatusOK || !strings.Contains(body, `id="done"`) {
		return fmt.Errorf("approve: %d: %s", status, pageError(body))
	}
	return nil
}

// Disconnect presses the sidebar's Disconnect button.
func (o *Owner) Disconnect() error {
	status, body, err := o.Post("/disconnect", url.Values{})
	if err != nil {
		return err
	}
	if status != http.StatusOK {
		return fmt.Errorf("disconnect: %d: %s", status, pageError(body))
	}
	return nil
}

var errRE = regexp.MustCompile(`class="error"[^>]*>([^<]*)<`)

func pageError(body string) string {
	if m := errRE.FindStringSubmatch(body); m != nil {
		return m[1]
	}
	if len(body) > 200 {
		body = body[:200]
	}
	return strings.TrimSpace(body)
}
