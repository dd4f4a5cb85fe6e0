package sound

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scapeworld/scape/cli/cmdutil"
)

func TestArguments(t *testing.T) {
	dir := t.TempDir()
	ios, _, _, _ := cmdutil.Test()
	var got *Options
	cmd := NewCmdSound(&cmdutil.Factory{IO: ios}, func(o *Options) error { got = o; return nil })
	cmd.SetArgs([]string{"ring", dir, "pad", "--png", "--json", "--out", "o", "--force"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if got.Dir != dir || strings.Join(got.Names, ",") != "ring,pad" || !got.PNG || !got.JSON || !got.Force || got.Out != "o" {
		t.Fatalf("got %+v", got)
	}
	cmd = NewCmdSound(&cmdutil.Factory{IO: ios}, func(o *Options) error { got = o; return nil })
	cmd.SetArgs([]string{dir, dir})
	if err := cmd.Execute(); cmdutil.ExitCode(err) != cmdutil.ExitUsage {
		t.Fatalf("two directories: %v", err)
	}
	cmd = NewCmdSound(&cmdutil.Factory{IO: ios}, func(o *Options) error { got = o; return nil })
	cmd.SetArgs(nil)
	if err := cmd.Execute(); err != nil || got.Dir != "." || got.Out != "" || len(got.Names) != 0 {
		t.Fatalf("defaults: %+v %v", got, err)
	}
}

func TestFileNames(t *testing.T) {
	names, err := fileNames([]Sound{{Definition: "a.chime", Name: "ring"}, {Definition: "b.bell", Name: "ring"}, {Name: ".hidden/x"}, {Name: "..."}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(names, " ") != "a.chime.ring b.bell.ring hidden_x _" {
		t.Fatalf("got %q", names)
	}
	if _, err := fileNames([]Sound{{Name: "a/b"}, {Name: "a_b"}}); err == nil || !strings.Contains(err.Error(), "would both be written to a_b.wav") {
		t.Fatalf("collision: %v", err)
	}
}

func TestParseRecipes(t *testing.T) {
	single, err := ParseRecipes("bell.json", []byte(`{"kind": "synth"}`))
	if err != nil || len(single) != 1 || single[0].Name != "bell" {
		t.Fatalf("single: %+v %v", single, err)
	}
	list, err := ParseRecipes("r.json", []byte(`[{"name": "a", "recipe": {"kind": "noise"}}]`))
	if err != nil || len(list) != 1 || list[0].Name != "a" {
		t.Fatalf("list: %+v %v", list, err)
	}
	if _, err := ParseRecipes("r.json", []byte(`[{"name": "a"}]`)); err == nil {
		t.Fatal("entry without a recipe accepted")
	}
	if _, err := ParseRecipes("r.json", []byte(`42`)); err == nil {
		t.Fatal("number accepted")
	}
}

// TestOutputCarriesNoControlSequences: sound names and the refusal of a recipe quoting its
// values are the author's; they print with their control characters escaped, in text and JSON.
func TestOutputCarriesNoControlSequences(t *testing.T) {
	dir := t.TempDir()
	recipes := filepath.Join(dir, "sounds.json")
	const name = `ding \u001b]0;pwned\u0007 \u001b]52;c;aGk=\u0007 \u009b31m \r`
	err := os.WriteFile(recipes, []byte(`{
  "`+name+`": {"kind": "synth", "duration": 0.1, "voices": [{"wave": "sine", "start": 0, "duration": 0.1, "gain": 0.1}]},
  "`+name+` long": {"kind": "synth", "duration": 61, "voices": [{"wave": "sine", "start": 0, "duration": 1, "gain": 0.1}]}
}`), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	for _, asJSON := range []bool{false, true} {
		ios, _, out, errOut := cmdutil.Test()
		err := Run(&Options{IO: ios, Dir: dir, Recipes: recipes, Out: filepath.Join(dir, fmt.Sprint("out-", asJSON)), JSON: asJSON})
		if cmdutil.ExitCode(err) != cmdutil.ExitInvalid {
			t.Fatalf("json %v: exit %d (%v)\n%s", asJSON, cmdutil.ExitCode(err), err, errOut)
		}
		text := out.String() + errOut.String()
		if strings.ContainsAny(text, "\x1b\x07\r\u009b") {
			t.Fatalf("json %v: control characters printed:\n%q", asJSON, text)
		}
		if !asJSON && !strings.Contains(text, `✗ ding \u001b]0;pwned\u0007 \u001b]52;c;aGk=\u0007 \u009b31m \u000d long: duration: must be at most 60 s`) {
			t.Fatalf("the refusal does not name the sound escaped:\n%s", text)
		}
	}
}
