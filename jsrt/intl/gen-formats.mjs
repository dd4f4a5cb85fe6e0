// Generates formats.json, the date, list and relative-time data of the validation engine's Intl
// (jsrt/intl: Intl.DateTimeFormat, Intl.ListFormat, Intl.RelativeTimeFormat) from the Node that
// authors test with, as gen.mjs makes locales.json. Run by
// `go test ./jsrt/intl -run TestFormatData -update` (TZ=UTC); the test checks the file is current
// against the Node on the machine otherwise (skipped without Node).
//
// Dates: for every option combination the engine supports (dateCombos, timeCombos, styleCombos),
// each locale's format as a template of parts, read through formatToParts of sample dates that
// show each field's width, names and hour cycle. Templates and name lists are shared between
// locales (interned); a locale is an array of template indices in combination order (-1: Node's
// parts did not fit a template, so the engine refuses that combination).
const tags = JSON.parse(process.argv[2]);

const dateFields = [
  ['weekday', [undefined, 'long', 'short', 'narrow']],
  ['year', [undefined, 'numeric', '2-digit']],
  ['month', [undefined, 'numeric', '2-digit', 'long', 'short', 'narrow']],
  ['day', [undefined, 'numeric', '2-digit']],
];
const timeFields = [
  ['hour', [undefined, 'numeric', '2-digit']],
  ['minute', [undefined, 'numeric', '2-digit']],
  ['second', [undefined, 'numeric', '2-digit']],
];
// The hour-cycle options a combination with an hour is recorded under: the locale's own, hour12
// and each hourCycle.
const cycles = [[''], ['hour12:true', { hour12: true }], ['hour12:false', { hour12: false }], ['h11', { hourCycle: 'h11' }], ['h12', { hourCycle: 'h12' }], ['h23', { hourCycle: 'h23' }], ['h24', { hourCycle: 'h24' }]];

function product(fields) {
  let out = [{}];
  for (const [name, values] of fields) {
    const next = [];
    for (const o of out) for (const v of values) next.push(v === undefined ? o : { ...o, [name]: v });
    out = next;
  }
  return out.filter((o) => Object.keys(o).length > 0);
}
// A combination's key, as the engine writes it (jsrt/intl/datetime.go, comboKey).
const key = (o, cycle) => Object.entries(o).map(([k, v]) => k + ':' + v).join(',') + (cycle ? '|' + cycle : '');

const combos = [];
for (const o of product(dateFields)) combos.push([key(o), o]);
for (const o of product(timeFields)) {
  for (const [name, extra] of cycles) if (!name || o.hour) combos.push([key(o, name), { ...o, ...extra }]);
}
// A weekday alone with a time has patterns of its own in CLDR ("Ehm": "Wed 1:22 PM", no glue).
for (const weekday of ['long', 'short', 'narrow']) {
  for (const o of product(timeFields)) {
    for (const [name, extra] of cycles) if (!name || o.hour) combos.push([key({ weekday, ...o }, name), { weekday, ...o, ...extra }]);
  }
}
const styles = ['full', 'long', 'medium', 'short'];
for (const ds of [undefined, ...styles]) {
  for (const ts of [undefined, ...styles]) {
    if (!ds && !ts) continue;
    const o = {};
    if (ds) o.dateStyle = ds;
    if (ts) o.timeStyle = ts;
    for (const [name, extra] of cycles) if (!name || ts) combos.push([key(o, name), { ...o, ...extra }]);
  }
}

const names = [];
const nameIndex = new Map();
function intern(list, table, index) {
  const k = JSON.stringify(list);
  if (!index.has(k)) {
    index.set(k, table.length);
    table.push(list);
  }
  return index.get(k);
}
const templates = [];
const templateIndex = new Map();

const at = (m, d, h) => new Date(Date.UTC(2023, m, d, h, 2, 3));
const monthDates = Array.from({ length: 12 }, (_, m) => at(m, 2, 1));
const weekdayDates = Array.from({ length: 7 }, (_, d) => at(0, 1 + d, 1)); // 1 January 2023 is a Sunday
const hourDates = Array.from({ length: 24 }, (_, h) => at(0, 2, h));
const base = at(0, 2, 1);

const sameShape = (a, b) => a.length === b.length && a.every((p, i) => p.type === b[i].type);
const width = (v) => (v.length === 2 && v[0] === '0' ? '2-digit' : 'numeric');

// The template of one combination, or -1 when Node's parts do not fit one.
function template(tag, options) {
  const f = new Intl.DateTimeFormat(tag, { ...options, timeZone: 'UTC' });
  const ps = f.formatToParts(base);
  // Only the samples that vary a field the parts show (the others would repeat the base).
  const has = (type) => ps.some((p) => p.type === type);
  const samples = (dates, ...types) => (types.some(has) ? dates.map((d) => f.formatToParts(d)) : []);
  const months = samples(monthDates, 'month');
  const weekdays = samples(weekdayDates, 'weekday');
  const hours = samples(hourDates, 'hour', 'dayPeriod');
  if (![...months, ...weekdays, ...hours].every((s) => sameShape(s, ps))) return -1;
  const out = [];
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i];
    const values = (list) => list.map((s) => s[i].value);
    switch (p.type) {
      case 'literal':
        if (![...months, ...weekdays, ...hours].every((s) => s[i].value === p.value)) return -1;
        out.push(['literal', p.value]);
        break;
      case 'year':
        if (p.value !== '2023' && p.value !== '23') return -1;
        out.push(['year', p.value === '23' ? '2-digit' : 'numeric']);
        break;
      case 'month': {
        const vs = values(months);
        if (vs.every((v) => /^\d+$/.test(v))) out.push(['month', width(vs[0])]);
        else out.push(['month', 'text', String(intern(vs, names, nameIndex))]);
        break;
      }
      case 'weekday':
        out.push(['weekday', 'text', String(intern(values(weekdays), names, nameIndex))]);
        break;
      case 'day':
      case 'minute':
      case 'second':
        if (!/^\d+$/.test(p.value)) return -1;
        out.push([p.type, width(p.value)]);
        break;
      case 'hour': {
        const vs = values(hours);
        const cycle = vs[13] === '13' ? (vs[0] === '24' ? 'h24' : 'h23') : vs[0] === '12' ? 'h12' : 'h11';
        out.push(['hour', width(p.value), cycle]);
        break;
      }
      case 'dayPeriod':
        out.push(['dayPeriod', 'text', String(intern(values(hours), names, nameIndex))]);
        break;
      case 'timeZoneName':
        out.push(['timeZoneName', 'utc', p.value]);
        break;
      default:
        return -1;
    }
  }
  // Compact: a literal is its text after "'", a field "type:width[:names or cycle or text]", the
  // parts joined by newlines (no CLDR pattern has one): one string a template, which Go parses
  // far faster than an array each.
  const parts = out.map((p) => (p[0] === 'literal' ? "'" + p[1] : p.join(':')));
  if (parts.some((p) => p.includes('\n'))) throw new Error(`${tag}: a template part with a newline`);
  return intern(parts.join('\n'), templates, templateIndex);
}

// The pattern that joins a date and a time (ICU's dateTimeFormat of each length), "{1}" the date
// and "{0}" the time, read from one combination of each length.
function glue(tag, dateOptions) {
  const f = (o) => new Intl.DateTimeFormat(tag, { ...o, timeZone: 'UTC' }).format(base);
  const time = { hour: 'numeric', minute: '2-digit' };
  const both = f({ ...dateOptions, ...time });
  const d = f(dateOptions);
  const t = f(time);
  // The date and the time may come in either order ("lúc 01:02 2 tháng 1" in vi).
  let i = both.indexOf(d);
  let j = both.indexOf(t, i < 0 ? 0 : i + d.length);
  if (i >= 0 && j >= 0) return both.slice(0, i) + '{1}' + both.slice(i + d.length, j) + '{0}' + both.slice(j + t.length);
  j = both.indexOf(t);
  i = both.indexOf(d, j < 0 ? 0 : j + t.length);
  if (i < 0 || j < 0) return '';
  return both.slice(0, j) + '{0}' + both.slice(j + t.length, i) + '{1}' + both.slice(i + d.length);
}

function lists(tag) {
  const out = {};
  const m = ['\u0001', '\u0002', '\u0003', '\u0004'];
  const between = (s, a, b) => s.slice(s.indexOf(a) + a.length, s.indexOf(b));
  for (const type of ['conjunction', 'disjunction', 'unit']) {
    for (const style of ['long', 'short', 'narrow']) {
      const lf = new Intl.ListFormat(tag, { type, style });
      const s2 = lf.format(m.slice(0, 2));
      const s3 = lf.format(m.slice(0, 3));
      const s4 = lf.format(m);
      if (!s2.startsWith(m[0]) || !s2.endsWith(m[1]) || !s4.startsWith(m[0]) || !s4.endsWith(m[3])) throw new Error(`${tag} ${type} ${style}: list pattern with a prefix or suffix`);
      out[type + '-' + style] = { pair: between(s2, m[0], m[1]), start: between(s3, m[0], m[1]), middle: between(s4, m[1], m[2]), end: between(s3, m[1], m[2]) };
    }
  }
  return out;
}

const units = ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second'];
// Relative time: per style and unit, the future and past pattern of each plural category ("{0}"
// the number), and the phrases numeric: 'auto' uses for -2…2 ("yesterday").
function relative(tag) {
  const pr = new Intl.PluralRules(tag);
  const nf = new Intl.NumberFormat(tag);
  const samples = {};
  for (const n of [0, 1, 2, 3, 5, 11, 21, 22, 25, 100, 101, 1000000, 1.5, 0.5]) {
    const c = pr.select(n);
    if (!(c in samples)) samples[c] = n;
  }
  const out = {};
  for (const style of ['long', 'short', 'narrow']) {
    const always = new Intl.RelativeTimeFormat(tag, { style });
    const auto = new Intl.RelativeTimeFormat(tag, { style, numeric: 'auto' });
    for (const unit of units) {
      const e = { future: {}, past: {}, auto: {} };
      for (const [c, n] of Object.entries(samples)) {
        const text = nf.format(n);
        e.future[c] = always.format(n, unit).replace(text, '{0}');
        e.past[c] = always.format(-n, unit).replace(text, '{0}');
      }
      for (const v of [-2, -1, 0, 1, 2]) {
        const a = auto.format(v, unit);
        if (a !== always.format(v, unit)) e.auto[v] = a;
      }
      out[style + '-' + unit] = e;
    }
  }
  return out;
}

const locales = {};
for (const tag of tags) {
  const byCombo = combos.map(([, o]) => template(tag, o));
  const glues = [
    glue(tag, { weekday: 'long', month: 'long', day: 'numeric' }),
    glue(tag, { month: 'long', day: 'numeric' }),
    glue(tag, { month: 'short', day: 'numeric' }),
    glue(tag, { month: 'numeric', day: 'numeric' }),
  ];
  locales[tag] = { templates: byCombo, glue: glues, lists: lists(tag), relative: relative(tag) };
}
process.stdout.write(
  JSON.stringify({ node: process.version, icu: process.versions.icu, combos: combos.map(([k]) => k), names, templates, locales }) + '\n',
);
