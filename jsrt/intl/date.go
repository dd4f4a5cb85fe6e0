package intl

import (
	"strconv"
	"strings"
)

// DateData is a locale's default Date.prototype.toLocale{Date,Time,}String formats: templates
// of [field, width] pairs ("literal" pairs hold their text), the hour cycle and the day periods.
type DateData struct {
	Date      [][2]string `json:"date"`
	Time      [][2]string `json:"time"`
	DateTime  [][2]string `json:"datetime"`
	HourCycle string      `json:"hourCycle"` // h12, h11, h23, h24
	AM        string      `json:"am"`
	PM        string      `json:"pm"`
}

// FormatDate is the default format of kind ("date", "time" or "datetime") for the locale
// requested: what toLocaleDateString, toLocaleTimeString and toLocaleString give without
// options.
func FormatDate(locales []string, kind string, f DateFields) (string, error) {
	r, err := Resolve(locales)
	if err != nil {
		return "", err
	}
	dd := r.Locale.Date
	tmpl := dd.DateTime
	switch kind {
	case "date":
		tmpl = dd.Date
	case "time":
		tmpl = dd.Time
	}
	var b strings.Builder
	for _, p := range tmpl {
		switch p[0] {
		case "literal":
			b.WriteString(p[1])
		case "year":
			b.WriteString(eraYear(f.Year))
		case "month":
			b.WriteString(width(f.Month, p[1]))
		case "day":
			b.WriteString(width(f.Day, p[1]))
		case "hour":
			b.WriteString(width(hourIn(f.Hour, dd.HourCycle), p[1]))
		case "minute":
			b.WriteString(width(f.Minute, p[1]))
		case "second":
			b.WriteString(width(f.Second, p[1]))
		case "dayPeriod":
			if f.Hour < 12 {
				b.WriteString(dd.AM)
			} else {
				b.WriteString(dd.PM)
			}
		}
	}
	return b.String(), nil
}

func hourIn(h int, cycle string) int {
	switch cycle {
	case "h12":
		if h%12 == 0 {
			return 12
		}
		return h % 12
	case "h11":
		return h % 12
	case "h24":
		if h == 0 {
			return 24
		}
	}
	return h
}

func width(n int, w string) string {
	s := strconv.Itoa(n)
	if w == "2-digit" && len(s) < 2 {
		return "0" + s
	}
	return s
}

// eraYear is ICU's "y": the year of the era, so 1 BC (year 0) is 1.
func eraYear(y int) string {
	if y <= 0 {
		y = 1 - y
	}
	return strconv.Itoa(y)
}
