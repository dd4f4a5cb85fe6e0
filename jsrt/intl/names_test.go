package intl

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"testing"

	"github.com/scapeworld/scape/internal/nodetest"
)

// TestNameData regenerates names.json with gen-names.mjs from the Node on this machine and
// checks the committed file is that (with -update, rewrites it). It asks Node for some 3
// million names (minutes of CPU), so -short skips it; without Node it skips unless
// SCAPE_REQUIRE_NODE=1.
func TestNameData(t *testing.T) {
	if testing.Short() && !*update {
		t.Skip("-short: gen-names.mjs takes minutes of CPU")
	}
	node := nodetest.Node(t)
	cmd := exec.Command(node, "gen-names.mjs", string(mustJSON(Tags)))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("gen-names.mjs: %v", err)
	}
	if *update {
		if err := os.WriteFile("names.json", out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(out, namesJSON) {
		t.Fatal("names.json is not what gen-names.mjs gives under this Node (go test ./jsrt/intl -run TestNameData -update)")
	}
}

// TestEveryTagHasNames: every tag's names parse and name English, the United States and the
// dollar in every style, so no lookup finds a hole.
func TestEveryTagHasNames(t *testing.T) {
	for _, tag := range Tags {
		for _, style := range []string{"long", "short", "narrow"} {
			for typ, code := range map[string]string{"language": "en", "region": "US", "currency": "USD", "script": "Latn", "dateTimeField": "year", "calendar": "gregory"} {
				dn, err := NewDisplayNames([]string{tag}, style, typ, "none", "dialect")
				if err != nil {
					t.Fatal(err)
				}
				if name, ok, err := dn.Of(code); !ok || err != nil || name == "" {
					t.Errorf("%s %s %s %s: %q %v %v", tag, style, typ, code, name, ok, err)
				}
			}
		}
	}
}

// TestComposedLanguageNames: a tag with a script and a region the data has no name of its own
// for is composed in the locale's pattern; a dialect name is used only for the whole match.
func TestComposedLanguageNames(t *testing.T) {
	for _, c := range []struct{ locale, display, tag, want string }{
		{"en", "dialect", "en-US", "American English"},
		{"en", "standard", "en-US", "English (United States)"},
		{"en", "dialect", "en-Latn-US", "English (Latin, United States)"},
		{"en", "dialect", "zh-Hant-TW", "Chinese (Traditional, Taiwan)"},
		{"ja", "standard", "en-Cyrl-AQ", "英語 (キリル文字、南極)"},
	} {
		dn, err := NewDisplayNames([]string{c.locale}, "long", "language", "code", c.display)
		if err != nil {
			t.Fatal(err)
		}
		if got, _, _ := dn.Of(c.tag); got != c.want {
			t.Errorf("%s %s %s: %q, want %q", c.locale, c.display, c.tag, got, c.want)
		}
	}
}

// BenchmarkParseNames: the cost of a process's first Intl.DisplayNames (names.json's codes and
// one locale), which no other use of Intl pays.
func BenchmarkParseNames(b *testing.B) {
	for i := 0; i < b.N; i++ {
		var f nameFile
		if err := json.Unmarshal(namesJSON, &f); err != nil {
			b.Fatal(err)
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(f.Locales["de"], &raw); err != nil {
			b.Fatal(err)
		}
	}
}

// sweepNames is Node's side of TestNamesAgainstNode: the names of composed language tags, in
// every tag with data, display and style.
const sweepNames = `
const tags = JSON.parse(process.argv[1]);
const langs = ['en', 'de', 'zh', 'sr', 'pt', 'es', 'ar', 'ja', 'ko', 'hi', 'sw', 'fa', 'nl', 'ro', 'yue', 'haw', 'xx', 'und'];
const subs = ['', '-US', '-GB', '-CN', '-TW', '-419', '-001', '-BE', '-CD', '-AF', '-MD', '-Latn', '-Cyrl', '-Hans', '-Hant', '-Arab', '-Hant-HK', '-Latn-US', '-Cyrl-ME', '-Hans-SG'];
const out = [];
for (const locale of tags) for (const languageDisplay of ['dialect', 'standard']) for (const style of ['long', 'short', 'narrow']) {
  const dn = new Intl.DisplayNames(locale, { type: 'language', style, languageDisplay });
  for (const l of langs) for (const s of subs) out.push([locale, languageDisplay, style, l + s, dn.of(l + s)]);
}
process.stdout.write(JSON.stringify(out));
`

// TestNamesAgainstNode holds the composed language names to Node's: 18 languages with 20
// scripts and regions, in every locale, display and style (some 12,000 names). Skips without
// Node unless SCAPE_REQUIRE_NODE=1.
func TestNamesAgainstNode(t *testing.T) {
	node := nodetest.Node(t)
	out, err := exec.Command(node, "-e", sweepNames, string(mustJSON(Tags))).Output()
	if err != nil {
		t.Fatal(err)
	}
	var rows [][5]string
	if err := json.Unmarshal(out, &rows); err != nil {
		t.Fatal(err)
	}
	bad := 0
	for _, r := range rows {
		dn, err := NewDisplayNames([]string{r[0]}, r[2], "language", "code", r[1])
		if err != nil {
			t.Fatal(err)
		}
		if got, _, _ := dn.Of(r[3]); got != r[4] {
			if bad++; bad <= 20 {
				t.Errorf("%s %s %s %s: %q, Node %q", r[0], r[1], r[2], r[3], got, r[4])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d names differ", bad, len(rows))
	}
}
