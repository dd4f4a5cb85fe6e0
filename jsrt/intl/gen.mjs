// Generates locales.json, the locale data of the validation engine's Intl (jsrt/intl), from the
// Node that authors test with: each supported tag's number symbols, grouping, and the shape of
// its percent and currency formats, read through Intl.NumberFormat's formatToParts. Run by
// `go test ./jsrt/intl -run TestLocaleData -update` (TZ=UTC); the test checks the file is current
// against the Node on the machine otherwise (skipped without Node).
const tags = JSON.parse(process.argv[2]);
const currencies = JSON.parse(process.argv[3]);

function parts(locale, value, options) {
  return new Intl.NumberFormat(locale, options).formatToParts(value);
}

// A template: the parts with the number's own (integer, group, decimal, fraction) folded into
// one "#", the currency as "¤", signs as "-"/"+", the percent sign as "%", other text literal.
function template(ps) {
  let out = '';
  let inNumber = false;
  for (const p of ps) {
    if (p.type === 'integer' || p.type === 'group' || p.type === 'decimal' || p.type === 'fraction') {
      if (!inNumber) out += '#';
      inNumber = true;
      continue;
    }
    inNumber = false;
    if (p.type === 'currency') out += '¤';
    else if (p.type === 'minusSign') out += '-';
    else if (p.type === 'plusSign') out += '+';
    else if (p.type === 'percentSign') out += '%';
    else out += p.value.replace(/[#¤%+\-'\\]/g, (c) => '\\' + c);
  }
  return out;
}

function symbol(ps, type) {
  const p = ps.find((x) => x.type === type);
  return p ? p.value : '';
}

function grouping(locale) {
  // Group separators in 123456789012: the primary size is the last group's, the secondary the one before.
  const ps = parts(locale, 123456789012, {});
  const ints = ps.filter((p) => p.type === 'integer').map((p) => p.value.length);
  const primary = ints.length > 1 ? ints[ints.length - 1] : 0;
  const secondary = ints.length > 2 ? ints[ints.length - 2] : primary;
  // Minimum grouping digits: is 1234 grouped under useGrouping 'auto'?
  const min = parts(locale, 1234, {}).some((p) => p.type === 'group') ? 1 : 2;
  return { primary, secondary, min };
}

// The default Date.prototype.toLocale{Date,Time,}String formats, as templates of
// [field, width] and literal text, read from formatToParts of dates whose fields show their
// widths (1 January 02:03 has single-digit month, day and hour) and the hour cycle (13:00, 00:00).
const dateFields = { year: 'numeric', month: 'numeric', day: 'numeric' };
const timeFields = { hour: 'numeric', minute: 'numeric', second: 'numeric' };
function dateData(tag) {
  const early = new Date(Date.UTC(2023, 0, 2, 1, 2, 3));
  const late = new Date(Date.UTC(2023, 10, 22, 13, 22, 33));
  const midnight = new Date(Date.UTC(2023, 0, 2, 0, 5, 6));
  const fmt = (opts, date) => new Intl.DateTimeFormat(tag, { ...opts, timeZone: 'UTC' }).formatToParts(date);
  const hourOf = (date) => fmt(timeFields, date).find((p) => p.type === 'hour').value;
  const lateHour = hourOf(late);
  const zeroHour = hourOf(midnight);
  const cycle = lateHour === '13' ? (zeroHour === '24' ? 'h24' : 'h23') : zeroHour === '12' ? 'h12' : 'h11';
  const template = (opts) =>
    fmt(opts, early).map((p) => {
      // V8's format (and so toLocaleString) writes U+202F, which CLDR puts before AM/PM, as a
      // plain space; formatToParts keeps it.
      if (p.type === 'literal') return ['literal', p.value.replace(/\u202f/g, ' ')];
      if (p.type === 'dayPeriod') return ['dayPeriod', ''];
      return [p.type, p.type !== 'year' && p.value.length === 2 && p.value[0] === '0' ? '2-digit' : 'numeric'];
    });
  const period = (date) => (fmt(timeFields, date).find((p) => p.type === 'dayPeriod') || { value: '' }).value;
  return {
    date: template(dateFields),
    time: template(timeFields),
    datetime: template({ ...dateFields, ...timeFields }),
    hourCycle: cycle,
    am: period(early),
    pm: period(late),
  };
}

const out = {};
for (const tag of tags) {
  const nf = new Intl.NumberFormat(tag);
  const resolved = nf.resolvedOptions();
  const base = parts(tag, -1234567.5, {});
  const d = {
    resolved: resolved.locale,
    decimal: symbol(base, 'decimal'),
    group: symbol(base, 'group'),
    minus: symbol(base, 'minusSign'),
    plus: symbol(parts(tag, 1, { signDisplay: 'always' }), 'plusSign'),
    percentSign: symbol(parts(tag, 0.5, { style: 'percent' }), 'percentSign'),
    infinity: symbol(parts(tag, Infinity, {}), 'infinity'),
    nan: symbol(parts(tag, NaN, {}), 'nan'),
    grouping: grouping(tag),
    numberingSystem: resolved.numberingSystem,
    // formatRange: what joins two numbers ("–", "～") and the approximately sign ("~", "≈").
    rangeSeparator: nf.formatRange(3, 5).slice(1, -1),
    approximatelySign: symbol(nf.formatRangeToParts(3, 3), 'approximatelySign'),
    // [unsigned, with a plus sign, with a minus sign]
    decimalPattern: [template(parts(tag, 1, {})), template(parts(tag, 1, { signDisplay: 'always' })), template(parts(tag, -1, {}))],
    percentPattern: [template(parts(tag, 0.01, { style: 'percent' })), template(parts(tag, 0.01, { style: 'percent', signDisplay: 'always' })), template(parts(tag, -0.01, { style: 'percent' }))],
    currency: {},
  };
  for (const cur of currencies) {
    const c = {};
    for (const display of ['symbol', 'narrowSymbol', 'code']) {
      const o = { style: 'currency', currency: cur, currencyDisplay: display };
      const pattern = [template(parts(tag, 1, o)), template(parts(tag, 1, { ...o, signDisplay: 'always' })), template(parts(tag, -1, o))];
      const accounting = [template(parts(tag, 1, { ...o, currencySign: 'accounting', signDisplay: 'always' })), template(parts(tag, -1, { ...o, currencySign: 'accounting' }))];
      c[display] = { symbol: symbol(parts(tag, 1, o), 'currency'), pattern: pattern.concat(accounting) };
    }
    d.currency[cur] = c;
  }
  // Compact: per display, the pattern most currencies share, each currency's symbol, and the
  // patterns of the currencies that differ (ICU's currency spacing: "CHF 1.00" beside "$1.00").
  const currency = {};
  for (const display of ['symbol', 'narrowSymbol', 'code']) {
    const counts = new Map();
    for (const cur of currencies) {
      const key = JSON.stringify(d.currency[cur][display].pattern);
      counts.set(key, (counts.get(key) || 0) + 1);
    }
    const common = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
    const entry = { pattern: JSON.parse(common), symbols: {}, patterns: {} };
    for (const cur of currencies) {
      entry.symbols[cur] = d.currency[cur][display].symbol;
      const key = JSON.stringify(d.currency[cur][display].pattern);
      if (key !== common) entry.patterns[cur] = d.currency[cur][display].pattern;
    }
    currency[display] = entry;
  }
  d.currency = currency;
  d.date = dateData(tag);
  out[tag] = d;
}
const digits = {};
for (const cur of currencies) digits[cur] = new Intl.NumberFormat('en', { style: 'currency', currency: cur }).resolvedOptions().maximumFractionDigits;
process.stdout.write(JSON.stringify({ node: process.version, icu: process.versions.icu, cldr: process.versions.cldr, currencyDigits: digits, locales: out }) + '\n');
