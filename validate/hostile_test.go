package validate

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/testtree"
	"github.com/scapeworld/scape/jsrt"
)

// hostileDir holds one hostile bundle per file (one project entry each). The engine's files say
// in `// verdict:` lines what validation must answer; files without one (another engineer's
// resource-limit corpus in the same folder) are measured by scripts elsewhere and skipped here.
const hostileDir = "../testdata/hostile"

// expectation is one file's `// verdict:` lines:
//
//	// verdict: victim                       the baseline's errors (baseline-victim.ts) are all there
//	// verdict: valid                        no errors
//	// verdict: error CODE PATH [at FILE:LINE] [TEXT]   one error with that code, path ("-": any),
//	                                         place and a message containing TEXT
//
// The errors must be exactly those listed (the victim's included): an attack that blinded a check
// would drop one, an attack that broke validation would add one.
type expectation struct {
	victim bool
	errors []expectedError
}

type expectedError struct {
	code, path, at, text string
}

func (e expectedError) String() string {
	return strings.TrimSpace(fmt.Sprintf("%s %s %s %s", e.code, e.path, e.at, e.text))
}

func readExpectation(t *testing.T, src string) (expectation, bool) {
	t.Helper()
	var exp expectation
	found := false
	for _, line := range strings.Split(src, "\n") {
		rest, ok := strings.CutPrefix(line, "// verdict: ")
		if !ok {
			continue
		}
		found = true
		f := strings.Fields(rest)
		switch f[0] {
		case "victim":
			exp.victim = true
		case "valid":
		case "error":
			e := expectedError{code: f[1], path: f[2]}
			f = f[3:]
			if len(f) >= 2 && f[0] == "at" {
				e.at, f = f[1], f[2:]
			}
			e.text = strings.Join(f, " ")
			exp.errors = append(exp.errors, e)
		default:
			t.Fatalf("unknown verdict line %q", line)
		}
	}
	return exp, found
}

// buildHostile bundles one hostile file as src/definition.ts of a project of its own.
func buildHostile(t *testing.T, src string) *bundle.Result {
	t.Helper()
	dir := testtree.Write(t, map[string]string{"package.json": `{"name":"hostile"}`, "src/definition.ts": src})
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK() {
		t.Fatalf("bundle: %v", res.Diagnostics)
	}
	return res
}

// matches says whether d is the expected error.
func (e expectedError) matches(d diag.Diagnostic) bool {
	if string(d.Code) != e.code || (e.path != "-" && d.Path != e.path) {
		return false
	}
	if e.at != "" && fmt.Sprintf("%s:%d", d.File, d.Line) != e.at {
		return false
	}
	return strings.Contains(d.Message, e.text)
}

// TestHostileCorpus validates every engine bundle of testdata/hostile and checks its verdict
// lines: no override of a built-in, no hook, no hostile thrown value and no deep or wide value
// changes what validation answers, and none runs away (each ends with the error it names, never
// a deadline it should not need).
func TestHostileCorpus(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(hostileDir, "*.ts"))
	if err != nil {
		t.Fatal(err)
	}
	baseSrc, err := os.ReadFile(filepath.Join(hostileDir, "baseline-victim.ts"))
	if err != nil {
		t.Fatal(err)
	}
	baseExp, _ := readExpectation(t, string(baseSrc))
	ran := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		exp, ok := readExpectation(t, string(data))
		if !ok {
			continue
		}
		ran++
		name := filepath.Base(file)
		t.Run(strings.TrimSuffix(name, ".ts"), func(t *testing.T) {
			res := buildHostile(t, string(data))
			// The verdicts, not the machine's speed, are under test: building a 150,000-level
			// value is the bundle's own cost, which a loaded machine may stretch past the default
			// deadline, and its ~60 MB of goja objects come near the default heap budget (64 MiB
			// of the process's heap growth, which the GC's timing on a loaded machine moves: the
			// watchdog stopped it first in one full run). Only the budget bundles run with the
			// defaults they are about.
			opts := Options{Limits: jsrt.Limits{Timeout: 20 * time.Second, Budget: time.Minute, HeapBudget: 256 << 20}}
			if strings.HasPrefix(name, "budget-") {
				opts = Options{}
			}
			start := time.Now()
			rep := check(t, res, opts)
			elapsed := time.Since(start)
			want := exp.errors
			if exp.victim {
				want = append(append([]expectedError(nil), baseExp.errors...), want...)
			}
			got := rep.Diagnostics.Errors()
			used := make([]bool, len(got))
			var missing []string
			for _, w := range want {
				hit := false
				for i, d := range got {
					if !used[i] && w.matches(d) {
						used[i], hit = true, true
						break
					}
				}
				if !hit {
					missing = append(missing, w.String())
				}
			}
			var extra []string
			for i, d := range got {
				if !used[i] {
					extra = append(extra, fmt.Sprintf("%s %s at %s:%d: %s", d.Code, d.Path, d.File, d.Line, d.Message))
				}
			}
			sort.Strings(extra)
			if len(missing) > 0 || len(extra) > 0 {
				t.Fatalf("%s (%v): missing %q; unexpected %q", name, elapsed.Round(time.Millisecond), missing, extra)
			}
		})
	}
	if ran < 30 {
		t.Fatalf("only %d hostile bundles with verdicts", ran)
	}
}

// The deep state of the issue is refused by the bounds check, within milliseconds of goja time,
// not by a deadline: the verdict names the depth rule (a timeout would be a different code).
func TestDeepStateIsRefusedBeforeAnyDeadline(t *testing.T) {
	res := buildHostile(t, `import { defineObject } from '@scape/sdk';
export default defineObject({
  type: 'deep.state', version: 1, emoji: '🕳️', label: 'Deep', hint: '',
  initial: () => { let s: unknown = 1; for (let i = 0; i < 100000; i++) s = { a: s }; return s; },
  valid: () => true, actions: {},
});
`)
	// A deadline of 5 s for each call, generous for a loaded machine (building the value is the
	// bundle's own cost): the old walk took 20 s on a quiet one, and its cost grew with the
	// square of the depth.
	rep, err := Check(context.Background(), res.JS, Options{Limits: jsrt.Limits{Timeout: 5 * time.Second}, SourceMap: res.SourceMap})
	if err != nil {
		t.Fatal(err)
	}
	errs := rep.Diagnostics.Errors()
	if len(errs) != 1 || errs[0].Code != diag.CodeRule || errs[0].Path != "initial()"+strings.Repeat(".a", 16) || errs[0].Message != "must not nest deeper than 16 levels" {
		t.Fatalf("diagnostics: %v", rep.Diagnostics)
	}
}
