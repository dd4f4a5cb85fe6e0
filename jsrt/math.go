package jsrt

import (
	"errors"

	"github.com/dop251/goja"

	"github.com/scapeworld/scape/jsrt/fdlibm"
)

// installMath replaces the Math functions whose results goja (Go's math package) gives
// differently from V8 in the last bit, where a port of V8's own algorithm exists (package
// fdlibm): sin, cos, tan, atan, atan2, asin, acos, cbrt, exp, expm1, sinh, cosh, tanh, log,
// log10, log2, log1p, asinh, acosh and atanh. It runs before lockdown, on built-ins no author
// code has touched. Math.pow and the ** operator are goja's own, which compute with goja.Pow
// (third_party/goja/PATCHES.md), set below to V8's pow: one function for both, as in V8.
func init() { goja.Pow = fdlibm.Pow }

func installMath(vm *goja.Runtime) error {
	m, ok := vm.Get("Math").(*goja.Object)
	if !ok {
		return errors.New("no Math")
	}
	define := func(name string, length int, call func(goja.FunctionCall) goja.Value) error {
		fn, ok := vm.ToValue(call).(*goja.Object)
		if !ok {
			return errors.New("Math." + name + " is not an object")
		}
		// A built-in's name and length: read-only, configurable, not enumerable; the method
		// writable, configurable, not enumerable (the flags: writable, configurable, enumerable).
		if err := fn.DefineDataProperty("name", vm.ToValue(name), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
			return err
		}
		if err := fn.DefineDataProperty("length", vm.ToValue(length), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
			return err
		}
		return m.DefineDataProperty(name, fn, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	}
	// ToNumber of each argument as goja's own Math functions do it (a BigInt or a Symbol is a
	// TypeError, an object's valueOf runs as author code under the caller's guard).
	for name, f := range map[string]func(float64) float64{
		"atan": fdlibm.Atan, "asin": fdlibm.Asin, "acos": fdlibm.Acos, "cbrt": fdlibm.Cbrt,
		"exp": fdlibm.Exp, "expm1": fdlibm.Expm1, "sinh": fdlibm.Sinh, "cosh": fdlibm.Cosh, "tanh": fdlibm.Tanh,
		"log": fdlibm.Log, "log10": fdlibm.Log10, "log2": fdlibm.Log2, "log1p": fdlibm.Log1p,
		"asinh": fdlibm.Asinh, "acosh": fdlibm.Acosh, "atanh": fdlibm.Atanh,
		"sin": fdlibm.Sin, "cos": fdlibm.Cos, "tan": fdlibm.Tan,
	} {
		if err := define(name, 1, func(c goja.FunctionCall) goja.Value {
			return vm.ToValue(f(c.Argument(0).ToFloat()))
		}); err != nil {
			return err
		}
	}
	for name, f := range map[string]func(float64, float64) float64{"atan2": fdlibm.Atan2} {
		if err := define(name, 2, func(c goja.FunctionCall) goja.Value {
			// In order: each valueOf may be author code with effects.
			a := c.Argument(0).ToFloat()
			b := c.Argument(1).ToFloat()
			return vm.ToValue(f(a, b))
		}); err != nil {
			return err
		}
	}
	return nil
}
