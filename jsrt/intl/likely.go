package intl

import (
	_ "embed"
	"encoding/json"
	"strings"
	"sync"
)

// likely.json holds where golang.org/x/text's CLDR 32 answers otherwise than Node's CLDR (48):
// language aliases (mo → ro, cmn → zh) and likely subtags (yi → yi-Hebr-UA), of the tags
// gen-likely.mjs asks Node about (every language Node names, and some 2,500 combinations).
// likely_test.go makes it and holds the engine to every one of Node's rows.
//
//go:embed likely.json
var likelyJSON []byte

type likelyFile struct {
	Node string `json:"node"`
	// Aliases maps a lower-case tag to Node's canonical form.
	Aliases map[string]string `json:"aliases"`
	// Likely maps a canonical language[-script][-region] to Node's [maximize, minimize].
	Likely map[string][2]string `json:"likely"`
	// Info is, for each tag with data, Node's values of the Intl.Locale getters (calendars,
	// collations, hourCycles, numberingSystems, textInfo, timeZones, weekInfo) as JSON.
	Info map[string]map[string]json.RawMessage `json:"info"`
}

var (
	likelyOnce sync.Once
	likely     likelyFile
	// likelyOff turns the fixes off, for the test that finds where x/text differs.
	likelyOff bool
)

func likelyFixes() *likelyFile {
	likelyOnce.Do(func() {
		if err := json.Unmarshal(likelyJSON, &likely); err != nil {
			panic("intl: likely.json: " + err.Error()) // embedded; a test keeps it readable
		}
	})
	return &likely
}

// aliasOf is Node's canonical form of a tag's base where x/text's differs ("" when it does not).
func aliasOf(base string) string {
	if likelyOff {
		return ""
	}
	return likelyFixes().Aliases[strings.ToLower(base)]
}

// likelyOf is Node's maximize and minimize of a canonical base where x/text's differ.
func likelyOf(base string) ([2]string, bool) {
	if likelyOff {
		return [2]string{}, false
	}
	v, ok := likelyFixes().Likely[base]
	return v, ok
}
