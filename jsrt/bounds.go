package jsrt

import (
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dop251/goja"
)

// boundsHookGo is the temporary global the Go function is set under before it is made the
// non-writable, non-configurable __scapeBoundsWalk.
const boundsHookGo = "__scapeBoundsWalkGo"

// Answers of the bounds hook: what kit/sdk/src/internal/bounds.ts walk reads them as.
const (
	boundsUnsure      = 0 // anything unusual, or out of bounds: the SDK's own walk decides
	boundsWithinPlain = 1 // within the bounds, no toJSON met
	boundsWithinJSON  = 2 // within the bounds, a toJSON met (the serialised copy is not what was walked)
)

// installBoundsHook (run by New before any author code) gives the SDK's serialised bounds walk
// (kit/sdk/src/internal/bounds.ts serialisedBoundsProblem: depth and JSON size of a value about
// to be JSON.stringify'd) a native fast path: state exploration walks every view and every
// reducer's result with it, and in goja that walk was a quarter of exploration's time. The hook
// only confirms a value is within the bounds the SDK passes it (the SDK keeps the rules, the
// numbers and the words): it reads the value exactly as the SDK's walk does (own enumerable keys
// in order, plain property reads, typeof, a toJSON function), counts the same bytes, and answers
// "unsure" for everything else (out of bounds, too deep, a proxy, a bigint, an exotic object, a
// throw), which the SDK's walk then decides as before. Installed before any author code runs,
// non-writable and non-configurable, so a bundle cannot replace it.
func installBoundsHook(vm *goja.Runtime) error {
	if err := vm.Set(boundsHookGo, func(call goja.FunctionCall) goja.Value {
		limit := call.Argument(1).ToFloat()
		depth := call.Argument(2).ToInteger()
		answer := boundsUnsure
		// Runtime.Try restores the interpreter's state after a throw (a getter's): recovering
		// the panic by hand would leave its stack as the throw left it.
		if ex := vm.Try(func() { answer = boundsWalk(call.Argument(0), limit, int(depth)) }); ex != nil {
			answer = boundsUnsure
		}
		return vm.ToValue(answer)
	}); err != nil {
		return err
	}
	_, err := vm.RunString(`Object.defineProperty(globalThis, '__scapeBoundsWalk', { value: globalThis.` + boundsHookGo + `, writable: false, configurable: false, enumerable: false }); delete globalThis.` + boundsHookGo + `;`)
	return err
}

var (
	exportMap   = reflect.TypeOf(map[string]any{})
	exportArray = reflect.TypeOf([]any{})
	exportBool  = reflect.TypeOf(false)
)

// boundsWalk is bounds.ts walk in its direct mode, answering only "within" (plain or not) or
// "unsure". A JavaScript exception thrown by a getter or a toJSON read is "unsure" too (the
// hook's Try): the SDK's walk reads again and meets it itself. An interrupt passes through.
func boundsWalk(value goja.Value, limit float64, depth int) int {
	root, ok := value.(*goja.Object)
	if !ok {
		return boundsWithinPlain // not an object: the SDK's walk returns at once too
	}
	type record struct {
		obj   *goja.Object
		level int
	}
	plain := true
	bytes := 0.0
	stack := []record{{root, 1}}
	for len(stack) > 0 {
		rec := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if rec.level > depth {
			return boundsUnsure
		}
		isArray := false
		switch rec.obj.ExportType() {
		case exportArray:
			isArray = true
		case exportMap:
		default:
			return boundsUnsure // a proxy, a Date, a typed array, a wrapped Go value…
		}
		if _, fn := goja.AssertFunction(rec.obj.Get("toJSON")); fn {
			plain = false
		}
		var names []string
		length := 0
		if isArray {
			n := rec.obj.Get("length").ToFloat()
			if n > limit {
				return boundsUnsure
			}
			length = int(n)
		} else {
			names = rec.obj.Keys()
			length = len(names)
		}
		bytes += 2
		if isArray && length > 0 {
			bytes += float64(length - 1)
		}
		if bytes > limit {
			return boundsUnsure
		}
		kept := 0
		for i := 0; i < length; i++ {
			var v goja.Value
			var key string
			if isArray {
				v = rec.obj.Get(strconv.Itoa(i))
			} else {
				key = names[i]
				if strings.ContainsRune(key, utf8.RuneError) {
					return boundsUnsure // a lone surrogate's key does not read back from its Go form
				}
				v = rec.obj.Get(key)
			}
			size, dropped, child, ok := boundsSize(v, isArray)
			if !ok {
				return boundsUnsure
			}
			if child != nil {
				stack = append(stack, record{child, rec.level + 1})
			}
			if !isArray {
				if dropped {
					size = 0
				} else {
					size += len16(key) + 3
					if kept > 0 {
						size++
					}
					kept++
				}
			}
			bytes += float64(size)
			if bytes > limit {
				return boundsUnsure
			}
		}
		// The order children are walked in does not change a "within" answer: every one is.
	}
	if plain {
		return boundsWithinPlain
	}
	return boundsWithinJSON
}

// boundsSize is what bounds.ts counts for one entry: its bytes, whether an object drops it
// (undefined, a function, a symbol), the container to walk, or !ok for what the hook leaves to
// the SDK (a bigint).
func boundsSize(v goja.Value, inArray bool) (size int, dropped bool, child *goja.Object, ok bool) {
	switch {
	case v == nil || goja.IsUndefined(v):
		return 4, !inArray, nil, true
	case goja.IsNull(v):
		return 4, false, nil, true
	case goja.IsBigInt(v):
		return 0, false, nil, false
	}
	if s, isString := v.(goja.String); isString {
		return s.Length() + 2, false, nil, true
	}
	if goja.IsNumber(v) {
		return digits(v.ToFloat()), false, nil, true
	}
	if o, isObject := v.(*goja.Object); isObject {
		if _, fn := goja.AssertFunction(o); fn {
			return 4, !inArray, nil, true
		}
		return 0, false, o, true
	}
	if v.ExportType() == exportBool {
		if v.ToBoolean() {
			return 4, false, nil, true
		}
		return 5, false, nil, true
	}
	return 4, !inArray, nil, true // a symbol
}

// len16 is a key's length in UTF-16 units, as JavaScript's .length counts it.
func len16(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// digits is bounds.ts digits: at least as many characters as JSON.stringify writes for n.
func digits(n float64) int {
	if n != n || n > 1.7976931348623157e308 || n < -1.7976931348623157e308 {
		return 4
	}
	count := 1
	if n < 0 {
		count = 2
		n = -n
	}
	for ; n >= 10 && count < 24; n /= 10 {
		count++
	}
	return count
}
