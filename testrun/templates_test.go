package testrun

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
	"github.com/scapeworld/scape/templates"
)

// TestTemplatesPassTheirOwnTests scaffolds every worked example and runs its tests in goja.
func TestTemplatesPassTheirOwnTests(t *testing.T) {
	parent := t.TempDir()
	for _, tmpl := range templates.All() {
		t.Run(tmpl.Name, func(t *testing.T) {
			dir := filepath.Join(parent, tmpl.Name)
			if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: tmpl.Name, SDK: kit.SDK(), TestTypes: Types()}); err != nil {
				t.Fatal(err)
			}
			report, err := Run(context.Background(), Options{Dir: dir})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range report.Failures() {
				t.Errorf("%s: %s: %s", f.Location(), f.Name, f.Message)
			}
			if tmpl.HasTests() && report.Passed == 0 {
				t.Errorf("no test passed (%d results)", len(report.Results))
			}
			t.Logf("%s: %d passed, %d failed", tmpl.Name, report.Passed, report.Failed)
		})
	}
}
