package host_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/scapeworld/scape/protocol"
)

// TestBodyTooLargeNamesTheLimit: every endpoint that reads a body refuses one over its limit
// with 413 and a JSON error that names the limit, instead of a truncated-JSON parse error.
// Each is tried just inside (not refused for its size) and one byte outside.
func TestBodyTooLargeNamesTheLimit(t *testing.T) {
	f := newFixture(t, t.TempDir())
	o := f.owner()
	tok := f.pair(o)
	csrf, err := o.CSRF("/")
	if err != nil {
		t.Fatal(err)
	}
	// jsonBody is a JSON object of exactly n bytes (padded inside a string field).
	jsonBody := func(field string, n int) []byte {
		head := `{"` + field + `":"`
		return []byte(head + strings.Repeat("p", n-len(head)-2) + `"}`)
	}
	// formBody is a form of exactly n bytes carrying the owner's CSRF token.
	formBody := func(n int) []byte {
		head := "csrf=" + csrf + "&pad="
		return []byte(head + strings.Repeat("p", n-len(head)))
	}
	cases := []struct {
		method, path string
		limit        int
		form         bool // an owner's form (cookie and CSRF) rather than a protocol request
		field        string
		limitText    string
	}{
		{"POST", "/api/dev/pairings", 4096, false, "project", "4 KiB limit (4,096 bytes)"},
		{"POST", "/api/dev/token", 4096, false, "device_code", "4 KiB limit (4,096 bytes)"},
		{"POST", "/api/dev/revisions", 8 << 20, false, "bundle", "8 MiB limit (8,388,608 bytes)"},
		{"POST", "/login", 64 << 10, true, "", "64 KiB limit (65,536 bytes)"},
		{"POST", "/connect", 64 << 10, true, "", "64 KiB limit (65,536 bytes)"},
		{"POST", "/instances", 64 << 10, true, "", "64 KiB limit (65,536 bytes)"},
		{"POST", "/instances/obj-x/act", 64 << 10, true, "", "64 KiB limit (65,536 bytes)"},
		{"POST", "/instances/obj-x/remove", 64 << 10, true, "", "64 KiB limit (65,536 bytes)"},
		{"POST", "/disconnect", 64 << 10, true, "", "64 KiB limit (65,536 bytes)"},
		{"POST", "/logout", 64 << 10, true, "", "64 KiB limit (65,536 bytes)"}, // last: just inside, it signs out
	}
	for _, c := range cases {
		// Outside first: the forms just inside do their work (sign out, disconnect).
		for _, n := range []int{c.limit + 1, c.limit} {
			var body []byte
			if c.form {
				body = formBody(n)
			} else {
				body = jsonBody(c.field, n)
			}
			if len(body) != n {
				t.Fatalf("%s: built %d bytes, want %d", c.path, len(body), n)
			}
			req, _ := http.NewRequest(c.method, f.http.URL+c.path, bytes.NewReader(body))
			client := http.DefaultClient
			if c.form {
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				client = &http.Client{Jar: o.Client.Jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			} else {
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Authorization", "Bearer "+tok)
			}
			resp, err := client.Do(req)
			if err != nil {
				t.Fatalf("%s %s with %d bytes: %v", c.method, c.path, n, err)
			}
			raw, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if n == c.limit {
				if resp.StatusCode == http.StatusRequestEntityTooLarge {
					t.Errorf("%s %s: a body of exactly %d bytes was refused as too large", c.method, c.path, n)
				}
				continue
			}
			var e protocol.ErrorResponse
			if resp.StatusCode != http.StatusRequestEntityTooLarge || json.Unmarshal(raw, &e) != nil || e.Code != "request_too_large" {
				t.Errorf("%s %s with %d bytes: %d %.200s, want 413 request_too_large", c.method, c.path, n, resp.StatusCode, raw)
				continue
			}
			if want := "the request body is over the host's " + c.limitText; e.Description != want {
				t.Errorf("%s %s: %q, want %q", c.method, c.path, e.Description, want)
			}
		}
	}
	// Nothing reached the validator: the refused upload was not read to its end, and the one
	// just inside has no matching hash.
	if n := f.val.Calls.Load(); n != 0 {
		t.Fatalf("%d validations", n)
	}
}
