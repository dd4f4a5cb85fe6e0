package typecheck

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/internal/nodetest"
	"github.com/scapeworld/scape/internal/trusttest"
	"github.com/scapeworld/scape/trust"
)

// plantTSC puts a "tsc" in the project's node_modules that, when node runs it, writes a marker
// outside the project (what a hostile clone's would do with the user's rights) and exits 0
// with no diagnostics. It returns the marker's path.
func plantTSC(t *testing.T, dir string) string {
	t.Helper()
	marker := filepath.Join(t.TempDir(), "tsc-ran")
	quoted, err := json.Marshal(marker)
	if err != nil {
		t.Fatal(err)
	}
	tsc := filepath.Join(dir, "node_modules", "typescript", "bin", "tsc")
	if err := os.MkdirAll(filepath.Dir(tsc), 0o755); err != nil {
		t.Fatal(err)
	}
	script := "#!/usr/bin/env node\nrequire('fs').writeFileSync(" + string(quoted) + ", 'ran in ' + process.cwd());\n"
	if err := os.WriteFile(tsc, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return marker
}

func ran(marker string) bool {
	_, err := os.Stat(marker)
	return err == nil
}

// TestUntrustedProjectNeverRunsItsTSC: a project with a planted tsc, in a directory nobody
// trusted, is not checked, says why, and its tsc never runs; trusted, the same tsc runs.
func TestUntrustedProjectNeverRunsItsTSC(t *testing.T) {
	dir := project(t, false)
	marker := plantTSC(t, dir)
	// Node present or not, an untrusted directory's answer is the same (and nothing ran).
	st := Run(context.Background(), dir, trusting(t))
	if st.Checked || st.Reason != NotTrusted || !st.Untrusted || ran(marker) {
		t.Fatalf("untrusted: %+v (ran: %v)", st, ran(marker))
	}
	// Trusting a parent, a child or a sibling does not trust the project.
	sibling := filepath.Join(filepath.Dir(dir), "lamp2")
	child := filepath.Join(dir, "src")
	if err := os.Mkdir(sibling, 0o755); err != nil {
		t.Fatal(err)
	}
	if st := Run(context.Background(), dir, trusting(t, filepath.Dir(dir), child, sibling)); st.Checked || !st.Untrusted || ran(marker) {
		t.Fatalf("trusted neighbours: %+v (ran: %v)", st, ran(marker))
	}
	nodetest.Node(t)
	if st := Run(context.Background(), dir, trusting(t, dir)); !st.Checked || st.Untrusted || !ran(marker) {
		t.Fatalf("trusted: %+v (ran: %v)", st, ran(marker))
	}
}

// TestLinkToAProjectRunsTheTrustedDirectory: building a trusted project through a link runs it
// (it is the same directory) from the resolved path; a link to an untrusted project does not
// borrow the trust of the directory the link sits in.
func TestLinkToAProjectRunsTheTrustedDirectory(t *testing.T) {
	nodetest.Node(t)
	dir := project(t, false)
	marker := plantTSC(t, dir)
	linkDir := t.TempDir()
	link := filepath.Join(linkDir, "lamp-link")
	if err := os.Symlink(dir, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	// The link's own directory (and the link's path, had it been a directory) trusted: no.
	if st := Run(context.Background(), link, trusting(t, linkDir)); st.Checked || !st.Untrusted || ran(marker) {
		t.Fatalf("link, its parent trusted: %+v", st)
	}
	st := Run(context.Background(), link, trusting(t, dir))
	data, err := os.ReadFile(marker)
	real, _ := filepath.EvalSymlinks(dir)
	if !st.Checked || err != nil || string(data) != "ran in "+real {
		t.Fatalf("link to a trusted project: %+v, marker %q (%v), want it run in %s", st, data, err, real)
	}
}

// TestDefaultRecordIsTheUsers: with no Options.Trust the user's record decides (here a test's
// own configuration directory), and an unusable record trusts nothing and says why, without
// failing.
func TestDefaultRecordIsTheUsers(t *testing.T) {
	record := trusttest.Isolate(t)
	dir := project(t, false)
	marker := plantTSC(t, dir)
	if st := Run(context.Background(), dir, Options{}); st.Reason != NotTrusted || ran(marker) {
		t.Fatalf("nothing recorded: %+v", st)
	}
	store, err := trust.Default()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Add(dir, trust.ByUser, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(record, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	st := Run(context.Background(), dir, Options{})
	if st.Checked || !st.Untrusted || !strings.HasPrefix(st.Reason, NotTrusted+"; the trust record "+record+" is unusable") || ran(marker) {
		t.Fatalf("corrupt record: %+v", st)
	}
	if _, err := store.Add(dir, trust.ByUser, time.Now()); err != nil {
		t.Fatal(err)
	}
	noNode := Options{LookPath: func(string) (string, error) { return "", errors.New("not found") }}
	if st := Run(context.Background(), dir, noNode); st.Untrusted || !strings.Contains(st.Reason, "node") {
		t.Fatalf("trusted again (no node): %+v", st)
	}
}
