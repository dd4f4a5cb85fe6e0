package testrun

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/scapeworld/scape/internal/testtree"
	"github.com/scapeworld/scape/jsrt"
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

// BenchmarkDeepEqualMiB measures assert.deepEqual on two equal 1 MiB typed arrays (a WAV or GLB
// fixture): the elements are compared once, and their index keys are not walked again.
func BenchmarkDeepEqualMiB(b *testing.B) {
	dir := testtree.Write(b, map[string]string{"test/bytes.test.ts": `import { test } from 'node:test';
import assert from 'node:assert/strict';
test('equal megabytes', () => {
  assert.deepEqual(new Uint8Array(1 << 20).fill(7), new Uint8Array(1 << 20).fill(7));
});
`})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		report, err := Run(context.Background(), Options{Limits: jsrt.Limits{Timeout: time.Minute}, Dir: dir})
		if err != nil || report.Passed != 1 {
			b.Fatalf("%v %+v", err, report)
		}
	}
}
