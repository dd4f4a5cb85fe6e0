package intl

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// NumberOptions are Intl.NumberFormat's options after the JavaScript side read and checked
// them (jsrt/intl.js: the spec's order, types and V8's messages). Digits are resolved by
// NewNumberFormat.
type NumberOptions struct {
	Style           string `json:"style"`           // decimal, percent, currency
	Currency        string `json:"currency"`        // upper-case ISO 4217 code, for currency
	CurrencyDisplay string `json:"currencyDisplay"` // symbol, narrowSymbol, code
	CurrencySign    string `json:"currencySign"`    // standard, accounting
	UseGrouping     string `json:"useGrouping"`     // always, auto, min2, false
	SignDisplay     string `json:"signDisplay"`     // auto, never, always, exceptZero, negative
	// Digit options: -1 when absent.
	MinimumIntegerDigits     int `json:"minimumIntegerDigits"`
	MinimumFractionDigits    int `json:"minimumFractionDigits"`
	MaximumFractionDigits    int `json:"maximumFractionDigits"`
	MinimumSignificantDigits int `json:"minimumSignificantDigits"`
	MaximumSignificantDigits int `json:"maximumSignificantDigits"`
}

// NumberFormat is a resolved Intl.NumberFormat.
type NumberFormat struct {
	Resolved
	NumberOptions
	significant bool // rounding by significant digits (else fraction digits)
	pattern     []string
	symbol      string
}

// NewNumberFormat resolves options for locales (SetNumberFormatDigitOptions with
// roundingPriority "auto"), or returns a RangeError naming what is out of range or unsupported.
func NewNumberFormat(locales []string, o NumberOptions) (*NumberFormat, error) {
	r, err := Resolve(locales)
	if err != nil {
		return nil, err
	}
	nf := &NumberFormat{Resolved: r, NumberOptions: o}
	l := r.Locale
	minFracDefault, maxFracDefault := 0, 3
	switch o.Style {
	case "decimal":
		nf.pattern = l.DecimalPattern
	case "percent":
		nf.pattern, maxFracDefault = l.PercentPattern, 0
	case "currency":
		display, ok := l.Currency[o.CurrencyDisplay]
		if !ok {
			return nil, rangeErrorf("currencyDisplay %q is not supported by the validation engine (it supports symbol, narrowSymbol and code)", o.CurrencyDisplay)
		}
		sym, ok := display.Symbols[o.Currency]
		if !ok {
			return nil, rangeErrorf("the currency %q is not supported by the validation engine (it has the data of %s)", o.Currency, strings.Join(Currencies, ", "))
		}
		nf.symbol, nf.pattern = sym, display.Pattern
		if p, ok := display.Patterns[o.Currency]; ok {
			nf.pattern = p
		}
		digits := loaded().CurrencyDigits[o.Currency]
		minFracDefault, maxFracDefault = digits, digits
	default:
		return nil, rangeErrorf("style %q is not supported by the validation engine (it supports decimal, percent and currency)", o.Style)
	}
	if nf.MinimumIntegerDigits < 0 {
		nf.MinimumIntegerDigits = 1
	}
	if o.MinimumSignificantDigits >= 0 || o.MaximumSignificantDigits >= 0 {
		nf.significant = true
		if nf.MinimumSignificantDigits < 0 {
			nf.MinimumSignificantDigits = 1
		}
		if nf.MaximumSignificantDigits < 0 {
			nf.MaximumSignificantDigits = 21
		} else if nf.MaximumSignificantDigits < nf.MinimumSignificantDigits {
			return nil, &RangeError{Message: "maximumSignificantDigits value is out of range."}
		}
	}
	// Fraction digits are resolved either way (resolvedOptions shows them).
	minFrac, maxFrac := o.MinimumFractionDigits, o.MaximumFractionDigits
	switch {
	case minFrac < 0 && maxFrac < 0:
		minFrac, maxFrac = minFracDefault, maxFracDefault
	case minFrac < 0:
		minFrac = min(minFracDefault, maxFrac)
	case maxFrac < 0:
		maxFrac = max(maxFracDefault, minFrac)
	case minFrac > maxFrac:
		return nil, &RangeError{Message: "maximumFractionDigits value is out of range."}
	}
	nf.MinimumFractionDigits, nf.MaximumFractionDigits = minFrac, maxFrac
	return nf, nil
}

// Significant says whether the format rounds by significant digits (resolvedOptions shows
// them then).
func (nf *NumberFormat) Significant() bool { return nf.significant }

// Part is one piece of a formatted number (formatToParts).
type Part struct {
	Type  string `json:"type"`
	Value string `json:"value"`
	Unit  string `json:"unit,omitempty"` // the unit of a relative time's number parts
	// Source is formatRangeToParts' "startRange", "endRange" or "shared".
	Source string `json:"source,omitempty"`
}

// decimal is a non-negative decimal number: digits (no leading zeros unless the number is 0)
// and the position of the decimal point from the left (may be ≤ 0 or past the digits).
type decimal struct {
	digits string
	point  int
}

// fromFloat is the shortest decimal that reads back as f (ECMAScript's Number::toString
// digits), which is what ICU rounds: (1.005).toLocaleString(…, {maximumFractionDigits: 2}) is
// "1.01" in Node, not the "1" the binary value would give.
func fromFloat(f float64) decimal {
	s := strconv.FormatFloat(math.Abs(f), 'e', -1, 64)
	mant, exp, _ := strings.Cut(s, "e")
	e, _ := strconv.Atoi(exp)
	digits := strings.Replace(mant, ".", "", 1)
	if digits == "0" {
		return decimal{digits: "0", point: 1}
	}
	return decimal{digits: digits, point: e + 1}
}

// fromBig is a BigInt's decimal (its absolute value).
func fromBig(b *big.Int) decimal {
	s := new(big.Int).Abs(b).String()
	return decimal{digits: s, point: len(s)}
}

// roundAt keeps n digits after the decimal point, rounding half away from zero (halfExpand).
func (d decimal) roundAt(n int) decimal {
	keep := d.point + n
	return d.roundDigits(keep)
}

// roundDigits keeps the first keep digits, rounding half away from zero.
func (d decimal) roundDigits(keep int) decimal {
	if keep >= len(d.digits) {
		return d
	}
	if keep < 0 {
		return decimal{digits: "0", point: 1}
	}
	up := d.digits[keep] >= '5'
	kept := []byte(d.digits[:keep])
	point := d.point
	if up {
		i := len(kept) - 1
		for ; i >= 0; i-- {
			if kept[i] == '9' {
				kept[i] = '0'
				continue
			}
			kept[i]++
			break
		}
		if i < 0 {
			kept = append([]byte{'1'}, kept...)
			point++
		}
	}
	s := strings.TrimRight(string(kept), "0")
	if s == "" {
		if up {
			return decimal{digits: "1", point: point}
		}
		return decimal{digits: "0", point: 1}
	}
	return decimal{digits: s, point: point}
}

func (d decimal) isZero() bool { return strings.Trim(d.digits, "0") == "" }

// integerAndFraction renders d with at least minInt integer digits and minFrac fraction digits.
func (d decimal) integerAndFraction(minInt, minFrac int) (string, string) {
	digits := strings.TrimRight(d.digits, "0")
	if digits == "" {
		digits, d.point = "0", 1
	}
	var intPart, frac string
	switch {
	case d.point <= 0:
		intPart, frac = "0", strings.Repeat("0", -d.point)+digits
	case d.point >= len(digits):
		intPart = digits + strings.Repeat("0", d.point-len(digits))
	default:
		intPart, frac = digits[:d.point], digits[d.point:]
	}
	intPart = strings.TrimLeft(intPart, "0")
	if len(intPart) < minInt {
		intPart = strings.Repeat("0", minInt-len(intPart)) + intPart
	}
	if len(frac) < minFrac {
		frac += strings.Repeat("0", minFrac-len(frac))
	}
	return intPart, frac
}

// rounded applies the format's digit options to d: the integer and fraction digits.
func (nf *NumberFormat) rounded(d decimal) (string, string) {
	if nf.significant {
		d = d.roundDigits(nf.MaximumSignificantDigits)
		sig := len(strings.TrimRight(d.digits, "0"))
		if d.isZero() {
			sig = 1
		}
		minFrac := 0
		if sig < nf.MinimumSignificantDigits {
			// Pad with zeros up to the minimum significant digits.
			minFrac = nf.MinimumSignificantDigits - d.point
			if d.isZero() {
				minFrac = nf.MinimumSignificantDigits - 1
			}
		}
		if minFrac < 0 {
			minFrac = 0
		}
		return d.integerAndFraction(nf.MinimumIntegerDigits, minFrac)
	}
	d = d.roundAt(nf.MaximumFractionDigits)
	return d.integerAndFraction(nf.MinimumIntegerDigits, nf.MinimumFractionDigits)
}

// group splits an integer's digits with the locale's separator under useGrouping.
func (nf *NumberFormat) group(intPart string) []Part {
	g := nf.Locale.Grouping
	min := g.Min
	switch nf.UseGrouping {
	case "false":
		return []Part{{Type: "integer", Value: intPart}}
	case "always":
		min = 1
	case "min2":
		min = 2
	}
	if g.Primary <= 0 || len(intPart) < g.Primary+min {
		return []Part{{Type: "integer", Value: intPart}}
	}
	var groups []string
	rest := intPart
	size := g.Primary
	for len(rest) > size {
		groups = append([]string{rest[len(rest)-size:]}, groups...)
		rest = rest[:len(rest)-size]
		size = g.Secondary
	}
	groups = append([]string{rest}, groups...)
	out := make([]Part, 0, 2*len(groups))
	for i, s := range groups {
		if i > 0 {
			out = append(out, Part{Type: "group", Value: nf.Locale.Group})
		}
		out = append(out, Part{Type: "integer", Value: s})
	}
	return out
}

// Number is a value to format: a Number, a BigInt, or a decimal string read exactly.
type Number struct {
	Float    float64
	Big      *big.Int // set for a BigInt
	Dec      *decimal // set for a decimal string (ParseDecimal), with Negative
	Negative bool
}

// FormatToParts formats n.
func (nf *NumberFormat) FormatToParts(n Number) []Part {
	negative, special := false, ""
	var d decimal
	switch {
	case n.Big != nil:
		negative = n.Big.Sign() < 0
		d = fromBig(n.Big)
	case n.Dec != nil:
		negative, d = n.Negative, *n.Dec
	case math.IsNaN(n.Float):
		special = "nan"
	case math.IsInf(n.Float, 0):
		negative, special = n.Float < 0, "infinity"
	default:
		negative = math.Signbit(n.Float)
		d = fromFloat(n.Float)
	}
	var number []Part
	zero := false
	if special == "nan" {
		number = []Part{{Type: "nan", Value: nf.Locale.NaN}}
	} else if special == "infinity" {
		number = []Part{{Type: "infinity", Value: nf.Locale.Infinity}}
	} else {
		if nf.Style == "percent" && !d.isZero() {
			d.point += 2 // exactly, in decimal: 0.07 is 7%, not 7.000000000000001%
		}
		intPart, frac := nf.rounded(d)
		zero = strings.Trim(intPart+frac, "0") == ""
		number = nf.group(intPart)
		if frac != "" {
			number = append(number, Part{Type: "decimal", Value: nf.Locale.Decimal}, Part{Type: "fraction", Value: frac})
		}
	}
	return nf.apply(nf.pick(negative, zero, special == "nan"), number)
}

// pick chooses the pattern for the sign: 0 unsigned, 1 with a plus, 2 with a minus (3 and 4
// the accounting plus and minus).
func (nf *NumberFormat) pick(negative, zero, nan bool) string {
	accounting := nf.Style == "currency" && nf.CurrencySign == "accounting" && len(nf.pattern) >= 5
	plus, minus := nf.pattern[1], nf.pattern[2]
	if accounting {
		plus, minus = nf.pattern[3], nf.pattern[4]
	}
	if nan {
		if nf.SignDisplay == "always" {
			return plus
		}
		return nf.pattern[0]
	}
	switch nf.SignDisplay {
	case "never":
		return nf.pattern[0]
	case "always":
		if negative {
			return minus
		}
		return plus
	case "exceptZero":
		switch {
		case zero:
			return nf.pattern[0]
		case negative:
			return minus
		}
		return plus
	case "negative":
		if negative && !zero {
			return minus
		}
		return nf.pattern[0]
	}
	if negative {
		return minus
	}
	return nf.pattern[0]
}

// apply substitutes the number, signs and currency into a pattern.
func (nf *NumberFormat) apply(pattern string, number []Part) []Part {
	var out []Part
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			out = append(out, Part{Type: "literal", Value: lit.String()})
			lit.Reset()
		}
	}
	r := []rune(pattern)
	for i := 0; i < len(r); i++ {
		switch c := r[i]; c {
		case '\\':
			if i+1 < len(r) {
				i++
				lit.WriteRune(r[i])
			}
		case '#':
			flush()
			out = append(out, number...)
		case '¤':
			flush()
			out = append(out, Part{Type: "currency", Value: nf.symbol})
		case '-':
			flush()
			out = append(out, Part{Type: "minusSign", Value: nf.Locale.Minus})
		case '+':
			flush()
			out = append(out, Part{Type: "plusSign", Value: nf.Locale.Plus})
		case '%':
			flush()
			out = append(out, Part{Type: "percentSign", Value: nf.Locale.PercentSign})
		default:
			lit.WriteRune(c)
		}
	}
	flush()
	return out
}

// Format formats n as one string.
func (nf *NumberFormat) Format(n Number) string {
	var b strings.Builder
	for _, p := range nf.FormatToParts(n) {
		b.WriteString(p.Value)
	}
	return b.String()
}

// ParseDecimal reads a decimal string exactly ("1234.5", "-1e21", " 0.10 "), as
// Intl.NumberFormat formats a string: not through a double. ok is false for anything else.
func ParseDecimal(s string) (Number, bool) {
	s = strings.TrimSpace(s)
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	mant, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	e := 0
	if hasExp {
		n, err := strconv.Atoi(exp)
		if err != nil || n > 1000 || n < -1000 {
			return Number{}, false
		}
		e = n
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	digits := intPart + frac
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return Number{}, false
	}
	point := len(intPart) + e
	trimmed := strings.TrimLeft(digits, "0")
	point -= len(digits) - len(trimmed)
	if trimmed == "" {
		return Number{Dec: &decimal{digits: "0", point: 1}, Negative: neg}, true
	}
	return Number{Dec: &decimal{digits: trimmed, point: point}, Negative: neg}, true
}
