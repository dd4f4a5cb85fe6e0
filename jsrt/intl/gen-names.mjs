// Generates names.json, the data of the validation engine's Intl.DisplayNames (jsrt/intl), from
// the Node that authors test with. The codes are every one Node's English names (language codes
// of two and three letters, regions, scripts, currencies), the calendars and the date-time
// fields; the language keys add the "dialect" names CLDR has for a language with a region or
// script ("American English", "Flemish"). For each tag of argv[2], each type and style: the
// names, aligned with the codes (null: none); where a style's name equals the long one it is
// left out. Composite language names (a language with a script and region Node composes, as
// "Chinese (Traditional, Taiwan)") take the locale's pattern and the names a script and region
// have inside it ("Simplified" for Hans, alone "Simplified Han").
// Run by `go test ./jsrt/intl -run TestNameData -update`.
const tags = JSON.parse(process.argv[2]);
const L = 'abcdefghijklmnopqrstuvwxyz';
const U = L.toUpperCase();
const en = (type) => new Intl.DisplayNames('en', { type, fallback: 'none' });

const langs = [];
{
  const dn = en('language');
  // Canonical codes only: an alias (iw, eng) is canonicalized before its name is looked up.
  const add = (c) => {
    if (dn.of(c) !== undefined && Intl.getCanonicalLocales(c)[0] === c) langs.push(c);
  };
  for (const a of L) for (const b of L) add(a + b);
  for (const a of L) for (const b of L) for (const c of L) add(a + b + c);
}
const regions = [];
{
  const dn = en('region');
  for (const a of U) for (const b of U) if (dn.of(a + b) !== undefined) regions.push(a + b);
  for (let n = 0; n < 1000; n++) {
    const c = String(n).padStart(3, '0');
    if (dn.of(c) !== undefined) regions.push(c);
  }
}
const scripts = [];
{
  const dn = en('script');
  for (const a of U) for (const b of L) for (const c of L) for (const d of L) if (dn.of(a + b + c + d) !== undefined) scripts.push(a + b + c + d);
}
const currencies = [];
{
  const dn = en('currency');
  for (const a of U) for (const b of U) for (const c of U) if (dn.of(a + b + c) !== undefined) currencies.push(a + b + c);
}
const calendars = Intl.supportedValuesOf('calendar');
const fields = ['era', 'year', 'quarter', 'month', 'weekOfYear', 'weekday', 'day', 'dayPeriod', 'hour', 'minute', 'second', 'timeZoneName'];

// Dialect keys: a language with a region, script or both whose dialect name is not the
// composed standard one in a few locales (English's "Hindi (Latin)" is both, German's dialect
// name is "Hindi (lateinisch)"); a key is then named in every locale.
const dialects = [];
{
  const probe = ['en', 'de', 'fr', 'ja', 'pl', 'sv', 'hu', 'ru'];
  const dialect = probe.map((l) => new Intl.DisplayNames(l, { type: 'language', fallback: 'none' }));
  const standard = probe.map((l) => new Intl.DisplayNames(l, { type: 'language', fallback: 'none', languageDisplay: 'standard' }));
  const enShort = new Intl.DisplayNames('en', { type: 'language', style: 'short', fallback: 'none' });
  const enShortStd = new Intl.DisplayNames('en', { type: 'language', style: 'short', fallback: 'none', languageDisplay: 'standard' });
  const differs = (t) => Intl.getCanonicalLocales(t)[0] === t && (enShort.of(t) !== enShortStd.of(t) || probe.some((_, i) => dialect[i].of(t) !== standard[i].of(t)));
  // A language with a script and a region is looked for only where the language with the
  // script has a dialect name of its own (zh-Hans): CLDR has no other.
  const withScript = [];
  for (const l of langs) {
    for (const s of scripts) if (differs(l + '-' + s)) { dialects.push(l + '-' + s); withScript.push(l + '-' + s); }
    for (const r of regions) if (differs(l + '-' + r)) dialects.push(l + '-' + r);
  }
  for (const ls of withScript) for (const r of regions) if (differs(ls + '-' + r)) dialects.push(ls + '-' + r);
}
const languageKeys = langs.concat(dialects);

function names(locale, type, style, codes, extra) {
  const dn = new Intl.DisplayNames(locale, { type, style, fallback: 'none', ...extra });
  return codes.map((c) => {
    const v = dn.of(c);
    return v === undefined ? null : v;
  });
}

// The names a script or region has inside a composed language name: of('en-X') with the
// language's own name and the pattern taken off.
function inContext(locale, style, codes, pattern) {
  const dn = new Intl.DisplayNames(locale, { type: 'language', style, fallback: 'none', languageDisplay: 'standard' });
  const prefix = dn.of('en') + pattern[0];
  return codes.map((c) => {
    const v = dn.of('en-' + c);
    if (v === undefined) return null;
    if (!v.startsWith(prefix) || !v.endsWith(pattern[2])) throw new Error(`${locale} ${style} en-${c}: ${v} is not ${prefix}…${pattern[2]}`);
    return v.slice(prefix.length, v.length - pattern[2].length);
  });
}

// The pattern: [before the details, between two details, after them], from a name of a
// language, script and region whose own names Node gives alone.
function patternOf(locale) {
  const std = new Intl.DisplayNames(locale, { type: 'language', fallback: 'none', languageDisplay: 'standard' });
  const lang = std.of('en');
  const full = std.of('en-Cyrl-AQ');
  const s = new Intl.DisplayNames(locale, { type: 'script' }).of('Cyrl');
  const r = new Intl.DisplayNames(locale, { type: 'region' }).of('AQ');
  const i = full.indexOf(s);
  const j = full.indexOf(r, i + s.length);
  if (!full.startsWith(lang) || i < 0 || j < 0) throw new Error(`${locale}: cannot read the pattern of ${full}`);
  return [full.slice(lang.length, i), full.slice(i + s.length, j), full.slice(j + r.length)];
}

// A style's names where they differ from long's, as {index: name}.
function diff(long, other) {
  const out = {};
  let any = false;
  other.forEach((v, i) => {
    if (v !== long[i]) {
      out[i] = v;
      any = true;
    }
  });
  return any ? out : undefined;
}

// A locale whose data is its parent's (de-DE, de) says so instead.
const locales = {};
const text = {};
for (const tag of tags) {
  const pattern = patternOf(tag);
  const d = { pattern };
  const put = (key, long, short, narrow) => {
    d[key] = long;
    const s = diff(long, short);
    if (s) d[key + '-short'] = s;
    const n = diff(long, narrow);
    if (n) d[key + '-narrow'] = n;
  };
  const styled = (type, codes, extra) => ['long', 'short', 'narrow'].map((style) => names(tag, type, style, codes, extra));
  put('language', ...styled('language', languageKeys));
  put('region', ...styled('region', regions));
  put('script', ...styled('script', scripts));
  put('currency', ...styled('currency', currencies));
  put('calendar', ...styled('calendar', calendars));
  put('dateTimeField', ...styled('dateTimeField', fields));
  const ctx = (codes, standalone) => ['long', 'short', 'narrow'].map((style, k) => {
    const inside = inContext(tag, style, codes, pattern);
    return diff(standalone[k], inside) || null;
  });
  const [sl, ss, sn] = styled('script', scripts);
  const [rl, rs, rn] = styled('region', regions);
  d.scriptInContext = ctx(scripts, [sl, ss, sn]);
  d.regionInContext = ctx(regions, [rl, rs, rn]);
  text[tag] = JSON.stringify(d);
  const parent = tag.includes('-') ? tag.slice(0, tag.lastIndexOf('-')) : '';
  locales[tag] = parent !== '' && text[parent] === text[tag] ? { like: parent } : d;
}
process.stdout.write(JSON.stringify({ node: process.version, languages: languageKeys, regions, scripts, currencies, calendars, fields, locales }) + '\n');
