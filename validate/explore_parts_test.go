package validate

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/internal/benchproject"
	"github.com/scapeworld/scape/jsrt"
)

// inOrder is an Elsewhere that explores each part in a fresh runtime of this process, one after
// another (in one process the heap budget reads the whole process: never at once), counting the
// parts it was asked for.
func inOrder(js []byte, opts Options, asked *int) Elsewhere {
	return func(ctx context.Context, parts []ExplorePart) func() []*PartExplored {
		*asked += len(parts)
		return func() []*PartExplored {
			var out []*PartExplored
			for i := range parts {
				p, err := ExploreOnly(ctx, js, opts, i+1, len(parts)+1)
				if err != nil {
					p = nil
				}
				out = append(out, p)
			}
			return out
		}
	}
}

// reportJSON is everything a report says but its timings.
func reportJSON(t *testing.T, rep *Report) string {
	t.Helper()
	data, err := json.Marshal(struct {
		Definitions []Definition
		Diagnostics any
		Logs        []jsrt.LogLine
		Explored    []Explored
	}{rep.Definitions, rep.Diagnostics, rep.Logs, rep.Explored})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func buildDir(t *testing.T, dir string) *bundle.Result {
	t.Helper()
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil || !res.OK() {
		t.Fatalf("%v %v", err, res.Diagnostics)
	}
	return res
}

// writeCorpusProject writes one project of 13 cases of the explore corpus (each a definition
// with findings in reached states) and a definition that logs from its reducer.
func writeCorpusProject(t *testing.T, dir string) {
	t.Helper()
	corpus := filepath.Join("..", "testdata", "explore")
	entries, err := os.ReadDir(corpus)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	var imports, names []string
	for i, e := range entries {
		if !strings.HasSuffix(e.Name(), ".ts") || len(names) == 13 { // a project holds at most 16
			continue
		}
		src, err := os.ReadFile(filepath.Join(corpus, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "src", e.Name()), src, 0o644); err != nil {
			t.Fatal(err)
		}
		imports = append(imports, fmt.Sprintf("import case%d from './%s';", i, strings.TrimSuffix(e.Name(), ".ts")+".js"))
		names = append(names, fmt.Sprintf("case%d", i))
	}
	logger := `import { defineObject, exactKeys, record, requirePayload } from '@scape/sdk';
type State = { n: number };
console.log('loaded');
export default defineObject<State>({
  type: 'explore.logger', version: 1, emoji: '📝', label: 'Logger', hint: '',
  initial: () => ({ n: 0 }),
  valid: (s): s is State => record(s) && exactKeys(s, ['n']) && Number.isSafeInteger(s.n),
  actions: { up: { permission: 'participant', run: (s, p) => { requirePayload(p, []); console.log('up from', s.n); return { n: (s.n + 1) % 5 }; } } },
  view: (s) => ({ title: 'Logger ' + s.n, description: '', controls: [{ id: 'up', label: 'Up', action: { name: 'up', payload: {} } }] }),
});
`
	for i, at := range []int{0, len(names) / 2, len(names)} {
		name := fmt.Sprintf("logger%d", at)
		src := strings.Replace(strings.Replace(logger, "explore.logger", "explore."+name, 1), "'loaded'", "'"+name+" loaded'", 1)
		src = strings.Replace(src, "📝", []string{"📝", "🗒️", "📓"}[i], 1)
		if err := os.WriteFile(filepath.Join(dir, "src", name+".ts"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		imports = append(imports, fmt.Sprintf("import %s from './%s.js';", name, name))
		names = append(names[:at], append([]string{name}, names[at:]...)...)
	}
	project := "import { defineProject } from '@scape/sdk';\n" + strings.Join(imports, "\n") +
		"\nexport default defineProject({ objects: [" + strings.Join(names, ", ") + "] });\n"
	files := map[string]string{"package.json": `{"name":"explore-corpus","scape":{"entry":"src/project.ts"}}`, "src/project.ts": project}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestExploreInPartsIsSerial: a project explored in parts (several, all but the first
// elsewhere) gives the serial report, every field but the timings: the explore corpus as one
// project (findings and warnings in many definitions, console output from several parts) and
// the deep 16-definition project.
func TestExploreInPartsIsSerial(t *testing.T) {
	corpus, deep := t.TempDir(), t.TempDir()
	writeCorpusProject(t, corpus)
	if err := writeSixteenDeep(deep); err != nil {
		t.Fatal(err)
	}
	for name, dir := range map[string]string{"corpus": corpus, "sixteen-deep": deep} {
		t.Run(name, func(t *testing.T) {
			res := buildDir(t, dir)
			opts := Options{SourceMap: res.SourceMap, Limits: jsrt.Limits{Timeout: 2 * time.Minute, Budget: 4 * time.Minute}, Explore: 12, ExploreTime: time.Minute}
			serial := check(t, res, opts)
			if len(serial.Definitions) < 16 || len(serial.Explored) != len(serial.Definitions) {
				t.Fatalf("%d definitions, %d explored: %v", len(serial.Definitions), len(serial.Explored), serial.Diagnostics)
			}
			if name == "corpus" {
				trails, logs := 0, 0
				for _, d := range serial.Diagnostics {
					if len(d.Trail) > 0 {
						trails++
					}
				}
				for _, l := range serial.Logs {
					if strings.HasPrefix(l.Text, "up from") {
						logs++
					}
				}
				if trails < 5 || logs < 3 {
					t.Fatalf("the corpus project shows %d findings with trails and %d reducer logs: too few to compare", trails, logs)
				}
			}
			for _, parts := range []int{2, 3, 5} {
				asked := 0
				parted := opts
				parted.ExploreParts, parted.Elsewhere = parts, inOrder(res.JS, opts, &asked)
				got := check(t, res, parted)
				if a, b := reportJSON(t, serial), reportJSON(t, got); a != b {
					t.Errorf("%d parts:\nserial:   %s\nin parts: %s", parts, a, b)
				}
				if asked != parts-1 {
					t.Errorf("%d parts: %d explored elsewhere", parts, asked)
				}
			}
		})
	}
}

// TestExploreInPartsNotWhenRandomDrawn: a bundle that draws Math.random before exploring (here at
// load, making its definitions' bounds) may make another project in another runtime, so it is
// explored in this runtime only.
func TestExploreInPartsNotWhenRandomDrawn(t *testing.T) {
	dir := t.TempDir()
	if err := writeSixteenDeep(dir); err != nil {
		t.Fatal(err)
	}
	dial := filepath.Join(dir, "src", "dial3.ts")
	src, err := os.ReadFile(dial)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dial, []byte(strings.Replace(string(src), "const TOP = 63;", "const TOP = 40 + Math.floor(Math.random() * 23);", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	res := buildDir(t, dir)
	asked := 0
	opts := Options{SourceMap: res.SourceMap, Explore: 4}
	opts.ExploreParts, opts.Elsewhere = 4, inOrder(res.JS, opts, &asked)
	rep := check(t, res, opts)
	if len(rep.Explored) != 16 || asked != 0 {
		t.Fatalf("%d explored, %d parts elsewhere: %v", len(rep.Explored), asked, rep.Diagnostics)
	}
}

// TestExploreInPartsKeepsTheSerialLogs: console output past a runtime's bound (logLimit lines,
// jsrt's) is dropped as serially, though each part's runtime kept its own lines.
func TestExploreInPartsKeepsTheSerialLogs(t *testing.T) {
	dir := t.TempDir()
	if err := benchproject.WriteSixteenDeep(dir); err != nil {
		t.Fatal(err)
	}
	for i := range 16 {
		file := filepath.Join(dir, "src", fmt.Sprintf("dial%d.ts", i))
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		noisy := strings.Replace(string(src), "requirePayload(p, []); return { ...s, on: !s.on };", fmt.Sprintf("requirePayload(p, []); console.log('dial %d toggled at', s.level); return { ...s, on: !s.on };", i), 1)
		if err := os.WriteFile(file, []byte(noisy), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := buildDir(t, dir)
	opts := Options{SourceMap: res.SourceMap, Limits: jsrt.Limits{Timeout: 2 * time.Minute, Budget: 4 * time.Minute}, Explore: 16, ExploreTime: time.Minute}
	serial := check(t, res, opts)
	if len(serial.Logs) != logLimit {
		t.Fatalf("serially %d lines kept, want jsrt's bound %d", len(serial.Logs), logLimit)
	}
	asked := 0
	opts.ExploreParts, opts.Elsewhere = 4, inOrder(res.JS, opts, &asked)
	got := check(t, res, opts)
	if a, b := reportJSON(t, serial), reportJSON(t, got); a != b || asked != 3 {
		t.Fatalf("%d parts elsewhere\nserial:   %s\nin parts: %s", asked, a, b)
	}
}
