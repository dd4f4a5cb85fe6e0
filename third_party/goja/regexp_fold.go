package goja

import (
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// scape: a regular expression with the i flag and without u matches as V8 does. ECMAScript folds
// case there by its own Canonicalize, not by Unicode's case folding, which both of goja's
// engines use: in V8 the Kelvin sign K matches neither k nor K, the long s ſ neither s nor \w,
// Å (U+212B) not å, ẞ not ß. Such a pattern is compiled case-sensitively after each of its
// characters and classes is written as its V8 class's least member (v8FoldPattern), and the
// text is matched with each code unit replaced the same way (v8FoldString); both have the same
// length, so the match's indexes are the text's own. Backreferences then compare folded code
// units, as V8 compares canonicalized ones; \w, \b and . keep their meaning, since folding never
// maps a character in or out of [0-9A-Za-z_] or to a line terminator.

var v8Fold struct {
	once sync.Once
	to   [1 << 16]uint16
}

// v8FoldUnit is c's class's least member.
func v8FoldUnit(c uint16) uint16 {
	v8Fold.once.Do(func() {
		for i := range v8Fold.to {
			v8Fold.to[i] = uint16(i)
		}
		for i, from := range v8FoldFrom {
			v8Fold.to[from] = v8FoldTo[i]
		}
	})
	return v8Fold.to[c]
}

// foldText is s folded, remembered for the last text: a loop of exec calls over one long text
// (a g or y flag moving lastIndex) folds it once, not once a call, and regexp2's own cache of
// the last text keeps working on the one folded copy.
func (p *regexpPattern) foldText(s String) String {
	if p.foldedOf != nil && sameText(p.foldedOf, s) {
		return p.folded
	}
	p.foldedOf, p.folded = s, v8FoldString(s)
	return p.folded
}

// sameText says whether a and b are the same text: equal ASCII strings, or one UTF-16 array.
func sameText(a, b String) bool {
	switch a := a.(type) {
	case asciiString:
		b, ok := b.(asciiString)
		return ok && a == b
	case unicodeString:
		b, ok := b.(unicodeString)
		return ok && len(a) == len(b) && len(a) > 0 && &a[0] == &b[0]
	}
	return false
}

// v8FoldString is s with every code unit folded.
func v8FoldString(s String) String {
	a, u := devirtualizeString(s)
	if u == nil {
		b := []byte(a)
		for i, c := range b {
			b[i] = byte(v8FoldUnit(uint16(c)))
		}
		return asciiString(b)
	}
	out := make(unicodeString, len(u))
	out[0] = u[0]
	for i := 1; i < len(u); i++ {
		out[i] = v8FoldUnit(u[i])
	}
	return out
}

// v8FoldPattern rewrites a pattern (no u flag) so that, matched case-sensitively against folded
// text, it matches what the pattern with the i flag matches in V8: a literal character becomes
// its class's least member; a character class, the least members of its characters' classes.
// Everything else (groups and their names, quantifiers, assertions, backreferences, \d, \s,
// escapes of syntax characters) is copied as it is.
// ok is false for a pattern it cannot read (a syntax error for the engine to report).
func v8FoldPattern(src string) (folded string, ok bool) {
	var sb strings.Builder
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRuneInString(src[i:])
		switch {
		case r == '\\':
			n := escapeLength(src, i)
			esc := src[i : i+n]
			if set, ok := escapeSet(esc, false); ok {
				writeFoldedClass(&sb, set, false)
			} else if esc == `\W` {
				writeFoldedClass(&sb, wordSet(), true)
			} else {
				sb.WriteString(esc)
			}
			i += n
		case r == '[':
			end, set, negated, ok := parseClass(src, i)
			if !ok {
				return "", false
			}
			writeFoldedClass(&sb, set, negated)
			i = end
		case r == '(':
			// A group's opening, with a name kept as it is: (?<name>, (?:, (?=, (?!, (?<=, (?<!.
			j := i + 1
			if strings.HasPrefix(src[j:], "?<") && !strings.HasPrefix(src[j:], "?<=") && !strings.HasPrefix(src[j:], "?<!") {
				if k := strings.IndexByte(src[j:], '>'); k >= 0 {
					j += k + 1
				}
			} else if strings.HasPrefix(src[j:], "?") && j+1 < len(src) {
				j += 2
			}
			sb.WriteString(src[i:j])
			i = j
		case r == '{':
			if n := quantifierLength(src[i:]); n > 0 {
				sb.WriteString(src[i : i+n])
				i += n
				continue
			}
			sb.WriteByte('{')
			i++
		case r < 0x10000 && v8FoldUnit(uint16(r)) != uint16(r):
			writeUnit(&sb, v8FoldUnit(uint16(r)))
			i += size
		default:
			sb.WriteString(src[i : i+size])
			i += size
		}
	}
	return sb.String(), true
}

// escapeLength is the length of the escape at src[i] (a backslash): \uXXXX, \xHH, \cX, \k<name>,
// a run of digits (a backreference or a legacy octal escape), else the backslash and one rune.
func escapeLength(src string, i int) int {
	rest := src[i+1:]
	if rest == "" {
		return 1
	}
	switch c := rest[0]; {
	case c == 'u' && len(rest) >= 5 && isHex(rest[1:5]):
		return 6
	case c == 'x' && len(rest) >= 3 && isHex(rest[1:3]):
		return 4
	case c == 'c' && len(rest) >= 2 && isASCIILetter(rest[1]):
		return 3
	case c == 'k' && strings.HasPrefix(rest, "k<") && strings.IndexByte(rest, '>') > 0:
		return 2 + strings.IndexByte(rest, '>')
	case c >= '0' && c <= '9':
		n := 1
		for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		return 1 + n
	}
	_, size := utf8.DecodeRuneInString(rest)
	return 1 + size
}

// escapeSet is the set of code units an escape outside (inClass false) or inside a class stands
// for, when it is one character or \w (ok false: an assertion, a backreference, \d, \s, \W…
// that folding leaves alone).
func escapeSet(esc string, inClass bool) ([][2]uint16, bool) {
	body := esc[1:]
	if body == "" {
		return nil, false
	}
	one := func(c uint16) ([][2]uint16, bool) { return [][2]uint16{{c, c}}, true }
	switch c := body[0]; {
	case c == 'u' && len(body) == 5:
		n, _ := strconv.ParseUint(body[1:], 16, 16)
		return one(uint16(n))
	case c == 'x' && len(body) == 3:
		n, _ := strconv.ParseUint(body[1:], 16, 8)
		return one(uint16(n))
	case c == 'w':
		return wordSet(), true
	case c == 'b' && inClass:
		return one(8)
	case c == 'k' && len(body) == 1:
		return one('k') // \k not naming a group is the letter k (Annex B)
	case c >= '0' && c <= '9', c == 'c', c == 'k':
		return nil, false // control, backreference or octal: no letter to fold (\141 aside)
	case strings.ContainsRune("dDsSWbBtnvfr", rune(c)):
		return nil, false
	}
	r, _ := utf8.DecodeRuneInString(body)
	if r < 0x10000 && isIdentityLetter(r) {
		return one(uint16(r)) // \a in Annex B is a: fold it as the letter it is
	}
	return nil, false
}

func isIdentityLetter(r rune) bool { return r >= 0x80 || isASCIILetter(byte(r)) }

// spaceSet is \s: WhiteSpace and LineTerminator.
var spaceSet = [][2]uint16{{9, 13}, {' ', ' '}, {0xa0, 0xa0}, {0x1680, 0x1680}, {0x2000, 0x200a}, {0x2028, 0x2029}, {0x202f, 0x202f}, {0x205f, 0x205f}, {0x3000, 0x3000}, {0xfeff, 0xfeff}}

// complement is every code unit not in set (set sorted, not overlapping).
func complement(set [][2]uint16) [][2]uint16 {
	var out [][2]uint16
	next := 0
	for _, r := range set {
		if int(r[0]) > next {
			out = append(out, [2]uint16{uint16(next), r[0] - 1})
		}
		next = int(r[1]) + 1
	}
	if next <= 0xFFFF {
		out = append(out, [2]uint16{uint16(next), 0xFFFF})
	}
	return out
}

func wordSet() [][2]uint16 { return [][2]uint16{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}} }

// parseClass reads the class at src[i] ('['): where it ends, its code units as ranges, and
// whether it is negated. Escapes folding leaves alone (\d, \s, \W, \D, \S) are kept apart and
// written back as they are.
func parseClass(src string, i int) (end int, set [][2]uint16, negated bool, ok bool) {
	j := i + 1
	if strings.HasPrefix(src[j:], "^") {
		negated = true
		j++
	}
	var atoms []classAtom
	for j < len(src) && src[j] != ']' {
		if src[j] == '\\' {
			n := escapeLength(src, j)
			atoms = append(atoms, classAtom{text: src[j : j+n], set: classEscape(src[j : j+n])})
			j += n
			continue
		}
		r, size := utf8.DecodeRuneInString(src[j:])
		a := classAtom{text: src[j : j+size]}
		if r < 0x10000 {
			a.set = [][2]uint16{{uint16(r), uint16(r)}}
		} else {
			// Without the u flag a class holds an astral character's two code units.
			hi, lo := utf16.EncodeRune(r)
			a.set = [][2]uint16{{uint16(hi), uint16(hi)}, {uint16(lo), uint16(lo)}}
		}
		atoms = append(atoms, a)
		j += size
	}
	if j >= len(src) {
		return 0, nil, false, false
	}
	// Ranges: a-b where both ends are single code units.
	for k := 0; k < len(atoms); k++ {
		a := atoms[k]
		if k+2 < len(atoms) && atoms[k+1].text == "-" && single(a.set) && single(atoms[k+2].set) {
			lo, hi := a.set[0][0], atoms[k+2].set[0][0]
			if lo > hi {
				return 0, nil, false, false // out of order: V8's SyntaxError, left to the engine
			}
			set = append(set, [2]uint16{lo, hi})
			k += 2
			continue
		}
		if a.set == nil {
			return 0, nil, false, false // an escape this reader does not know: left to the engine
		}
		set = append(set, a.set...)
	}
	return j + 1, set, negated, true
}

type classAtom struct {
	text string
	set  [][2]uint16 // nil: not a set of code units folding acts on
}

func single(set [][2]uint16) bool { return len(set) == 1 && set[0][0] == set[0][1] }

// classEscape is the set an escape stands for inside a class (\b is a backspace there; \1 to \377
// are legacy octal escapes).
func classEscape(esc string) [][2]uint16 {
	body := esc[1:]
	if body != "" && body[0] >= '0' && body[0] <= '7' {
		n := 0
		k := 0
		for k < len(body) && k < 3 && body[k] >= '0' && body[k] <= '7' && n*8+int(body[k]-'0') <= 0377 {
			n = n*8 + int(body[k]-'0')
			k++
		}
		if k == len(body) {
			return [][2]uint16{{uint16(n), uint16(n)}}
		}
		return nil
	}
	switch esc {
	case `\d`:
		return [][2]uint16{{'0', '9'}}
	case `\s`:
		return spaceSet
	case `\D`:
		return complement([][2]uint16{{'0', '9'}})
	case `\S`:
		return complement(spaceSet)
	case `\W`:
		return complement(wordSet())
	case `\t`:
		return [][2]uint16{{9, 9}}
	case `\n`:
		return [][2]uint16{{10, 10}}
	case `\v`:
		return [][2]uint16{{11, 11}}
	case `\f`:
		return [][2]uint16{{12, 12}}
	case `\r`:
		return [][2]uint16{{13, 13}}
	}
	if len(body) == 2 && body[0] == 'c' && isASCIILetter(body[1]) {
		c := uint16(body[1] % 32)
		return [][2]uint16{{c, c}}
	}
	if set, ok := escapeSet(esc, true); ok {
		return set
	}
	if body != "" && !strings.ContainsRune("dDsSWkcu x", rune(body[0])) {
		r, _ := utf8.DecodeRuneInString(body)
		if r < 0x10000 {
			return [][2]uint16{{uint16(r), uint16(r)}} // an escaped syntax character: itself
		}
	}
	return nil
}

// writeFoldedClass writes the class of the least members of set's code units' classes.
func writeFoldedClass(sb *strings.Builder, set [][2]uint16, negated bool) {
	var units []uint16
	marked := make(map[uint16]bool)
	var ranges [][2]uint16
	for _, r := range set {
		// Folding changes only the listed code units: a range keeps the others as they are.
		lo := int(r[0])
		for c := int(r[0]); c <= int(r[1]); c++ {
			f := v8FoldUnit(uint16(c))
			if f == uint16(c) {
				continue
			}
			if lo < c {
				ranges = append(ranges, [2]uint16{uint16(lo), uint16(c - 1)})
			}
			lo = c + 1
			if !marked[f] {
				marked[f] = true
				units = append(units, f)
			}
		}
		if lo <= int(r[1]) {
			ranges = append(ranges, [2]uint16{uint16(lo), r[1]})
		}
	}
	for _, u := range units {
		ranges = append(ranges, [2]uint16{u, u})
	}
	sort.Slice(ranges, func(i, j int) bool { return ranges[i][0] < ranges[j][0] })
	sb.WriteByte('[')
	if negated {
		sb.WriteByte('^')
	}
	for _, r := range ranges {
		writeUnit(sb, r[0])
		if r[1] != r[0] {
			sb.WriteByte('-')
			writeUnit(sb, r[1])
		}
	}
	sb.WriteByte(']')
}

func writeUnit(sb *strings.Builder, c uint16) {
	sb.WriteString(`\u`)
	const hex = "0123456789abcdef"
	sb.WriteByte(hex[c>>12])
	sb.WriteByte(hex[(c>>8)&0xF])
	sb.WriteByte(hex[(c>>4)&0xF])
	sb.WriteByte(hex[c&0xF])
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// quantifierLength is the length of {n}, {n,} or {n,m} at the start of s, or 0.
func quantifierLength(s string) int {
	j := 1
	digits := func() int {
		k := j
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		return j - k
	}
	if digits() == 0 {
		return 0
	}
	if j < len(s) && s[j] == ',' {
		j++
		digits()
	}
	if j < len(s) && s[j] == '}' {
		return j + 1
	}
	return 0
}

// scape: ecmaBoundaries writes \b and \B (outside classes) of a pattern for regexp2 as the
// lookarounds ECMAScript defines them by: a word character is [A-Za-z0-9_] (with u and i also ſ
// and K, which fold into it). regexp2's own \b counts every Unicode letter as a word character,
// so "café".replace(/\b/g, "|") gave "|café|" where V8 gives "|caf|é|".
func ecmaBoundaries(src string, unicodeIgnoreCase bool) string {
	if !strings.Contains(src, `\b`) && !strings.Contains(src, `\B`) {
		return src
	}
	word := `[A-Za-z0-9_]`
	if unicodeIgnoreCase {
		word = `[A-Za-z0-9_\u017F\u212A]`
	}
	boundary := `(?:(?<=` + word + `)(?!` + word + `)|(?<!` + word + `)(?=` + word + `))`
	nonBoundary := `(?:(?<=` + word + `)(?=` + word + `)|(?<!` + word + `)(?!` + word + `))`
	var sb strings.Builder
	inClass := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\\' && i+1 < len(src):
			switch next := src[i+1]; {
			case !inClass && next == 'b':
				sb.WriteString(boundary)
			case !inClass && next == 'B':
				sb.WriteString(nonBoundary)
			default:
				sb.WriteByte(c)
				sb.WriteByte(next)
			}
			i++
			continue
		case c == '[' && !inClass:
			inClass = true
		case c == ']' && inClass:
			inClass = false
		}
		sb.WriteByte(c)
	}
	return sb.String()
}
