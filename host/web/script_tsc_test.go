package web

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/scapeworld/scape/internal/nodetest"
)

// TestWorldPageTypeChecks runs tsc --strict over the world page's modules (host/web/ui/tsconfig.json):
// esbuild only strips types, so a wrong field name between modules would otherwise reach the
// browser.
func TestWorldPageTypeChecks(t *testing.T) {
	node, tsc, root := nodetest.Node(t), nodetest.Module(t, "typescript/bin/tsc"), nodetest.Root(t)
	cmd := exec.Command(node, tsc, "-p", filepath.Join(root, "host", "web", "ui", "tsconfig.json"), "--pretty", "false")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tsc over host/web/ui: %v\n%s", err, out)
	}
}
