package intl

import (
	_ "embed"
	"encoding/json"
	"sync"
)

// formats.json is the date, list and relative-time data (gen-formats.mjs), kept apart from
// locales.json so that a runtime formatting only numbers never parses it.
//
//go:embed formats.json
var formatsJSON []byte

type formatFile struct {
	Node      string                    `json:"node"`
	ICU       string                    `json:"icu"`
	Combos    []string                  `json:"combos"`
	Names     [][]string                `json:"names"`
	Templates [][]string                `json:"templates"`
	Locales   map[string]*localeFormats `json:"locales"`
	combo     map[string]int            // Combos' index
}

// localeFormats is one tag's data: its date template of each combination (an index into
// Templates, -1 for none), the date-time glue of each length (full, long, medium, short), list
// patterns by "type-style" and relative-time patterns by "style-unit".
type localeFormats struct {
	Templates []int                   `json:"templates"`
	Glue      []string                `json:"glue"`
	Lists     map[string]listPatterns `json:"lists"`
	Relative  map[string]relativeUnit `json:"relative"`
}

var (
	formatsOnce sync.Once
	formats     formatFile
)

// formatData parses formats.json once per process, on the first use of a date, list or
// relative-time format.
func formatData() *formatFile {
	formatsOnce.Do(func() {
		if err := json.Unmarshal(formatsJSON, &formats); err != nil {
			panic("intl: formats.json: " + err.Error()) // embedded; a test keeps it readable
		}
		formats.combo = make(map[string]int, len(formats.Combos))
		for i, k := range formats.Combos {
			formats.combo[k] = i
		}
	})
	return &formats
}

// localeFormatsOf is the format data of a resolved tag.
func localeFormatsOf(r Resolved) *localeFormats {
	return formatData().Locales[r.Tag]
}
