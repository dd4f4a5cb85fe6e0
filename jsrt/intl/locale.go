package intl

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// RangeError is an ECMA-402 RangeError: a value out of range, or one this engine does not
// support (its message says which).
type RangeError struct{ Message string }

func (e *RangeError) Error() string { return e.Message }

func rangeErrorf(format string, args ...any) *RangeError {
	return &RangeError{Message: fmt.Sprintf(format, args...)}
}

// Canonicalize is CanonicalizeLocaleList for one tag: the BCP 47 form Node gives
// (`EN-us` → `en-US`), or V8's RangeError for a tag that is not well formed.
func Canonicalize(tag string) (string, error) {
	if tag == "" || strings.Contains(tag, "_") || !wellFormed.MatchString(tag) || strings.EqualFold(tag, "root") {
		// Not a langtag (x/text also takes grandfathered tags and private use alone, which
		// V8 refuses: "i-klingon", "x-private", "en-GB-oed").
		return "", &RangeError{Message: "Incorrect locale information provided"}
	}
	if base, exts := splitExtensions(tag); aliasOf(base) != "" {
		tag = joinTag(aliasOf(base), nil, exts)
	}
	t, err := language.Parse(tag)
	var unknown language.ValueError
	switch {
	case err == nil:
		return canonicalKeywords(t.String()), nil
	case errors.As(err, &unknown) || len(strings.SplitN(tag, "-", 2)[0]) >= 5:
		// Well formed, of a language x/text does not know ("xx", or of five to eight letters,
		// which x/text does not parse): Node keeps it, and skips it when it negotiates.
		return caseCanonical(tag), nil
	}
	return "", &RangeError{Message: "Incorrect locale information provided"}
}

// unicodeExtension is where a tag's -u- extension starts, or -1: a "-u-" after the private-use
// singleton x is private text, not an extension (en-x-u-kn-true has no keyword).
func unicodeExtension(tag string) int {
	i := strings.Index(tag, "-u-")
	if x := strings.Index(tag, "-x-"); x >= 0 && x < i || strings.HasPrefix(tag, "x-") {
		return -1
	}
	return i
}

// canonicalKeywords gives a tag's -u- keyword values UTS 35's canonical form, as ICU: "true"
// is left out (`-u-kn-true` → `-u-kn`, and so "yes"), and calendar aliases are replaced.
func canonicalKeywords(tag string) string {
	i := unicodeExtension(tag)
	if i < 0 {
		return tag
	}
	subtags := strings.Split(tag[i+3:], "-")
	out := make([]string, 0, len(subtags))
	key := ""
	for k, s := range subtags {
		switch {
		case len(s) == 1:
			out = append(out, subtags[k:]...)
			return tag[:i+3] + strings.Join(out, "-")
		case len(s) == 2:
			key = s
		case (s == "true" || s == "yes") && (k+1 == len(subtags) || len(subtags[k+1]) <= 2):
			continue
		case key == "ca" && s == "islamicc":
			s = "islamic-civil"
		case key == "ca" && s == "ethiopic" && k+2 < len(subtags) && subtags[k+1] == "amete" && subtags[k+2] == "alem":
			out = append(out, "ethioaa")
			subtags[k+1], subtags[k+2] = "", ""
			continue
		case s == "":
			continue
		}
		out = append(out, s)
	}
	return tag[:i+3] + strings.Join(out, "-")
}

// wellFormed is BCP 47's langtag (without grandfathered tags).
var wellFormed = regexp.MustCompile(`^([a-zA-Z]{2,3}|[a-zA-Z]{5,8})(-[a-zA-Z]{4})?(-([a-zA-Z]{2}|[0-9]{3}))?(-([a-zA-Z0-9]{5,8}|[0-9][a-zA-Z0-9]{3}))*(-[a-wyzA-WYZ0-9](-[a-zA-Z0-9]{2,8})+)*(-[xX](-[a-zA-Z0-9]{1,8})+)?$`)

// caseCanonical gives a tag BCP 47's case: language lower, script title, region upper.
func caseCanonical(tag string) string {
	parts := strings.Split(strings.ToLower(tag), "-")
	for i := 1; i < len(parts); i++ {
		if len(parts[i-1]) == 1 {
			break // an extension's subtags stay lower case
		}
		switch {
		case len(parts[i]) == 4 && i == 1:
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		case len(parts[i]) == 2:
			parts[i] = strings.ToUpper(parts[i])
		}
	}
	return strings.Join(parts, "-")
}

// Resolved is the outcome of locale negotiation.
type Resolved struct {
	// Tag is the locale resolvedOptions() reports: the requested tag (without a supported
	// extension) when its data is the tag's own, else the nearest parent with data.
	Tag    string
	Locale *Locale
	// Language is the tag plural rules and collation are chosen by.
	Language language.Tag
}

// Resolve negotiates requested (canonical tags, in order of preference) against the data. A
// tag of a language Node knows but this engine has no data for is a RangeError naming it: Node
// would format in that language, and a different string would be a silent difference. A tag of
// no known language is skipped, as Node skips it; with none left, DefaultLocale.
func Resolve(requested []string) (Resolved, error) {
	d := loaded()
	for _, req := range requested {
		base, err := withoutExtensions(req)
		if err != nil {
			return Resolved{}, err
		}
		for cand := base; cand != ""; cand = parent(cand) {
			if l, ok := d.Locales[cand]; ok {
				if cand != base && !sameRegionless(base, cand) {
					break // a region with data of its own that this engine lacks
				}
				return Resolved{Tag: cand, Locale: l, Language: language.Make(cand)}, nil
			}
		}
		if known(base) {
			return Resolved{}, rangeErrorf("the locale %q is not supported by the validation engine (it has the data of %s)", req, strings.Join(supportedList(), ", "))
		}
	}
	l := d.Locales[DefaultLocale]
	return Resolved{Tag: DefaultLocale, Locale: l, Language: language.Make(DefaultLocale)}, nil
}

// withoutExtensions drops a Unicode extension the engine honours by default (`-u-nu-latn`) and
// refuses any other (a numbering system, a collation, …), naming it.
func withoutExtensions(tag string) (string, error) {
	i := strings.Index(tag, "-u-")
	if i < 0 {
		if strings.Contains(tag, "-x-") || strings.Contains(tag, "-t-") {
			return "", rangeErrorf("the locale %q has an extension the validation engine does not support", tag)
		}
		return tag, nil
	}
	ext := strings.Split(tag[i+3:], "-")
	for k := 0; k < len(ext); k += 2 {
		if k+1 < len(ext) && ext[k] == "nu" && ext[k+1] == "latn" {
			continue
		}
		return "", rangeErrorf("the locale %q has a Unicode extension (-u-%s) the validation engine does not support", tag, strings.Join(ext[k:min(k+2, len(ext))], "-"))
	}
	return tag[:i], nil
}

// parent drops the last subtag: es-419 → es, zh-Hant-TW → zh-Hant.
func parent(tag string) string {
	i := strings.LastIndexByte(tag, '-')
	if i < 0 {
		return ""
	}
	return tag[:i]
}

// sameRegionless says whether base falls back to cand with no region of its own on the way
// (a script subtag, or a region-free tag): de-Latn → de. A region (de-LU) has data of its own
// in ICU, which this engine may not share.
func sameRegionless(base, cand string) bool {
	t, err := language.Parse(base)
	if err != nil {
		return false
	}
	_, conf := t.Region()
	return conf != language.Exact
}

// known says whether tag's language is one CLDR (and so Node) has data for: x/text's
// collation list is the widest set of languages it carries.
func known(tag string) bool {
	t, err := language.Parse(tag)
	if err != nil {
		return false
	}
	b, conf := t.Base()
	if conf == language.No {
		return false
	}
	return cldrLanguages()[b.String()]
}

var (
	cldrOnce  sync.Once
	cldrLangs map[string]bool
)

func cldrLanguages() map[string]bool {
	cldrOnce.Do(func() {
		cldrLangs = map[string]bool{}
		for _, t := range collate.Supported() {
			b, _ := t.Base()
			cldrLangs[b.String()] = true
		}
		delete(cldrLangs, "und")
	})
	return cldrLangs
}

func supportedList() []string {
	out := append([]string(nil), Tags...)
	sort.Strings(out)
	return out
}

// Supported filters requested (canonical tags) to those Resolve would give data of their own:
// supportedLocalesOf.
func Supported(requested []string) []string {
	var out []string
	for _, req := range requested {
		if r, err := Resolve([]string{req}); err == nil && (r.Tag != DefaultLocale || strings.HasPrefix(req, "en")) {
			out = append(out, req)
		}
	}
	return out
}
