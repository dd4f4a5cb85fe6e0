package jsrt

import (
	"testing"

	"github.com/scapeworld/scape/glb"
)

// Every runtime, whoever creates it (validation, the test runner, the host), answers the SDK's
// model check through glb and its cache, and author code cannot swap the hook for one that
// accepts everything.
func TestModelHookIsInstalledAndFixed(t *testing.T) {
	cache := glb.NewCache(4)
	rt, err := New(Options{Models: cache})
	if err != nil {
		t.Fatal(err)
	}
	v, err := rt.VM.RunString(`
		const before = globalThis.__scapeModelCheck;
		try { globalThis.__scapeModelCheck = () => null; } catch (e) {}
		try { Object.defineProperty(globalThis, '__scapeModelCheck', { value: () => null }); } catch (e) {}
		[typeof before, globalThis.__scapeModelCheck === before, JSON.stringify(before('bm90IGEgbW9kZWw='))]`)
	if err != nil {
		t.Fatal(err)
	}
	got := v.Export().([]any)
	if got[0] != "function" || got[1] != true {
		t.Fatalf("hook = %v, want a fixed function", got)
	}
	if got[2] == "null" {
		t.Fatalf("the hook accepted bytes that are not a GLB: %v", got[2])
	}
	if _, misses := cache.Stats(); misses != 1 {
		t.Fatalf("cache misses = %d, want the check to go through the runtime's cache once", misses)
	}
}
