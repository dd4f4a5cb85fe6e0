package buildserver

import (
	"os"
	"testing"

	"github.com/scapeworld/scape/isolate"
)

func TestMain(m *testing.M) {
	isolate.ServeIfWorker() // the server's pool re-executes this test binary as its worker
	ServeIfServer()         // server_test.go starts this binary as a build server
	os.Exit(m.Run())
}

// gizmo is a bundle (esbuild's IIFE shape) with one definition; body is code before it and
// initial the initial() body (as isolate's tests write theirs).
func gizmo(body, initial string) []byte {
	return []byte(`var __scapeGizmo = (() => {
  var sdk = require("@scape/sdk");
  ` + body + `
  var gizmo = sdk.defineObject({
    type: "t.hostile", version: 1, emoji: "🦔", label: "Hostile", hint: "tests the limits",
    initial: () => { ` + initial + ` },
    valid: (s) => sdk.record(s) && sdk.exactKeys(s, ["on"]) && typeof s.on === "boolean",
    actions: { toggle: { permission: "participant", run: (s) => ({ on: !s.on }) } },
    view: (s) => ({ title: "Hostile", description: "", controls: [] }),
  });
  return { default: gizmo };
})();
`)
}

func skipUnlessIsolated(t *testing.T) {
	t.Helper()
	if !isolate.Available() {
		t.Skip("isolation is off (SCAPE_ISOLATE=0)")
	}
}
