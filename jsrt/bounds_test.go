package jsrt

import (
	"testing"
)

// The native bounds walk answers "within" exactly where the SDK's direct walk
// (kit/sdk/src/internal/bounds.ts) counts no more than the limit and nests no deeper than the
// depth, tells a toJSON apart, and is "unsure" (the SDK's own walk decides) for everything else;
// author code cannot replace it.
func TestBoundsHook(t *testing.T) {
	rt, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	v, err := rt.VM.RunString(`
		const walk = globalThis.__scapeBoundsWalk;
		try { globalThis.__scapeBoundsWalk = () => 1; } catch (e) {}
		try { Object.defineProperty(globalThis, '__scapeBoundsWalk', { value: () => 1 }); } catch (e) {}
		let deep = 1;
		for (let i = 0; i < 16; i++) deep = [deep];
		const cases = [
			// {"a":"xx"}: 2 brackets + "a": 1 + 3 + "xx" 2 + 2 = 10 bytes.
			['string at the limit', walk({ a: 'xx' }, 10, 16), 1],
			['string over', walk({ a: 'xx' }, 9, 16), 0],
			// [1,-20]: 2 + 1 comma + 1 + 3 = 7; a function in an object is dropped, key and all.
			['array at the limit', walk([1, -20], 7, 16), 1],
			['array over', walk([1, -20], 6, 16), 0],
			['dropped entry', walk({ a: 1, f() {}, u: undefined }, 7, 16), 1],
			['hole and undefined in an array count four', walk([, undefined], 2 + 1 + 8, 16), 1],
			['booleans and null', walk({ t: true, f: false, n: null }, 2 + 8 + 9 + 8 + 2, 16), 1],
			['sixteen levels', walk(deep, 1000, 16), 1],
			['seventeen levels', walk([deep], 1000, 16), 0],
			['a toJSON', walk({ a: { toJSON() { return 1; } } }, 1000, 16), 2],
			['a date', walk({ d: new Date(0) }, 1000, 16), 0],
			['a proxy', walk({ p: new Proxy({}, {}) }, 1000, 16), 0],
			['a bigint', walk({ b: 1n }, 1000, 16), 0],
			['a throwing getter', walk({ get g() { throw new Error('no'); } }, 1000, 16), 0],
			['a getter is read as JSON.stringify reads it', walk({ get g() { return 'xxxxxxxxxx'; } }, 2 + 1 + 3 + 12, 16), 1],
			['not an object', walk('text', 0, 16), 1],
			['a cycle', (() => { const o = {}; o.o = o; return walk(o, 1000, 16); })(), 0],
			['replaced?', globalThis.__scapeBoundsWalk === walk, true],
		];
		JSON.stringify(cases.filter((c) => c[1] !== c[2]))`)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.String(); got != "[]" {
		t.Fatalf("cases answered otherwise ([name, got, want]): %s", got)
	}
}
