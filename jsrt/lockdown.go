package jsrt

import (
	_ "embed"
	"errors"
	"fmt"
	"sync"

	"github.com/dop251/goja"
)

//go:embed lockdown.js
var lockdownJS []byte

// LockdownScriptName is lockdown.js's name in stack traces.
const LockdownScriptName = "scape-lockdown.js"

var (
	lockdownOnce    sync.Once
	lockdownProgram *Script
	lockdownErr     error
)

// lockdown runs lockdown.js in vm (see its header): the built-ins and everything reachable from
// the global object and from roots are frozen, and the global bindings made read-only. It
// returns how many objects were frozen. The program is compiled once per process.
func lockdown(vm *goja.Runtime, roots ...goja.Value) (int64, error) {
	fn, err := lockdownFunc(vm)
	if err != nil {
		return 0, err
	}
	return callLockdown(vm, fn, roots...)
}

// lockdownFunc runs lockdown.js in vm and returns its lockdown function. Each call of it freezes
// what is reachable from the global object and its roots and was not frozen by an earlier call
// on the same runtime, so makeRuntime can lock the built-ins down first (while the SDK compiles)
// and what the SDK and the toolchain add after they ran.
func lockdownFunc(vm *goja.Runtime) (goja.Callable, error) {
	lockdownOnce.Do(func() {
		lockdownProgram, lockdownErr = CompileScript(LockdownScriptName, lockdownJS, nil)
	})
	if lockdownErr != nil {
		return nil, fmt.Errorf("lockdown.js does not compile: %w", lockdownErr)
	}
	v, err := vm.RunProgram(lockdownProgram.Program)
	if err != nil {
		return nil, err
	}
	fn, ok := goja.AssertFunction(v)
	if !ok {
		return nil, errors.New("lockdown.js did not evaluate to a function")
	}
	return fn, nil
}

// callLockdown calls a lockdown function of vm with roots; trusted code only has run.
func callLockdown(vm *goja.Runtime, fn goja.Callable, roots ...goja.Value) (int64, error) {
	n, err := fn(goja.Undefined(), vm.NewArray(toAny(roots)...))
	if err != nil {
		return 0, err
	}
	return n.ToInteger(), nil
}

func toAny(values []goja.Value) []any {
	out := make([]any, len(values))
	for i, v := range values {
		out[i] = v
	}
	return out
}
