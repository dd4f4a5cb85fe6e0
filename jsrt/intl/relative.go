package intl

import (
	"math"
	"strconv"
	"strings"
)

// relativeUnit is one style and unit of a locale's relative time: the future and past pattern
// of each plural category ("{0}" the number), and the phrases of numeric "auto" by value.
type relativeUnit struct {
	Future map[string]string `json:"future"`
	Past   map[string]string `json:"past"`
	Auto   map[string]string `json:"auto"`
}

// RelativeTimeFormat is a resolved Intl.RelativeTimeFormat.
type RelativeTimeFormat struct {
	Tag, Style, Numeric string
	units               map[string]relativeUnit
	number              *NumberFormat
	plural              *PluralRules
}

// NewRelativeTimeFormat resolves locales; style and numeric are checked by intl.js.
func NewRelativeTimeFormat(locales []string, style, numeric string) (*RelativeTimeFormat, error) {
	r, err := Resolve(locales)
	if err != nil {
		return nil, err
	}
	tag := []string{r.Tag}
	nf, err := NewNumberFormat(tag, NumberOptions{Style: "decimal", UseGrouping: "auto", SignDisplay: "auto", MinimumIntegerDigits: 1,
		MinimumFractionDigits: -1, MaximumFractionDigits: -1, MinimumSignificantDigits: -1, MaximumSignificantDigits: -1})
	if err != nil {
		return nil, err
	}
	pr, err := NewPluralRules(tag, "cardinal", NumberOptions{MinimumIntegerDigits: 1, MinimumFractionDigits: -1, MaximumFractionDigits: -1,
		MinimumSignificantDigits: -1, MaximumSignificantDigits: -1})
	if err != nil {
		return nil, err
	}
	units := map[string]relativeUnit{}
	for k, v := range localeFormatsOf(r).Relative {
		if s, unit, ok := strings.Cut(k, "-"); ok && s == style {
			units[unit] = v
		}
	}
	return &RelativeTimeFormat{Tag: r.Tag, Style: style, Numeric: numeric, units: units, number: nf, plural: pr}, nil
}

// FormatToParts formats v of unit (singular, as intl.js passes it): literal parts around the
// number's own, each of which names the unit.
func (rf *RelativeTimeFormat) FormatToParts(v float64, unit string) ([]Part, error) {
	u, ok := rf.units[unit]
	if !ok {
		return nil, rangeErrorf("Invalid unit argument for format() '%s'", unit)
	}
	if rf.Numeric == "auto" && v == math.Trunc(v) && math.Abs(v) <= 2 {
		if phrase, ok := u.Auto[strconv.Itoa(int(v))]; ok {
			return []Part{{Type: "literal", Value: phrase}}, nil
		}
	}
	patterns := u.Future
	if v < 0 || (v == 0 && math.Signbit(v)) {
		patterns = u.Past
	}
	abs := math.Abs(v)
	pattern, ok := patterns[rf.plural.Select(abs)]
	if !ok {
		pattern = patterns["other"]
	}
	before, after, _ := strings.Cut(pattern, "{0}")
	var out []Part
	if before != "" {
		out = append(out, Part{Type: "literal", Value: before})
	}
	for _, p := range rf.number.FormatToParts(Number{Float: abs}) {
		p.Unit = unit
		out = append(out, p)
	}
	if after != "" {
		out = append(out, Part{Type: "literal", Value: after})
	}
	return out, nil
}

// Format is FormatToParts joined.
func (rf *RelativeTimeFormat) Format(v float64, unit string) (string, error) {
	parts, err := rf.FormatToParts(v, unit)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Value)
	}
	return b.String(), nil
}
