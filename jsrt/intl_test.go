package jsrt

import (
	"context"
	"strings"
	"testing"
)

// TestIntlIsFrozen: author code cannot replace Intl or the locale methods (lockdown froze them
// with the built-ins), and reaches no native of intl.js; its own use is unchanged.
func TestIntlIsFrozen(t *testing.T) {
	var lines []string
	r := newRuntime(t, Options{Console: func(_, text string) { lines = append(lines, text) }})
	s, err := CompileScript("author.js", []byte(`
const tries = {
  intl: () => { Intl.NumberFormat = function () {}; },
  method: () => { Number.prototype.toLocaleString = () => 'x'; },
  compare: () => { String.prototype.localeCompare = () => 0; },
  proto: () => { Intl.NumberFormat.prototype.formatToParts = () => []; },
  global: () => { globalThis.Intl = {}; },
};
for (const [name, f] of Object.entries(tries)) {
  try { f(); console.log(name + ': changed'); } catch (e) { console.log(name + ': ' + e.name); }
}
console.log('natives: ' + Object.getOwnPropertyNames(globalThis).filter((n) => /intl|native/i.test(n) && n !== 'Intl').join(','));
console.log('use: ' + (1234.5).toLocaleString('de') + ' ' + ['b', 'a'].sort((x, y) => x.localeCompare(y)).join(''));
`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.RunScript(context.Background(), "author", s); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(lines, "\n")
	want := "intl: TypeError\nmethod: TypeError\ncompare: TypeError\nproto: TypeError\nglobal: TypeError\nnatives: \nuse: 1.234,5 ab"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// TestNewIntlPiecesResistAuthorCode: Intl.Locale, Intl.DisplayNames, supportedValuesOf and
// formatRange are frozen with the rest; options that are Proxies, throw, or hold a huge string
// give V8's errors or Node's answers, and nothing an author defines changes the answers.
func TestNewIntlPiecesResistAuthorCode(t *testing.T) {
	var lines []string
	r := newRuntime(t, Options{Console: func(_, text string) { lines = append(lines, text) }})
	s, err := CompileScript("author.js", []byte(`
const tries = {
  locale: () => { Intl.Locale.prototype.maximize = () => 'x'; },
  getter: () => { Object.defineProperty(Intl.Locale.prototype, 'region', { get: () => 'XX' }); },
  names: () => { Intl.DisplayNames.prototype.of = () => 'x'; },
  range: () => { Intl.NumberFormat.prototype.formatRange = () => 'x'; },
  values: () => { Intl.supportedValuesOf = () => []; },
  json: () => { JSON.parse = () => ({}); },
};
for (const [name, f] of Object.entries(tries)) {
  try { f(); console.log(name + ': changed'); } catch (e) { console.log(name + ': ' + e.name); }
}
const t = (f) => { try { return String(f()); } catch (e) { return e.name; } };
console.log([
  t(() => new Intl.Locale('en', new Proxy({}, { get() { throw new SyntaxError('no'); } }))),
  t(() => new Intl.Locale('en', { region: { toString() { return 'x'.repeat(1 << 20); } } })),
  t(() => new Intl.DisplayNames('en', { type: 'language' }).of('en-' + 'abcdefgh-'.repeat(50000) + 'x')),
  new Intl.Locale('zh-TW').maximize().toString(),
  new Intl.DisplayNames('de', { type: 'region' }).of('US'),
  new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).formatRange(3, 5),
  Intl.supportedValuesOf('calendar').join(),
].join('\n'));
`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.RunScript(context.Background(), "author", s); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(lines, "\n")
	want := "locale: TypeError\ngetter: TypeError\nnames: TypeError\nrange: TypeError\nvalues: TypeError\njson: TypeError\n" +
		"SyntaxError\nRangeError\nRangeError\nzh-Hant-TW\nVereinigte Staaten\n3,00–5,00\u00a0€\ngregory"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}
