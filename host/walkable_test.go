package host_test

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
)

// tileBundle builds the walkable-tile example with edits to its definition (old → new).
func tileBundle(t *testing.T, edits ...string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "tile")
	if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: "walkable-tile", SDK: kit.SDK()}); err != nil {
		t.Fatal(err)
	}
	def := filepath.Join(dir, "src", "definition.ts")
	data, err := os.ReadFile(def)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for i := 0; i+1 < len(edits); i += 2 {
		if !strings.Contains(text, edits[i]) {
			t.Fatalf("definition.ts has no %q", edits[i])
		}
		text = strings.Replace(text, edits[i], edits[i+1], 1)
	}
	if err := os.WriteFile(def, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil || !res.OK() {
		t.Fatalf("bundle: %v %v", err, res.Diagnostics)
	}
	return string(res.JS)
}

// TestWalkabilityChangeNeedsInstancesRemoved: "Changing fixed walkability also requires removing
// placed instances" (spec, Live updates are atomic). The host passes each placed instance's
// walkability in the active build to the SDK's rule (instanceProblems), through the real
// checker: refused while a tile is placed, accepted once it is removed, and accepted with the
// tile placed when walkability does not change.
func TestWalkabilityChangeNeedsInstancesRemoved(t *testing.T) {
	f := &fixture{t: t, clock: &clock{t: time.Now().UTC()}, val: &hosttest.JSONValidator{}, real: engine.NewChecker(), tokens: make(chan string, 16), dir: t.TempDir()}
	f.start()
	o := f.owner()
	tok := f.pair(o)
	ctx := context.Background()

	r1, _ := f.upload(tok, 0, tileBundle(t))
	if r1.Status != "accepted" || len(r1.Definitions) != 1 || r1.Definitions[0].Walkable == nil || !*r1.Definitions[0].Walkable {
		t.Fatalf("walkable tile: %+v", r1)
	}
	if _, err := f.srv.Place(ctx, host.Owner, "example.walkable-tile"); err != nil {
		t.Fatal(err)
	}
	placed, err := f.srv.Instances(ctx)
	if err != nil || len(placed) != 1 {
		t.Fatalf("placed: %v %v", placed, err)
	}
	id := placed[0].ID

	// Walkability unchanged, tile placed: accepted.
	r2, _ := f.upload(tok, 1, tileBundle(t, "label: 'Walkable tile'", "label: 'Floor tile'"))
	if r2.Status != "accepted" || r2.ActiveRevision != 2 {
		t.Fatalf("unchanged walkability: %+v", r2)
	}
	// Blocking now, tile placed: refused, naming the instance; revision 2 stays active.
	r3, _ := f.upload(tok, 2, tileBundle(t, "  walkable: true,\n", ""))
	want := `instances["` + id + `"].walkable: is placed as walkable but example.walkable-tile is no longer walkable (remove the placed instances before changing fixed walkability) (got true)`
	if r3.Status != "rejected" || r3.ActiveRevision != 2 || len(r3.Problems) != 1 || r3.Problems[0].Code != diag.CodeInstance || !strings.HasSuffix(r3.Problems[0].String(), want) {
		t.Fatalf("changed walkability:\n got %+v\nwant …%s", r3, want)
	}
	if _, page, _ := o.Get("/"); !strings.Contains(page, "remove the placed instances before changing fixed walkability") {
		t.Fatalf("the sidebar does not show the rejection:\n%s", page)
	}
	// Removed, the blocking tile is accepted by itself: the host judges revision 3's bundle
	// again once the tile is gone (rejudge.go) and activates it as revision 4; the same build
	// uploaded again (dev's next save) is that revision.
	if st, _, err := o.Post("/instances/"+id+"/remove", url.Values{}); err != nil || st != 200 {
		t.Fatalf("remove: %d %v", st, err)
	}
	f.srv.WaitRejudged()
	r4, _ := f.upload(tok, 2, tileBundle(t, "  walkable: true,\n", ""))
	if r4.Status != "accepted" || r4.Number != 4 || r4.ActiveRevision != 4 || !r4.Duplicate || r4.SHA256 != r3.SHA256 || *r4.Definitions[0].Walkable {
		t.Fatalf("after removing the tile: %+v", r4)
	}
	// And back: a blocking tile placed refuses walkable.
	if _, err := f.srv.Place(ctx, host.Owner, "example.walkable-tile"); err != nil {
		t.Fatal(err)
	}
	r5, _ := f.upload(tok, 4, tileBundle(t))
	if r5.Status != "rejected" || len(r5.Problems) != 1 || !strings.Contains(r5.Problems[0].Message, "is placed as blocking but example.walkable-tile is now walkable") {
		t.Fatalf("blocking to walkable: %+v", r5)
	}
}
