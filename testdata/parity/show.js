// The parity corpus's one rendering of a value, run unchanged under Node and in the validation
// engine (jsrt/parity_test.go): every probe's result is compared as this text.
function show(v, seen) {
  seen = seen || new Set();
  if (v === undefined) return 'undefined';
  if (v === null) return 'null';
  switch (typeof v) {
    case 'number':
      return Object.is(v, -0) ? '-0' : String(v);
    case 'bigint':
      return v + 'n';
    case 'string':
      return JSON.stringify(v);
    case 'boolean':
      return String(v);
    case 'symbol':
      return v.toString();
    case 'function':
      return 'function ' + v.name;
  }
  if (seen.has(v)) return '[circular]';
  seen.add(v);
  const tag = Object.prototype.toString.call(v).slice(8, -1);
  let out;
  if (Array.isArray(v)) {
    const items = [];
    for (let i = 0; i < v.length; i++) items.push(i in v ? show(v[i], seen) : '<hole>');
    const extra = Object.keys(v).filter((k) => !/^\d+$/.test(k));
    out = '[' + items.concat(extra.map((k) => k + ': ' + show(v[k], seen))).join(', ') + ']';
  } else if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
    const items = [];
    for (let i = 0; i < v.length; i++) items.push(show(v[i], seen));
    out = tag + '[' + items.join(', ') + ']';
  } else if (v instanceof DataView) {
    out = 'DataView[' + Array.prototype.join.call(new Uint8Array(v.buffer, v.byteOffset, v.byteLength), ', ') + ']';
  } else if (v instanceof ArrayBuffer) {
    out = 'ArrayBuffer[' + Array.prototype.join.call(new Uint8Array(v), ', ') + ']';
  } else if (v instanceof Map) {
    const items = [];
    v.forEach((x, k) => items.push(show(k, seen) + ' => ' + show(x, seen)));
    out = 'Map{' + items.join(', ') + '}';
  } else if (v instanceof Set) {
    const items = [];
    v.forEach((x) => items.push(show(x, seen)));
    out = 'Set{' + items.join(', ') + '}';
  } else if (v instanceof Date) {
    out = 'Date(' + (isNaN(v.getTime()) ? 'Invalid' : v.toISOString()) + ')';
  } else if (v instanceof RegExp) {
    out = String(v);
  } else if (v instanceof Error) {
    out = v.name + '(' + JSON.stringify(v.message) + ')';
  } else {
    const proto = Object.getPrototypeOf(v);
    const kind = proto === null ? 'null-proto' : proto === Object.prototype ? '' : tag;
    out = kind + '{' + Object.keys(v).map((k) => JSON.stringify(k) + ': ' + show(v[k], seen)).join(', ') + '}';
  }
  seen.delete(v);
  return out;
}

// run renders a probe's result, or what it threw: `throws RangeError: message`.
function run(probe) {
  try {
    return show(probe());
  } catch (e) {
    if (e instanceof Error) return 'throws ' + e.name + ': ' + e.message;
    return 'throws ' + show(e);
  }
}
