package model

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/glb/glbtest"
)

func run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	ios, _, out, errOut := cmdutil.Test()
	cmd := NewCmd(&cmdutil.Factory{IO: ios})
	cmd.SetArgs(args)
	cmd.SetOut(out)
	cmd.SetErr(errOut)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	err := cmd.Execute()
	return out.String(), errOut.String(), cmdutil.ExitCode(err)
}

func write(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestAccepted(t *testing.T) {
	path := write(t, "cube.glb", glbtest.Cube().GLB())
	out, _, code := run(t, path)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	for _, want := range []string{"cube.glb: accepted", "triangles   12 in the default scene; over 20,000 warns (rule model.triangles", "draw calls  1; over 32 warns", "contents    1 mesh, 1 primitive, 1 node, 1 material", "written by  scape glbtest"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestRefusedListsEveryProblem(t *testing.T) {
	m := glbtest.Cube()
	m.JSON["animations"] = []any{map[string]any{}}
	m.JSON["extensionsUsed"] = []any{"KHR_draco_mesh_compression"}
	path := write(t, "bad.glb", m.GLB())
	out, _, code := run(t, path)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, out)
	}
	for _, want := range []string{"bad.glb: refused (2 problems)", "✗ extensionsUsed[0] = \"KHR_draco_mesh_compression\"", "✗ animations has 1 entry"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "triangles") {
		t.Errorf("a model refused before the budget step must not report counts:\n%s", out)
	}
}

// Over the agent-avatar budget: accepted (exit 0), the warning printed, and in --json with its
// severity.
func TestWarningOnly(t *testing.T) {
	path := write(t, "dense.glb", glbtest.Triangles(20001, 1).GLB())
	out, _, code := run(t, path)
	if code != 0 {
		t.Fatalf("exit %d, want 0\n%s", code, out)
	}
	for _, want := range []string{"dense.glb: accepted with 1 warning\n", "triangles   20,001 in the default scene",
		"  warning: the model has 20,001 triangles (meshes[0] × 1 instance); the docs bound agent avatars at 20,000 triangles, Scape may draw a Gizmo model this large slowly or refuse it\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "✗") {
		t.Errorf("a warning printed as a problem:\n%s", out)
	}
	out, _, code = run(t, path, "--json")
	if code != 0 {
		t.Fatalf("--json: exit %d", code)
	}
	var rep Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !rep.OK || len(rep.Problems) != 0 || len(rep.Warnings) != 1 || rep.Warnings[0].Severity != "warning" || rep.Warnings[0].Code != "triangles" || rep.Warnings[0].Path != "scenes[0]" || rep.Facts.Triangles != 20001 {
		t.Errorf("report = %+v", rep)
	}
	if !strings.Contains(out, `"severity": "warning"`) || !strings.Contains(out, `"problems": []`) {
		t.Errorf("--json output:\n%s", out)
	}
}

func TestJSON(t *testing.T) {
	path := write(t, "bad.glb", []byte("glTF"))
	out, _, code := run(t, path, "--json")
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	var rep Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if rep.OK || len(rep.Problems) != 1 || rep.Problems[0].Code != "no-header" || rep.Problems[0].Severity != "error" || rep.Facts.Bytes != 4 || rep.Warnings == nil {
		t.Errorf("report = %+v", rep)
	}
}

func TestUnreadable(t *testing.T) {
	_, _, code := run(t, filepath.Join(t.TempDir(), "missing.glb"))
	if code != 2 {
		t.Errorf("missing file: exit %d, want 2", code)
	}
	_, _, code = run(t, t.TempDir())
	if code != 2 {
		t.Errorf("directory: exit %d, want 2", code)
	}
	_, _, code = run(t)
	if code != 2 {
		t.Errorf("no argument: exit %d, want 2", code)
	}
	fifo := filepath.Join(t.TempDir(), "pipe.glb")
	if err := mkfifo(fifo); err == nil {
		_, _, code = run(t, fifo) // must not block waiting for a writer
		if code != 2 {
			t.Errorf("fifo: exit %d, want 2", code)
		}
	}
}

func TestTooLargeNotRead(t *testing.T) {
	path := write(t, "big.glb", make([]byte, 786433))
	out, _, code := run(t, path)
	if code != 1 || !strings.Contains(out, "big.glb is 786433 bytes; a model can be at most 786432 bytes") {
		t.Errorf("exit %d\n%s", code, out)
	}
}
