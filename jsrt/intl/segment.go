package intl

import (
	"unicode"
	"unicode/utf16"

	"github.com/rivo/uniseg"
)

// Segment is one piece of Intl.Segmenter's output, in UTF-16 code units as JavaScript indexes
// strings (intl.js slices the author's string itself, so lone surrogates survive).
type Segment struct {
	Index, Length int
	WordLike      bool
}

// Segmenter is a resolved Intl.Segmenter: Unicode's default grapheme, word and sentence
// boundaries (UAX #29, uniseg's Unicode 15), which ICU follows for the engine's locales except
// where a dictionary breaks words (Chinese, Japanese, Thai and their neighbours): text in those
// scripts is a RangeError at word granularity.
type Segmenter struct {
	Tag, Granularity string
}

// NewSegmenter resolves locales; granularity is checked by intl.js.
func NewSegmenter(locales []string, granularity string) (*Segmenter, error) {
	r, err := Resolve(locales)
	if err != nil {
		return nil, err
	}
	return &Segmenter{Tag: r.Tag, Granularity: granularity}, nil
}

// Segments splits s. A lone surrogate reaches Go as U+FFFD, one code unit like it.
func (sg *Segmenter) Segments(s string) ([]Segment, error) {
	next := func(str string, state int) (string, string, int) {
		c, rest, _, st := uniseg.FirstGraphemeClusterInString(str, state)
		return c, rest, st
	}
	switch sg.Granularity {
	case "word":
		if dictionaryScript(s) {
			return nil, rangeErrorf("Intl.Segmenter: word segmentation of Chinese, Japanese, Thai, Lao, Khmer or Myanmar text (which ICU breaks by dictionary) is not supported by the validation engine")
		}
		next = uniseg.FirstWordInString
	case "sentence":
		next = uniseg.FirstSentenceInString
	}
	var pieces []string
	state := -1
	for s != "" {
		var piece string
		piece, s, state = next(s, state)
		pieces = append(pieces, piece)
	}
	if sg.Granularity == "grapheme" {
		pieces = joinConjuncts(pieces)
	}
	out := make([]Segment, 0, len(pieces))
	index := 0
	for _, piece := range pieces {
		n := utf16Len(piece)
		seg := Segment{Index: index, Length: n}
		if sg.Granularity == "word" {
			seg.WordLike = wordLike(piece)
		}
		out = append(out, seg)
		index += n
	}
	return out, nil
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// wordLike is ICU's rule status other than "none": a word of letters or numbers.
func wordLike(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			return true
		}
	}
	return false
}

var dictionaryScripts = []*unicode.RangeTable{unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar}

func dictionaryScript(s string) bool {
	for _, r := range s {
		if r >= 0x0e00 && unicode.In(r, dictionaryScripts...) {
			return true
		}
	}
	return false
}

// joinConjuncts applies Unicode 15.1's rule GB9c, which uniseg (Unicode 15.0) lacks and ICU
// follows: no break within an Indic conjunct, a consonant, a virama (with marks around it) and
// the next consonant (नमस्ते is three clusters, not four).
func joinConjuncts(pieces []string) []string {
	out := pieces[:0]
	for _, p := range pieces {
		if n := len(out); n > 0 && endsInLinker(out[n-1]) && startsWithConsonant(p) {
			out[n-1] += p
			continue
		}
		out = append(out, p)
	}
	return out
}

func endsInLinker(s string) bool {
	rs := []rune(s)
	linker := false
	i := len(rs) - 1
	for ; i >= 0; i-- {
		r := rs[i]
		if isLinker(r) {
			linker = true
			continue
		}
		if r == 0x200d || unicode.In(r, unicode.Mn, unicode.Me) {
			continue
		}
		break
	}
	return linker && i >= 0 && isConsonant(rs[i])
}

func startsWithConsonant(s string) bool {
	for _, r := range s {
		return isConsonant(r)
	}
	return false
}

// isLinker is InCB=Linker: the viramas of Bengali, Devanagari, Gujarati, Malayalam, Oriya and
// Telugu.
func isLinker(r rune) bool {
	switch r {
	case 0x094d, 0x09cd, 0x0acd, 0x0b4d, 0x0c4d, 0x0d4d:
		return true
	}
	return false
}

// incbConsonants is InCB=Consonant (Unicode 15.1's DerivedCoreProperties).
var incbConsonants = &unicode.RangeTable{R16: []unicode.Range16{
	{Lo: 0x0915, Hi: 0x0939, Stride: 1}, {Lo: 0x0958, Hi: 0x095f, Stride: 1}, {Lo: 0x0978, Hi: 0x097f, Stride: 1},
	{Lo: 0x0995, Hi: 0x09a8, Stride: 1}, {Lo: 0x09aa, Hi: 0x09b0, Stride: 1}, {Lo: 0x09b2, Hi: 0x09b2, Stride: 1},
	{Lo: 0x09b6, Hi: 0x09b9, Stride: 1}, {Lo: 0x09dc, Hi: 0x09dd, Stride: 1}, {Lo: 0x09df, Hi: 0x09df, Stride: 1},
	{Lo: 0x09f0, Hi: 0x09f1, Stride: 1}, {Lo: 0x0a95, Hi: 0x0aa8, Stride: 1}, {Lo: 0x0aaa, Hi: 0x0ab0, Stride: 1},
	{Lo: 0x0ab2, Hi: 0x0ab3, Stride: 1}, {Lo: 0x0ab5, Hi: 0x0ab9, Stride: 1}, {Lo: 0x0af9, Hi: 0x0af9, Stride: 1},
	{Lo: 0x0b15, Hi: 0x0b28, Stride: 1}, {Lo: 0x0b2a, Hi: 0x0b30, Stride: 1}, {Lo: 0x0b32, Hi: 0x0b33, Stride: 1},
	{Lo: 0x0b35, Hi: 0x0b39, Stride: 1}, {Lo: 0x0b5c, Hi: 0x0b5d, Stride: 1}, {Lo: 0x0b5f, Hi: 0x0b5f, Stride: 1},
	{Lo: 0x0b71, Hi: 0x0b71, Stride: 1}, {Lo: 0x0c15, Hi: 0x0c28, Stride: 1}, {Lo: 0x0c2a, Hi: 0x0c39, Stride: 1},
	{Lo: 0x0c58, Hi: 0x0c5a, Stride: 1}, {Lo: 0x0d15, Hi: 0x0d3a, Stride: 1},
}}

func isConsonant(r rune) bool { return unicode.Is(incbConsonants, r) }
