package model_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/cli/root"
	"github.com/scapeworld/scape/glb/glbtest"
)

// TestMain makes this test binary double as `scape`, so the scripts run the real command line
// in a separate process (exit codes, stdout/stderr split).
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"scape": func() {
			f := cmdutil.New(cmdutil.System(), root.Version)
			os.Exit(root.Execute(f, os.Args[1:]))
		},
	})
}

// TestScripts runs testdata/script/model_*.txtar.
func TestScripts(t *testing.T) {
	files, err := filepath.Glob("../../testdata/script/model_*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no model scripts: %v", err)
	}
	testscript.Run(t, testscript.Params{
		Files: files,
		Cmds:  map[string]func(ts *testscript.TestScript, neg bool, args []string){"glb": cmdGLB, "exits": cmdExits},
	})
}

// glb FILE KIND: write a generated model. Kinds: cube (valid), colors (valid, vertex
// colors, 4 meshes × 8 instances = 32 draws), draws33, triangles20001, draco-animated,
// trailing (4 bytes after the GLB end), json (a .gltf JSON file, not a GLB).
func cmdGLB(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: glb FILE KIND")
	}
	var data []byte
	switch args[1] {
	case "cube":
		data = glbtest.Cube().GLB()
	case "colors":
		data = glbtest.Cubes(glbtest.Options{Cubes: 4, Instances: 8, Colors: true}).GLB()
	case "draws33":
		data = glbtest.Triangles(1, 33).GLB()
	case "triangles20001":
		data = glbtest.Triangles(20001, 1).GLB()
	case "draco-animated":
		m := glbtest.Cube()
		m.JSON["extensionsUsed"] = []any{"KHR_draco_mesh_compression"}
		m.JSON["animations"] = []any{map[string]any{}}
		data = m.GLB()
	case "trailing":
		data = append(glbtest.Cube().GLB(), 0, 0, 0, 0)
	case "json":
		data = []byte(`{"asset":{"version":"2.0"}}`)
	default:
		ts.Fatalf("unknown kind %q", args[1])
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), data, 0o644))
}

// exits N PROG ARGS...: run PROG and require exit status N (exec only tells zero from non-zero).
func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits N PROG ARGS...")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	prog := args[1]
	for _, dir := range strings.Split(ts.Getenv("PATH"), string(os.PathListSeparator)) {
		if p := filepath.Join(dir, args[1]); fileExists(p) {
			prog = p
			break
		}
	}
	cmd := exec.Command(prog, args[2:]...)
	cmd.Dir = ts.MkAbs(".")
	out, err := cmd.CombinedOutput()
	got := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		got = exit.ExitCode()
	} else {
		ts.Check(err)
	}
	if got != want {
		ts.Fatalf("%s exited %d, want %d\n%s", args[1], got, want, out)
	}
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}
