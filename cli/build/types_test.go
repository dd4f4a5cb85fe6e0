package build

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/internal/nodetest"
	"github.com/scapeworld/scape/internal/trusttest"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
	"github.com/scapeworld/scape/testrun"
	"github.com/scapeworld/scape/trust"
	"github.com/scapeworld/scape/typecheck"
)

func buildJSON(t *testing.T, opts *Options) (Report, int) {
	t.Helper()
	ios, _, out, errOut := cmdutil.Test()
	opts.IO, opts.JSON = ios, true
	err := Run(context.Background(), opts)
	var rep Report
	if jerr := json.Unmarshal(out.Bytes(), &rep); jerr != nil {
		t.Fatalf("%v (%v)\n%s%s", jerr, err, out, errOut)
	}
	return rep, cmdutil.ExitCode(err)
}

// TestTypeErrorsFailTheBuildOnlyWhenTSCRan: `const n: number = 'oops'` bundles and validates,
// so it is refused only by tsc, when the project has TypeScript; otherwise the report says why
// types were not checked and the build passes.
func TestTypeErrorsFailTheBuildOnlyWhenTSCRan(t *testing.T) {
	nodetest.Node(t)
	ts := nodetest.Module(t, "typescript")
	dir := filepath.Join(t.TempDir(), "lamp")
	if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: "lamp", SDK: kit.SDK(), TestTypes: testrun.Types(), Globals: jsrt.GlobalTypes()}); err != nil {
		t.Fatal(err)
	}
	// Trusted, as init would have recorded it, in a record of the test's own.
	trusttest.Isolate(t)
	if store, err := trust.Default(); err != nil {
		t.Fatal(err)
	} else if _, err := store.Add(dir, trust.ByInit, time.Now()); err != nil {
		t.Fatal(err)
	}
	def := filepath.Join(dir, "src", "definition.ts")
	f, err := os.OpenFile(def, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("const n: number = 'oops';\nconsole.log(n);\n"); err != nil {
		t.Fatal(err)
	}
	f.Close()

	rep, code := buildJSON(t, &Options{Dir: dir})
	if code != 0 || !rep.OK || rep.Types == nil || rep.Types.Checked || !strings.Contains(rep.Types.Reason, "TypeScript is not installed") {
		t.Fatalf("without TypeScript: exit %d, %+v", code, rep.Types)
	}

	if err := os.MkdirAll(filepath.Join(dir, "node_modules"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(ts, filepath.Join(dir, "node_modules", "typescript")); err != nil {
		t.Fatal(err)
	}
	rep, code = buildJSON(t, &Options{Dir: dir})
	if code != cmdutil.ExitInvalid || rep.OK || rep.Types == nil || !rep.Types.Checked || len(rep.Errors) != 1 {
		t.Fatalf("with TypeScript: exit %d, types %+v, errors %+v", code, rep.Types, rep.Errors)
	}
	if d := rep.Errors[0]; d.Code != typecheck.Code || d.File != "src/definition.ts" || d.Column != 7 || !strings.Contains(d.Message, "TS2322") {
		t.Errorf("type error = %+v", d)
	}
	t.Logf("tsc: %.0f ms; whole build %.0f ms", rep.Types.Ms, rep.Timing.Total)

	rep, code = buildJSON(t, &Options{Dir: dir, NoTypecheck: true})
	if code != 0 || !rep.OK || rep.Types.Checked || rep.Types.Reason != "--no-typecheck was given" {
		t.Fatalf("--no-typecheck: exit %d, %+v", code, rep.Types)
	}
}
