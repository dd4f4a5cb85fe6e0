package intl

import (
	"regexp"
	"strings"
)

// listPatterns are one list type and style of a locale: the separator between two items, and
// between the first two, the middle ones and the last two of more.
type listPatterns struct {
	Pair   string `json:"pair"`
	Start  string `json:"start"`
	Middle string `json:"middle"`
	End    string `json:"end"`
}

// ListFormat is a resolved Intl.ListFormat.
type ListFormat struct {
	Tag, Type, Style string
	p                listPatterns
	lang             string
}

// NewListFormat resolves locales; typ and style are checked by intl.js.
func NewListFormat(locales []string, typ, style string) (*ListFormat, error) {
	r, err := Resolve(locales)
	if err != nil {
		return nil, err
	}
	p, ok := localeFormatsOf(r).Lists[typ+"-"+style]
	if !ok {
		return nil, rangeErrorf("Intl.ListFormat: type %q with style %q is not supported by the validation engine", typ, style)
	}
	lang, _, _ := strings.Cut(r.Tag, "-")
	return &ListFormat{Tag: r.Tag, Type: typ, Style: style, p: p, lang: lang}, nil
}

// FormatToParts joins items by the locale's separators: element and literal parts.
func (lf *ListFormat) FormatToParts(items []string) []Part {
	var out []Part
	n := len(items)
	for i, item := range items {
		if i > 0 {
			sep := lf.p.Middle
			switch {
			case n == 2:
				sep = lf.p.Pair
			case i == 1:
				sep = lf.p.Start
			case i == n-1:
				sep = lf.p.End
			}
			if i == n-1 || n == 2 {
				sep = lf.contextual(sep, item)
			}
			out = append(out, Part{Type: "literal", Value: sep})
		}
		out = append(out, Part{Type: "element", Value: item})
	}
	return out
}

// Spanish "y" is "e" before an /i/ sound and "o" is "u" before an /o/ sound (ICU's
// ListFormatter rules for es, the one locale of the engine's with a contextual separator).
var (
	esBeforeI = regexp.MustCompile(`(?i)^(i.*|hi|hi[^ae].*)$`)
	esBeforeO = regexp.MustCompile(`(?i)^((o|ho|8).*|11)$`)
)

func (lf *ListFormat) contextual(sep, next string) string {
	if lf.lang != "es" {
		return sep
	}
	switch {
	case sep == " y " && esBeforeI.MatchString(next):
		return " e "
	case sep == " o " && esBeforeO.MatchString(next):
		return " u "
	}
	return sep
}

// Format is FormatToParts joined.
func (lf *ListFormat) Format(items []string) string {
	var b strings.Builder
	for _, p := range lf.FormatToParts(items) {
		b.WriteString(p.Value)
	}
	return b.String()
}
