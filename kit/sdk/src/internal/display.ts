/**
 * How the toolchain shows author values in console lines and in messages about thrown values:
 * strings as they are, plain data as JSON, everything else by its kind (`[Function: tick]`,
 * `Map {}`, `Symbol(x)`). Bounded: at most MAX_CHARS UTF-16 units, MAX_DEPTH levels and MAX_ITEMS
 * entries per container are looked at, so logging a 100,000-level state or a ten-million-key
 * object costs what logging a small one does.
 *
 * It runs no author code: properties are read through their descriptors (a getter is shown as
 * `[Getter]`, never called), no toJSON or toString of the value runs, and class names come from
 * data properties only. The Go side receives the finished string.
 */

// UTF-16 units; the Go side cuts the finished line at 2,000 characters (a character may be two
// units), so this is only the bound on the work.
const MAX_CHARS = 4096;
const MAX_DEPTH = 6;
const MAX_ITEMS = 100;

const { getPrototypeOf, getOwnPropertyDescriptor, keys: objectKeys, prototype: objectPrototype } = Object;
const reflectApply = Reflect.apply;
const symbolToString = Symbol.prototype.toString;
const dateToISOString = Date.prototype.toISOString;
const objectToString = Object.prototype.toString;
const stringify = JSON.stringify;

/** The values of one console call, shown and joined with spaces as Node's console does. */
export function display(values: readonly unknown[]): string {
  const out: string[] = [];
  const budget = { left: MAX_CHARS };
  for (let i = 0; i < values.length && budget.left > 0; i++) {
    if (i > 0) push(out, budget, ' ');
    show(values[i], true, 0, out, budget);
  }
  return out.join('');
}

interface Budget {
  left: number;
}

function push(out: string[], budget: Budget, text: string): void {
  if (budget.left <= 0) return;
  if (text.length > budget.left) {
    out.push(text.slice(0, budget.left) + '…');
    budget.left = 0;
    return;
  }
  out.push(text);
  budget.left -= text.length;
}

/**
 * A data property's value along the prototype chain, or undefined (a getter is not called, and
 * a property that is one counts as absent). How the toolchain reads a thrown value's name and
 * message: no author code runs, whatever the value is.
 */
export function dataValue(obj: object, key: string): unknown {
  const desc = findProperty(obj, key);
  if (desc === undefined) return undefined;
  if ('value' in desc) return desc.value;
  // The toolchain's lockdown turns a few data properties of the built-in prototypes (an Error's
  // name and message, Object.prototype.toString…) into accessors that keep the value on the
  // getter (`originalValue`), so that assigning them on an object of one's own still works.
  const get = desc.get;
  if (typeof get === 'function') {
    const original = getOwnPropertyDescriptor(get, 'originalValue');
    if (original !== undefined && 'value' in original) return original.value;
  }
  return undefined;
}

/** Whether reading obj[key] runs no author getter (a data property, or one of lockdown's). */
export function plainProperty(obj: object, key: string): boolean {
  const desc = findProperty(obj, key);
  if (desc === undefined || 'value' in desc) return true;
  return typeof desc.get === 'function' && getOwnPropertyDescriptor(desc.get, 'originalValue') !== undefined;
}

function findProperty(obj: object, key: string): PropertyDescriptor | undefined {
  for (let o: object | null = obj, n = 0; o !== null && n < 32; o = getPrototypeOf(o), n++) {
    const desc = getOwnPropertyDescriptor(o, key);
    if (desc !== undefined) return desc;
  }
  return undefined;
}

function className(obj: object): string {
  const proto = getPrototypeOf(obj);
  if (proto === null) return '';
  const ctor = dataValue(proto, 'constructor');
  if (typeof ctor !== 'function') return '';
  const desc = getOwnPropertyDescriptor(ctor, 'name');
  return desc !== undefined && typeof desc.value === 'string' ? desc.value : '';
}

function show(value: unknown, top: boolean, depth: number, out: string[], budget: Budget): void {
  switch (typeof value) {
    case 'string':
      push(out, budget, top ? (value as string) : stringify((value as string).length > budget.left ? (value as string).slice(0, budget.left) : value));
      return;
    case 'number':
    case 'boolean':
    case 'bigint':
      push(out, budget, String(value));
      return;
    case 'undefined':
      push(out, budget, 'undefined');
      return;
    case 'symbol':
      push(out, budget, reflectApply(symbolToString, value, []) as string);
      return;
    case 'function': {
      const desc = getOwnPropertyDescriptor(value as object, 'name');
      const name = desc !== undefined && typeof desc.value === 'string' ? desc.value : '';
      push(out, budget, name ? `[Function: ${name}]` : '[Function (anonymous)]');
      return;
    }
  }
  if (value === null) {
    push(out, budget, 'null');
    return;
  }
  const obj = value as object;
  const tag = reflectApply(objectToString, obj, []) as string;
  if (tag === '[object Error]' || value instanceof Error) {
    const name = dataValue(obj, 'name');
    const message = dataValue(obj, 'message');
    const head = typeof name === 'string' && name !== '' ? name : 'Error';
    push(out, budget, typeof message === 'string' && message !== '' ? `${head}: ${message}` : head);
    return;
  }
  if (tag === '[object Date]') {
    let text: string;
    try {
      text = reflectApply(dateToISOString, obj, []) as string;
    } catch {
      text = 'Invalid Date';
    }
    push(out, budget, top ? text : stringify(text));
    return;
  }
  const isArray = Array.isArray(obj);
  const proto = getPrototypeOf(obj);
  if (!isArray && proto !== objectPrototype && proto !== null) {
    const name = className(obj);
    push(out, budget, (name || 'Object') + ' ');
  }
  if (depth >= MAX_DEPTH) {
    push(out, budget, isArray ? '[…]' : '{…}');
    return;
  }
  if (isArray) {
    const items = obj as unknown[];
    push(out, budget, '[');
    const n = items.length;
    for (let i = 0; i < n && budget.left > 0; i++) {
      if (i > 0) push(out, budget, ',');
      if (i >= MAX_ITEMS) {
        push(out, budget, `… ${n - i} more`);
        break;
      }
      entry(obj, i, depth, out, budget);
    }
    push(out, budget, ']');
    return;
  }
  let names: string[];
  try {
    names = objectKeys(obj);
  } catch {
    push(out, budget, '{?}');
    return;
  }
  push(out, budget, '{');
  for (let i = 0; i < names.length && budget.left > 0; i++) {
    if (i > 0) push(out, budget, ',');
    if (i >= MAX_ITEMS) {
      push(out, budget, `… ${names.length - i} more`);
      break;
    }
    push(out, budget, stringify(names[i]) + ':');
    entry(obj, names[i], depth, out, budget);
  }
  push(out, budget, '}');
}

function entry(obj: object, key: string | number, depth: number, out: string[], budget: Budget): void {
  let desc: PropertyDescriptor | undefined;
  try {
    desc = getOwnPropertyDescriptor(obj, key);
  } catch {
    desc = undefined;
  }
  if (desc === undefined) push(out, budget, typeof key === 'number' ? 'null' : 'undefined');
  else if (!('value' in desc)) push(out, budget, '[Getter]');
  else show(desc.value, false, depth + 1, out, budget);
}
