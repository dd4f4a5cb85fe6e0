package intl

import (
	_ "embed"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// names.json is Intl.DisplayNames' data (gen-names.mjs): Node's names of every language,
// region, script, currency, calendar and date-time field it names, for each tag with data. It
// is parsed when a process first makes an Intl.DisplayNames, each locale's part when the locale
// is first used; nothing else reads it.
//
//go:embed names.json
var namesJSON []byte

type nameFile struct {
	Node      string   `json:"node"`
	Languages []string `json:"languages"`
	Regions   []string `json:"regions"`
	Scripts   []string `json:"scripts"`
	// Currencies, Calendars and Fields are the codes of those types.
	Currencies []string                   `json:"currencies"`
	Calendars  []string                   `json:"calendars"`
	Fields     []string                   `json:"fields"`
	Locales    map[string]json.RawMessage `json:"locales"`
	index      map[string]map[string]int  // type → code → its index in the type's names
}

// localeNames is one tag's names: per type, the long names aligned with the type's codes, and
// the short and narrow ones where they differ; the pattern of a composed language name and the
// names a script or region take inside it where they differ from their own.
type localeNames struct {
	Like            string    `json:"like"`
	Pattern         [3]string `json:"pattern"`
	ScriptInContext [3]map[string]*string
	RegionInContext [3]map[string]*string
	long            map[string][]*string
	styled          map[string]map[string]*string // "language-short" → index → name
}

var (
	namesOnce sync.Once
	names     nameFile

	namesMu     sync.Mutex
	parsedNames = map[string]*localeNames{}
)

func nameData() *nameFile {
	namesOnce.Do(func() {
		if err := json.Unmarshal(namesJSON, &names); err != nil {
			panic("intl: names.json: " + err.Error()) // embedded; a test keeps it readable
		}
		names.index = map[string]map[string]int{}
		for typ, codes := range map[string][]string{"language": names.Languages, "region": names.Regions, "script": names.Scripts,
			"currency": names.Currencies, "calendar": names.Calendars, "dateTimeField": names.Fields} {
			m := make(map[string]int, len(codes))
			for i, c := range codes {
				m[c] = i
			}
			names.index[typ] = m
		}
	})
	return &names
}

// localeNamesOf is a resolved tag's names, parsed on first use (following "like").
func localeNamesOf(tag string) *localeNames {
	d := nameData()
	namesMu.Lock()
	defer namesMu.Unlock()
	for {
		if ln, ok := parsedNames[tag]; ok {
			return ln
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(d.Locales[tag], &raw); err != nil {
			panic("intl: names.json, " + tag + ": " + err.Error()) // embedded; a test reads every locale
		}
		if like, ok := raw["like"]; ok {
			var parent string
			_ = json.Unmarshal(like, &parent)
			tag = parent
			continue
		}
		ln := &localeNames{long: map[string][]*string{}, styled: map[string]map[string]*string{}}
		for k, v := range raw {
			var err error
			switch {
			case k == "pattern":
				err = json.Unmarshal(v, &ln.Pattern)
			case k == "scriptInContext":
				err = json.Unmarshal(v, &ln.ScriptInContext)
			case k == "regionInContext":
				err = json.Unmarshal(v, &ln.RegionInContext)
			case strings.Contains(k, "-"):
				var m map[string]*string
				err = json.Unmarshal(v, &m)
				ln.styled[k] = m
			default:
				var a []*string
				err = json.Unmarshal(v, &a)
				ln.long[k] = a
			}
			if err != nil {
				panic("intl: names.json, " + tag + " " + k + ": " + err.Error())
			}
		}
		parsedNames[tag] = ln
		return ln
	}
}

var styleIndex = map[string]int{"long": 0, "short": 1, "narrow": 2}

// name is a code's name of a type in a style ("", false: none).
func (ln *localeNames) name(typ, style, code string) (string, bool) {
	i, ok := nameData().index[typ][code]
	if !ok {
		return "", false
	}
	if style != "long" {
		if v, ok := ln.styled[typ+"-"+style][strconv.Itoa(i)]; ok {
			if v == nil {
				return "", false
			}
			return *v, true
		}
	}
	v := ln.long[typ][i]
	if v == nil {
		return "", false
	}
	return *v, true
}

// inContext is a script's or region's name inside a composed language name.
func (ln *localeNames) inContext(typ, style, code string) (string, bool) {
	i, ok := nameData().index[typ][code]
	if !ok {
		return "", false
	}
	ctx := ln.ScriptInContext
	if typ == "region" {
		ctx = ln.RegionInContext
	}
	if v, ok := ctx[styleIndex[style]][strconv.Itoa(i)]; ok {
		if v == nil {
			return "", false
		}
		return *v, true
	}
	return ln.name(typ, style, code)
}

// DisplayNames is one Intl.DisplayNames.
type DisplayNames struct {
	Tag, Style, Type, Fallback, LanguageDisplay string
	names                                       *localeNames
}

// NewDisplayNames resolves the locale; intl.js has checked the options' values.
func NewDisplayNames(requested []string, style, typ, fallback, languageDisplay string) (*DisplayNames, error) {
	r, err := Resolve(requested)
	if err != nil {
		return nil, err
	}
	return &DisplayNames{Tag: r.Tag, Style: style, Type: typ, Fallback: fallback, LanguageDisplay: languageDisplay, names: localeNamesOf(r.Tag)}, nil
}

var (
	regionCode   = regexp.MustCompile(`^([a-zA-Z]{2}|[0-9]{3})$`)
	scriptCode   = regexp.MustCompile(`^[a-zA-Z]{4}$`)
	currencyCode = regexp.MustCompile(`^[a-zA-Z]{3}$`)
)

func invalidArgument() error { return &RangeError{Message: "invalid_argument"} }

// Of is Intl.DisplayNames.prototype.of: the name, or ok false for undefined (fallback "none"
// and no name). A code of the wrong shape is V8's RangeError.
func (dn *DisplayNames) Of(code string) (name string, ok bool, err error) {
	fallback := func(c string) (string, bool, error) {
		if dn.Fallback == "none" {
			return "", false, nil
		}
		return c, true, nil
	}
	if code == "" && (dn.Type == "language" || dn.Type == "region" || dn.Type == "script") {
		// V8 takes an empty code as ICU's root locale, whose name ICU falls back to.
		if dn.Type == "language" {
			return fallback("root")
		}
		return fallback("")
	}
	switch dn.Type {
	case "language":
		return dn.language(code)
	case "region":
		if !regionCode.MatchString(code) {
			return "", false, invalidArgument()
		}
	case "script":
		if !scriptCode.MatchString(code) {
			return "", false, invalidArgument()
		}
	case "currency":
		if !currencyCode.MatchString(code) {
			return "", false, invalidArgument()
		}
		code = strings.ToUpper(code)
	case "calendar":
		if !typeSequence.MatchString(code) {
			return "", false, invalidArgument()
		}
	case "dateTimeField":
		if _, known := nameData().index["dateTimeField"][code]; !known {
			return "", false, invalidArgument()
		}
	}
	if n, found := dn.names.name(dn.Type, dn.Style, code); found {
		return n, true, nil
	}
	return fallback(code)
}

// language names a language tag as ICU does: in dialect mode, the name of the language with
// its script and region, or with its script, or with its region, where the locale has one
// ("American English"); then the language's own name with the remaining script and region
// in the locale's pattern ("Chinese (Traditional, Taiwan)").
func (dn *DisplayNames) language(code string) (string, bool, error) {
	c, err := Canonicalize(code)
	if err != nil {
		return "", false, invalidArgument()
	}
	l := localeIDOf(c)
	if v := l.variants(); len(v) > 0 {
		return "", false, rangeErrorf("Intl.DisplayNames: the name of the variant %q is not known to the validation engine", strings.Join(v, "-"))
	}
	lang, script, region := l.Language, l.Script, l.Region
	name, found := "", false
	if dn.LanguageDisplay == "dialect" {
		switch {
		case script != "" && region != "":
			name, found = dn.names.name("language", dn.Style, lang+"-"+script+"-"+region)
			if found {
				script, region = "", ""
			}
		case script != "":
			name, found = dn.names.name("language", dn.Style, lang+"-"+script)
			if found {
				script = ""
			}
		case region != "":
			name, found = dn.names.name("language", dn.Style, lang+"-"+region)
			if found {
				region = ""
			}
		}
	}
	missing := false
	if !found {
		name, found = dn.names.name("language", dn.Style, lang)
		if !found {
			missing = true
			name = lang
			if lang == "und" {
				name = "root" // ICU's name of the root locale, when it falls back to the code
			}
		}
	}
	var details []string
	if script != "" {
		s, ok := dn.names.inContext("script", dn.Style, script)
		if !ok {
			missing, s = true, script
		}
		details = append(details, s)
	}
	if region != "" {
		r, ok := dn.names.inContext("region", dn.Style, region)
		if !ok {
			missing, r = true, region
		}
		details = append(details, r)
	}
	if missing && dn.Fallback == "none" {
		return "", false, nil
	}
	if len(details) == 0 {
		return name, true, nil
	}
	p := dn.names.Pattern
	return name + p[0] + strings.Join(details, p[1]) + p[2], true, nil
}
