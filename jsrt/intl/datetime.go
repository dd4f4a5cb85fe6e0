package intl

import (
	"strconv"
	"strings"
)

// DateTimeOptions are Intl.DateTimeFormat's options as intl.js resolved them (ToDateTimeOptions'
// defaults applied, values checked): each field's width or "", the styles, the hour cycle asked
// for, and whether the zone is UTC (else the engine's local time).
type DateTimeOptions struct {
	Weekday   string `json:"weekday"`
	Year      string `json:"year"`
	Month     string `json:"month"`
	Day       string `json:"day"`
	Hour      string `json:"hour"`
	Minute    string `json:"minute"`
	Second    string `json:"second"`
	DateStyle string `json:"dateStyle"`
	TimeStyle string `json:"timeStyle"`
	Hour12    string `json:"hour12"`    // "", "true", "false"
	HourCycle string `json:"hourCycle"` // "", h11, h12, h23, h24
	TimeZone  string `json:"timeZone"`  // "UTC", or "" for the local time zone
}

// DateTimeFormat is a resolved Intl.DateTimeFormat: a template of parts in its locale.
type DateTimeFormat struct {
	Tag      string
	Options  DateTimeOptions
	template []string
	names    [][]string
}

// DateFields are a date's fields in the time zone it is shown in (month 1–12, weekday 0–6
// from Sunday).
type DateFields struct {
	Year, Month, Day, Hour, Minute, Second, Weekday int
}

// NewDateTimeFormat resolves locales and finds the template of o's combination of fields. A
// combination gen-formats.mjs did not record is a RangeError naming the options: Node would
// format it, and a guess could differ.
func NewDateTimeFormat(locales []string, o DateTimeOptions) (*DateTimeFormat, error) {
	r, err := Resolve(locales)
	if err != nil {
		return nil, err
	}
	d := formatData()
	lf := localeFormatsOf(r)
	tmpl, ok := o.template(d, lf)
	if !ok {
		return nil, rangeErrorf("Intl.DateTimeFormat: the combination of options %s is not supported by the validation engine for %q", o.describe(), r.Tag)
	}
	for _, p := range tmpl {
		if strings.HasPrefix(p, "timeZoneName:") && o.TimeZone != "UTC" {
			return nil, rangeErrorf("Intl.DateTimeFormat: a time zone name (in %s) is supported by the validation engine in timeZone \"UTC\" only", o.describe())
		}
	}
	return &DateTimeFormat{Tag: r.Tag, Options: o, template: tmpl, names: d.Names}, nil
}

// template is the parts of o's combination: a style's own, a date's or a time's, or a date and
// a time joined by the locale's glue of the date's length (as ICU's DateTimePatternGenerator).
func (o DateTimeOptions) template(d *formatFile, lf *localeFormats) ([]string, bool) {
	lookup := func(key string) ([]string, bool) {
		i, ok := d.combo[key]
		if !ok || lf.Templates[i] < 0 {
			return nil, false
		}
		return strings.Split(d.Templates[lf.Templates[i]], "\n"), true
	}
	if o.DateStyle != "" || o.TimeStyle != "" {
		var kv []string
		if o.DateStyle != "" {
			kv = append(kv, "dateStyle:"+o.DateStyle)
		}
		if o.TimeStyle != "" {
			kv = append(kv, "timeStyle:"+o.TimeStyle)
		}
		return lookup(strings.Join(kv, ",") + o.cycleKey(o.TimeStyle != ""))
	}
	dateKey := fieldsKey("weekday", o.Weekday, "year", o.Year, "month", o.Month, "day", o.Day)
	timeKey := fieldsKey("hour", o.Hour, "minute", o.Minute, "second", o.Second)
	switch {
	case timeKey == "":
		return lookup(dateKey)
	case dateKey == "":
		return lookup(timeKey + o.cycleKey(o.Hour != ""))
	}
	if o.Weekday != "" && o.Year == "" && o.Month == "" && o.Day == "" {
		// A weekday with a time has patterns of its own (CLDR's "Ehm"), recorded whole.
		return lookup(dateKey + "," + timeKey + o.cycleKey(o.Hour != ""))
	}
	date, ok := lookup(dateKey)
	if !ok {
		return nil, false
	}
	time, ok := lookup(timeKey + o.cycleKey(o.Hour != ""))
	if !ok {
		return nil, false
	}
	glue := lf.Glue[o.length()]
	if glue == "" {
		return nil, false
	}
	return joinTemplates(glue, date, time), true
}

// length is the date's length for the glue: full with a long month and a weekday, long with a
// long month, medium with a short one, else short (ICU's rule).
func (o DateTimeOptions) length() int {
	switch {
	case o.Month == "long" && o.Weekday != "":
		return 0
	case o.Month == "long":
		return 1
	case o.Month == "short":
		return 2
	}
	return 3
}

func (o DateTimeOptions) cycleKey(hasHour bool) string {
	switch {
	case !hasHour:
		return ""
	case o.Hour12 != "":
		return "|hour12:" + o.Hour12
	case o.HourCycle != "":
		return "|" + o.HourCycle
	}
	return ""
}

func fieldsKey(kv ...string) string {
	var out []string
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] != "" {
			out = append(out, kv[i]+":"+kv[i+1])
		}
	}
	return strings.Join(out, ",")
}

func (o DateTimeOptions) describe() string {
	kv := []string{"weekday", o.Weekday, "year", o.Year, "month", o.Month, "day", o.Day, "hour", o.Hour, "minute", o.Minute,
		"second", o.Second, "dateStyle", o.DateStyle, "timeStyle", o.TimeStyle, "hour12", o.Hour12, "hourCycle", o.HourCycle}
	var out []string
	for i := 0; i < len(kv); i += 2 {
		if kv[i+1] != "" {
			out = append(out, kv[i]+": "+strconv.Quote(kv[i+1]))
		}
	}
	return "{" + strings.Join(out, ", ") + "}"
}

// joinTemplates puts date ("{1}") and time ("{0}") into glue, merging adjacent literals as
// ICU's formatToParts does.
func joinTemplates(glue string, date, time []string) []string {
	var out []string
	add := func(p string) {
		if n := len(out); n > 0 && p[0] == '\'' && out[n-1][0] == '\'' {
			out[n-1] += p[1:]
			return
		}
		out = append(out, p)
	}
	for glue != "" {
		i := strings.IndexByte(glue, '{')
		if i < 0 || i+2 >= len(glue) {
			add("'" + glue)
			break
		}
		if i > 0 {
			add("'" + glue[:i])
		}
		parts := time
		if glue[i+1] == '1' {
			parts = date
		}
		for _, p := range parts {
			add(p)
		}
		glue = glue[i+3:]
	}
	return out
}

// FormatToParts formats f's fields by the template.
func (df *DateTimeFormat) FormatToParts(f DateFields) []Part {
	out := make([]Part, 0, len(df.template))
	for _, p := range df.template {
		if p[0] == '\'' {
			out = append(out, Part{Type: "literal", Value: p[1:]})
			continue
		}
		spec := strings.SplitN(p, ":", 3)
		typ, w := spec[0], spec[1]
		extra := ""
		if len(spec) == 3 {
			extra = spec[2]
		}
		out = append(out, Part{Type: typ, Value: df.field(typ, w, extra, f)})
	}
	return out
}

func (df *DateTimeFormat) field(typ, w, extra string, f DateFields) string {
	name := func(i int) string {
		k, _ := strconv.Atoi(extra)
		list := df.names[k]
		if i < 0 || i >= len(list) {
			return ""
		}
		return list[i]
	}
	switch typ {
	case "year":
		// ICU's "y" is the year of the era: 1 BC is year 0.
		y := f.Year
		if y <= 0 {
			y = 1 - y
		}
		if w == "2-digit" {
			return width(y%100, w)
		}
		return strconv.Itoa(y)
	case "month":
		if w == "text" {
			return name(f.Month - 1)
		}
		return width(f.Month, w)
	case "weekday":
		return name(f.Weekday)
	case "day":
		return width(f.Day, w)
	case "hour":
		return width(hourIn(f.Hour, extra), w)
	case "minute":
		return width(f.Minute, w)
	case "second":
		return width(f.Second, w)
	case "dayPeriod":
		return name(f.Hour)
	case "timeZoneName":
		return extra
	}
	return ""
}

// Format is FormatToParts joined, with U+202F (CLDR's space before AM/PM) a plain space as in
// V8's format.
func (df *DateTimeFormat) Format(f DateFields) string {
	var b strings.Builder
	for _, p := range df.FormatToParts(f) {
		b.WriteString(p.Value)
	}
	return strings.ReplaceAll(b.String(), "\u202f", " ")
}

// Resolved is resolvedOptions()'s fields after locale, calendar, numbering system and time zone,
// in V8's order: the hour cycle, then each field the template shows with its width.
func (df *DateTimeFormat) Resolved() []any {
	var kv []any
	widths := map[string]string{}
	cycle := ""
	for _, p := range df.template {
		if p[0] == '\'' {
			continue
		}
		spec := strings.SplitN(p, ":", 3)
		widths[spec[0]] = spec[1]
		if spec[0] == "hour" {
			cycle = spec[2]
		}
	}
	if cycle != "" {
		kv = append(kv, "hourCycle", cycle, "hour12", cycle == "h11" || cycle == "h12")
	}
	if df.Options.DateStyle != "" || df.Options.TimeStyle != "" {
		if df.Options.DateStyle != "" {
			kv = append(kv, "dateStyle", df.Options.DateStyle)
		}
		if df.Options.TimeStyle != "" {
			kv = append(kv, "timeStyle", df.Options.TimeStyle)
		}
		return kv
	}
	asked := map[string]string{"weekday": df.Options.Weekday, "month": df.Options.Month, "dayPeriod": "short", "timeZoneName": "short"}
	for _, field := range []string{"weekday", "year", "month", "day", "hour", "minute", "second"} {
		w, ok := widths[field]
		if !ok {
			continue
		}
		if w == "text" {
			w = asked[field]
		}
		kv = append(kv, field, w)
	}
	return kv
}
