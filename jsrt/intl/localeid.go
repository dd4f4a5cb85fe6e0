package intl

import (
	"encoding/json"
	"regexp"
	"strings"

	"golang.org/x/text/language"
)

// LocaleID is an Intl.Locale's internal slots: a canonical tag and its parts. Built by
// NewLocaleID from a tag and the constructor's options (intl.js reads and checks them in
// ECMA-402's order), so that toString, baseName and the keyword getters agree with Node's.
type LocaleID struct {
	Tag      string // the whole canonical tag, extensions included
	BaseName string // language[-script][-region][-variant…]
	Language string
	Script   string
	Region   string
	// Keywords are the Unicode extension's: ca, co, hc, kf, kn, nu (absent: not in the tag;
	// "" for a key without a value, as `-u-kn`).
	Keywords map[string]string
}

// LocaleOptions are Intl.Locale's options; nil fields are absent.
type LocaleOptions struct {
	Language        *string `json:"language"`
	Script          *string `json:"script"`
	Region          *string `json:"region"`
	Calendar        *string `json:"calendar"`
	Collation       *string `json:"collation"`
	HourCycle       *string `json:"hourCycle"`
	CaseFirst       *string `json:"caseFirst"`
	Numeric         *bool   `json:"numeric"`
	NumberingSystem *string `json:"numberingSystem"`
}

var (
	languageSubtag = regexp.MustCompile(`^([a-zA-Z]{2,3}|[a-zA-Z]{5,8})$`)
	scriptSubtag   = regexp.MustCompile(`^[a-zA-Z]{4}$`)
	regionSubtag   = regexp.MustCompile(`^([a-zA-Z]{2}|[0-9]{3})$`)
	typeSequence   = regexp.MustCompile(`^[a-zA-Z0-9]{3,8}(-[a-zA-Z0-9]{3,8})*$`)
)

func incorrectLocale() error { return &RangeError{Message: "Incorrect locale information provided"} }

// NewLocaleID is the Intl.Locale constructor's work after its options are read: the tag
// canonicalized, the options applied (ApplyOptionsToTag, then the keywords), the result
// canonicalized again.
func NewLocaleID(tag string, o LocaleOptions) (*LocaleID, error) {
	c, err := Canonicalize(tag)
	if err != nil {
		return nil, err
	}
	base, exts := splitExtensions(c)
	subtags := strings.Split(base, "-")
	lang, script, region, variants := subtags[0], "", "", []string(nil)
	for _, s := range subtags[1:] {
		switch {
		case script == "" && region == "" && variants == nil && len(s) == 4 && !isDigit(s[0]):
			script = s
		case region == "" && variants == nil && (len(s) == 2 || len(s) == 3 && isDigit(s[0])):
			region = s
		default:
			variants = append(variants, s)
		}
	}
	if o.Language != nil {
		if !languageSubtag.MatchString(*o.Language) {
			return nil, incorrectLocale()
		}
		lang = *o.Language
	}
	if o.Script != nil {
		if !scriptSubtag.MatchString(*o.Script) {
			return nil, incorrectLocale()
		}
		script = *o.Script
	}
	if o.Region != nil {
		if !regionSubtag.MatchString(*o.Region) {
			return nil, incorrectLocale()
		}
		region = *o.Region
	}
	for _, kv := range []struct {
		key   string
		value *string
	}{{"ca", o.Calendar}, {"co", o.Collation}, {"hc", o.HourCycle}, {"kf", o.CaseFirst}, {"nu", o.NumberingSystem}} {
		if kv.value != nil {
			exts = setKeyword(exts, kv.key, *kv.value)
		}
	}
	if o.Numeric != nil {
		v := "false"
		if *o.Numeric {
			v = "true"
		}
		exts = setKeyword(exts, "kn", v)
	}
	parts := []string{lang}
	if script != "" {
		parts = append(parts, script)
	}
	if region != "" {
		parts = append(parts, region)
	}
	parts = append(parts, variants...)
	whole := strings.Join(parts, "-")
	if exts != "" {
		whole += "-" + exts
	}
	c, err = Canonicalize(whole)
	if err != nil {
		return nil, err
	}
	return localeIDOf(c), nil
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// splitExtensions splits a canonical tag at its first singleton: the base, and the extensions
// and private use after it ("" when none).
func splitExtensions(tag string) (base, exts string) {
	subtags := strings.Split(tag, "-")
	for i := 1; i < len(subtags); i++ {
		if len(subtags[i]) == 1 {
			return strings.Join(subtags[:i], "-"), strings.Join(subtags[i:], "-")
		}
	}
	return tag, ""
}

// setKeyword sets key's value in the -u- extension of exts (the extensions of a tag), adding
// the extension when there is none; Canonicalize orders the keys.
func setKeyword(exts, key, value string) string {
	subtags := []string{}
	if exts != "" {
		subtags = strings.Split(exts, "-")
	}
	u := -1
	for i, s := range subtags {
		if s == "x" {
			break
		}
		if s == "u" {
			u = i
			break
		}
	}
	if u < 0 {
		// Before a private use part, which must come last.
		at := len(subtags)
		for i, s := range subtags {
			if s == "x" {
				at = i
				break
			}
		}
		add := append([]string{"u", key}, strings.Split(value, "-")...)
		return strings.Join(append(subtags[:at], append(add, subtags[at:]...)...), "-")
	}
	end := len(subtags)
	for i := u + 1; i < len(subtags); i++ {
		if len(subtags[i]) == 1 {
			end = i
			break
		}
	}
	// Drop key's old value (its subtags up to the next key), then append the new one.
	var kept []string
	for i := u + 1; i < end; {
		if len(subtags[i]) == 2 && subtags[i] == key {
			i++
			for i < end && len(subtags[i]) != 2 {
				i++
			}
			continue
		}
		kept = append(kept, subtags[i])
		i++
	}
	kept = append(kept, key)
	kept = append(kept, strings.Split(value, "-")...)
	out := append(append(append([]string{}, subtags[:u+1]...), kept...), subtags[end:]...)
	return strings.Join(out, "-")
}

// localeIDOf reads a canonical tag's parts.
func localeIDOf(tag string) *LocaleID {
	base, exts := splitExtensions(tag)
	l := &LocaleID{Tag: tag, BaseName: base, Keywords: map[string]string{}}
	subtags := strings.Split(base, "-")
	l.Language = subtags[0]
	for i, s := range subtags[1:] {
		switch {
		case i == 0 && len(s) == 4 && !isDigit(s[0]):
			l.Script = s
		case l.Region == "" && (len(s) == 2 || len(s) == 3 && isDigit(s[0])) && (i == 0 || i == 1 && l.Script != ""):
			l.Region = s
		}
	}
	for key, value := range unicodeKeywords(exts) {
		l.Keywords[key] = value
	}
	return l
}

// unicodeKeywords reads the keywords of the -u- extension in exts.
func unicodeKeywords(exts string) map[string]string {
	out := map[string]string{}
	subtags := strings.Split(exts, "-")
	in := false
	key := ""
	var value []string
	flush := func() {
		if key != "" {
			out[key] = strings.Join(value, "-")
		}
		key, value = "", nil
	}
	for _, s := range subtags {
		switch {
		case s == "x":
			flush()
			return out // private use: nothing after it is a keyword
		case len(s) == 1:
			flush()
			in = s == "u"
		case !in:
		case len(s) == 2:
			flush()
			key = s
		case key != "":
			value = append(value, s)
		}
	}
	flush()
	return out
}

// Maximize is Intl.Locale.prototype.maximize: CLDR's likely subtags added (x/text's data),
// variants and extensions kept. A language without likely subtags is kept as it is.
func (l *LocaleID) Maximize() string {
	_, exts := splitExtensions(l.Tag)
	return joinTag(l.maximal(), l.variants(), exts)
}

// Minimize is Intl.Locale.prototype.minimize: the shortest of language, language-region,
// language-script that maximizes to the same tag (CLDR's "favour region").
func (l *LocaleID) Minimize() string {
	_, exts := splitExtensions(l.Tag)
	if fix, ok := likelyOf(l.core()); ok {
		return joinTag(fix[1], l.variants(), exts)
	}
	max := l.maximal()
	lang := strings.SplitN(max, "-", 2)[0]
	mx := localeIDOf(max)
	for _, trial := range []string{lang, lang + "-" + mx.Region, lang + "-" + mx.Script} {
		if strings.HasSuffix(trial, "-") {
			continue
		}
		if localeIDOf(trial).maximal() == max {
			return joinTag(trial, l.variants(), exts)
		}
	}
	return joinTag(max, l.variants(), exts)
}

// maximal is the language-script-region of the tag with likely subtags added.
func (l *LocaleID) maximal() string {
	core := l.core()
	if fix, ok := likelyOf(core); ok {
		return fix[0]
	}
	script, region, lang := "Zzzz", "ZZ", l.Language
	t, err := language.Parse(core)
	if err == nil {
		b, bc := t.Base()
		if bc == language.No || (l.Language != "und" && b.String() != l.Language) {
			return core
		}
		s, _ := t.Script()
		r, _ := t.Region()
		script, region, lang = s.String(), r.String(), b.String()
	}
	if (script == "Zzzz" || region == "ZZ") && (l.Script != "" || l.Region != "") {
		// No likely subtags for the combination (en-Abcd): CLDR's lookup falls back to the
		// language alone's and keeps the subtags the tag has.
		alone := localeIDOf(l.Language).maximal()
		if m := localeIDOf(alone); m.Script != "" && m.Region != "" {
			script, region, lang = m.Script, m.Region, m.Language
			if l.Script != "" {
				script = l.Script
			}
			if l.Region != "" {
				region = l.Region
			}
		}
	}
	if script == "Zzzz" || region == "ZZ" {
		return core
	}
	return lang + "-" + script + "-" + region
}

// core is language[-script][-region].
func (l *LocaleID) core() string {
	parts := []string{l.Language}
	if l.Script != "" {
		parts = append(parts, l.Script)
	}
	if l.Region != "" {
		parts = append(parts, l.Region)
	}
	return strings.Join(parts, "-")
}

// variants are the base name's subtags after language, script and region.
func (l *LocaleID) variants() []string {
	n := 1
	if l.Script != "" {
		n++
	}
	if l.Region != "" {
		n++
	}
	subtags := strings.Split(l.BaseName, "-")
	if len(subtags) <= n {
		return nil
	}
	return subtags[n:]
}

func joinTag(base string, variants []string, exts string) string {
	out := base
	if len(variants) > 0 {
		out += "-" + strings.Join(variants, "-")
	}
	if exts != "" {
		out += "-" + exts
	}
	return out
}

// Info is one of the getters calendars, collations, hourCycles, numberingSystems, textInfo,
// timeZones and weekInfo, as JSON ("" for undefined): Node's value for a tag with data
// (likely.json), a keyword of the tag's where it decides (`-u-ca-japanese` → ["japanese"]);
// for any other tag a RangeError naming the getter, never a guess.
func (l *LocaleID) Info(getter string) (string, error) {
	keyword := map[string]string{"calendars": "ca", "collations": "co", "hourCycles": "hc", "numberingSystems": "nu"}[getter]
	if v, ok := l.Keywords[keyword]; ok && keyword != "" && v != "" {
		return `["` + v + `"]`, nil
	}
	_, hasRg := l.Keywords["rg"]
	_, hasSd := l.Keywords["sd"]
	info, ok := likelyFixes().Info[l.BaseName]
	if !ok || hasRg || hasSd {
		return "", rangeErrorf("Intl.Locale: %s of %q is not known to the validation engine (it has the data of %s)", getter, l.Tag, strings.Join(supportedList(), ", "))
	}
	v, ok := info[getter]
	if !ok {
		return "", nil
	}
	if fw, ok := firstDays[l.Keywords["fw"]]; ok && getter == "weekInfo" {
		return withFirstDay(v, fw), nil
	}
	return string(v), nil
}

// firstDays are the -u-fw values, as weekInfo numbers them (Monday 1 … Sunday 7).
var firstDays = map[string]int{"mon": 1, "tue": 2, "wed": 3, "thu": 4, "fri": 5, "sat": 6, "sun": 7}

// withFirstDay is weekInfo with another first day (-u-fw), keys in V8's order.
func withFirstDay(info []byte, firstDay int) string {
	var w struct {
		FirstDay    int   `json:"firstDay"`
		Weekend     []int `json:"weekend"`
		MinimalDays int   `json:"minimalDays"`
	}
	_ = json.Unmarshal(info, &w) // Node's own, checked by TestLikelySubtags
	w.FirstDay = firstDay
	out, _ := json.Marshal(w)
	return string(out)
}
