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
      if (s === undefined || s.kind !== kind) throw new TypeError(`Method Intl.${kind}.prototype.${method} called on incompatible receiver ${receiverText(obj)}`);
      return s;
    }

    // An Intl.Locale's tag as it holds it, anything else as a string.
    function localeTagOf(value) {
      const held = typeof value === 'object' && value !== null ? apply(weakGet, slots, [value]) : undefined;
      return held !== undefined && held.kind === 'Locale' ? held.id.tag : String(value);
    }

    function canonicalizeLocaleList(locales) {
      if (locales === undefined) return [];
      const out = [];
      const single = typeof locales === 'string' || (typeof locales === 'object' && locales !== null && apply(weakGet, slots, [locales]) !== undefined && apply(weakGet, slots, [locales]).kind === 'Locale');
      const list = single ? [locales] : Object(locales);
      const len = list.length >>> 0;
      for (let k = 0; k < len; k++) {
        if (!(k in list)) continue;
        const value = list[k];
        if (typeof value !== 'string' && (typeof value !== 'object' || value === null)) throw new TypeError(`Language ID should be string or object.`);
        const tag = natives.canonicalize(localeTagOf(value));
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
      formatRange(start, end) {
        return joinParts(numberRangeParts(slot(this, 'NumberFormat', 'formatRange'), start, end));
      },
      formatRangeToParts(start, end) {
        return numberRangeParts(slot(this, 'NumberFormat', 'formatRangeToParts'), start, end);
      },
    };
    function numberRangeParts(s, start, end) {
      if (start === undefined) throw new TypeError('Invalid start : undefined');
      if (end === undefined) throw new TypeError('Invalid end : undefined');
      const x = mathematicalValue(start);
      const y = mathematicalValue(end);
      if (typeof x === 'number' && x !== x) throw new RangeError(`Invalid start : ${String(start)}`);
      if (typeof y === 'number' && y !== y) throw new RangeError(`Invalid end : ${String(end)}`);
      return s.handle.formatRangeToParts(x, y);
    }
    function joinParts(parts) {
      let out = '';
      for (let i = 0; i < parts.length; i++) out += parts[i].value;
      return out;
    }
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

    const dateProto = Date.prototype;
    // How V8 names a receiver in "incompatible receiver" messages: #<Object>, or the primitive.
    function receiverText(v) {
      if ((typeof v !== 'object' && typeof v !== 'function') || v === null) return typeof v === 'string' ? v : String(v);
      const proto = Object.getPrototypeOf(v);
      const ctor = proto === null ? undefined : getOwnPropertyDescriptor(proto, 'constructor');
      const name = ctor !== undefined && typeof ctor.value === 'function' ? ctor.value.name : 'Object';
      return `#<${name || 'Object'}>`;
    }

    // Intl.DateTimeFormat. Options are read in ECMA-402's order (CreateDateTimeFormat), with
    // ToDateTimeOptions' defaults for Date's locale methods (required, defaults); Go finds the
    // locale's template for the combination of fields, or throws a RangeError naming them.
    const utcZones = ['UTC', 'ETC/UTC', 'GMT', 'ETC/GMT', 'ETC/UCT', 'UCT', 'ETC/ZULU', 'ZULU', 'ETC/UNIVERSAL', 'UNIVERSAL', 'ETC/GMT0', 'ETC/GMT+0', 'ETC/GMT-0', 'GMT0', 'GMT+0', 'GMT-0', 'ETC/GREENWICH', 'GREENWICH'];
    const dateFields = [
      ['weekday', ['narrow', 'short', 'long']],
      ['era', ['narrow', 'short', 'long']],
      ['year', ['2-digit', 'numeric']],
      ['month', ['2-digit', 'numeric', 'narrow', 'short', 'long']],
      ['day', ['2-digit', 'numeric']],
      ['dayPeriod', ['narrow', 'short', 'long']],
      ['hour', ['2-digit', 'numeric']],
      ['minute', ['2-digit', 'numeric']],
      ['second', ['2-digit', 'numeric']],
      ['fractionalSecondDigits'],
      ['timeZoneName', ['short', 'long', 'shortOffset', 'longOffset', 'shortGeneric', 'longGeneric']],
    ];
    const styles = ['full', 'long', 'medium', 'short'];
    function dateTimeOptions(options, required, defaults) {
      const ctor = 'Intl.DateTimeFormat';
      const o = coerceOptions(options);
      getOption(o, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', ctor);
      const calendar = getOption(o, 'calendar', 'string', undefined, undefined, ctor);
      if (calendar !== undefined) {
        if (!/^[a-zA-Z0-9]{3,8}(-[a-zA-Z0-9]{3,8})*$/.test(calendar)) throw new RangeError(`Invalid calendar : ${calendar}`);
        if (calendar !== 'gregory') throw unsupported('calendar', calendar, ctor);
      }
      const nu = getOption(o, 'numberingSystem', 'string', undefined, undefined, ctor);
      if (nu !== undefined) {
        if (!/^[a-zA-Z0-9]{3,8}(-[a-zA-Z0-9]{3,8})*$/.test(nu)) throw new RangeError(`Invalid numberingSystem : ${nu}`);
        if (nu !== 'latn') throw unsupported('numberingSystem', nu, ctor);
      }
      const out = { weekday: '', year: '', month: '', day: '', hour: '', minute: '', second: '', dateStyle: '', timeStyle: '', hour12: '', hourCycle: '', timeZone: '' };
      const hour12 = getOption(o, 'hour12', 'boolean', undefined, undefined, ctor);
      const hourCycle = getOption(o, 'hourCycle', 'string', ['h11', 'h12', 'h23', 'h24'], undefined, ctor);
      if (hour12 !== undefined) out.hour12 = hour12 ? 'true' : 'false';
      else if (hourCycle !== undefined) out.hourCycle = hourCycle;
      const zone = o.timeZone;
      if (zone !== undefined) {
        const z = String(zone);
        if (!apply(arrayIncludes, utcZones, [z.toUpperCase()])) {
          if (!/^[A-Za-z0-9_+\-/]+$/.test(z)) throw new RangeError(`Invalid time zone specified: ${z}`);
          throw new RangeError(`${ctor}: timeZone ${jsonStringify(z)} is not supported by the validation engine, which has no time zone data: use "UTC", or no timeZone for the local time zone`);
        }
        out.timeZone = 'UTC';
      }
      let explicit;
      for (let i = 0; i < dateFields.length; i++) {
        const [name, values] = dateFields[i];
        let value;
        if (name === 'fractionalSecondDigits') {
          value = getNumberOption(o, name, 1, 3, undefined);
        } else {
          value = getOption(o, name, 'string', values, undefined, ctor);
        }
        if (value === undefined) continue;
        if (explicit === undefined) explicit = name;
        if (name === 'era' || name === 'dayPeriod' || name === 'fractionalSecondDigits' || name === 'timeZoneName') throw unsupported(name, value, ctor);
        out[name] = value;
      }
      getOption(o, 'formatMatcher', 'string', ['basic', 'best fit'], 'best fit', ctor);
      const dateStyle = getOption(o, 'dateStyle', 'string', styles, undefined, ctor);
      const timeStyle = getOption(o, 'timeStyle', 'string', styles, undefined, ctor);
      if (dateStyle !== undefined || timeStyle !== undefined) {
        if (explicit !== undefined) throw new TypeError(`Can't set option ${explicit} when ${dateStyle !== undefined ? 'dateStyle' : 'timeStyle'} is used`);
        if (required === 'date' && timeStyle !== undefined) throw new TypeError('Invalid option : timeStyle');
        if (required === 'time' && dateStyle !== undefined) throw new TypeError('Invalid option : dateStyle');
        out.dateStyle = dateStyle || '';
        out.timeStyle = timeStyle || '';
        return out;
      }
      let needDefaults = true;
      if (required === 'date' || required === 'any') {
        if (out.weekday || out.year || out.month || out.day) needDefaults = false;
      }
      if (required === 'time' || required === 'any') {
        if (out.hour || out.minute || out.second) needDefaults = false;
      }
      if (needDefaults && (defaults === 'date' || defaults === 'all')) out.year = out.month = out.day = 'numeric';
      if (needDefaults && (defaults === 'time' || defaults === 'all')) out.hour = out.minute = out.second = 'numeric';
      return out;
    }
    const DateCtor = Date;
    const dateNow = Date.now;
    const localGetters = [dateProto.getFullYear, dateProto.getMonth, dateProto.getDate, dateProto.getHours, dateProto.getMinutes, dateProto.getSeconds, dateProto.getDay];
    const utcGetters = [dateProto.getUTCFullYear, dateProto.getUTCMonth, dateProto.getUTCDate, dateProto.getUTCHours, dateProto.getUTCMinutes, dateProto.getUTCSeconds, dateProto.getUTCDay];
    // A time value's fields in the format's zone, as the Go side takes them (month 1–12).
    function dateFieldsOf(time, utc) {
      const date = new DateCtor(time);
      const getters = utc ? utcGetters : localGetters;
      const f = [];
      for (let i = 0; i < 7; i++) f[i] = apply(getters[i], date, []);
      f[1] += 1;
      return f;
    }
    function timeValue(date) {
      const x = date === undefined ? dateNow() : Number(date);
      if (!(x === x) || x > 8.64e15 || x < -8.64e15) throw new RangeError('Invalid time value');
      return x;
    }
    function DateTimeFormat(locales, options) {
      return makeDateTimeFormat(locales, options, 'any', 'date', new.target === undefined ? create(DateTimeFormat.prototype) : this);
    }
    function makeDateTimeFormat(locales, options, required, defaults, target) {
      const requested = canonicalizeLocaleList(locales);
      const opts = dateTimeOptions(options, required, defaults);
      const handle = natives.dateTimeFormat(requested, jsonStringify(opts));
      apply(weakSet, slots, [target, { kind: 'DateTimeFormat', handle, utc: opts.timeZone === 'UTC', bound: undefined }]);
      return target;
    }
    function formatDateWith(s, date) {
      const f = dateFieldsOf(timeValue(date), s.utc);
      return s.handle.format(f[0], f[1], f[2], f[3], f[4], f[5], f[6]);
    }
    // formatRange of two dates: the one date where both format alike (as Node); two that
    // differ in a field shown need ICU's interval formats, which the engine does not have yet.
    function dateRangeParts(s, startDate, endDate, method) {
      if (startDate === undefined || endDate === undefined) throw new TypeError('Invalid time value');
      const x = timeValue(startDate);
      const y = timeValue(endDate);
      const fx = dateFieldsOf(x, s.utc);
      const fy = dateFieldsOf(y, s.utc);
      const a = s.handle.formatToParts(fx[0], fx[1], fx[2], fx[3], fx[4], fx[5], fx[6]);
      const b = s.handle.formatToParts(fy[0], fy[1], fy[2], fy[3], fy[4], fy[5], fy[6]);
      if (joinParts(a) !== joinParts(b)) throw new RangeError(`Intl.DateTimeFormat.prototype.${method} of two dates that differ in the fields shown is not supported by the validation engine (it has no interval formats): format each date`);
      for (let i = 0; i < a.length; i++) a[i].source = 'shared';
      return a;
    }
    const dateTimeFormatMethods = {
      formatRange(startDate, endDate) {
        return joinParts(dateRangeParts(slot(this, 'DateTimeFormat', 'formatRange'), startDate, endDate, 'formatRange'));
      },
      formatRangeToParts(startDate, endDate) {
        return dateRangeParts(slot(this, 'DateTimeFormat', 'formatRangeToParts'), startDate, endDate, 'formatRangeToParts');
      },
      formatToParts(date) {
        const s = slot(this, 'DateTimeFormat', 'formatToParts');
        const f = dateFieldsOf(timeValue(date), s.utc);
        return s.handle.formatToParts(f[0], f[1], f[2], f[3], f[4], f[5], f[6]);
      },
      resolvedOptions() {
        const s = slot(this, 'DateTimeFormat', 'resolvedOptions');
        const out = { locale: s.handle.locale, calendar: 'gregory', numberingSystem: 'latn', timeZone: s.utc ? 'UTC' : natives.localTimeZone() };
        const rest = jsonParse(s.handle.resolved);
        for (const k of Object.keys(rest)) out[k] = rest[k];
        return out;
      },
    };
    defineProperty(DateTimeFormat.prototype, 'format', {
      get: function format() {
        const s = slot(this, 'DateTimeFormat', 'format');
        if (s.bound === undefined) s.bound = (date) => formatDateWith(s, date);
        return s.bound;
      },
      configurable: true,
    });

    // Intl.ListFormat
    function getOptionsObject(options) {
      if (options === undefined) return create(null);
      if (typeof options !== 'object' || options === null) throw new TypeError('Options must be an object');
      return options;
    }
    function ListFormat(locales, options) {
      if (new.target === undefined) throw new TypeError("Constructor Intl.ListFormat requires 'new'");
      const ctor = 'Intl.ListFormat';
      const requested = canonicalizeLocaleList(locales);
      const o = getOptionsObject(options);
      getOption(o, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', ctor);
      const type = getOption(o, 'type', 'string', ['conjunction', 'disjunction', 'unit'], 'conjunction', ctor);
      const style = getOption(o, 'style', 'string', ['long', 'short', 'narrow'], 'long', ctor);
      apply(weakSet, slots, [this, { kind: 'ListFormat', handle: natives.listFormat(requested, type, style) }]);
    }
    function stringList(list) {
      const out = [];
      if (list === undefined) return out;
      for (const item of list) {
        if (typeof item !== 'string') throw new TypeError(`Iterable yielded ${typeof item === 'symbol' ? item.toString() : String(item)} which is not a string`);
        out[out.length] = item;
      }
      return out;
    }
    const listFormatMethods = {
      format(list) {
        const s = slot(this, 'ListFormat', 'format');
        const parts = s.handle.formatToParts(stringList(list));
        let out = '';
        for (let i = 0; i < parts.length; i++) out += parts[i].value;
        return out;
      },
      formatToParts(list) {
        return slot(this, 'ListFormat', 'formatToParts').handle.formatToParts(stringList(list));
      },
      resolvedOptions() {
        return resolvedObject(slot(this, 'ListFormat', 'resolvedOptions').handle.resolved);
      },
    };

    // Intl.RelativeTimeFormat
    const relativeUnits = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'];
    function RelativeTimeFormat(locales, options) {
      if (new.target === undefined) throw new TypeError("Constructor Intl.RelativeTimeFormat requires 'new'");
      const ctor = 'Intl.RelativeTimeFormat';
      const requested = canonicalizeLocaleList(locales);
      const o = coerceOptions(options);
      getOption(o, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', ctor);
      const nu = getOption(o, 'numberingSystem', 'string', undefined, undefined, ctor);
      if (nu !== undefined) {
        if (!/^[a-zA-Z0-9]{3,8}(-[a-zA-Z0-9]{3,8})*$/.test(nu)) throw new RangeError(`Invalid numberingSystem : ${nu}`);
        if (nu !== 'latn') throw unsupported('numberingSystem', nu, ctor);
      }
      const style = getOption(o, 'style', 'string', ['long', 'short', 'narrow'], 'long', ctor);
      const numeric = getOption(o, 'numeric', 'string', ['always', 'auto'], 'always', ctor);
      apply(weakSet, slots, [this, { kind: 'RelativeTimeFormat', handle: natives.relativeTimeFormat(requested, style, numeric) }]);
    }
    function relativeParts(s, value, unit, method) {
      const v = Number(value);
      const u = String(unit);
      if (!(v === v) || v === Infinity || v === -Infinity) throw new RangeError(`Value need to be finite number for Intl.RelativeTimeFormat.prototype.${method}()`);
      let singular = u;
      if (u.length > 1 && u[u.length - 1] === 's') singular = u.slice(0, -1);
      if (!apply(arrayIncludes, relativeUnits, [singular])) throw new RangeError(`Invalid unit argument for Intl.RelativeTimeFormat.prototype.${method}() '${u}'`);
      return s.handle.formatToParts(v, singular);
    }
    const relativeTimeFormatMethods = {
      format(value, unit) {
        const parts = relativeParts(slot(this, 'RelativeTimeFormat', 'format'), value, unit, 'format');
        let out = '';
        for (let i = 0; i < parts.length; i++) out += parts[i].value;
        return out;
      },
      formatToParts(value, unit) {
        return relativeParts(slot(this, 'RelativeTimeFormat', 'formatToParts'), value, unit, 'formatToParts');
      },
      resolvedOptions() {
        return resolvedObject(slot(this, 'RelativeTimeFormat', 'resolvedOptions').handle.resolved);
      },
    };

    // Intl.Segmenter: Go finds the boundaries (in UTF-16 units); the segments are slices of the
    // author's own string.
    const stringSlice = String.prototype.slice;
    function Segmenter(locales, options) {
      if (new.target === undefined) throw new TypeError("Constructor Intl.Segmenter requires 'new'");
      const ctor = 'Intl.Segmenter';
      const requested = canonicalizeLocaleList(locales);
      const o = getOptionsObject(options);
      getOption(o, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', ctor);
      const granularity = getOption(o, 'granularity', 'string', ['grapheme', 'word', 'sentence'], 'grapheme', ctor);
      apply(weakSet, slots, [this, { kind: 'Segmenter', handle: natives.segmenter(requested, granularity), granularity }]);
    }
    const segmentsState = new WeakMap(); // a Segments or its iterator → { input, bounds, word, next }
    function segmentData(st, k) {
      const b = st.bounds;
      const index = b[3 * k];
      const data = { segment: apply(stringSlice, st.input, [index, index + b[3 * k + 1]]), index, input: st.input };
      if (st.word) data.isWordLike = b[3 * k + 2];
      return data;
    }
    function Segments() {}
    const segmentsMethods = {
      containing(index) {
        const st = typeof this === 'object' && this !== null ? apply(weakGet, segmentsState, [this]) : undefined;
        if (st === undefined || st.iterator) throw new TypeError(`Method %Segments.prototype%.containing called on incompatible receiver ${receiverText(this)}`);
        let n = Number(index);
        n = n === n ? (n < 0 ? -mathFloor(-n) : mathFloor(n)) : 0;
        if (n < 0 || n >= st.input.length) return undefined;
        const b = st.bounds;
        for (let k = 0; 3 * k < b.length; k++) if (n < b[3 * k] + b[3 * k + 1]) return segmentData(st, k);
        return undefined;
      },
    };
    function SegmentIterator() {}
    const segmentIteratorMethods = {
      next() {
        const st = typeof this === 'object' && this !== null ? apply(weakGet, segmentsState, [this]) : undefined;
        if (st === undefined || !st.iterator) throw new TypeError(`Method %SegmentIterator.prototype%.next called on incompatible receiver ${receiverText(this)}`);
        if (3 * st.next >= st.bounds.length) return { value: undefined, done: true };
        return { value: segmentData(st, st.next++), done: false };
      },
    };
    const segmenterMethods = {
      segment(string) {
        const s = slot(this, 'Segmenter', 'segment');
        const input = String(string);
        const segments = create(Segments.prototype);
        apply(weakSet, segmentsState, [segments, { input, bounds: s.handle.segments(input), word: s.granularity === 'word', iterator: false }]);
        return segments;
      },
      resolvedOptions() {
        return resolvedObject(slot(this, 'Segmenter', 'resolvedOptions').handle.resolved);
      },
    };
    defineProperty(Segments.prototype, Symbol.iterator, {
      value: {
        [Symbol.iterator]() {
          const st = typeof this === 'object' && this !== null ? apply(weakGet, segmentsState, [this]) : undefined;
          if (st === undefined || st.iterator) throw new TypeError(`Method %Segments.prototype%[@@iterator] called on incompatible receiver ${receiverText(this)}`);
          const it = create(SegmentIterator.prototype);
          apply(weakSet, segmentsState, [it, { input: st.input, bounds: st.bounds, word: st.word, iterator: true, next: 0 }]);
          return it;
        },
      }[Symbol.iterator],
      writable: true,
      configurable: true,
    });
    defineProperty(SegmentIterator.prototype, Symbol.iterator, {
      value: function () {
        return this;
      },
      writable: true,
      configurable: true,
    });

    // Intl.Locale: options read in ECMA-402's order (ApplyOptionsToTag, then the keywords);
    // Go canonicalizes, applies them and answers maximize, minimize and the info getters.
    const localeTypeSequence = /^[a-zA-Z0-9]{3,8}(-[a-zA-Z0-9]{3,8})*$/;
    function Locale(tag) {
      const options = arguments.length > 1 ? arguments[1] : undefined;
      if (new.target === undefined) throw new TypeError("Constructor Intl.Locale requires 'new'");
      if (typeof tag !== 'string' && (typeof tag !== 'object' || tag === null)) throw new TypeError("First argument to Intl.Locale constructor can't be empty or missing");
      const t = localeTagOf(tag);
      if (t === '') throw new RangeError("First argument to Intl.Locale constructor can't be empty or missing");
      if (options === null) throw new TypeError('Intl.Locale called on null or undefined');
      const o = options === undefined ? create(null) : Object(options);
      const ctor = 'locale';
      const opts = create(null);
      for (const name of ['language', 'script', 'region']) {
        const v = getOption(o, name, 'string', undefined, undefined, ctor);
        if (v !== undefined) opts[name] = v;
      }
      const calendar = getOption(o, 'calendar', 'string', undefined, undefined, ctor);
      if (calendar !== undefined) {
        if (!localeTypeSequence.test(calendar)) throw new RangeError('Incorrect locale information provided');
        opts.calendar = calendar;
      }
      const collation = getOption(o, 'collation', 'string', undefined, undefined, ctor);
      if (collation !== undefined) {
        if (!localeTypeSequence.test(collation)) throw new RangeError('Incorrect locale information provided');
        opts.collation = collation;
      }
      const hc = getOption(o, 'hourCycle', 'string', ['h11', 'h12', 'h23', 'h24'], undefined, ctor);
      if (hc !== undefined) opts.hourCycle = hc;
      const kf = getOption(o, 'caseFirst', 'string', ['upper', 'lower', 'false'], undefined, ctor);
      if (kf !== undefined) opts.caseFirst = kf;
      const kn = getOption(o, 'numeric', 'boolean', undefined, undefined, ctor);
      if (kn !== undefined) opts.numeric = kn;
      const nu = getOption(o, 'numberingSystem', 'string', undefined, undefined, ctor);
      if (nu !== undefined) {
        if (!localeTypeSequence.test(nu)) throw new RangeError('Incorrect locale information provided');
        opts.numberingSystem = nu;
      }
      apply(weakSet, slots, [this, { kind: 'Locale', id: jsonParse(natives.locale(t, jsonStringify(opts))) }]);
    }
    function localeID(obj, method) {
      return slot(obj, 'Locale', method).id;
    }
    function newLocale(tag) {
      const out = create(Locale.prototype);
      apply(weakSet, slots, [out, { kind: 'Locale', id: jsonParse(natives.locale(tag, '{}')) }]);
      return out;
    }
    const localeObjectMethods = {
      toString() {
        return localeID(this, 'toString').tag;
      },
      maximize() {
        return newLocale(localeID(this, 'maximize').max);
      },
      minimize() {
        return newLocale(localeID(this, 'minimize').min);
      },
    };
    const keywordGetters = { calendar: 'ca', caseFirst: 'kf', collation: 'co', hourCycle: 'hc', numberingSystem: 'nu' };
    const localeGetters = {
      get language() {
        return localeID(this, 'language').language;
      },
      get script() {
        const v = localeID(this, 'script').script;
        return v === '' ? undefined : v;
      },
      get region() {
        const v = localeID(this, 'region').region;
        return v === '' ? undefined : v;
      },
      get baseName() {
        return localeID(this, 'baseName').baseName;
      },
      get numeric() {
        const k = localeID(this, 'numeric').keywords;
        return k.kn === '' || k.kn === 'true';
      },
    };
    for (const name of Object.keys(keywordGetters)) {
      const key = keywordGetters[name];
      defineProperty(localeGetters, name, getOwnPropertyDescriptor(
        {
          get [name]() {
            return localeID(this, name).keywords[key];
          },
        },
        name,
      ));
    }
    for (const name of ['calendars', 'collations', 'hourCycles', 'numberingSystems', 'textInfo', 'timeZones', 'weekInfo']) {
      defineProperty(localeGetters, name, getOwnPropertyDescriptor(
        {
          get [name]() {
            const json = natives.localeInfo(localeID(this, name).tag, name);
            return json === '' ? undefined : jsonParse(json);
          },
        },
        name,
      ));
    }

    // Intl.DisplayNames: options in ECMA-402's order; Go has Node's names (names.json) and
    // composes a language tag's as ICU does.
    function DisplayNames(locales, options) {
      if (new.target === undefined) throw new TypeError("Constructor Intl.DisplayNames requires 'new'");
      const ctor = 'Intl.DisplayNames';
      const requested = canonicalizeLocaleList(locales);
      if (typeof options !== 'object' || options === null) throw new TypeError('invalid_argument');
      getOption(options, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', ctor);
      const style = getOption(options, 'style', 'string', ['narrow', 'short', 'long'], 'long', ctor);
      const type = getOption(options, 'type', 'string', ['language', 'region', 'script', 'currency', 'calendar', 'dateTimeField'], undefined, ctor);
      if (type === undefined) throw new TypeError('invalid_argument');
      const fallback = getOption(options, 'fallback', 'string', ['code', 'none'], 'code', ctor);
      const languageDisplay = getOption(options, 'languageDisplay', 'string', ['dialect', 'standard'], 'dialect', ctor);
      apply(weakSet, slots, [this, { kind: 'DisplayNames', handle: natives.displayNames(requested, style, type, fallback, languageDisplay) }]);
    }
    const displayNamesMethods = {
      of(code) {
        const s = slot(this, 'DisplayNames', 'of');
        return s.handle.of(String(code));
      },
      resolvedOptions() {
        return resolvedObject(slot(this, 'DisplayNames', 'resolvedOptions').handle.resolved);
      },
    };

    // Intl.supportedValuesOf: the engine's own lists, which are Node's or shorter (docs/sdk.md):
    // what a list leaves out, the engine's Intl refuses with a RangeError naming it.
    function supportedValuesOf(key) {
      const k = String(key);
      const list = natives.supportedValues(k);
      if (list === undefined) throw new RangeError(`Invalid key : ${k}`);
      return list;
    }

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
    methods(DateTimeFormat.prototype, dateTimeFormatMethods, 'Intl.DateTimeFormat');
    methods(ListFormat.prototype, listFormatMethods, 'Intl.ListFormat');
    methods(RelativeTimeFormat.prototype, relativeTimeFormatMethods, 'Intl.RelativeTimeFormat');
    methods(Segmenter.prototype, segmenterMethods, 'Intl.Segmenter');
    methods(DisplayNames.prototype, displayNamesMethods, 'Intl.DisplayNames');
    methods(Locale.prototype, localeObjectMethods, 'Intl.Locale');
    for (const name of Object.keys(localeGetters)) {
      const d = getOwnPropertyDescriptor(localeGetters, name);
      defineProperty(Locale.prototype, name, { get: d.get, configurable: true });
    }
    for (const name of Object.keys(segmentsMethods)) defineProperty(Segments.prototype, name, { value: segmentsMethods[name], writable: true, configurable: true });
    for (const name of Object.keys(segmentIteratorMethods)) defineProperty(SegmentIterator.prototype, name, { value: segmentIteratorMethods[name], writable: true, configurable: true });
    defineProperty(SegmentIterator.prototype, Symbol.toStringTag, { value: 'Segmenter String Iterator', configurable: true });
    const constructors = [
      ['NumberFormat', NumberFormat],
      ['PluralRules', PluralRules],
      ['Collator', Collator],
      ['DateTimeFormat', DateTimeFormat],
      ['ListFormat', ListFormat],
      ['RelativeTimeFormat', RelativeTimeFormat],
      ['Segmenter', Segmenter],
      ['DisplayNames', DisplayNames],
    ];
    for (const [, C] of constructors) defineProperty(C, 'supportedLocalesOf', { value: supportedLocalesOf, writable: true, configurable: true });

    const Intl = {};
    for (const [name, value] of constructors) {
      defineProperty(Intl, name, { value, writable: true, configurable: true });
    }
    defineProperty(Intl, 'Locale', { value: Locale, writable: true, configurable: true });
    defineProperty(Intl, 'supportedValuesOf', { value: supportedValuesOf, writable: true, configurable: true });
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
    // Date's locale methods: without options, the locale's default format (locales.json, no
    // format data parsed); with them, an Intl.DateTimeFormat with ToDateTimeOptions' required
    // fields and defaults of each method.
    const dateGetTime = dateProto.getTime;
    function dateMethod(name, kind, required, defaults) {
      const method = {
        [name](locales, options) {
          let time;
          try {
            time = apply(dateGetTime, this, []);
          } catch {
            throw new TypeError(`Method Date.prototype.${name} called on incompatible receiver ${receiverText(this)}`);
          }
          if (isNaN(time)) return 'Invalid Date';
          if (options === undefined) {
            const requested = canonicalizeLocaleList(locales);
            const f = dateFieldsOf(time, false);
            return natives.formatDate(requested, kind, f[0], f[1], f[2], f[3], f[4], f[5]);
          }
          const formatter = makeDateTimeFormat(locales, options, required, defaults, create(DateTimeFormat.prototype));
          return formatDateWith(apply(weakGet, slots, [formatter]), time);
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
    put(Date.prototype, 'toLocaleString', dateMethod('toLocaleString', 'datetime', 'any', 'all'));
    put(Date.prototype, 'toLocaleDateString', dateMethod('toLocaleDateString', 'date', 'date', 'date'));
    put(Date.prototype, 'toLocaleTimeString', dateMethod('toLocaleTimeString', 'time', 'time', 'time'));
    return freeze(['Intl']);
  };
})();
