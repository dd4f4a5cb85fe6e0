package intl

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"testing"

	"github.com/scapeworld/scape/internal/nodetest"
)

var update = flag.Bool("update", false, "rewrite locales.json from the Node on PATH")

// TestLocaleData regenerates locales.json with gen.mjs from the Node on this machine and checks
// the committed file is that (with -update, rewrites it). Skips without Node unless
// SCAPE_REQUIRE_NODE=1.
func TestLocaleData(t *testing.T) {
	node := nodetest.Node(t)
	tags, _ := json.Marshal(Tags)
	curs, _ := json.Marshal(Currencies)
	cmd := exec.Command(node, "gen.mjs", string(tags), string(curs))
	cmd.Env = append(os.Environ(), "TZ=UTC")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("gen.mjs: %v", err)
	}
	if *update {
		if err := os.WriteFile("locales.json", out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(out, localesJSON) {
		t.Fatal("locales.json is not what gen.mjs gives under this Node (go test ./jsrt/intl -run TestLocaleData -update)")
	}
}

// TestEveryTagHasData: every tag and currency the engine names has its data, so no lookup in
// Resolve or NewNumberFormat can find a hole.
func TestEveryTagHasData(t *testing.T) {
	d := loaded()
	for _, tag := range Tags {
		l, ok := d.Locales[tag]
		if !ok {
			t.Errorf("%s: no data", tag)
			continue
		}
		if len(l.DecimalPattern) != 3 || len(l.PercentPattern) != 3 || l.Decimal == "" || l.Grouping.Primary == 0 {
			t.Errorf("%s: incomplete %+v", tag, l)
		}
		for _, display := range []string{"symbol", "narrowSymbol", "code"} {
			for _, cur := range Currencies {
				if l.Currency[display].Symbols[cur] == "" {
					t.Errorf("%s %s %s: no symbol", tag, display, cur)
				}
			}
			if len(l.Currency[display].Pattern) != 5 {
				t.Errorf("%s %s: pattern %v", tag, display, l.Currency[display].Pattern)
			}
		}
	}
	for _, cur := range Currencies {
		if _, ok := d.CurrencyDigits[cur]; !ok {
			t.Errorf("%s: no digits", cur)
		}
	}
}
