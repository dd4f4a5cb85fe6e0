package host_test

import (
	"context"
	"testing"

	"github.com/scapeworld/scape/diag"
)

// TestVerdictFollowsTheWorld (issue 22 item 7): a build rejected only because of a placed
// instance (its type no longer defined) is judged again when that instance is removed, and
// recorded and activated as a new revision with the same bundle: remove-then-save needs no
// code change, nor even a save. A build with an error of its own is not judged again.
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
