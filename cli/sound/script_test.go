package sound_test

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
)

// TestMain makes this test binary double as `scape`, so the scripts run the real command line.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"scape": func() {
			f := cmdutil.New(cmdutil.System(), root.Version)
			os.Exit(root.Execute(f, os.Args[1:]))
		},
	})
}

// TestScripts runs testdata/script/sound_*.txtar.
func TestScripts(t *testing.T) {
	files, err := filepath.Glob("../../testdata/script/sound_*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no sound scripts: %v", err)
	}
	testscript.Run(t, testscript.Params{
		Files: files,
		Cmds:  map[string]func(ts *testscript.TestScript, neg bool, args []string){"exits": cmdExits, "wavinfo": cmdWAVInfo},
	})
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
	ts.Logf("%s", out)
	if got != want {
		ts.Fatalf("%s exited %d, want %d\n%s", args[1], got, want, out)
	}
}

// wavinfo FILE CHANNELS RATE FRAMES: the file is a PCM16 WAV with that layout.
func cmdWAVInfo(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 4 {
		ts.Fatalf("usage: wavinfo FILE CHANNELS RATE FRAMES")
	}
	data, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	if len(data) < 44 || string(data[0:4]) != "RIFF" || string(data[8:16]) != "WAVEfmt " {
		ts.Fatalf("%s is not a canonical WAV", args[0])
	}
	u16 := func(at int) int { return int(data[at]) | int(data[at+1])<<8 }
	u32 := func(at int) int { return u16(at) | u16(at+2)<<16 }
	got := []int{u16(22), u32(24), u32(40) / (2 * u16(22))}
	for i, a := range args[1:] {
		want, err := strconv.Atoi(a)
		ts.Check(err)
		if got[i] != want || u16(34) != 16 || u16(20) != 1 {
			ts.Fatalf("%s: channels %d, rate %d, frames %d, %d bits, format %d", args[0], got[0], got[1], got[2], u16(34), u16(20))
		}
	}
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}
