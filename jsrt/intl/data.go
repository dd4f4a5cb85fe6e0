// Package intl is the ECMA-402 subset of the validation engine (jsrt installs it as `Intl` and
// the toLocaleString/localeCompare methods): number formatting, plural rules and collation that
// give Node's results for the locales in locales.json, and a RangeError naming what it does not
// support (a locale, an option value) instead of a silently different string. docs/sdk.md,
// "Intl in the validation engine", says what is supported and why it is built this way.
//
// The number data is Node's own (gen.mjs reads it through Intl.NumberFormat's formatToParts:
// symbols, grouping, and the shape of percent and currency formats); plural rules and collation
// are golang.org/x/text's CLDR data, held to Node's answers by the differential tests.
package intl

import (
	_ "embed"
	"encoding/json"
	"sync"
)

//go:embed locales.json
var localesJSON []byte

// Tags are the locales with data, as gen.mjs is given them; Currencies the currencies.
var (
	Tags = []string{"en", "en-US", "en-GB", "en-AU", "en-CA", "en-IN", "en-IE", "en-NZ", "en-ZA", "en-SG", "en-DE",
		"de", "de-DE", "de-AT", "de-CH", "fr", "fr-FR", "fr-CA", "fr-CH", "fr-BE",
		"es", "es-ES", "es-MX", "es-US", "es-AR", "es-419", "it", "it-IT", "it-CH", "pt", "pt-BR", "pt-PT",
		"nl", "nl-NL", "nl-BE", "sv", "da", "nb", "fi", "pl", "cs", "ru", "uk", "tr", "el", "hu", "ro",
		"ja", "zh", "zh-CN", "zh-TW", "zh-HK", "ko", "id", "vi", "hi"}
	Currencies = []string{"USD", "EUR", "GBP", "JPY", "CNY", "INR", "CAD", "AUD", "CHF", "SEK", "NOK", "DKK", "PLN",
		"CZK", "HUF", "BRL", "MXN", "KRW", "RUB", "TRY", "ZAR", "HKD", "NZD", "SGD"}
)

// DefaultLocale is the engine's default locale: Node's under LANG=C or en_US, fixed so that a
// verdict does not depend on the machine.
const DefaultLocale = "en-US"

// Locale is one tag's number data.
type Locale struct {
	Resolved    string   `json:"resolved"`
	Decimal     string   `json:"decimal"`
	Group       string   `json:"group"`
	Minus       string   `json:"minus"`
	Plus        string   `json:"plus"`
	PercentSign string   `json:"percentSign"`
	Infinity    string   `json:"infinity"`
	NaN         string   `json:"nan"`
	Grouping    Grouping `json:"grouping"`
	// RangeSeparator joins formatRange's two numbers; ApproximatelySign marks a range whose
	// ends format alike.
	RangeSeparator    string `json:"rangeSeparator"`
	ApproximatelySign string `json:"approximatelySign"`
	// Patterns: [unsigned, with a plus sign, with a minus sign]; currency patterns add the
	// accounting [with a plus sign, with a minus sign]. "#" is the number, "¤" the currency,
	// "-"/"+"/"%" the signs, `\` escapes a literal one of these.
	DecimalPattern []string                   `json:"decimalPattern"`
	PercentPattern []string                   `json:"percentPattern"`
	Currency       map[string]CurrencyDisplay `json:"currency"`
	// Date is the locale's default date and time formats.
	Date DateData `json:"date"`
}

// Grouping is where group separators go: every Primary digits from the right, then every
// Secondary; none when the integer has fewer than Primary+Min digits under useGrouping "auto".
type Grouping struct {
	Primary   int `json:"primary"`
	Secondary int `json:"secondary"`
	Min       int `json:"min"`
}

// CurrencyDisplay is one currencyDisplay of a locale: the pattern most currencies use, each
// currency's symbol, and the patterns of those that differ.
type CurrencyDisplay struct {
	Pattern  []string            `json:"pattern"`
	Symbols  map[string]string   `json:"symbols"`
	Patterns map[string][]string `json:"patterns"`
}

type dataFile struct {
	Node           string             `json:"node"`
	ICU            string             `json:"icu"`
	CLDR           string             `json:"cldr"`
	CurrencyDigits map[string]int     `json:"currencyDigits"`
	Locales        map[string]*Locale `json:"locales"`
}

var (
	dataOnce sync.Once
	data     dataFile
)

// loaded parses locales.json once per process, on the first use of Intl.
func loaded() *dataFile {
	dataOnce.Do(func() {
		if err := json.Unmarshal(localesJSON, &data); err != nil {
			panic("intl: locales.json: " + err.Error()) // embedded; a test keeps it readable
		}
	})
	return &data
}

// Source says which Node, ICU and CLDR the data came from.
func Source() (node, icu, cldr string) {
	d := loaded()
	return d.Node, d.ICU, d.CLDR
}
