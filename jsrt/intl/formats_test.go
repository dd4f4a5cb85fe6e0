package intl

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/scapeworld/scape/internal/nodetest"
)

// TestFormatData regenerates formats.json with gen-formats.mjs from the Node on this machine and
// checks the committed file is that (with -update, rewrites it). It formats some 2 million
// dates (about 12 s of CPU), so -short skips it; without Node it skips unless
// SCAPE_REQUIRE_NODE=1.
func TestFormatData(t *testing.T) {
	if testing.Short() && !*update {
		t.Skip("-short: gen-formats.mjs takes about 12 s of CPU")
	}
	node := nodetest.Node(t)
	tags, _ := json.Marshal(Tags)
	cmd := exec.Command(node, "gen-formats.mjs", string(tags))
	cmd.Env = append(os.Environ(), "TZ=UTC")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("gen-formats.mjs: %v", err)
	}
	if *update {
		if err := os.WriteFile("formats.json", out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(out, formatsJSON) {
		t.Fatal("formats.json is not what gen-formats.mjs gives under this Node (go test ./jsrt/intl -run TestFormatData -update)")
	}
}

// TestEveryTagHasFormats: every tag has a template for every combination but a few, its glue,
// lists and relative units, so no lookup finds a hole.
func TestEveryTagHasFormats(t *testing.T) {
	d := formatData()
	for _, tag := range Tags {
		if _, ok := d.Locales[tag]; !ok {
			t.Errorf("%s: no format data", tag)
			continue
		}
		lf := localeFormatsOf(Resolved{Tag: tag})
		if len(lf.Templates) != len(d.Combos) {
			t.Errorf("%s: %d templates for %d combinations", tag, len(lf.Templates), len(d.Combos))
		}
		for i, k := range lf.Templates {
			if k < 0 && !strings.Contains(d.Combos[i], "|") {
				t.Errorf("%s: no template for %s", tag, d.Combos[i])
			}
		}
		for i, g := range lf.Glue {
			if !strings.Contains(g, "{0}") || !strings.Contains(g, "{1}") {
				t.Errorf("%s: glue %d is %q", tag, i, g)
			}
		}
		if len(lf.Lists) != 9 || len(lf.Relative) != 24 {
			t.Errorf("%s: %d list patterns, %d relative units", tag, len(lf.Lists), len(lf.Relative))
		}
	}
}

func dateFormat(t *testing.T, tag string, o DateTimeOptions) *DateTimeFormat {
	t.Helper()
	o.TimeZone = "UTC"
	df, err := NewDateTimeFormat([]string{tag}, o)
	if err != nil {
		t.Fatal(err)
	}
	return df
}

// TestDateTimeJoinsDateAndTime: a date and a time are joined by the glue of the date's length,
// in either order (vi puts the time first), and a weekday with a time has its own pattern.
func TestDateTimeJoinsDateAndTime(t *testing.T) {
	f := DateFields{Year: 2023, Month: 11, Day: 22, Hour: 13, Minute: 22, Second: 33, Weekday: 3}
	for _, c := range []struct {
		tag  string
		o    DateTimeOptions
		want string
	}{
		{"en-US", DateTimeOptions{Month: "long", Day: "numeric", Hour: "numeric", Minute: "2-digit"}, "November 22 at 1:22 PM"},
		{"en-US", DateTimeOptions{Month: "short", Day: "numeric", Hour: "numeric", Minute: "2-digit"}, "Nov 22, 1:22 PM"},
		{"en-US", DateTimeOptions{Weekday: "short", Hour: "numeric", Minute: "2-digit"}, "Wed 1:22 PM"},
		{"vi", DateTimeOptions{Year: "2-digit", Month: "numeric", Day: "numeric", Hour: "2-digit", Minute: "2-digit"}, "13:22 22/11/23"},
		{"de", DateTimeOptions{Hour: "numeric", HourCycle: "h11"}, "1 PM"},
		{"ja", DateTimeOptions{DateStyle: "full", TimeStyle: "short"}, "2023年11月22日水曜日 13:22"},
	} {
		if got := dateFormat(t, c.tag, c.o).Format(f); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.tag, c.o.describe(), got, c.want)
		}
	}
}

// TestDateTimeYearOfEra: ICU's year is the era's (1 BC is year 0, shown as 1), and 2-digit is
// its last two digits.
func TestDateTimeYearOfEra(t *testing.T) {
	df := dateFormat(t, "en-US", DateTimeOptions{Year: "numeric", Month: "numeric", Day: "numeric"})
	short := dateFormat(t, "en-US", DateTimeOptions{Year: "2-digit"})
	for y, want := range map[int][2]string{0: {"1/1/1", "01"}, -5: {"1/1/6", "06"}, 12345: {"1/1/12345", "45"}, 2005: {"1/1/2005", "05"}} {
		f := DateFields{Year: y, Month: 1, Day: 1}
		if got := df.Format(f); got != want[0] {
			t.Errorf("year %d: %q, want %q", y, got, want[0])
		}
		if got := short.Format(f); got != want[1] {
			t.Errorf("year %d, 2-digit: %q, want %q", y, got, want[1])
		}
	}
}

// TestDateTimeRefusals: a time zone name outside UTC is a RangeError naming it.
func TestDateTimeRefusals(t *testing.T) {
	_, err := NewDateTimeFormat([]string{"en"}, DateTimeOptions{TimeStyle: "full"})
	var re *RangeError
	if !errors.As(err, &re) || !strings.Contains(re.Message, "time zone name") {
		t.Errorf("timeStyle full in the local zone: %v", err)
	}
}

// TestListSpanishConjunction: es writes "e" for "y" before an /i/ sound (not "hie", /je/) and "u"
// for "o" before an /o/ sound, as ICU.
func TestListSpanishConjunction(t *testing.T) {
	and, _ := NewListFormat([]string{"es"}, "conjunction", "long")
	or, _ := NewListFormat([]string{"es"}, "disjunction", "long")
	for _, c := range [][3]string{{"and", "hija", "agua e hija"}, {"and", "hielo", "agua y hielo"}, {"and", "Inés", "agua e Inés"}, {"or", "ocho", "agua u ocho"}, {"or", "11", "agua u 11"}, {"or", "uno", "agua o uno"}} {
		lf := and
		if c[0] == "or" {
			lf = or
		}
		if got := lf.Format([]string{"agua", c[1]}); got != c[2] {
			t.Errorf("%q, want %q", got, c[2])
		}
	}
}

// TestRelativeAutoAndSign: numeric "auto" has phrases for whole values only, and -0 is past.
func TestRelativeAutoAndSign(t *testing.T) {
	rf, err := NewRelativeTimeFormat([]string{"en"}, "long", "auto")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		v    float64
		want string
	}{{-1, "yesterday"}, {1, "tomorrow"}, {1.5, "in 1.5 days"}, {-3, "3 days ago"}, {1000, "in 1,000 days"}} {
		if got, _ := rf.Format(c.v, "day"); got != c.want {
			t.Errorf("%v: %q, want %q", c.v, got, c.want)
		}
	}
	always, _ := NewRelativeTimeFormat([]string{"en"}, "long", "always")
	if got, _ := always.Format(math.Copysign(0, -1), "second"); got != "0 seconds ago" {
		t.Errorf("-0: %q", got)
	}
}

// TestSegmenterConjuncts: graphemes follow Unicode 15.1's GB9c (an Indic conjunct is one
// cluster), and indices count UTF-16 code units.
func TestSegmenterConjuncts(t *testing.T) {
	sg, _ := NewSegmenter(nil, "grapheme")
	segs, err := sg.Segments("नमस्ते👍🏽")
	if err != nil {
		t.Fatal(err)
	}
	var got [][2]int
	for _, s := range segs {
		got = append(got, [2]int{s.Index, s.Length})
	}
	want := [][2]int{{0, 1}, {1, 1}, {2, 4}, {6, 4}}
	if len(got) != len(want) {
		t.Fatalf("%v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%v, want %v", got, want)
		}
	}
	words, _ := NewSegmenter(nil, "word")
	if _, err := words.Segments("今日は"); err == nil {
		t.Error("word segmentation of Japanese was not refused")
	}
}

// BenchmarkParseFormats is what the first date, list or relative-time format costs a process
// once (formats.json parsed, and the locale's part of it); BenchmarkParseLocales is the number
// data's, which every process formatting a number pays, for the ratio.
func BenchmarkParseFormats(b *testing.B) {
	for i := 0; i < b.N; i++ {
		var f formatFile
		if err := json.Unmarshal(formatsJSON, &f); err != nil {
			b.Fatal(err)
		}
		var lf localeFormats
		if err := json.Unmarshal(f.Locales["en-US"], &lf); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseLocales(b *testing.B) {
	for i := 0; i < b.N; i++ {
		var d dataFile
		if err := json.Unmarshal(localesJSON, &d); err != nil {
			b.Fatal(err)
		}
	}
}
