package initcmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/internal/trusttest"
	"github.com/scapeworld/scape/scaffold/scaffoldtest"
	"github.com/scapeworld/scape/trust"
)

// TestInitTrustsTheNewProject: the directory init creates is trusted without asking, in the
// user's record (here a test's own), by its real path.
func TestInitTrustsTheNewProject(t *testing.T) {
	record := trusttest.Isolate(t)
	ios, _, _, errOut := cmdutil.Test()
	dir := filepath.Join(t.TempDir(), "lamp")
	when := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	if err := Run(&Options{IO: ios, Dir: dir, Template: "lamp", SDK: scaffoldtest.SDK(), Now: func() time.Time { return when }}); err != nil {
		t.Fatal(err)
	}
	if errOut.Len() != 0 {
		t.Errorf("stderr: %s", errOut)
	}
	list, err := trust.At(record).List()
	real, _ := filepath.EvalSymlinks(dir)
	if err != nil || len(list) != 1 || list[0].Dir != real || list[0].By != trust.ByInit || !list[0].Since.Equal(when) {
		t.Fatalf("record = %+v, %v; want %s by init", list, err, real)
	}
}

// TestInitWithAnUnusableRecord: init still creates the project (exit 0), says once that the
// record was replaced, and the new project is trusted.
func TestInitWithAnUnusableRecord(t *testing.T) {
	store := trust.At(filepath.Join(t.TempDir(), trust.FileName))
	if err := os.WriteFile(store.Path(), []byte("\x00garbage"), 0o600); err != nil {
		t.Fatal(err)
	}
	ios, _, _, errOut := cmdutil.Test()
	dir := filepath.Join(t.TempDir(), "p")
	if err := Run(&Options{IO: ios, Dir: dir, SDK: scaffoldtest.SDK(), Trust: store}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(errOut.String(), "warning: "); n != 1 || !strings.Contains(errOut.String(), "was unusable") {
		t.Errorf("stderr (want one warning): %s", errOut)
	}
	if _, ok, err := store.Trusted(dir); !ok || err != nil {
		t.Errorf("new project trusted: %v, %v", ok, err)
	}
}
