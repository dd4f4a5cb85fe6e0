package jsrt

import (
	_ "embed"
	"errors"
	"fmt"
	"sync"

	"github.com/dop251/goja"
)

//go:embed hostapi.js
var hostAPIJS []byte

// HostAPIScriptName is hostapi.js's name in stack traces.
const HostAPIScriptName = "scape-hostapi.js"

var (
	hostAPIOnce    sync.Once
	hostAPIProgram *Script
	hostAPIErr     error
)

// installHostAPIs defines the host APIs of hostapi.js (structuredClone, TextEncoder/TextDecoder,
// atob/btoa, DOMException) and the ECMAScript built-ins goja lacks (WeakRef,
// FinalizationRegistry) on vm's global object. It runs before the built-ins are locked down, so
// lockdown freezes them with the rest. The program is compiled once per process.
func installHostAPIs(vm *goja.Runtime) error {
	hostAPIOnce.Do(func() {
		hostAPIProgram, hostAPIErr = CompileScript(HostAPIScriptName, hostAPIJS, nil)
	})
	if hostAPIErr != nil {
		return fmt.Errorf("hostapi.js does not compile: %w", hostAPIErr)
	}
	v, err := vm.RunProgram(hostAPIProgram.Program)
	if err != nil {
		return err
	}
	install, ok := goja.AssertFunction(v)
	if !ok {
		return errors.New("hostapi.js did not evaluate to a function")
	}
	_, err = install(goja.Undefined(), vm.GlobalObject())
	return err
}
