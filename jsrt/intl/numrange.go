package intl

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// FormatRangeToParts is Intl.NumberFormat.prototype.formatRangeToParts as ICU's number range
// formatter does it under ECMA-402 (collapse "auto", identity fallback "approximately"): two
// numbers that format alike are one with the locale's approximately sign ("~3", "≈3,00 €");
// otherwise both, joined by the locale's range separator, their affixes said once where they
// are the same and longer than one code point ("3,00–5,00 €" but "$3.00 – $5.00"), with spaces
// around the separator where the start keeps an affix of its own.
func (nf *NumberFormat) FormatRangeToParts(x, y Number) []Part {
	a, b := nf.FormatToParts(x), nf.FormatToParts(y)
	if joined(a) == joined(b) {
		return sourced(nf.approximately(x, a), "shared")
	}
	preA, numA, sufA := splitAffixes(a)
	preB, numB, sufB := splitAffixes(b)
	collapse := joined(preA) == joined(preB) && joined(sufA) == joined(sufB) && utf8.RuneCountInString(joined(preA)+joined(sufA)) > 1
	sep := nf.Locale.RangeSeparator
	if !collapse && joined(preA)+joined(sufA) != "" {
		r, _ := utf8.DecodeRuneInString(sep)
		l, _ := utf8.DecodeLastRuneInString(sep)
		if !unicode.IsSpace(r) {
			sep = " " + sep
		}
		if !unicode.IsSpace(l) {
			sep += " "
		}
	}
	middle := []Part{{Type: "literal", Value: sep, Source: "shared"}}
	if collapse {
		out := sourced(preA, "shared")
		out = append(out, sourced(numA, "startRange")...)
		out = append(out, middle...)
		out = append(out, sourced(numB, "endRange")...)
		return append(out, sourced(sufA, "shared")...)
	}
	out := sourced(a, "startRange")
	out = append(out, middle...)
	return append(out, sourced(b, "endRange")...)
}

// approximately marks parts with the approximately sign: before the sign where there is one
// ("~-3"), else where a plus sign would go ("~$3.00", "~%3").
func (nf *NumberFormat) approximately(x Number, parts []Part) []Part {
	sign := Part{Type: "approximatelySign", Value: nf.Locale.ApproximatelySign}
	for i, p := range parts {
		if p.Type == "minusSign" || p.Type == "plusSign" {
			return append(append(append([]Part{}, parts[:i]...), sign), parts[i:]...)
		}
	}
	always := *nf
	always.SignDisplay = "always"
	withPlus := always.FormatToParts(x)
	for i, p := range withPlus {
		if p.Type == "plusSign" {
			withPlus[i] = sign
			return withPlus
		}
	}
	return append([]Part{sign}, parts...) // NaN has no sign: ICU puts it first
}

// splitAffixes splits formatted parts into the affixes before the number, the number, and
// the affixes after it.
func splitAffixes(parts []Part) (prefix, number, suffix []Part) {
	first, last := -1, -1
	for i, p := range parts {
		switch p.Type {
		case "integer", "group", "decimal", "fraction", "nan", "infinity":
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return parts, nil, nil
	}
	return parts[:first], parts[first : last+1], parts[last+1:]
}

func joined(parts []Part) string {
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Value)
	}
	return b.String()
}

func sourced(parts []Part, source string) []Part {
	out := make([]Part, len(parts))
	for i, p := range parts {
		p.Source = source
		out[i] = p
	}
	return out
}
