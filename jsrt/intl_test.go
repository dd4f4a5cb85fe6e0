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
