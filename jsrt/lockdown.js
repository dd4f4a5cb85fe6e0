// Lockdown for a goja runtime, after Hardened JavaScript's `lockdown()` (endojs/endo, packages/ses:
// lockdown.js, get-anonymous-intrinsics.js, enablements.js, enable-property-overrides.js,
// make-hardener.js). Written for this toolchain, not copied: it runs in every runtime before any
// author code (first over the built-ins alone, then over what the trusted SDK and the test
// runner's shims added), so the SDK's rules run on built-ins that author code cannot change. docs/build.md, "What author code may change", is the
// contract this implements.
//
// The program evaluates to one function, lockdown(roots), which (on its first call; a later call
// on the same runtime repeats 3 and 4 for what is new since: jsrt.makeRuntime locks the
// built-ins down while the SDK compiles, then runs the SDK and locks down what it added):
//  1. finds the intrinsics no global names (iterator prototypes, %TypedArray%, the generator and
//     async function constructors, %ThrowTypeError%);
//  2. repairs the "override mistake" for the properties ordinary code assigns on its own objects
//     (`this.name = 'MyError'` in an Error subclass, `obj.toString = …`, a plain object with a key
//     "constructor" copied with Object.assign): each becomes an accessor whose getter returns the
//     original and whose setter, called on any other object, defines an own data property there;
//  3. freezes everything reachable from the global object, those intrinsics and `roots`: every
//     object, its prototype, every own property's value and every accessor's get and set
//     function, Symbol-keyed properties included;
//  4. makes every binding of the global object non-writable and non-configurable. The global
//     object itself stays extensible: author code may define new globals (a bundle's top-level
//     `var __scapeGizmo` is one).
//
// Objects author code creates afterwards are its own and stay mutable; only their built-in
// prototypes are frozen.
(function () {
  'use strict';
  const { freeze, seal, getPrototypeOf, getOwnPropertyDescriptor, getOwnPropertyDescriptors, defineProperty, prototype: objectPrototype } = Object;
  const isView = ArrayBuffer.isView;
  const { ownKeys, apply } = Reflect;
  const hasOwn = (obj, key) => apply(objectPrototype.hasOwnProperty, obj, [key]);
  const iteratorSymbol = Symbol.iterator;
  function* generatorFunction() {}
  async function asyncFunction() {}
  const asyncArrow = async () => {};
  const toStringTagSymbol = Symbol.toStringTag;

  function protoOf(value) {
    return value === undefined || value === null ? undefined : getPrototypeOf(value);
  }

  // The intrinsics no property path from the global object reaches.
  function anonymousIntrinsics() {
    const out = [];
    const add = (value) => {
      if ((typeof value === 'object' && value !== null) || typeof value === 'function') out.push(value);
    };
    const arrayIterator = protoOf([][iteratorSymbol]());
    add(arrayIterator);
    add(protoOf(arrayIterator)); // %IteratorPrototype%
    add(protoOf(''[iteratorSymbol]()));
    add(protoOf(new Map()[iteratorSymbol]()));
    add(protoOf(new Set()[iteratorSymbol]()));
    if (typeof RegExp.prototype[Symbol.matchAll] === 'function') add(protoOf(RegExp.prototype[Symbol.matchAll].call(/./g, '')));
    add(protoOf(Int8Array)); // %TypedArray%
    add(protoOf(Int8Array.prototype));
    const args = (function () {
      return arguments;
    })();
    const callee = getOwnPropertyDescriptor(args, 'callee');
    if (callee) add(callee.get); // %ThrowTypeError%
    // Compiled with this file (once per process), not evaluated per runtime. goja has no async
    // generators (esbuild lowers them), so there are none to find.
    for (const fn of [generatorFunction, asyncFunction, asyncArrow]) {
      const fnProto = protoOf(fn); // %GeneratorFunction.prototype%, %AsyncFunction.prototype%
      add(fnProto);
      add(fnProto.constructor); // %GeneratorFunction%, %AsyncFunction%
      if (fnProto.prototype) {
        add(fnProto.prototype); // %GeneratorPrototype%
        add(protoOf(fnProto.prototype));
      }
    }
    add(protoOf(generatorFunction())); // a generator object's prototype chain
    add(protoOf(Promise.resolve()));
    return out;
  }

  // Step 2: the properties repaired for the override mistake: SES's "moderate" enablements, with
  // all of Object.prototype as in its "severe" ones (state is author JSON, and a key such as
  // "constructor" or "hasOwnProperty" must survive Object.assign and `copy[key] = value`), and
  // without Array.prototype's (push, concat, toString, Symbol.iterator): every push the SDK makes
  // would call a getter, and code that assigns those on an array of its own is rare.
  function enablements(intrinsic) {
    const all = '*';
    const errorProps = ['message', 'name'];
    const plan = [
      [Object.prototype, all],
      [Function.prototype, ['toString', 'constructor', 'bind', 'name']],
      [Error.prototype, ['constructor', 'message', 'name', 'toString']],
      [Promise.prototype, ['constructor']],
    ];
    for (const E of [TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError]) plan.push([E.prototype, ['constructor', ...errorProps]]);
    if (typeof AggregateError === 'function') plan.push([AggregateError.prototype, ['constructor', ...errorProps]]);
    if (intrinsic.iteratorPrototype) plan.push([intrinsic.iteratorPrototype, ['toString', 'constructor', toStringTagSymbol, iteratorSymbol]]);
    if (intrinsic.typedArrayPrototype) plan.push([intrinsic.typedArrayPrototype, all]);
    if (intrinsic.generator) plan.push([intrinsic.generator, ['constructor', 'name', 'toString']]);
    return plan;
  }

  function enable(obj, prop) {
    const desc = getOwnPropertyDescriptor(obj, prop);
    if (!desc || !('value' in desc) || !desc.configurable) return;
    const value = desc.value;
    const name = typeof prop === 'symbol' ? prop.toString() : prop;
    // Concise methods: `this`-sensitive, without a prototype or [[Construct]].
    const { get, set } = getOwnPropertyDescriptor(
      {
        get [prop]() {
          return value;
        },
        set [prop](next) {
          if (this === obj) throw new TypeError(`Cannot assign to read only property '${name}' of a built-in prototype`);
          if (hasOwn(this, prop)) this[prop] = next;
          else defineProperty(this, prop, { value: next, writable: true, enumerable: true, configurable: true });
        },
      },
      prop,
    );
    defineProperty(get, 'originalValue', { value, writable: false, enumerable: false, configurable: false });
    defineProperty(obj, prop, { get, set, enumerable: desc.enumerable, configurable: false });
  }

  // Step 3: freeze a graph. Typed arrays with elements cannot be frozen; none is an intrinsic,
  // and a root that holds one keeps its elements writable (the object itself is sealed).
  function hardenAll(roots, seen) {
    // Written against the repaired prototypes: Array.prototype.push is an accessor by now, so
    // the queue grows by index (and nothing here looks up an inherited method).
    const queue = [];
    let n = 0;
    for (let i = 0; i < roots.length; i++) {
      const v = roots[i];
      if (((typeof v === 'object' && v !== null) || typeof v === 'function') && !seen.has(v)) {
        seen.add(v);
        queue[n++] = v;
      }
    }
    for (let i = 0; i < n; i++) {
      const obj = queue[i];
      if (isView(obj) && !(obj instanceof DataView) && obj.length > 0) seal(obj);
      else freeze(obj);
      const proto = getPrototypeOf(obj);
      if (proto !== null && !seen.has(proto)) {
        seen.add(proto);
        queue[n++] = proto;
      }
      const keys = ownKeys(obj);
      for (let k = 0; k < keys.length; k++) {
        const desc = getOwnPropertyDescriptor(obj, keys[k]);
        let v = desc.value;
        if (v === undefined) {
          // An accessor (or an undefined value): its functions.
          v = desc.get;
          if (v !== undefined && !seen.has(v)) {
            seen.add(v);
            queue[n++] = v;
          }
          v = desc.set;
        }
        if (((typeof v === 'object' && v !== null) || typeof v === 'function') && !seen.has(v)) {
          seen.add(v);
          queue[n++] = v;
        }
      }
    }
    return n;
  }

  // A module namespace (esbuild's __export) holds its exports behind getters; the exported
  // values themselves (functions, classes, constant arrays) must be frozen too.
  function exportedValues(namespace) {
    const out = [];
    if ((typeof namespace !== 'object' || namespace === null) && typeof namespace !== 'function') return out;
    const keys = ownKeys(namespace);
    for (let i = 0; i < keys.length; i++) {
      const desc = getOwnPropertyDescriptor(namespace, keys[i]);
      out.push('value' in desc ? desc.value : apply(desc.get, namespace, []));
    }
    return out;
  }

  // What earlier calls froze (and the global object, a root that is never frozen itself): a later
  // call walks only what is new since.
  const seen = new Set();
  let repaired = false;
  return function lockdown(namespaces) {
    const global = globalThis;
    let roots = [];
    if (!repaired) {
      repaired = true;
      roots = anonymousIntrinsics();
      const iteratorPrototype = protoOf(protoOf([][iteratorSymbol]()));
      const typedArray = protoOf(Int8Array);
      const generator = protoOf(generatorFunction);
      const plan = enablements({ iteratorPrototype, typedArrayPrototype: typedArray && typedArray.prototype, generator });
      for (let i = 0; i < plan.length; i++) {
        const [obj, props] = plan[i];
        const keys = props === '*' ? ownKeys(obj) : props;
        for (let k = 0; k < keys.length; k++) enable(obj, keys[k]);
      }
      // The global object is a root, not a frozen object: its bindings are walked here and
      // locked below.
      seen.add(global);
    }
    const globalDescs = getOwnPropertyDescriptors(global);
    const globalKeys = ownKeys(globalDescs);
    for (let i = 0; i < globalKeys.length; i++) {
      const desc = globalDescs[globalKeys[i]];
      if ('value' in desc) roots.push(desc.value);
      else roots.push(desc.get, desc.set);
    }
    for (let i = 0; i < namespaces.length; i++) {
      roots.push(namespaces[i]);
      const values = exportedValues(namespaces[i]);
      for (let v = 0; v < values.length; v++) roots.push(values[v]);
    }
    roots.push(getPrototypeOf(global));
    const frozen = hardenAll(roots, seen);
    // Step 4: the standard bindings (and the toolchain's own: console, require, the model hook).
    for (let i = 0; i < globalKeys.length; i++) {
      const key = globalKeys[i];
      const desc = globalDescs[key];
      if (!desc.configurable && (!('value' in desc) || !desc.writable)) continue;
      defineProperty(global, key, 'value' in desc ? { writable: false, configurable: false } : { configurable: false });
    }
    return frozen;
  };
})();
