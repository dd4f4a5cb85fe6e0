package intl

import (
	"encoding/json"
	"os"
	"os/exec"
	"reflect"
	"testing"

	"github.com/scapeworld/scape/internal/nodetest"
)

type likelyRows struct {
	Node string                                `json:"node"`
	Rows [][4]string                           `json:"rows"`
	Info map[string]map[string]json.RawMessage `json:"info"`
}

// TestLikelySubtags asks Node (gen-likely.mjs) for the canonical form, maximize() and minimize()
// of some 3,700 tags and holds Intl.Locale to every one; with -update it rewrites likely.json
// with the rows where x/text alone answers otherwise. Skips without Node unless
// SCAPE_REQUIRE_NODE=1.
func TestLikelySubtags(t *testing.T) {
	node := nodetest.Node(t)
	out, err := exec.Command(node, "gen-likely.mjs", string(mustJSON(Tags))).Output()
	if err != nil {
		t.Fatalf("gen-likely.mjs: %v", err)
	}
	var rows likelyRows
	if err := json.Unmarshal(out, &rows); err != nil {
		t.Fatal(err)
	}
	if *update {
		writeLikely(t, rows)
		return
	}
	if !reflect.DeepEqual(rows.Info, likelyFixes().Info) {
		t.Error("likely.json's locale info is not Node's (go test ./jsrt/intl -run TestLikelySubtags -update)")
	}
	bad := 0
	for _, r := range rows.Rows {
		l, err := NewLocaleID(r[0], LocaleOptions{})
		if err != nil {
			t.Errorf("%s: %v", r[0], err)
			continue
		}
		if got := [4]string{r[0], l.Tag, l.Maximize(), l.Minimize()}; got != r {
			if bad++; bad < 20 {
				t.Errorf("%s: got %v, Node %v", r[0], got[1:], r[1:])
			}
		}
	}
	if bad > 0 {
		t.Fatalf("%d of %d tags differ from Node (go test ./jsrt/intl -run TestLikelySubtags -update)", bad, len(rows.Rows))
	}
}

func writeLikely(t *testing.T, rows likelyRows) {
	likelyOff = true
	defer func() { likelyOff = false }()
	f := likelyFile{Node: rows.Node, Aliases: map[string]string{}, Likely: map[string][2]string{}, Info: rows.Info}
	for _, r := range rows.Rows {
		c, err := Canonicalize(r[0])
		if err != nil || c != r[1] {
			f.Aliases[r[0]] = r[1]
		}
		l := localeIDOf(r[1])
		if l.Maximize() != r[2] || l.Minimize() != r[3] {
			f.Likely[r[1]] = [2]string{r[2], r[3]}
		}
	}
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("likely.json", append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("likely.json: %d aliases, %d likely subtags, %d bytes", len(f.Aliases), len(f.Likely), len(b)+1)
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
