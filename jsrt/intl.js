// Intl for the validation engine (goja has none): Intl.NumberFormat, Intl.PluralRules and
// Intl.Collator, Intl.getCanonicalLocales, and Number/BigInt toLocaleString and
// String.prototype.localeCompare on top of them (docs/sdk.md, "Intl in the validation engine").
// This file reads and checks options in ECMA-402's order with V8's messages; the locale data,
// formatting, plural rules and collation are Go's (package jsrt/intl), reached through the
// natives object install is given, which no author code can reach: it is held in this closure
// only. What the engine does not support (a locale without data, notation: 'compact', a
// roundingMode, …) is a RangeError that names it, never a silently different string.
//
// Installed before lockdown, so frozen with the built-ins. The program evaluates to one
// function, install(global, natives).
(function () {
  'use strict';
  const { defineProperty, freeze, create, getOwnPropertyDescriptor } = Object;
  const { apply } = Reflect;
  const jsonParse = JSON.parse;
  const jsonStringify = JSON.stringify;
  const weakGet = WeakMap.prototype.get;
  const weakSet = WeakMap.prototype.set;
  const arrayIncludes = Array.prototype.includes;
  const mathFloor = Math.floor;
  const numberValueOf = Number.prototype.valueOf;
  const bigintValueOf = typeof BigInt === 'function' ? BigInt.prototype.valueOf : undefined;
  const stringValueOf = String.prototype.valueOf;
  const isNaN = Number.isNaN;

  return function install(global, natives) {
    const slots = new WeakMap(); // an Intl object → its Go formatter

    function slot(obj, kind, method) {
      const s = typeof obj === 'object' && obj !== null ? apply(weakGet, slots, [obj]) : undefined;
      if (s === undefined || s.kind !== kind) throw new TypeError(`Method Intl.${kind}.prototype.${method} called on incompatible receiver ${String(obj)}`);
      return s;
    }

    function canonicalizeLocaleList(locales) {
      if (locales === undefined) return [];
      const out = [];
      const list = typeof locales === 'string' ? [locales] : Object(locales);
      const len = list.length >>> 0;
      for (let k = 0; k < len; k++) {
        if (!(k in list)) continue;
        const value = list[k];
        if (typeof value !== 'string' && (typeof value !== 'object' || value === null)) throw new TypeError(`Language ID should be string or object.`);
        const tag = natives.canonicalize(String(value));
        if (!apply(arrayIncludes, out, [tag])) out[out.length] = tag;
      }
      return out;
    }

    function coerceOptions(options) {
      if (options === undefined) return create(null);
      if (options === null) throw new TypeError('Cannot convert undefined or null to object');
      return Object(options);
    }

    function getOption(options, property, type, values, fallback, ctor) {
      let value = options[property];
      if (value === undefined) return fallback;
      value = type === 'boolean' ? Boolean(value) : String(value);
      if (values !== undefined && !apply(arrayIncludes, values, [value])) throw new RangeError(`Value ${value} out of range for ${ctor} options property ${property}`);
      return value;
    }

    function getNumberOption(options, property, minimum, maximum, fallback) {
      const raw = options[property];
      if (raw === undefined) return fallback;
      const value = Number(raw);
      if (isNaN(value) || value < minimum || value > maximum) throw new RangeError(`${property} value is out of range.`);
      return mathFloor(value);
    }

    function unsupported(option, value, ctor) {
      return new RangeError(`${ctor}: ${option} ${jsonStringify(value)} is not supported by the validation engine`);
    }

    // The engine's own options for a format, read in ECMA-402's order; Go resolves the digits.
    function numberOptions(options, ctor, forPlurals) {
      getOption(options, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', ctor);
      const out = { style: 'decimal', currency: '', currencyDisplay: 'symbol', currencySign: 'standard', useGrouping: 'auto', signDisplay: 'auto' };
      if (!forPlurals) {
        const nu = getOption(options, 'numberingSystem', 'string', undefined, undefined, ctor);
        if (nu !== undefined && nu !== 'latn') {
          if (!/^[a-zA-Z0-9]{3,8}(-[a-zA-Z0-9]{3,8})*$/.test(nu)) throw new RangeError(`Invalid numberingSystem : ${nu}`);
          throw unsupported('numberingSystem', nu, ctor);
        }
        out.style = getOption(options, 'style', 'string', ['decimal', 'percent', 'currency', 'unit'], 'decimal', ctor);
        let currency = getOption(options, 'currency', 'string', undefined, undefined, ctor);
        if (currency !== undefined && !/^[a-zA-Z]{3}$/.test(currency)) throw new RangeError(`Invalid currency code : ${currency}`);
        out.currencyDisplay = getOption(options, 'currencyDisplay', 'string', ['code', 'symbol', 'narrowSymbol', 'name'], 'symbol', ctor);
        out.currencySign = getOption(options, 'currencySign', 'string', ['standard', 'accounting'], 'standard', ctor);
        const unit = getOption(options, 'unit', 'string', undefined, undefined, ctor);
        getOption(options, 'unitDisplay', 'string', ['short', 'narrow', 'long'], 'short', ctor);
        if (out.style === 'currency') {
          if (currency === undefined) throw new TypeError('Currency code is required with currency style.');
          out.currency = currency.toUpperCase();
          if (out.currencyDisplay === 'name') throw unsupported('currencyDisplay', 'name', ctor);
        }
        if (out.style === 'unit') {
          if (unit === undefined) throw new TypeError('Unit is required with unit style.');
          throw unsupported('style', 'unit', ctor);
        }
        const notation = getOption(options, 'notation', 'string', ['standard', 'scientific', 'engineering', 'compact'], 'standard', ctor);
        if (notation !== 'standard') throw unsupported('notation', notation, ctor);
      } else {
        out.type = getOption(options, 'type', 'string', ['cardinal', 'ordinal'], 'cardinal', ctor);
      }
      out.minimumIntegerDigits = getNumberOption(options, 'minimumIntegerDigits', 1, 21, 1);
      out.minimumFractionDigits = getNumberOption(options, 'minimumFractionDigits', 0, 100, -1);
      out.maximumFractionDigits = getNumberOption(options, 'maximumFractionDigits', 0, 100, -1);
      out.minimumSignificantDigits = getNumberOption(options, 'minimumSignificantDigits', 1, 21, -1);
      out.maximumSignificantDigits = getNumberOption(options, 'maximumSignificantDigits', 1, 21, -1);
      const increment = getNumberOption(options, 'roundingIncrement', 1, 5000, 1);
      if (increment !== 1) throw unsupported('roundingIncrement', increment, ctor);
      const mode = getOption(options, 'roundingMode', 'string', ['ceil', 'floor', 'expand', 'trunc', 'halfCeil', 'halfFloor', 'halfExpand', 'halfTrunc', 'halfEven'], 'halfExpand', ctor);
      if (mode !== 'halfExpand') throw unsupported('roundingMode', mode, ctor);
      const priority = getOption(options, 'roundingPriority', 'string', ['auto', 'morePrecision', 'lessPrecision'], 'auto', ctor);
      if (priority !== 'auto') throw unsupported('roundingPriority', priority, ctor);
      const trailing = getOption(options, 'trailingZeroDisplay', 'string', ['auto', 'stripIfInteger'], 'auto', ctor);
      if (trailing !== 'auto') throw unsupported('trailingZeroDisplay', trailing, ctor);
      if (!forPlurals) {
        getOption(options, 'compactDisplay', 'string', ['short', 'long'], 'short', ctor);
        const grouping = options.useGrouping;
        if (grouping === undefined) out.useGrouping = 'auto';
        else if (grouping === true) out.useGrouping = 'always';
        else if (!grouping) out.useGrouping = 'false';
        else {
          const g = String(grouping);
          if (g === 'true' || g === 'false') out.useGrouping = 'auto';
          else if (g === 'min2' || g === 'auto' || g === 'always') out.useGrouping = g;
          else throw new RangeError(`Value ${g} out of range for ${ctor} options property useGrouping`);
        }
        out.signDisplay = getOption(options, 'signDisplay', 'string', ['auto', 'never', 'always', 'exceptZero', 'negative'], 'auto', ctor);
      }
      return out;
    }

    // ToIntlMathematicalValue: a BigInt as is, a decimal string exactly (Go reads its digits),
    // anything else a Number.
    const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
    function mathematicalValue(value) {
      if (typeof value === 'bigint') return value;
      if (typeof value === 'string') return DECIMAL.test(value) ? value : Number(value);
      return Number(value);
    }

    function resolvedObject(json) {
      return jsonParse(json);
    }

    // Intl.NumberFormat
    function NumberFormat(locales, options) {
      const requested = canonicalizeLocaleList(locales);
      const opts = numberOptions(coerceOptions(options), 'Intl.NumberFormat', false);
      const handle = natives.numberFormat(requested, jsonStringify(opts));
      const target = new.target === undefined ? create(NumberFormat.prototype) : this;
      apply(weakSet, slots, [target, { kind: 'NumberFormat', handle, bound: undefined }]);
      return target;
    }
    const numberFormatMethods = {
      formatToParts(value) {
        return slot(this, 'NumberFormat', 'formatToParts').handle.formatToParts(mathematicalValue(value));
      },
      resolvedOptions() {
        return resolvedObject(slot(this, 'NumberFormat', 'resolvedOptions').handle.resolved);
      },
    };
    defineProperty(NumberFormat.prototype, 'format', {
      get: function format() {
        const s = slot(this, 'NumberFormat', 'format');
        if (s.bound === undefined) {
          const handle = s.handle;
          s.bound = (value) => handle.format(mathematicalValue(value));
        }
        return s.bound;
      },
      configurable: true,
    });

    // Intl.PluralRules
    function PluralRules(locales, options) {
      if (new.target === undefined) throw new TypeError("Constructor Intl.PluralRules requires 'new'");
      const requested = canonicalizeLocaleList(locales);
      const opts = numberOptions(coerceOptions(options), 'Intl.PluralRules', true);
      apply(weakSet, slots, [this, { kind: 'PluralRules', handle: natives.pluralRules(requested, jsonStringify(opts)) }]);
    }
    const pluralRulesMethods = {
      select(value) {
        return slot(this, 'PluralRules', 'select').handle.select(Number(value));
      },
      resolvedOptions() {
        return resolvedObject(slot(this, 'PluralRules', 'resolvedOptions').handle.resolved);
      },
    };

    // Intl.Collator
    function collatorOptions(options) {
      const ctor = 'Intl.Collator';
      const out = {};
      out.usage = getOption(options, 'usage', 'string', ['sort', 'search'], 'sort', ctor);
      getOption(options, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', ctor);
      const collation = getOption(options, 'collation', 'string', undefined, undefined, ctor);
      if (collation !== undefined && collation !== 'default') throw unsupported('collation', collation, ctor);
      out.numeric = getOption(options, 'numeric', 'boolean', undefined, false, ctor);
      out.caseFirst = getOption(options, 'caseFirst', 'string', ['upper', 'lower', 'false'], 'false', ctor);
      out.sensitivity = getOption(options, 'sensitivity', 'string', ['base', 'accent', 'case', 'variant'], 'variant', ctor);
      out.ignorePunctuation = getOption(options, 'ignorePunctuation', 'boolean', undefined, false, ctor);
      return out;
    }
    function Collator(locales, options) {
      const requested = canonicalizeLocaleList(locales);
      const opts = collatorOptions(coerceOptions(options));
      const target = new.target === undefined ? create(Collator.prototype) : this;
      apply(weakSet, slots, [target, { kind: 'Collator', handle: natives.collator(requested, jsonStringify(opts)), bound: undefined }]);
      return target;
    }
    const collatorMethods = {
      resolvedOptions() {
        return resolvedObject(slot(this, 'Collator', 'resolvedOptions').handle.resolved);
      },
    };
    defineProperty(Collator.prototype, 'compare', {
      get: function compare() {
        const s = slot(this, 'Collator', 'compare');
        if (s.bound === undefined) {
          const handle = s.handle;
          s.bound = (x, y) => handle.compare(String(x), String(y));
        }
        return s.bound;
      },
      configurable: true,
    });

    function supportedLocalesOf(locales, options) {
      const requested = canonicalizeLocaleList(locales);
      if (options !== undefined) getOption(coerceOptions(options), 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', 'Intl');
      return natives.supported(requested);
    }

    function methods(proto, table, tag) {
      for (const name of Object.keys(table)) defineProperty(proto, name, { value: table[name], writable: true, configurable: true });
      defineProperty(proto, Symbol.toStringTag, { value: tag, configurable: true });
    }
    methods(NumberFormat.prototype, numberFormatMethods, 'Intl.NumberFormat');
    methods(PluralRules.prototype, pluralRulesMethods, 'Intl.PluralRules');
    methods(Collator.prototype, collatorMethods, 'Intl.Collator');
    for (const C of [NumberFormat, PluralRules, Collator]) defineProperty(C, 'supportedLocalesOf', { value: supportedLocalesOf, writable: true, configurable: true });

    const Intl = {};
    for (const [name, value] of [['NumberFormat', NumberFormat], ['PluralRules', PluralRules], ['Collator', Collator]]) {
      defineProperty(Intl, name, { value, writable: true, configurable: true });
    }
    defineProperty(Intl, 'getCanonicalLocales', {
      value: function getCanonicalLocales(locales) {
        return canonicalizeLocaleList(locales);
      },
      writable: true,
      configurable: true,
    });
    defineProperty(Intl, Symbol.toStringTag, { value: 'Intl', configurable: true });
    defineProperty(global, 'Intl', { value: Intl, writable: true, configurable: true });

    // The built-ins' locale methods, as ECMA-402 defines them on top of Intl. Formatters for
    // the defaults are made once per runtime (a sort's comparisons would make thousands).
    let defaultNumber;
    let defaultCollator;
    function thisNumber(value, valueOf, name) {
      try {
        return apply(valueOf, value, []);
      } catch {
        throw new TypeError(`${name}.prototype.toLocaleString requires that 'this' be a ${name}`);
      }
    }
    const localeMethods = {
      numberToLocaleString(locales, options) {
        const x = thisNumber(this, numberValueOf, 'Number');
        if (locales === undefined && options === undefined) {
          if (defaultNumber === undefined) defaultNumber = new NumberFormat();
          return defaultNumber.format(x);
        }
        return new NumberFormat(locales, options).format(x);
      },
      bigintToLocaleString(locales, options) {
        const x = thisNumber(this, bigintValueOf, 'BigInt');
        if (locales === undefined && options === undefined) {
          if (defaultNumber === undefined) defaultNumber = new NumberFormat();
          return defaultNumber.format(x);
        }
        return new NumberFormat(locales, options).format(x);
      },
      localeCompare(that, locales, options) {
        if (this === undefined || this === null) throw new TypeError('String.prototype.localeCompare called on null or undefined');
        const s = typeof this === 'string' ? this : typeof this === 'object' && isStringObject(this) ? apply(stringValueOf, this, []) : String(this);
        if (locales === undefined && options === undefined) {
          if (defaultCollator === undefined) defaultCollator = new Collator();
          return defaultCollator.compare(s, that);
        }
        return new Collator(locales, options).compare(s, that);
      },
    };
    function isStringObject(v) {
      try {
        apply(stringValueOf, v, []);
        return true;
      } catch {
        return false;
      }
    }
    // Date's locale methods: the default format of each (no Intl.DateTimeFormat yet), in the
    // local time zone or UTC; any other option is a RangeError that names it.
    const dateOptions = ['localeMatcher', 'calendar', 'numberingSystem', 'hour12', 'hourCycle', 'timeZone', 'weekday', 'era', 'year', 'month', 'day', 'dayPeriod', 'hour', 'minute', 'second', 'fractionalSecondDigits', 'timeZoneName', 'formatMatcher', 'dateStyle', 'timeStyle'];
    const utcZones = ['UTC', 'ETC/UTC', 'GMT', 'ETC/GMT', 'ETC/UCT', 'UCT', 'ETC/ZULU', 'ZULU', 'ETC/UNIVERSAL', 'UNIVERSAL'];
    const dateProto = Date.prototype;
    const local = [dateProto.getFullYear, dateProto.getMonth, dateProto.getDate, dateProto.getHours, dateProto.getMinutes, dateProto.getSeconds];
    const utc = [dateProto.getUTCFullYear, dateProto.getUTCMonth, dateProto.getUTCDate, dateProto.getUTCHours, dateProto.getUTCMinutes, dateProto.getUTCSeconds];
    const dateGetTime = dateProto.getTime;
    // How V8 names a receiver in "incompatible receiver" messages: #<Object>, or the primitive.
    function receiverText(v) {
      if ((typeof v !== 'object' && typeof v !== 'function') || v === null) return typeof v === 'string' ? v : String(v);
      const proto = Object.getPrototypeOf(v);
      const ctor = proto === null ? undefined : getOwnPropertyDescriptor(proto, 'constructor');
      const name = ctor !== undefined && typeof ctor.value === 'function' ? ctor.value.name : 'Object';
      return `#<${name || 'Object'}>`;
    }
    function dateMethod(name, kind) {
      const method = {
        [name](locales, options) {
          let time;
          try {
            time = apply(dateGetTime, this, []);
          } catch {
            throw new TypeError(`Method Date.prototype.${name} called on incompatible receiver ${receiverText(this)}`);
          }
          if (isNaN(time)) return 'Invalid Date';
          const requested = canonicalizeLocaleList(locales);
          let getters = local;
          if (options !== undefined) {
            const o = coerceOptions(options);
            for (let i = 0; i < dateOptions.length; i++) {
              const option = dateOptions[i];
              const value = o[option];
              if (value === undefined || option === 'localeMatcher') continue;
              if (option === 'timeZone' && apply(arrayIncludes, utcZones, [String(value).toUpperCase()])) {
                getters = utc;
                continue;
              }
              if (option === 'timeZone' && !/^[A-Za-z0-9_+\-/]+$/.test(String(value))) throw new RangeError(`Invalid time zone specified: ${String(value)}`);
              throw new RangeError(`Date.prototype.${name}: the option ${option} (${jsonStringify(String(value))}) is not supported by the validation engine, which has the default format only, in the local time zone or UTC`);
            }
          }
          const date = new Date(time);
          const f = [];
          for (let i = 0; i < 6; i++) f[i] = apply(getters[i], date, []);
          return natives.formatDate(requested, kind, f[0], f[1] + 1, f[2], f[3], f[4], f[5]);
        },
      }[name];
      return method;
    }
    const put = (proto, name, fn) => defineProperty(proto, name, { value: fn, writable: true, enumerable: false, configurable: true });
    defineProperty(localeMethods.numberToLocaleString, 'name', { value: 'toLocaleString' });
    defineProperty(localeMethods.bigintToLocaleString, 'name', { value: 'toLocaleString' });
    put(Number.prototype, 'toLocaleString', localeMethods.numberToLocaleString);
    if (typeof BigInt === 'function') put(BigInt.prototype, 'toLocaleString', localeMethods.bigintToLocaleString);
    put(String.prototype, 'localeCompare', localeMethods.localeCompare);
    put(Date.prototype, 'toLocaleString', dateMethod('toLocaleString', 'datetime'));
    put(Date.prototype, 'toLocaleDateString', dateMethod('toLocaleDateString', 'date'));
    put(Date.prototype, 'toLocaleTimeString', dateMethod('toLocaleTimeString', 'time'));
    return freeze(['Intl']);
  };
})();
