package host_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/world"
)

// TestVerdictFollowsTheWorld (issue 22 item 7): a build rejected only because of a placed
// instance (its type no longer defined) is judged again when that instance is removed, and
// recorded and activated as a new revision with the same bundle: remove-then-save needs no
// code change, nor even a save, also after the host restarted in between (the rejected bundle is
// in the store). A build with an error of its own is not judged again.
func TestVerdictFollowsTheWorld(t *testing.T) {
	f := newFixture(t, t.TempDir())
	o := f.owner()
	tok := f.pair(o)
	if _, st := f.upload(tok, 0, bundleJSON(lampV1, "")); st != 201 {
		t.Fatalf("upload: %d", st)
	}
	owner := ownerTab(t, o)
	lamp := owner.place("example.lamp", 3, 3)
	chime := `[{"type":"example.chime","version":1,"emoji":"🔔","label":"Chime"}]`
	r2, st := f.upload(tok, 1, bundleJSON(chime, ""))
	if st != 201 || r2.Revision.Status != "rejected" || r2.Revision.Problems[0].Code != diag.CodeInstance {
		t.Fatalf("the build without the placed lamp: %d %+v", st, r2.Revision)
	}
	addr := f.http.Listener.Addr().String()
	f.stop()
	f.startOn(addr) // the same port, so the owner's sign-in (a cookie of that origin) still works
	t.Cleanup(f.stop)
	owner = ownerTab(t, o)
	if st, msg := owner.call("POST", "/api/world/instances/"+lamp+"/remove", map[string]any{}, nil); st != 200 {
		t.Fatalf("remove: %d %s", st, msg)
	}
	f.srv.WaitRejudged()
	var r3 struct {
		Revision int    `json:"revision"`
		Status   string `json:"status"`
		SHA      string `json:"content_sha256"`
		Active   int    `json:"active_revision"`
	}
	if st := f.call("GET", "/api/dev/revisions/3", tok, nil, &r3); st != 200 {
		t.Fatalf("no revision 3 after the removal: %d", st)
	}
	if r3.Status != "accepted" || r3.SHA != r2.Revision.SHA256 || r3.Active != 3 {
		t.Fatalf("revision 3: %+v, want the bundle of r2 accepted and active", r3)
	}
	// Nothing to judge again: the latest is accepted, or was rejected for its own error.
	if resp, err := f.srv.Rejudge(context.Background()); err != nil || resp.Revision.Number != 0 {
		t.Fatalf("judged again with nothing to do: %+v %v", resp, err)
	}
	bad := `[{"code":"schema","message":"a mistake of its own","severity":"error"}]`
	if _, st := f.upload(tok, 3, bundleJSON(chime, bad)); st != 201 {
		t.Fatalf("upload: %d", st)
	}
	if resp, err := f.srv.Rejudge(context.Background()); err != nil || resp.Revision.Number != 0 {
		t.Fatalf("a build with its own error was judged again: %+v %v", resp, err)
	}
}

// onOnlyOff is a check that, for a bundle marked "offOnly", refuses placed instances whose state
// is on: a rejection that depends on a placed instance's state (diag.CodeInstance, "state no
// longer validates"), which an action or a seed can fix.
type onOnlyOff struct{ hosttest.JSONValidator }

func (v *onOnlyOff) Check(ctx context.Context, js []byte, placed []world.Instance) (engine.Verdict, error) {
	verdict, err := v.JSONValidator.Check(ctx, js, placed)
	if err != nil || !bytes.Contains(js, []byte(`"offOnly"`)) {
		return verdict, err
	}
	for _, in := range placed {
		if bytes.Contains(in.State, []byte(`"on":true`)) {
			verdict.Problems = append(verdict.Problems, diag.Diagnostic{Code: diag.CodeInstance, Definition: &diag.Definition{Type: in.Type},
				Path: "instances." + in.ID, Message: "placed instance's state no longer validates: on is not allowed"})
		}
	}
	return verdict, nil
}

// offOnly marks a fake bundle for onOnlyOff.
func offOnly(defs string) string {
	return strings.Replace(bundleJSON(defs, ""), "{", `{"offOnly":true,`, 1)
}

// TestVerdictFollowsStateChanges (issue 22 item 7): a build rejected only because of a placed
// instance's state is judged again when an action changes that state, and when the admin seeds
// one, and is accepted with no upload; each time the new revision carries the rejected bundle.
func TestVerdictFollowsStateChanges(t *testing.T) {
	checks := &onOnlyOff{}
	f := newFixtureWith(t, t.TempDir(), func(o *host.Options) { o.Engine = hosttest.Engine{Checks: checks, Live: fakeRuntime{}} })
	o := f.owner()
	tok := f.pair(o)
	if _, st := f.upload(tok, 0, bundleJSON(lampV1, "")); st != 201 {
		t.Fatalf("upload: %d", st)
	}
	owner := ownerTab(t, o)
	lamp := owner.place("example.lamp", 3, 3)
	toggle := func() {
		t.Helper()
		if st, msg := owner.call("POST", "/api/world/instances/"+lamp+"/act", map[string]any{"name": "toggle"}, nil); st != 200 {
			t.Fatalf("toggle: %d %s", st, msg)
		}
		f.srv.WaitRejudged()
	}
	toggle() // on
	latest := func() (n int, status, sha string) {
		t.Helper()
		var r struct {
			Revision int    `json:"revision"`
			Status   string `json:"status"`
			SHA      string `json:"content_sha256"`
		}
		for n = 1; ; n++ {
			if st := f.call("GET", fmt.Sprintf("/api/dev/revisions/%d", n+1), tok, nil, &r); st != 200 {
				f.call("GET", fmt.Sprintf("/api/dev/revisions/%d", n), tok, nil, &r)
				return n, r.Status, r.SHA
			}
		}
	}
	rejectedFor := func(bundle string, base int) string {
		t.Helper()
		r, st := f.upload(tok, base, bundle)
		if st != 201 || r.Revision.Status != "rejected" || !strings.Contains(fmt.Sprint(r.Revision.Problems), "state no longer validates") {
			t.Fatalf("the off-only build with the lamp on: %d %+v", st, r.Revision)
		}
		return r.Revision.SHA256
	}
	sha := rejectedFor(offOnly(lampV1), 1) // r2
	toggle()                               // off: r2's bundle passes now
	if n, status, got := latest(); n != 3 || status != "accepted" || got != sha {
		t.Fatalf("after the action fixed the state: latest r%d %s %s, want r3 accepted with r2's bundle", n, status, got)
	}

	toggle()                                                                    // on, under r3 (the fake runtime allows it)
	sha = rejectedFor(offOnly(strings.Replace(lampV1, "Lamp", "Lamp 2", 1)), 3) // r4
	if st, msg := owner.call("POST", "/api/world/instances/"+lamp+"/state", map[string]any{"state": map[string]any{"on": false}}, nil); st != 200 {
		t.Fatalf("seed: %d %s", st, msg)
	}
	f.srv.WaitRejudged()
	if n, status, got := latest(); n != 5 || status != "accepted" || got != sha {
		t.Fatalf("after the seed fixed the state: latest r%d %s %s, want r5 accepted with r4's bundle", n, status, got)
	}
}

// TestRetryIsTheOwners: POST /api/world/retry answers only the owner's tab sent with the owner's
// sign-in cookie and CSRF header (it runs author code); an admin tab's bearer token alone is
// refused.
func TestRetryIsTheOwners(t *testing.T) {
	f := newFixture(t, t.TempDir())
	o := f.owner()
	owner := ownerTab(t, o)
	if st, msg := owner.call("POST", "/api/world/retry", map[string]any{}, nil); st != 403 {
		t.Fatalf("the bearer token alone: %d %s, want 403", st, msg)
	}
	csrf, err := o.CSRF("/")
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest("POST", o.Base+"/api/world/retry", strings.NewReader(`{}`))
	req.Header.Set("Authorization", "Bearer "+owner.token)
	req.Header.Set("X-CSRF-Token", csrf)
	resp, err := o.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 409 { // nothing to retry yet: the request itself was the owner's
		t.Fatalf("the owner's retry with nothing uploaded: %d, want 409", resp.StatusCode)
	}
}
