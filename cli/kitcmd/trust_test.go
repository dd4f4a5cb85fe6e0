package kitcmd

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/scaffold/scaffoldtest"
	"github.com/scapeworld/scape/trust"
)

// TestExportTrustsTheKit: the kit's directory is trusted as kit export's, and a failed export
// trusts nothing.
func TestExportTrustsTheKit(t *testing.T) {
	parent := t.TempDir()
	exe := filepath.Join(parent, "scape-bin")
	if err := os.WriteFile(exe, []byte("binary"), 0o755); err != nil {
		t.Fatal(err)
	}
	store := trust.At(filepath.Join(t.TempDir(), trust.FileName))
	ios, _, _, _ := cmdutil.Test()
	dir := filepath.Join(parent, "kit")
	opts := &ExportOptions{IO: ios, Dir: dir, Template: "chime", SDK: scaffoldtest.SDK(), Executable: func() (string, error) { return exe, nil }, Trust: store}
	if err := RunExport(opts); err != nil {
		t.Fatal(err)
	}
	list, err := store.List()
	real, _ := filepath.EvalSymlinks(dir)
	if err != nil || len(list) != 1 || list[0].Dir != real || list[0].By != trust.ByKitExport {
		t.Fatalf("record = %+v, %v; want %s by kit export", list, err, real)
	}
	if err := RunExport(opts); cmdutil.ExitCode(err) != 2 {
		t.Fatalf("second export: %v", err)
	}
	if list, _ := store.List(); len(list) != 1 {
		t.Errorf("a refused export changed the record: %+v", list)
	}
}
