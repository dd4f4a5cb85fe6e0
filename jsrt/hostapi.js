// Host APIs the Scape docs neither grant nor forbid, and two ECMAScript built-ins goja lacks, for
// every runtime of the toolchain (docs/build.md, "Host APIs in the validation engine"). Authors
// test under Node, where these exist; a ReferenceError here would be an error the author never
// saw. Each is deterministic, written to Node's (WHATWG's) algorithms and messages, and
// installed before lockdown, which freezes it with the built-ins: author code can replace none of
// it. The build warns where a bundle uses one of the host APIs (bundle/hostapis.go): the docs do
// not list them, so a hosted world may not offer them.
//
//   structuredClone, DOMException       HTML's structured clone of data (no transfer)
//   TextEncoder, TextDecoder            UTF-8 (and UTF-16LE, windows-1252 decoding)
//   atob, btoa                          forgiving base64
//   WeakRef, FinalizationRegistry       ECMAScript: a target is never collected, a cleanup
//                                       never runs (both allowed by the language)
//
// Every loop is JavaScript, so a guarded call's deadline interrupts it. The program evaluates to
// one function, install(global), that defines them.
(function () {
  'use strict';
  const { defineProperty, getPrototypeOf, getOwnPropertyDescriptor, freeze } = Object;
  const { ownKeys, apply } = Reflect;
  const fromCharCode = String.fromCharCode;
  const functionToString = Function.prototype.toString;
  const symbolToString = Symbol.prototype.toString;
  const objectToString = Object.prototype.toString;
  const arrayIsArray = Array.isArray;
  const isView = ArrayBuffer.isView;
  const getter = (proto, key) => getOwnPropertyDescriptor(proto, key).get;
  const typedArrayProto = getPrototypeOf(Int8Array.prototype);
  const typedArrayTag = getter(typedArrayProto, Symbol.toStringTag);
  const typedArrayBuffer = getter(typedArrayProto, 'buffer');
  const typedArrayOffset = getter(typedArrayProto, 'byteOffset');
  const typedArrayLength = getter(typedArrayProto, 'length');
  const typedArrayByteLength = getter(typedArrayProto, 'byteLength');
  const arrayBufferByteLength = getter(ArrayBuffer.prototype, 'byteLength');
  const arrayBufferSlice = ArrayBuffer.prototype.slice;
  const dataViewBuffer = getter(DataView.prototype, 'buffer');
  const dataViewOffset = getter(DataView.prototype, 'byteOffset');
  const dataViewByteLength = getter(DataView.prototype, 'byteLength');
  const mapSize = getter(Map.prototype, 'size');
  const setSize = getter(Set.prototype, 'size');
  const mapEntries = Map.prototype.entries;
  const mapSet = Map.prototype.set;
  const mapGet = Map.prototype.get;
  const mapHas = Map.prototype.has;
  const setValues = Set.prototype.values;
  const setAdd = Set.prototype.add;
  const dateGetTime = Date.prototype.getTime;
  const regexpSource = getter(RegExp.prototype, 'source');
  const regexpFlags = getter(RegExp.prototype, 'flags');
  const iteratorNext = getPrototypeOf(new Map().entries()).next;
  const setIteratorNext = getPrototypeOf(new Set().values()).next;
  const typedArrays = { Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array };
  const wrappers = [
    [Boolean.prototype.valueOf, Boolean],
    [Number.prototype.valueOf, Number],
    [String.prototype.valueOf, String],
  ];
  if (typeof BigInt === 'function') wrappers.push([BigInt.prototype.valueOf, BigInt]);
  // Objects with internal slots that cannot be cloned, told apart by a method that throws on
  // anything else (a brand check: a prototype or a Symbol.toStringTag can lie).
  const uncloneable = [
    ['WeakMap', WeakMap.prototype.has, [{}]],
    ['WeakSet', WeakSet.prototype.has, [{}]],
    ['Promise', Promise.prototype.then, []],
  ];
  const errorNames = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };

  // What a call that throws in a brand check says: it is not that kind of object.
  function has(fn, value, args) {
    try {
      apply(fn, value, args || []);
      return true;
    } catch {
      return false;
    }
  }

  // DOMException: name, message and the legacy code, as Node's; [name, code, constant].
  const legacy = [
    ['IndexSizeError', 1, 'INDEX_SIZE_ERR'], ['', 2, 'DOMSTRING_SIZE_ERR'], ['HierarchyRequestError', 3, 'HIERARCHY_REQUEST_ERR'], ['WrongDocumentError', 4, 'WRONG_DOCUMENT_ERR'],
    ['InvalidCharacterError', 5, 'INVALID_CHARACTER_ERR'], ['', 6, 'NO_DATA_ALLOWED_ERR'], ['NoModificationAllowedError', 7, 'NO_MODIFICATION_ALLOWED_ERR'], ['NotFoundError', 8, 'NOT_FOUND_ERR'],
    ['NotSupportedError', 9, 'NOT_SUPPORTED_ERR'], ['', 10, 'INUSE_ATTRIBUTE_ERR'], ['InvalidStateError', 11, 'INVALID_STATE_ERR'], ['SyntaxError', 12, 'SYNTAX_ERR'],
    ['InvalidModificationError', 13, 'INVALID_MODIFICATION_ERR'], ['NamespaceError', 14, 'NAMESPACE_ERR'], ['InvalidAccessError', 15, 'INVALID_ACCESS_ERR'], ['', 16, 'VALIDATION_ERR'],
    ['TypeMismatchError', 17, 'TYPE_MISMATCH_ERR'], ['SecurityError', 18, 'SECURITY_ERR'], ['NetworkError', 19, 'NETWORK_ERR'], ['AbortError', 20, 'ABORT_ERR'],
    ['URLMismatchError', 21, 'URL_MISMATCH_ERR'], ['QuotaExceededError', 22, 'QUOTA_EXCEEDED_ERR'], ['TimeoutError', 23, 'TIMEOUT_ERR'],
    ['InvalidNodeTypeError', 24, 'INVALID_NODE_TYPE_ERR'], ['DataCloneError', 25, 'DATA_CLONE_ERR'],
  ];
  const codes = {};
  for (let i = 0; i < legacy.length; i++) if (legacy[i][0] !== '') codes[legacy[i][0]] = legacy[i][1];
  class DOMException extends Error {
    constructor(message = '', options = 'Error') {
      super(String(message));
      let name = 'Error';
      if (options !== null && typeof options === 'object') {
        if ('name' in options) name = String(options.name);
      } else {
        name = String(options);
      }
      defineProperty(this, 'name', { value: name, writable: true, enumerable: false, configurable: true });
    }
    get code() {
      const name = this.name;
      return typeof name === 'string' && Object.prototype.hasOwnProperty.call(codes, name) ? codes[name] : 0;
    }
  }
  defineProperty(DOMException.prototype, Symbol.toStringTag, { value: 'DOMException', configurable: true });
  for (let i = 0; i < legacy.length; i++) {
    defineProperty(DOMException, legacy[i][2], { value: legacy[i][1], enumerable: true });
    defineProperty(DOMException.prototype, legacy[i][2], { value: legacy[i][1], enumerable: true });
  }

  // Node's " Received …" tail of an argument-type error.
  function received(v) {
    if (v === null || v === undefined) return ` Received ${v}`;
    if (typeof v === 'function') return ` Received function ${v.name}`;
    if (typeof v === 'object') {
      const ctor = v.constructor;
      return ctor !== undefined && ctor !== null && typeof ctor.name === 'string' && ctor.name !== '' ? ` Received an instance of ${ctor.name}` : ' Received [Object: null prototype]';
    }
    let shown = typeof v === 'string' ? `'${v.length > 25 ? `${v.slice(0, 25)}...` : v}'` : typeof v === 'bigint' ? `${v}n` : String(v);
    if (typeof v === 'symbol') shown = apply(symbolToString, v, []);
    return ` Received type ${typeof v} (${shown})`;
  }

  function missing(name) {
    const err = new TypeError(`The "${name}" argument must be specified`);
    defineProperty(err, 'code', { value: 'ERR_MISSING_ARGS', writable: true, enumerable: false, configurable: true });
    return err;
  }

  // structuredClone: HTML's StructuredSerialize and StructuredDeserialize in one walk.
  function notCloneable(value) {
    let text;
    if (typeof value === 'symbol') text = apply(symbolToString, value, []);
    else if (typeof value === 'function') text = apply(functionToString, value, []);
    else text = value;
    return new DOMException(`${text} could not be cloned.`, 'DataCloneError');
  }

  function clone(value, memory) {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) {
      if (typeof value === 'symbol') throw notCloneable(value);
      return value;
    }
    if (typeof value === 'function') throw notCloneable(value);
    if (apply(mapHas, memory, [value])) return apply(mapGet, memory, [value]);
    for (let i = 0; i < wrappers.length; i++) {
      if (has(wrappers[i][0], value)) {
        const out = Object(apply(wrappers[i][0], value, []));
        apply(mapSet, memory, [value, out]);
        return out;
      }
    }
    if (has(dateGetTime, value)) return remember(memory, value, new Date(apply(dateGetTime, value, [])));
    if (has(regexpFlags, value) && has(regexpSource, value) && value !== RegExp.prototype) {
      return remember(memory, value, new RegExp(apply(regexpSource, value, []), apply(regexpFlags, value, [])));
    }
    if (has(arrayBufferByteLength, value)) return remember(memory, value, apply(arrayBufferSlice, value, [0]));
    if (isView(value)) {
      const tag = apply(typedArrayTag, value, []);
      if (tag !== undefined) {
        const buffer = clone(apply(typedArrayBuffer, value, []), memory);
        return remember(memory, value, new typedArrays[tag](buffer, apply(typedArrayOffset, value, []), apply(typedArrayLength, value, [])));
      }
      const buffer = clone(apply(dataViewBuffer, value, []), memory);
      return remember(memory, value, new DataView(buffer, apply(dataViewOffset, value, []), apply(dataViewByteLength, value, [])));
    }
    if (has(mapSize, value)) {
      // The entries are read first, then cloned (HTML: a getter that changes the map later does
      // not change what is cloned).
      const out = remember(memory, value, new Map());
      const entries = [];
      const it = apply(mapEntries, value, []);
      for (let step = apply(iteratorNext, it, []); !step.done; step = apply(iteratorNext, it, [])) entries[entries.length] = step.value;
      for (let i = 0; i < entries.length; i++) apply(mapSet, out, [clone(entries[i][0], memory), clone(entries[i][1], memory)]);
      return out;
    }
    if (has(setSize, value)) {
      const out = remember(memory, value, new Set());
      const values = [];
      const it = apply(setValues, value, []);
      for (let step = apply(setIteratorNext, it, []); !step.done; step = apply(setIteratorNext, it, [])) values[values.length] = step.value;
      for (let i = 0; i < values.length; i++) apply(setAdd, out, [clone(values[i], memory)]);
      return out;
    }
    for (let i = 0; i < uncloneable.length; i++) {
      if (has(uncloneable[i][1], value, uncloneable[i][2])) throw new DOMException(`#<${uncloneable[i][0]}> could not be cloned.`, 'DataCloneError');
    }
    if (value instanceof Error) return cloneError(value, memory);
    if (value instanceof WeakRef || value instanceof FinalizationRegistry) {
      throw new DOMException(`#<${value instanceof WeakRef ? 'WeakRef' : 'FinalizationRegistry'}> could not be cloned.`, 'DataCloneError');
    }
    const out = remember(memory, value, arrayIsArray(value) ? new Array(value.length) : {});
    const keys = ownKeys(value);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (typeof key !== 'string') continue;
      const desc = getOwnPropertyDescriptor(value, key);
      if (desc === undefined || !desc.enumerable) continue;
      const copy = clone(value[key], memory);
      defineProperty(out, key, { value: copy, writable: true, enumerable: true, configurable: true });
    }
    return out;
  }

  function remember(memory, from, to) {
    apply(mapSet, memory, [from, to]);
    return to;
  }

  function cloneError(value, memory) {
    const name = value.name;
    const Ctor = typeof name === 'string' && Object.prototype.hasOwnProperty.call(errorNames, name) ? errorNames[name] : Error;
    const desc = getOwnPropertyDescriptor(value, 'message');
    const out = remember(memory, value, desc !== undefined && 'value' in desc ? new Ctor(String(desc.value)) : new Ctor());
    const cause = getOwnPropertyDescriptor(value, 'cause');
    if (cause !== undefined && 'value' in cause) defineProperty(out, 'cause', { value: clone(cause.value, memory), writable: true, enumerable: false, configurable: true });
    const stack = getOwnPropertyDescriptor(value, 'stack');
    if (stack !== undefined && 'value' in stack && typeof stack.value === 'string') defineProperty(out, 'stack', { value: stack.value, writable: true, enumerable: false, configurable: true });
    return out;
  }

  // Written with a rest parameter for Node's length, 0.
  function structuredClone(...args) {
    if (args.length === 0) {
      const err = new TypeError('The value argument must be specified');
      defineProperty(err, 'code', { value: 'ERR_MISSING_ARGS', writable: true, enumerable: false, configurable: true });
      throw err;
    }
    const value = args[0];
    const options = args[1];
    if (options !== undefined && options !== null) {
      const transfer = options.transfer;
      if (transfer !== undefined && (typeof transfer !== 'object' || transfer === null || transfer.length !== 0)) {
        throw new RangeError('structuredClone: the transfer option is not supported by the validation engine (it cannot detach a buffer); clone without it');
      }
    }
    return clone(value, new Map());
  }

  // Base64, forgiving (WHATWG): whitespace ignored, padding optional where the length allows.
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const sextet = [];
  for (let i = 0; i < 128; i++) sextet[i] = -1;
  for (let i = 0; i < 64; i++) sextet[alphabet.charCodeAt(i)] = i;

  function invalidCharacter(message) {
    return new DOMException(message, 'InvalidCharacterError');
  }

  function atob(data) {
    if (arguments.length === 0) throw missing('input');
    const text = String(data);
    const codes = [];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x20) continue;
      codes[codes.length] = c;
    }
    let n = codes.length;
    if (n % 4 === 0 && n > 0 && codes[n - 1] === 0x3d) {
      n--;
      if (codes[n - 1] === 0x3d) n--;
    }
    if (n % 4 === 1) throw invalidCharacter('The string to be decoded is not correctly encoded.');
    const out = [];
    let chunk = '';
    let bits = 0;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const c = codes[i];
      const v = c < 128 ? sextet[c] : -1;
      if (v < 0) throw invalidCharacter('Invalid character');
      bits = (bits << 6) | v;
      count += 6;
      if (count >= 8) {
        count -= 8;
        out[out.length] = (bits >> count) & 0xff;
        if (out.length === 4096) {
          chunk += apply(fromCharCode, null, out);
          out.length = 0;
        }
      }
    }
    return chunk + apply(fromCharCode, null, out);
  }

  function btoa(data) {
    if (arguments.length === 0) throw missing('input');
    const text = String(data);
    let out = '';
    for (let i = 0; i < text.length; i += 3) {
      const a = text.charCodeAt(i);
      const b = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      const c = i + 2 < text.length ? text.charCodeAt(i + 2) : 0;
      if (a > 0xff || b > 0xff || c > 0xff) throw invalidCharacter('Invalid character');
      const bits = (a << 16) | (b << 8) | c;
      out += alphabet[bits >> 18] + alphabet[(bits >> 12) & 63];
      out += i + 1 < text.length ? alphabet[(bits >> 6) & 63] : '=';
      out += i + 2 < text.length ? alphabet[bits & 63] : '=';
    }
    return out;
  }

  // UTF-8 (WHATWG Encoding): lone surrogates become U+FFFD.
  function utf8Length(text) {
    let n = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x80) n += 1;
      else if (c < 0x800) n += 2;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        n += 4;
        i++;
      } else n += 3;
    }
    return n;
  }

  // encodeUTF8 writes text's code points into bytes while whole ones fit; it returns the UTF-16
  // units read and the bytes written.
  function encodeUTF8(text, bytes) {
    let w = 0;
    let r = 0;
    const cap = bytes.length;
    while (r < text.length) {
      let c = text.charCodeAt(r);
      let units = 1;
      if (c >= 0xd800 && c <= 0xdfff) {
        const next = r + 1 < text.length ? text.charCodeAt(r + 1) : 0;
        if (c <= 0xdbff && (next & 0xfc00) === 0xdc00) {
          c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          units = 2;
        } else c = 0xfffd;
      }
      if (c < 0x80) {
        if (w + 1 > cap) break;
        bytes[w++] = c;
      } else if (c < 0x800) {
        if (w + 2 > cap) break;
        bytes[w++] = 0xc0 | (c >> 6);
        bytes[w++] = 0x80 | (c & 63);
      } else if (c < 0x10000) {
        if (w + 3 > cap) break;
        bytes[w++] = 0xe0 | (c >> 12);
        bytes[w++] = 0x80 | ((c >> 6) & 63);
        bytes[w++] = 0x80 | (c & 63);
      } else {
        if (w + 4 > cap) break;
        bytes[w++] = 0xf0 | (c >> 18);
        bytes[w++] = 0x80 | ((c >> 12) & 63);
        bytes[w++] = 0x80 | ((c >> 6) & 63);
        bytes[w++] = 0x80 | (c & 63);
      }
      r += units;
    }
    return { read: r, written: w };
  }

  class TextEncoder {
    get encoding() {
      return 'utf-8';
    }
    encode(input = '') {
      const text = String(input);
      const bytes = new Uint8Array(utf8Length(text));
      encodeUTF8(text, bytes);
      return bytes;
    }
    encodeInto(source, destination) {
      if (!(destination instanceof Uint8Array)) throw new TypeError(`The "dest" argument must be an instance of Uint8Array.${received(destination)}`);
      return encodeUTF8(String(source), destination);
    }
  }
  defineProperty(TextEncoder.prototype, Symbol.toStringTag, { value: 'TextEncoder', configurable: true });

  // The WHATWG labels of the encodings decoded here.
  const labels = {};
  for (const label of ['unicode-1-1-utf-8', 'unicode11utf8', 'unicode20utf8', 'utf-8', 'utf8', 'x-unicode20utf8']) labels[label] = 'utf-8';
  for (const label of ['csunicode', 'iso-10646-ucs-2', 'ucs-2', 'unicode', 'unicodefeff', 'utf-16', 'utf-16le']) labels[label] = 'utf-16le';
  for (const label of ['ansi_x3.4-1968', 'ascii', 'cp1252', 'cp819', 'csisolatin1', 'ibm819', 'iso-8859-1', 'iso-ir-100', 'iso8859-1', 'iso88591', 'iso_8859-1', 'iso_8859-1:1987', 'l1', 'latin1', 'us-ascii', 'windows-1252', 'x-cp1252']) labels[label] = 'windows-1252';

  const decoderState = new WeakMap();

  function bytesOf(input) {
    if (input === undefined) return new Uint8Array(0);
    if (has(arrayBufferByteLength, input)) return new Uint8Array(input);
    if (isView(input)) {
      if (apply(typedArrayTag, input, []) !== undefined) return new Uint8Array(apply(typedArrayBuffer, input, []), apply(typedArrayOffset, input, []), apply(typedArrayByteLength, input, []));
      return new Uint8Array(apply(dataViewBuffer, input, []), apply(dataViewOffset, input, []), apply(dataViewByteLength, input, []));
    }
    throw new TypeError('The "list" argument must be an instance of SharedArrayBuffer, ArrayBuffer or ArrayBufferView.');
  }

  class TextDecoder {
    constructor(label = 'utf-8', options = {}) {
      const key = String(label).trim().toLowerCase();
      const encoding = Object.prototype.hasOwnProperty.call(labels, key) ? labels[key] : undefined;
      if (encoding === undefined) throw new RangeError(`The "${String(label)}" encoding is not supported`);
      const opts = options === undefined || options === null ? {} : options;
      decoderState.set(this, { encoding, fatal: Boolean(opts.fatal), ignoreBOM: Boolean(opts.ignoreBOM), pending: [], bomSeen: false });
    }
    get encoding() {
      return state(this).encoding;
    }
    get fatal() {
      return state(this).fatal;
    }
    get ignoreBOM() {
      return state(this).ignoreBOM;
    }
    decode(input = undefined, options = {}) {
      const s = state(this);
      const stream = options !== undefined && options !== null && Boolean(options.stream);
      const fresh = bytesOf(input);
      let bytes = fresh;
      if (s.pending.length > 0) {
        bytes = new Uint8Array(s.pending.length + fresh.length);
        for (let i = 0; i < s.pending.length; i++) bytes[i] = s.pending[i];
        bytes.set(fresh, s.pending.length);
        s.pending = [];
      }
      let text;
      if (s.encoding === 'utf-8') text = decodeUTF8(bytes, s, stream);
      else if (s.encoding === 'utf-16le') text = decodeUTF16(bytes, s, stream);
      else text = decodeLatin1(bytes);
      if (!s.ignoreBOM && !s.bomSeen && text.length > 0) {
        if (s.encoding !== 'windows-1252' && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        s.bomSeen = true;
      }
      if (!stream) s.bomSeen = false;
      return text;
    }
  }
  defineProperty(TextDecoder.prototype, Symbol.toStringTag, { value: 'TextDecoder', configurable: true });

  function state(decoder) {
    const s = decoderState.get(decoder);
    if (s === undefined) throw new TypeError('Value of "this" must be of type TextDecoder');
    return s;
  }

  // A string built from code units in chunks (fromCharCode.apply has an argument limit).
  function units() {
    const out = [];
    let text = '';
    return {
      push(u) {
        out[out.length] = u;
        if (out.length === 4096) {
          text += apply(fromCharCode, null, out);
          out.length = 0;
        }
      },
      done() {
        return text + apply(fromCharCode, null, out);
      },
    };
  }

  function invalidData(encoding) {
    const err = new TypeError(`The encoded data was not valid for encoding ${encoding}`);
    defineProperty(err, 'code', { value: 'ERR_ENCODING_INVALID_ENCODED_DATA', writable: true, enumerable: false, configurable: true });
    return err;
  }

  function pushCodePoint(out, cp) {
    if (cp < 0x10000) out.push(cp);
    else {
      out.push(0xd800 + ((cp - 0x10000) >> 10));
      out.push(0xdc00 + ((cp - 0x10000) & 0x3ff));
    }
  }

  // The WHATWG UTF-8 decoder: each maximal invalid subsequence is one U+FFFD.
  function decodeUTF8(bytes, s, stream) {
    const out = units();
    let i = 0;
    const n = bytes.length;
    while (i < n) {
      const b = bytes[i];
      if (b < 0x80) {
        out.push(b);
        i++;
        continue;
      }
      let need = 0;
      let cp = 0;
      let lower = 0x80;
      let upper = 0xbf;
      if (b >= 0xc2 && b <= 0xdf) {
        need = 1;
        cp = b & 0x1f;
      } else if (b >= 0xe0 && b <= 0xef) {
        need = 2;
        cp = b & 0xf;
        if (b === 0xe0) lower = 0xa0;
        if (b === 0xed) upper = 0x9f;
      } else if (b >= 0xf0 && b <= 0xf4) {
        need = 3;
        cp = b & 0x7;
        if (b === 0xf0) lower = 0x90;
        if (b === 0xf4) upper = 0x8f;
      } else {
        if (s.fatal) throw invalidData('utf-8');
        out.push(0xfffd);
        i++;
        continue;
      }
      let j = i + 1;
      let ok = true;
      for (let k = 0; k < need; k++, j++) {
        if (j >= n) {
          ok = false;
          break;
        }
        const c = bytes[j];
        if (c < lower || c > upper) {
          ok = false;
          break;
        }
        lower = 0x80;
        upper = 0xbf;
        cp = (cp << 6) | (c & 0x3f);
      }
      if (ok) {
        pushCodePoint(out, cp);
        i = j;
        continue;
      }
      if (j >= n && stream) {
        for (let k = i; k < n; k++) s.pending[s.pending.length] = bytes[k];
        break;
      }
      if (s.fatal) throw invalidData('utf-8');
      out.push(0xfffd);
      i = j;
    }
    return out.done();
  }

  function decodeUTF16(bytes, s, stream) {
    const out = units();
    let n = bytes.length;
    if (n % 2 === 1 && stream) {
      s.pending[0] = bytes[n - 1];
      n--;
    }
    let lead = -1;
    for (let i = 0; i + 1 < n; i += 2) {
      const u = bytes[i] | (bytes[i + 1] << 8);
      if (lead >= 0) {
        if (u >= 0xdc00 && u <= 0xdfff) {
          out.push(lead);
          out.push(u);
          lead = -1;
          continue;
        }
        if (s.fatal) throw invalidData('utf-16le');
        out.push(0xfffd);
        lead = -1;
      }
      if (u >= 0xd800 && u <= 0xdbff) {
        if (i + 2 >= n && stream) {
          s.pending[0] = bytes[i];
          s.pending[1] = bytes[i + 1];
          if (n < bytes.length) s.pending[2] = bytes[n];
          return out.done();
        }
        lead = u;
      } else if (u >= 0xdc00 && u <= 0xdfff) {
        if (s.fatal) throw invalidData('utf-16le');
        out.push(0xfffd);
      } else out.push(u);
    }
    if (lead >= 0 || (n % 2 === 1 && !stream)) {
      if (s.fatal) throw invalidData('utf-16le');
      out.push(0xfffd);
    }
    return out.done();
  }

  // Node's "windows-1252" decoder is Latin-1: every byte its own code point (0x80 stays U+0080,
  // where WHATWG's table says €). Node is what authors test with.
  function decodeLatin1(bytes) {
    const out = units();
    for (let i = 0; i < bytes.length; i++) out.push(bytes[i]);
    return out.done();
  }

  // WeakRef and FinalizationRegistry: goja has no weak references. A target that is never
  // collected and a cleanup that never runs are what the language allows (and what a
  // deterministic run needs: collection timing would make a verdict depend on the heap).
  const refTargets = new WeakMap();
  function canBeHeldWeakly(v) {
    return (typeof v === 'object' && v !== null) || typeof v === 'function' || (typeof v === 'symbol' && Symbol.keyFor(v) === undefined);
  }
  // Functions, not classes: a call without `new` then says what V8 says.
  function WeakRef(target) {
    if (new.target === undefined) throw new TypeError("Constructor WeakRef requires 'new'");
    if (!canBeHeldWeakly(target)) throw new TypeError('WeakRef: invalid target');
    refTargets.set(this, target);
  }
  defineProperty(WeakRef.prototype, 'deref', {
    value: function deref() {
      if (!refTargets.has(this)) throw new TypeError('WeakRef.prototype.deref: receiver is not a WeakRef');
      return refTargets.get(this);
    },
    writable: true,
    configurable: true,
  });
  defineProperty(WeakRef.prototype, Symbol.toStringTag, { value: 'WeakRef', configurable: true });

  const registries = new WeakMap();
  function FinalizationRegistry(cleanup) {
    if (new.target === undefined) throw new TypeError("Constructor FinalizationRegistry requires 'new'");
    if (typeof cleanup !== 'function') throw new TypeError('FinalizationRegistry: cleanup must be callable');
    registries.set(this, []);
  }
  const registryMethods = {
    register(target, heldValue, unregisterToken) {
      const cells = registries.get(this);
      if (cells === undefined) throw new TypeError('FinalizationRegistry.prototype.register: receiver is not a FinalizationRegistry');
      if (!canBeHeldWeakly(target)) throw new TypeError('FinalizationRegistry.prototype.register: invalid target');
      if (target === heldValue) throw new TypeError('FinalizationRegistry.prototype.register: target and holdings must not be same');
      if (unregisterToken !== undefined && !canBeHeldWeakly(unregisterToken)) throw new TypeError(`Invalid unregisterToken ('${String(unregisterToken)}')`);
      // Only tokens are kept (unregister reports whether one was registered): a cleanup never
      // runs, so neither target nor held value is needed again.
      if (unregisterToken !== undefined) cells[cells.length] = unregisterToken;
      return undefined;
    },
    unregister(unregisterToken) {
      const cells = registries.get(this);
      if (cells === undefined) throw new TypeError('FinalizationRegistry.prototype.unregister: receiver is not a FinalizationRegistry');
      if (!canBeHeldWeakly(unregisterToken)) throw new TypeError(`Invalid unregisterToken ('${String(unregisterToken)}')`);
      let removed = false;
      for (let i = cells.length - 1; i >= 0; i--) {
        if (cells[i] === unregisterToken) {
          cells.splice(i, 1);
          removed = true;
        }
      }
      return removed;
    },
  };
  for (const name of ['register', 'unregister']) defineProperty(FinalizationRegistry.prototype, name, { value: registryMethods[name], writable: true, configurable: true });
  defineProperty(FinalizationRegistry.prototype, Symbol.toStringTag, { value: 'FinalizationRegistry', configurable: true });

  // queueMicrotask: a job after the current one, as a resolved promise's reaction is (goja runs
  // those when the guarded call's script or function returns, as Node does at the end of a task).
  const promiseThen = Promise.prototype.then;
  const resolved = Promise.resolve();
  function queueMicrotask(callback) {
    if (typeof callback !== 'function') throw new TypeError(`The "callback" argument must be of type function.${received(callback)}`);
    apply(promiseThen, resolved, [() => callback()]);
  }

  const globals = { structuredClone, DOMException, TextEncoder, TextDecoder, atob, btoa, queueMicrotask, WeakRef, FinalizationRegistry };

  // ECMAScript methods goja lacks or gets wrong, repaired before lockdown freezes them:
  // String.prototype.isWellFormed and toWellFormed (ES2024; Node 20 has them), and
  // Date.prototype.toISOString for years outside 0–9999 (goja writes -0001, ECMAScript's
  // expanded years are ±YYYYYY).
  function isWellFormed() {
    if (this === undefined || this === null) throw new TypeError('String.prototype.isWellFormed called on null or undefined');
    const s = String(this);
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
      else if (c >= 0xd800 && c <= 0xdfff) return false;
    }
    return true;
  }
  function toWellFormed() {
    if (this === undefined || this === null) throw new TypeError('String.prototype.toWellFormed called on null or undefined');
    const s = String(this);
    let out = '';
    let from = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
      else if (c >= 0xd800 && c <= 0xdfff) {
        out += s.slice(from, i) + '\ufffd';
        from = i + 1;
      }
    }
    return from === 0 ? s : out + s.slice(from);
  }
  const gojaISO = Date.prototype.toISOString;
  const dateTime = Date.prototype.getTime;
  const utcYear = Date.prototype.getUTCFullYear;
  function toISOString() {
    let time;
    try {
      time = apply(dateTime, this, []);
    } catch {
      throw new TypeError(`Method Date.prototype.toISOString called on incompatible receiver ${received(this).replace(/^ Received (an instance of )?/, '#<').replace(/$/, '>')}`);
    }
    if (time !== time) throw new RangeError('Invalid time value');
    const iso = apply(gojaISO, this, []);
    const year = apply(utcYear, this, []);
    if (year >= 0 && year <= 9999) return iso;
    const rest = iso.slice(iso.indexOf('-', 1));
    const digits = String(year < 0 ? -year : year);
    return (year < 0 ? '-' : '+') + '000000'.slice(digits.length) + digits + rest;
  }
  // Number(value) of a BigInt beyond 64 bits: goja takes the BigInt's low 64 bits (Number(2n **
  // 64n) is 0, Number(-(2n ** 63n) - 1n) positive). ECMAScript rounds the mathematical value to
  // the nearest double, as goja's reading of the BigInt's decimal string does (correctly rounded,
  // Infinity beyond the range). The repaired Number is the same constructor otherwise: its
  // prototype, statics and subclassing are the originals'.
  const bigintToString = BigInt.prototype.toString;
  const { construct, setPrototypeOf } = Reflect;
  const isPrototypeOf = Object.prototype.isPrototypeOf;
  const functionBind = Function.prototype.bind;
  function repairNumber(global) {
    const GojaNumber = global.Number;
    const bigintToNumber = (b) => GojaNumber(apply(bigintToString, b, []));
    function toNumber(value) {
      if (typeof value === 'bigint') return bigintToNumber(value);
      if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return GojaNumber(value);
      // ToNumeric(value) with ToPrimitive run once, as negation does; exact, so negating back
      // gives the value (and -0 stays -0).
      const negated = -value;
      return typeof negated === 'bigint' ? bigintToNumber(-negated) : -negated;
    }
    // A call and a construction are told apart by new.target (the engine's patched goja clears
    // it on a plain call: third_party/goja/PATCHES.md). Constructed (new Number, a subclass's
    // super()), the wrapper's prototype is new.target's, as the built-in's is.
    const numberProto = GojaNumber.prototype;
    const impl = function Number(value) {
      const n = arguments.length === 0 ? 0 : toNumber(value);
      if (new.target === undefined) return n;
      return construct(GojaNumber, [n], new.target);
    };
    defineProperty(impl, 'prototype', { value: numberProto });
    // Bound, so that its source is "function Number() { [native code] }" as a built-in's.
    const repaired = apply(functionBind, impl, [undefined]);
    const keys = ownKeys(GojaNumber);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (key !== 'length') defineProperty(repaired, key, getOwnPropertyDescriptor(GojaNumber, key));
    }
    defineProperty(GojaNumber.prototype, 'constructor', { value: repaired, writable: true, enumerable: false, configurable: true });
    defineProperty(global, 'Number', { value: repaired, writable: true, enumerable: false, configurable: true });
  }
  const repairs = [
    [String.prototype, 'isWellFormed', isWellFormed],
    [String.prototype, 'toWellFormed', toWellFormed],
    [Date.prototype, 'toISOString', toISOString],
  ];
  return function install(global) {
    repairNumber(global);
    for (let i = 0; i < repairs.length; i++) {
      const [proto, name, fn] = repairs[i];
      if (name === 'toISOString' || typeof proto[name] !== 'function') defineProperty(proto, name, { value: fn, writable: true, enumerable: false, configurable: true });
    }
    const names = ownKeys(globals);
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      if (name in global) continue; // an engine that has it already keeps its own
      const value = globals[name];
      defineProperty(global, name, { value, writable: true, enumerable: typeof value !== 'function' || /^[a-z]/.test(name), configurable: true });
    }
    return freeze(names.slice());
  };
})();
