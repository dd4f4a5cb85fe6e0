package intl

import (
	"strings"
	"unicode"

	"golang.org/x/text/collate"
	"golang.org/x/text/unicode/norm"
)

// CollatorOptions are Intl.Collator's options after the JavaScript side read them.
type CollatorOptions struct {
	Usage             string `json:"usage"`       // sort
	Sensitivity       string `json:"sensitivity"` // base, accent, case, variant
	IgnorePunctuation bool   `json:"ignorePunctuation"`
	Numeric           bool   `json:"numeric"`
	CaseFirst         string `json:"caseFirst"` // false
}

// Collator is a resolved Intl.Collator over x/text's CLDR collation.
type Collator struct {
	Resolved
	CollatorOptions
	c         *collate.Collator
	caseLevel *collate.Collator // sensitivity "case": the order within primary equality
}

// NewCollator resolves locales and options; what x/text cannot do as ICU does (search usage,
// ignorePunctuation, caseFirst) is a RangeError naming the option.
func NewCollator(locales []string, o CollatorOptions) (*Collator, error) {
	r, err := Resolve(locales)
	if err != nil {
		return nil, err
	}
	if o.Usage != "sort" {
		return nil, rangeErrorf("usage %q is not supported by the validation engine (it collates for sorting only)", o.Usage)
	}
	if o.IgnorePunctuation {
		return nil, rangeErrorf("ignorePunctuation: true is not supported by the validation engine")
	}
	if o.CaseFirst != "false" {
		return nil, rangeErrorf("caseFirst %q is not supported by the validation engine (it orders case as the locale does)", o.CaseFirst)
	}
	var opts []collate.Option
	col := &Collator{Resolved: r, CollatorOptions: o}
	switch o.Sensitivity {
	case "base":
		opts = append(opts, collate.IgnoreCase, collate.IgnoreDiacritics, collate.IgnoreWidth)
	case "accent":
		opts = append(opts, collate.IgnoreCase, collate.IgnoreWidth)
	case "case":
		// x/text's IgnoreDiacritics alone still tells a from á: primary strength first, then
		// the tertiary order of the strings with their diacritics removed (ICU's case level).
		opts = append(opts, collate.IgnoreCase, collate.IgnoreDiacritics, collate.IgnoreWidth)
		caseOpts := []collate.Option{}
		if o.Numeric {
			caseOpts = append(caseOpts, collate.Numeric)
		}
		col.caseLevel = collate.New(r.Language, caseOpts...)
	case "variant":
	default:
		return nil, rangeErrorf("Value %s out of range for Intl.Collator options property sensitivity", o.Sensitivity)
	}
	if o.Numeric {
		opts = append(opts, collate.Numeric)
	}
	col.c = collate.New(r.Language, opts...)
	return col, nil
}

// Compare is -1, 0 or 1. A Collator is not safe for concurrent use (x/text's buffers).
func (c *Collator) Compare(a, b string) int {
	r := c.c.CompareString(a, b)
	if r != 0 || c.caseLevel == nil {
		return r
	}
	return c.caseLevel.CompareString(withoutMarks(a), withoutMarks(b))
}

// withoutMarks is s decomposed with its combining marks removed: á → a.
func withoutMarks(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
