package jsrt

import (
	"github.com/dop251/goja"

	"github.com/scapeworld/scape/glb"
)

// DefaultModels is the process's model verdicts when Options.Models is nil: the dev host, the
// dev loop and the test runner run many rebuilds of the same project in one process, and a
// model that did not change is checked once.
var DefaultModels = glb.NewCache(64)

// modelHookGo is the temporary global the Go function is set under before it is made the
// non-writable, non-configurable __scapeModelCheck.
const modelHookGo = "__scapeModelCheckGo"

// installModelHook (run by New before any author code) makes the SDK's model check defer to glb through the cache (the hook of
// kit/sdk/src/model.ts, see glb.NativeVerdict): under goja the SDK's TypeScript inspection of a
// model near the triangle budget takes about a second, on every validation (long enough for the
// 2 s deadline of the catalog call to fail a valid project on a loaded machine); glb takes about
// a millisecond, once per content. The verdicts are the same (glb's agreement tests). Installed
// before any author code runs, non-writable and non-configurable, so a bundle cannot replace it.
func installModelHook(vm *goja.Runtime, cache *glb.Cache) error {
	if err := vm.Set(modelHookGo, func(encoded string) any { return glb.NativeVerdict(cache.CheckEncoded(encoded)) }); err != nil {
		return err
	}
	_, err := vm.RunString(`Object.defineProperty(globalThis, '__scapeModelCheck', { value: globalThis.` + modelHookGo + `, writable: false, configurable: false, enumerable: false }); delete globalThis.` + modelHookGo + `;`)
	return err
}
