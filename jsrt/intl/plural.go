package intl

import (
	"math"
	"strconv"
	"strings"

	"golang.org/x/text/feature/plural"
)

// PluralRules is a resolved Intl.PluralRules: x/text's CLDR plural rules on the operands of the
// number as its digit options format it (1 and 1.0 differ: `minimumFractionDigits`).
type PluralRules struct {
	*NumberFormat
	Type string // cardinal, ordinal
}

// NewPluralRules resolves locales and the digit options (Style is decimal).
func NewPluralRules(locales []string, typ string, o NumberOptions) (*PluralRules, error) {
	if typ != "cardinal" && typ != "ordinal" {
		return nil, rangeErrorf("Value %s out of range for Intl.PluralRules options property type", typ)
	}
	o.Style, o.UseGrouping, o.SignDisplay = "decimal", "false", "auto"
	nf, err := NewNumberFormat(locales, o)
	if err != nil {
		return nil, err
	}
	return &PluralRules{NumberFormat: nf, Type: typ}, nil
}

var forms = map[plural.Form]string{plural.Other: "other", plural.Zero: "zero", plural.One: "one", plural.Two: "two", plural.Few: "few", plural.Many: "many"}

// Select is the plural category of x.
func (p *PluralRules) Select(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "other"
	}
	intPart, frac := p.rounded(fromFloat(x))
	i := atoiCapped(intPart)
	v := len(frac)
	trimmed := strings.TrimRight(frac, "0")
	w := len(trimmed)
	f, t := atoiCapped(frac), atoiCapped(trimmed)
	rules := plural.Cardinal
	if p.Type == "ordinal" {
		rules = plural.Ordinal
	}
	form := forms[rules.MatchPlural(p.Language, i, v, w, f, t)]
	if form == "other" && p.Type == "cardinal" && millionsMany[p.base()] && v == 0 && i != 0 && i%1000000 == 0 {
		form = "many"
	}
	return form
}

// millionsMany are the languages whose CLDR rules (since CLDR 38, after x/text's CLDR 32) have
// "many" for whole millions: "1 000 000 de personnes". Node follows the newer rule.
var millionsMany = map[string]bool{"fr": true, "es": true, "it": true, "pt": true, "ca": true}

func (p *PluralRules) base() string {
	b, _ := p.Language.Base()
	return b.String()
}

// atoiCapped reads a digit string, keeping its last 18 digits (plural rules test only the last
// few digits of an operand, modulo 10, 100 or 1,000,000).
func atoiCapped(s string) int {
	if len(s) > 18 {
		s = s[len(s)-18:]
	}
	n, _ := strconv.Atoi(s)
	return n
}

// Categories are the plural categories the rules use for the locale, in Node's order
// (alphabetical, "other" last), found by selecting over numbers that reach every category of every CLDR
// rule.
func (p *PluralRules) Categories() []string {
	seen := map[string]bool{}
	probe := func(x float64) { seen[p.Select(x)] = true }
	for i := 0; i <= 1000; i++ {
		probe(float64(i))
	}
	for _, x := range []float64{0.1, 0.5, 1.5, 2.5, 3.5, 10.1, 1000000, 2000000, 1e6 + 1} {
		probe(x)
	}
	var out []string
	for _, c := range []string{"few", "many", "one", "two", "zero", "other"} {
		if seen[c] {
			out = append(out, c)
		}
	}
	return out
}
