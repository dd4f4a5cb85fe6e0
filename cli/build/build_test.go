package build

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/glb"
	"github.com/scapeworld/scape/validate"
)

func TestArgumentParsing(t *testing.T) {
	cases := []struct {
		args    []string
		wantDir string
		json    bool
		code    int
	}{
		{nil, ".", false, 0},
		{[]string{"proj"}, "proj", false, 0},
		{[]string{"proj", "--json"}, "proj", true, 0},
		{[]string{"a", "b"}, "", false, cmdutil.ExitUsage},
	}
	for _, c := range cases {
		ios, _, _, _ := cmdutil.Test()
		var got *Options
		cmd := NewCmdBuild(&cmdutil.Factory{IO: ios, Now: time.Now}, func(o *Options) error { got = o; return nil })
		cmd.SetArgs(c.args)
		cmd.SetOut(ios.Out)
		cmd.SetErr(ios.ErrOut)
		err := cmd.Execute()
		if code := cmdutil.ExitCode(err); code != c.code {
			t.Errorf("%v: exit %d, want %d (%v)", c.args, code, c.code, err)
			continue
		}
		if c.code == 0 && (got.Dir != c.wantDir || got.JSON != c.json) {
			t.Errorf("%v: %+v", c.args, got)
		}
	}
}

const definition = `import { defineObject } from '@scape/sdk';
export default defineObject({
  type: 't.v', version: 1, emoji: '🧪', label: 'Vial', hint: 'a vial',
  initial: () => ({}),
  valid: (s): s is {} => typeof s === 'object' && s !== null,
  actions: {},
  spin: SPIN,
});
`

func vialProject(t *testing.T, spin string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"vial"}`), 0o644)
	os.WriteFile(filepath.Join(dir, "src", "definition.ts"), []byte(strings.Replace(definition, "SPIN", spin, 1)), 0o644)
	return dir
}

func TestRunValidWritesBundleAndJSON(t *testing.T) {
	dir := vialProject(t, "1")
	ios, _, out, errOut := cmdutil.Test()
	if err := Run(context.Background(), &Options{IO: ios, Dir: dir, JSON: true}); err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	var rep Report
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !rep.OK || rep.Bundle == nil || !rep.Bundle.Written || rep.Bundle.Path != "dist/vial.js" || rep.Bundle.Limit != bundle.MaxBytes {
		t.Fatalf("%+v %+v", rep, rep.Bundle)
	}
	data, err := os.ReadFile(filepath.Join(dir, "dist", "vial.js"))
	if err != nil || len(data) != rep.Bundle.Bytes {
		t.Fatalf("dist: %v, %d bytes vs %d", err, len(data), rep.Bundle.Bytes)
	}
	if len(rep.Definitions) != 1 || rep.Definitions[0].Emoji != "🧪" || rep.Definitions[0].Line != 2 {
		t.Fatalf("%+v", rep.Definitions)
	}
	if rep.Timing.Total < rep.Timing.Bundle || rep.Timing.Validate <= 0 {
		t.Fatalf("timing %+v", rep.Timing)
	}
}

func TestRunInvalidKeepsPreviousBundle(t *testing.T) {
	dir := vialProject(t, "1")
	ios, _, _, _ := cmdutil.Test()
	if err := Run(context.Background(), &Options{IO: ios, Dir: dir}); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(dir, "dist", "vial.js"))
	os.WriteFile(filepath.Join(dir, "src", "definition.ts"), []byte(strings.Replace(definition, "SPIN", "9", 1)), 0o644)
	ios, _, out, errOut := cmdutil.Test()
	err := Run(context.Background(), &Options{IO: ios, Dir: dir})
	if cmdutil.ExitCode(err) != cmdutil.ExitInvalid {
		t.Fatalf("exit %d", cmdutil.ExitCode(err))
	}
	if out.Len() != 0 || !strings.Contains(errOut.String(), "src/definition.ts:7:3: t.v (🧪 Vial): spin: must be −4–4 radians per second (got 9)") {
		t.Fatalf("stdout %q\nstderr %s", out, errOut)
	}
	after, _ := os.ReadFile(filepath.Join(dir, "dist", "vial.js"))
	if string(before) != string(after) {
		t.Fatal("an invalid build replaced the last valid bundle")
	}
}

func TestWriteBundleReplacesSymlinkNotItsTarget(t *testing.T) {
	dir := vialProject(t, "1")
	outside := filepath.Join(t.TempDir(), "outside.js")
	os.WriteFile(outside, []byte("keep"), 0o644)
	os.MkdirAll(filepath.Join(dir, "dist"), 0o755)
	if err := os.Symlink(outside, filepath.Join(dir, "dist", "vial.js")); err != nil {
		t.Skipf("no symlinks: %v", err)
	}
	p, _, err := bundle.ReadProject(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := writeBundle(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(outside); string(data) != "keep" {
		t.Fatalf("the file outside the project was overwritten: %q", data)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "dist", "vial.js")); string(data) != "new" {
		t.Fatalf("bundle = %q", data)
	}
}

func TestAudioBudgetFlag(t *testing.T) {
	ios, _, _, _ := cmdutil.Test()
	var got *Options
	cmd := NewCmdBuild(&cmdutil.Factory{IO: ios, Now: time.Now}, func(o *Options) error { got = o; return nil })
	cmd.SetArgs([]string{"proj", "--audio-budget", "250ms"})
	if err := cmd.Execute(); err != nil || got.AudioBudget != 250*time.Millisecond {
		t.Fatalf("%v %+v", err, got)
	}
	if f := cmd.Flags().Lookup("audio-budget"); f == nil || !f.Hidden {
		t.Fatal("--audio-budget should exist and be hidden")
	}
}

func TestAssetSummary(t *testing.T) {
	cases := []struct {
		def  validate.Definition
		want string
	}{
		{validate.Definition{}, ""},
		{validate.Definition{Rendered: 1}, "  (1 sound rendered)"},
		{validate.Definition{Rendered: 3, ModelFacts: &glb.Facts{Triangles: 12, DrawCalls: 1}, ModelFile: "src/crate.glb"}, "  (model src/crate.glb: 12 triangles, 1 draw call; 3 sounds rendered)"},
		{validate.Definition{ModelFacts: &glb.Facts{Triangles: 19999, DrawCalls: 2}}, "  (model inline: 19,999 triangles, 2 draw calls)"},
	}
	for _, c := range cases {
		if got := assetSummary(c.def); got != c.want {
			t.Errorf("assetSummary(%+v) = %q, want %q", c.def, got, c.want)
		}
	}
}
