package validate

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/world"
)

// The proof that no override of a built-in changes a verdict: programs composed of an override
// (a built-in property and a replacement that would blind a check), a form (assignment,
// defineProperty, the quiet Reflect forms, delete, a new prototype), a place it runs (top level
// or inside a callback: initial, valid, view, lighting, sounds, actions) and a victim project.
// The verdict with the attack must equal the verdict without it; an attack that is not caught
// must be reported (a thrown TypeError whose message says built-ins are frozen).

// override is one built-in property an attack replaces.
type override struct {
	target, key string // JavaScript expressions: the object and the property key
}

func (o override) String() string { return o.target + "[" + o.key + "]" }

// overrides covers the families of the brief, each property one a check could depend on.
var overrides = func() []override {
	var out []override
	add := func(target string, keys ...string) {
		for _, k := range keys {
			if !strings.HasPrefix(k, "Symbol.") {
				k = "'" + k + "'"
			}
			out = append(out, override{target, k})
		}
	}
	add("Array.prototype", "push", "map", "filter", "some", "every", "includes", "indexOf", "forEach", "join", "slice", "concat",
		"reduce", "find", "findIndex", "flat", "sort", "keys", "values", "entries", "at", "length", "Symbol.iterator")
	add("Array", "isArray", "from", "of", "Symbol.species", "Symbol.hasInstance")
	add("Object", "keys", "entries", "values", "getPrototypeOf", "getOwnPropertyNames", "getOwnPropertyDescriptor",
		"getOwnPropertySymbols", "hasOwn", "assign", "freeze", "is", "defineProperty", "create", "fromEntries", "Symbol.hasInstance")
	add("Object.prototype", "hasOwnProperty", "toString", "valueOf", "propertyIsEnumerable", "isPrototypeOf", "constructor",
		"radiusCells", "permission", "type", "Symbol.toPrimitive", "Symbol.iterator", "toJSON")
	add("Number", "isFinite", "isInteger", "isSafeInteger", "isNaN", "parseFloat")
	add("Number.prototype", "toString", "toFixed", "valueOf", "Symbol.toPrimitive")
	add("String.prototype", "startsWith", "endsWith", "includes", "indexOf", "slice", "substring", "charCodeAt", "codePointAt",
		"split", "replace", "match", "trim", "toLowerCase", "normalize", "padStart", "repeat", "Symbol.iterator", "Symbol.toPrimitive")
	add("String", "fromCharCode", "raw")
	add("JSON", "stringify", "parse")
	add("Math", "min", "max", "floor", "round", "abs", "sqrt", "trunc", "pow", "hypot", "ceil", "sign", "random")
	add("Reflect", "ownKeys", "apply", "has", "get", "getPrototypeOf", "getOwnPropertyDescriptor", "construct", "defineProperty")
	add("Set.prototype", "has", "add", "delete", "Symbol.iterator")
	add("Map.prototype", "get", "has", "set", "Symbol.iterator")
	add("WeakMap.prototype", "get", "has", "set")
	add("Function.prototype", "call", "apply", "bind", "toString", "Symbol.hasInstance")
	add("Object.prototype.hasOwnProperty", "call")
	add("Error", "Symbol.hasInstance")
	add("Error.prototype", "toString", "name", "message")
	add("TypeError.prototype", "name")
	add("RegExp.prototype", "exec", "test", "Symbol.replace", "Symbol.match", "Symbol.split", "Symbol.search", "flags")
	add("Promise.prototype", "then", "catch", "finally")
	add("Promise", "resolve", "all")
	add("Symbol", "iterator", "hasInstance", "toPrimitive")
	add("Object.getPrototypeOf([][Symbol.iterator]())", "next")
	add("Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()))", "Symbol.iterator")
	add("Date", "now")
	add("globalThis", "Array", "Object", "Number", "String", "JSON", "Math", "Reflect", "Set", "Map", "Symbol", "RegExp",
		"Promise", "Error", "TypeError", "isFinite", "isNaN", "parseFloat", "console", "require", "NaN", "undefined", "globalThis")
	return out
}()

// replacements are what an override would put in place: answers that blind a check, and one that
// spins for ever when Go (no JavaScript caller) calls it.
var replacements = []string{
	`function () { return true; }`,
	`function () { return false; }`,
	`function () { return []; }`,
	`function () { return 0; }`,
	`function () { return undefined; }`,
	`function () { return {}; }`,
	`function () { return '{}'; }`,
	`function () { if (noCaller()) for (;;) {} return undefined; }`,
	`42`,
}

// forms are how an attack tries: each must fail, loudly (a TypeError, caught here) or quietly
// (the Reflect forms return false).
var forms = []string{
	`attempt(() => { (TARGET)[KEY] = REPL; });`,
	`attempt(() => { Object.defineProperty(TARGET, KEY, { value: REPL, writable: true, configurable: true }); });`,
	// The quiet forms return false on a frozen property; Reflect.set calls a repaired one's
	// setter, which throws (as SES's does), and an array's length refuses a non-number with a
	// RangeError even here (found by the fuzzer): caught like the loud forms.
	`attempt(() => Reflect.defineProperty(TARGET, KEY, { value: REPL })); attempt(() => Reflect.set(TARGET, KEY, REPL)); attempt(() => Reflect.deleteProperty(TARGET, KEY));`,
	`attempt(() => { delete (TARGET)[KEY]; });`,
	`attempt(() => { Object.setPrototypeOf(TARGET, { [KEY]: REPL }); });`,
	`attempt(() => { Object.defineProperty(TARGET, KEY, { get: REPL, configurable: true }); });`,
}

// uncaught is the form whose TypeError is left to propagate: it must be reported.
const uncaught = `(TARGET)[KEY] = REPL;`

// targets are where the attack runs.
var targets = []string{"top", "initial", "valid", "view", "lighting", "sounds", "actions"}

// victims: 0 is one valid definition that runs every targeted callback; 1 adds nine definitions
// that each break one rule (the corpus' victim, testdata/hostile/baseline-victim.ts).
const victimValid = `
  const ok = defineObject({
    type: 'fuzz.ok', version: 1, emoji: '💡', label: 'Lamp', hint: 'runs every callback',
    initial: () => { hook('initial'); return { on: true, n: 1 }; },
    valid: (s) => { hook('valid'); return typeof s === 'object' && s !== null && typeof s.on === 'boolean'; },
    actions: { toggle: { permission: 'participant', run: (s) => { hook('actions'); return { on: !s.on, n: s.n + 1 }; } } },
    view: (s) => { hook('view'); return { title: 'Lamp', description: s.on ? 'on' : 'off', controls: [{ id: 'toggle', label: 'Toggle', action: { name: 'toggle', payload: {} } }] }; },
    lighting: (s) => { hook('lighting'); return s.on ? { light: { radiusCells: 3, color: '#ffc078', intensity: 0.12, illumination: 0.7 } } : {}; },
    soundBank: () => { hook('sounds'); return { ring: { kind: 'synth', duration: 0.2, voices: [{ wave: 'sine', start: 0, duration: 0.15, frequency: 880, gain: [{ time: 0, value: 0 }, { time: 0.005, value: 0.2 }, { time: 0.15, value: 0 }] }] } }; },
  });
  objects.push(ok);
`

const victimInvalid = `
  const base = {
    version: 1, label: 'Lamp', hint: 'a lamp',
    initial: () => ({ on: true }),
    valid: (s) => typeof s === 'object' && s !== null,
    actions: { toggle: { permission: 'participant', run: (s) => ({ on: !s.on }) } },
    light: { radiusCells: 3, color: '#ffc078', intensity: 1, illumination: 0.5 },
  };
  objects.push(
    defineObject({ ...base, type: 'victim.radius', emoji: '🔦', light: { ...base.light, radiusCells: 30 } }),
    defineObject({ ...base, type: 'scape.reserved', emoji: '🕯️' }),
    defineObject({ ...base, type: 'victim.emoji', emoji: '🎲' }),
    defineObject({ ...base, type: 'victim.permission', emoji: '🏮', actions: { toggle: { ...base.actions.toggle, permission: 'everyone' } } }),
    defineObject({ ...base, type: 'victim.nan', emoji: '🪔', light: { ...base.light, radiusCells: NaN } }),
    defineObject({ ...base, type: 'victim.key', emoji: '🔆', bogus: 1 }),
    defineObject({ ...base, type: 'victim.state', emoji: '🌟', initial: () => ({ on: true, n: undefined }) }),
    defineObject({ ...base, type: 'victim.view', emoji: '⭐', view: () => ({ title: 'x', description: '', controls: 'none' }) }),
    defineObject({ ...base, type: 'victim.valid', emoji: '🌙', valid: () => false }),
  );
`

// program is a bundle as esbuild writes one (an IIFE assigning __scapeGizmo, the SDK through
// require), so it needs no esbuild run: attack is the statement to run at target, "" for none.
func program(attack, target string, victim int) string {
	var b strings.Builder
	b.WriteString(`var __scapeGizmo = (() => {
  const { defineObject, defineProject } = require('@scape/sdk');
  function noCaller() { return new Error().stack.split('\n').filter((l) => l.indexOf('at ') >= 0).length <= 2; }
  function attempt(change) { try { change(); } catch (err) { /* refused: the point */ } }
  function attack() { ` + attack + ` }
  function hook(where) { if (where === ` + fmt.Sprintf("%q", target) + `) attack(); }
  hook('top');
  const objects = [];
`)
	b.WriteString(victimValid)
	if victim == 1 {
		b.WriteString(victimInvalid)
	}
	b.WriteString(`  return { default: defineProject({ objects }) };
})();
`)
	return b.String()
}

func attackCode(form string, o override, repl string) string {
	r := strings.NewReplacer("TARGET", o.target, "KEY", o.key, "REPL", repl)
	return r.Replace(form)
}

// verdict is what validation answered, as text to compare: every diagnostic's severity, code,
// definition, path and message, and for the valid victim what the live project does (an
// action, a view).
func verdict(t testing.TB, js string, victim int) string {
	t.Helper()
	ctx := context.Background()
	opts := Options{Limits: jsrt.Limits{Timeout: 10 * time.Second, Budget: time.Minute}}
	var out []string
	add := func(rep *Report) {
		for _, d := range rep.Diagnostics {
			def := ""
			if d.Definition != nil {
				def = d.Definition.Type
			}
			out = append(out, fmt.Sprintf("%s %s %s %s: %s", d.Severity, d.Code, def, d.Path, d.Message))
		}
	}
	if victim == 1 {
		rep, err := Check(ctx, []byte(js), opts)
		if err != nil {
			t.Fatal(err)
		}
		add(rep)
		return strings.Join(out, "\n")
	}
	p, rep, err := Open(ctx, []byte(js), opts)
	if err != nil {
		t.Fatal(err)
	}
	add(rep)
	if p == nil {
		return strings.Join(out, "\n")
	}
	inst, ok, err := p.Create(ctx, "💡", "i1")
	out = append(out, fmt.Sprintf("create %v %v %s", ok, err, inst.State))
	next, reaction, err := p.Act(ctx, inst, Action{Name: "toggle"}, Context{Access: world.Access{ActorID: "a1"}, Now: 1})
	out = append(out, fmt.Sprintf("act %s %s %v", next.State, reaction, err))
	view, err := p.View(ctx, next, world.Access{ActorID: "a1"})
	out = append(out, fmt.Sprintf("view %s %v", view, err))
	return strings.Join(out, "\n")
}

var (
	baselineOnce [2]sync.Once
	baselines    [2]string
)

func baseline(t testing.TB, victim int) string {
	baselineOnce[victim].Do(func() { baselines[victim] = verdict(t, program("", "none", victim), victim) })
	return baselines[victim]
}

// TestNoOverrideChangesAVerdict: every override, caught, at the top level, against the invalid
// victim (a blinded check would drop one of its nine errors); every form on a sample; each
// override left uncaught is reported with the frozen-built-ins hint.
func TestNoOverrideChangesAVerdict(t *testing.T) {
	want := baseline(t, 1)
	if strings.Count(want, "error rule") != 9 {
		t.Fatalf("the victim's baseline: %s", want)
	}
	for i, o := range overrides {
		repl := replacements[i%len(replacements)]
		if got := verdict(t, program(attackCode(forms[0], o, repl), "top", 1), 1); got != want {
			t.Errorf("%s = %s changed the verdict:\n%s\nwant:\n%s", o, repl, got, want)
		}
		rep, err := Check(context.Background(), []byte(program(attackCode(uncaught, o, repl), "top", 1)), Options{Limits: jsrt.Limits{Timeout: 10 * time.Second}})
		if err != nil {
			t.Fatal(err)
		}
		errs := rep.Diagnostics.Errors()
		// A TypeError that says why; Array.prototype.length given a function is a RangeError
		// (an invalid length) before it is a frozen property.
		said := strings.Contains(errs0(errs), "are frozen before a Gizmo runs") || strings.Contains(errs0(errs), "RangeError: Invalid array length")
		if len(errs) != 1 || errs[0].Code != "thrown" || !said || errs[0].Line == 0 {
			t.Errorf("%s = %s, uncaught, was not reported as a change of a frozen built-in: %v", o, repl, rep.Diagnostics)
		}
	}
	// Every form and every place, on every fifteenth override (the fuzz target goes further).
	for i := 0; i < len(overrides); i += 15 {
		for f, form := range forms {
			for _, target := range targets {
				victim := (i + f) % 2
				js := program(attackCode(form, overrides[i], replacements[(i+f)%len(replacements)]), target, victim)
				if got := verdict(t, js, victim); got != baseline(t, victim) {
					t.Errorf("%s by form %d in %s changed the verdict:\n%s\nwant:\n%s", overrides[i], f, target, got, baseline(t, victim))
				}
			}
		}
	}
}

func errs0(list diag.List) string {
	if len(list) == 0 {
		return ""
	}
	return list[0].Message
}

// FuzzOverrideVerdict composes override × replacement × form × place × victim and asserts the
// verdict is the one without the attack (run: go test ./validate -run XXX -fuzz FuzzOverrideVerdict).
func FuzzOverrideVerdict(f *testing.F) {
	for i := 0; i < 12; i++ {
		f.Add(uint16(i*17), uint8(i), uint8(i), uint8(i), uint8(i))
	}
	f.Fuzz(func(t *testing.T, which uint16, repl, form, place, victim uint8) {
		o := overrides[int(which)%len(overrides)]
		r := replacements[int(repl)%len(replacements)]
		fm := forms[int(form)%len(forms)]
		target := targets[int(place)%len(targets)]
		v := int(victim) % 2
		js := program(attackCode(fm, o, r), target, v)
		if got, want := verdict(t, js, v), baseline(t, v); got != want {
			t.Fatalf("%s = %s (form %q) in %s changed the verdict:\n%s\nwant:\n%s", o, r, fm, target, got, want)
		}
	})
}

// The victims themselves are what the corpus says: the valid one opens and acts.
func TestFuzzVictims(t *testing.T) {
	if got := baseline(t, 0); !strings.HasPrefix(got, "create true <nil> {\"on\":true,\"n\":1}\nact {\"on\":false,\"n\":2} null <nil>\nview {\"title\":\"Lamp\",\"description\":\"off\"") {
		t.Fatalf("valid victim: %s", got)
	}
	var lines []string
	for _, l := range strings.Split(baseline(t, 1), "\n") {
		lines = append(lines, strings.SplitN(l, ":", 2)[0])
	}
	data, _ := json.Marshal(lines)
	if len(lines) != 9 {
		t.Fatalf("invalid victim: %s", data)
	}
}
