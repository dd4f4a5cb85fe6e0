// Generates the rows likely.json is made from: for every language Node can name (every two- and
// three-letter code its DisplayNames knows) and a set of language-region, language-script and
// und-… tags, Node's canonical tag, maximize() and minimize(): [tag, canonical, max, min].
// And, for each tag the engine has data for (argv[2]), the Intl.Locale getters' values
// (calendars, hourCycles, weekInfo, …). likely_test.go keeps, of these, the rows where golang.org/x/text (CLDR 32) answers otherwise.
const L = 'abcdefghijklmnopqrstuvwxyz';
const dn = new Intl.DisplayNames('en', { type: 'language', fallback: 'none' });
const langs = [];
for (const a of L) for (const b of L) if (dn.of(a + b) !== undefined) langs.push(a + b);
for (const a of L) for (const b of L) for (const c of L) if (dn.of(a + b + c) !== undefined) langs.push(a + b + c);
const tags = new Set(langs);
const regions = ['US', 'GB', 'DE', 'CN', 'TW', 'HK', 'IN', 'BR', 'PT', 'RU', 'RS', 'IR', 'AF', 'MX', '419', '001', '150', 'CH', 'AT', 'BE', 'CA', 'JP', 'KR', 'ES', 'FR', 'IT', 'NL', 'SE', 'NO', 'FI', 'PL', 'UA', 'TR', 'GR', 'HU', 'RO', 'ID', 'VN', 'MO', 'SG', 'MY', 'PK', 'BA', 'ME', 'XK', 'UZ', 'KZ', 'MN', 'AZ', 'EG', 'IL', 'ZA', 'NG', 'ET', 'KE'];
const someLangs = ['en', 'de', 'fr', 'es', 'pt', 'zh', 'sr', 'ar', 'ru', 'az', 'uz', 'pa', 'ms', 'bs', 'mn', 'ha', 'ff', 'so', 'sw', 'ku', 'ta', 'ur', 'yue', 'hi', 'it', 'nl', 'ja', 'ko'];
for (const r of regions) {
  tags.add('und-' + r);
  for (const l of someLangs) tags.add(l + '-' + r);
}
const scripts = ['Latn', 'Cyrl', 'Arab', 'Hans', 'Hant', 'Deva', 'Grek', 'Hebr', 'Jpan', 'Kore', 'Thai', 'Ethi', 'Guru', 'Beng', 'Taml', 'Mong', 'Tibt', 'Geor', 'Armn', 'Khmr', 'Syrc', 'Thaa', 'Adlm', 'Rohg', 'Nkoo'];
for (const s of scripts) {
  tags.add('und-' + s);
  for (const l of someLangs) for (const r of ['', '-US', '-CN']) tags.add(l + '-' + s + r);
}
const rows = [];
for (const t of tags) {
  const x = new Intl.Locale(t);
  rows.push([t, x.toString(), x.maximize().toString(), x.minimize().toString()]);
}
const info = {};
for (const t of JSON.parse(process.argv[2])) {
  const x = new Intl.Locale(t);
  info[t] = {};
  for (const k of ['calendars', 'collations', 'hourCycles', 'numberingSystems', 'textInfo', 'timeZones', 'weekInfo']) if (x[k] !== undefined) info[t][k] = x[k];
}
process.stdout.write(JSON.stringify({ node: process.version, rows, info }) + '\n');
