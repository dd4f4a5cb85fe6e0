package testrun

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
)

// BenchmarkLampTests measures one `scape gizmo test` run of the lamp example inside a warm
// process: esbuild compile of the test file, a fresh runtime with the SDK and shims, 7 tests.
func BenchmarkLampTests(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "lamp")
	if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: "lamp", SDK: kit.SDK(), TestTypes: Types()}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		report, err := Run(context.Background(), Options{Dir: dir})
		if err != nil || report.Failed > 0 || report.Passed == 0 {
			b.Fatalf("%v %+v", err, report)
		}
	}
}
