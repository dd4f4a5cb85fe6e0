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
	Node      string     `json:"node"`
	ICU       string     `json:"icu"`
	Combos    []string   `json:"combos"`
	Names     [][]string `json:"names"`
	Templates []string   `json:"templates"` // parts joined by "\n"
	// Locales stay raw until a locale is used: parsing all 56 would triple the first use's cost.
	Locales map[string]json.RawMessage `json:"locales"`
	combo   map[string]int             // Combos' index
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

var (
	parsedMu      sync.Mutex
	parsedLocales = map[string]*localeFormats{}
)

// localeFormatsOf is the format data of a resolved tag, parsed on its first use.
func localeFormatsOf(r Resolved) *localeFormats {
	d := formatData()
	parsedMu.Lock()
	defer parsedMu.Unlock()
	if lf, ok := parsedLocales[r.Tag]; ok {
		return lf
	}
	lf := new(localeFormats)
	if err := json.Unmarshal(d.Locales[r.Tag], lf); err != nil {
		panic("intl: formats.json, " + r.Tag + ": " + err.Error()) // embedded; a test parses every locale
	}
	parsedLocales[r.Tag] = lf
	return lf
}
