package locate

import (
	"unicode"
	"unicode/utf8"
)

// tokKind is the lexical class of a token; comments and whitespace are not tokens.
type tokKind uint8

const (
	tIdent  tokKind = iota // identifiers and keywords
	tString                // '…' or "…"
	tNumber
	tTemplate // a whole template literal, `${…}` parts included
	tRegex
	tPunct // one punctuator: ( ) [ ] { } , : ; . ? and the multi-character ... => ?. ??
)

type token struct {
	kind       tokKind
	start, end int // byte offsets in the source
}

// scanner turns TypeScript text into tokens. It knows exactly what can hide a bracket or a
// comma — strings, template literals (with nested `${…}` code), comments, regular expressions —
// and nothing about the grammar beyond that. On text it cannot read (an unterminated string) it
// stops; the parser then runs out of tokens and gives up, so a wrong scan never yields a place.
type scanner struct {
	src  string
	toks []token
	err  bool
}

// tokenize scans src from offset to the end (or the first unreadable text).
func tokenize(src string, offset int) []token {
	s := &scanner{src: src}
	s.run(offset, false)
	return s.toks
}

// run scans from i; inTemplate stops at the `}` that closes a `${`, returning the offset after it.
func (s *scanner) run(i int, inTemplate bool) int {
	depth := 0
	for i < len(s.src) && !s.err {
		c := s.src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '/' && i+1 < len(s.src) && s.src[i+1] == '/':
			for i < len(s.src) && s.src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(s.src) && s.src[i+1] == '*':
			end := indexFrom(s.src, "*/", i+2)
			if end < 0 {
				s.err = true
				return i
			}
			i = end + 2
		case c == '\'' || c == '"':
			end := s.quoted(i, c)
			if end < 0 {
				s.err = true
				return i
			}
			s.add(tString, i, end)
			i = end
		case c == '`':
			end := s.template(i)
			if end < 0 {
				s.err = true
				return i
			}
			s.add(tTemplate, i, end)
			i = end
		case c == '/' && s.regexAllowed():
			end := s.regex(i)
			if end < 0 {
				s.err = true
				return i
			}
			s.add(tRegex, i, end)
			i = end
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(s.src) && s.src[i+1] >= '0' && s.src[i+1] <= '9':
			j := i + 1
			for j < len(s.src) && (isIdentByte(s.src[j]) || s.src[j] == '.') {
				j++
			}
			s.add(tNumber, i, j)
			i = j
		case isIdentStart(s.src, i):
			j := i
			for j < len(s.src) && isIdentPart(s.src, j) {
				_, n := utf8.DecodeRuneInString(s.src[j:])
				j += n
			}
			s.add(tIdent, i, j)
			i = j
		default:
			n := 1
			switch {
			case hasAt(s.src, i, "..."):
				n = 3
			case hasAt(s.src, i, "=>"), hasAt(s.src, i, "?."), hasAt(s.src, i, "??"):
				n = 2
			}
			if inTemplate {
				if c == '{' {
					depth++
				} else if c == '}' {
					if depth == 0 {
						return i + 1
					}
					depth--
				}
			}
			if c >= utf8.RuneSelf {
				_, n = utf8.DecodeRuneInString(s.src[i:])
			}
			s.add(tPunct, i, i+n)
			i += n
		}
	}
	if inTemplate {
		s.err = true
	}
	return i
}

func (s *scanner) add(k tokKind, start, end int) {
	s.toks = append(s.toks, token{kind: k, start: start, end: end})
}

// quoted returns the offset after the string starting at i, or -1.
func (s *scanner) quoted(i int, q byte) int {
	for j := i + 1; j < len(s.src); j++ {
		switch s.src[j] {
		case '\\':
			j++
		case q:
			return j + 1
		case '\n':
			return -1
		}
	}
	return -1
}

// template returns the offset after the template literal starting at i, or -1. The code inside
// `${…}` is scanned (its tokens are dropped): it may hold strings, comments and templates.
func (s *scanner) template(i int) int {
	for j := i + 1; j < len(s.src); j++ {
		switch s.src[j] {
		case '\\':
			j++
		case '`':
			return j + 1
		case '$':
			if j+1 < len(s.src) && s.src[j+1] == '{' {
				inner := &scanner{src: s.src}
				end := inner.run(j+2, true)
				if inner.err {
					return -1
				}
				j = end - 1
			}
		}
	}
	return -1
}

// regex returns the offset after the regular expression literal starting at i, or -1.
func (s *scanner) regex(i int) int {
	class := false
	for j := i + 1; j < len(s.src); j++ {
		switch s.src[j] {
		case '\\':
			j++
		case '[':
			class = true
		case ']':
			class = false
		case '\n':
			return -1
		case '/':
			if class {
				continue
			}
			j++
			for j < len(s.src) && isIdentByte(s.src[j]) {
				j++
			}
			return j
		}
	}
	return -1
}

// regexAllowed is the usual rule for telling a regular expression from a division: a `/` after
// a value (an identifier, a literal, a closing bracket) divides; anywhere else it starts a regex.
func (s *scanner) regexAllowed() bool {
	if len(s.toks) == 0 {
		return true
	}
	t := s.toks[len(s.toks)-1]
	text := s.src[t.start:t.end]
	switch t.kind {
	case tIdent:
		switch text {
		case "return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "instanceof", "yield", "await":
			return true
		}
		return false
	case tPunct:
		return text != ")" && text != "]" && text != "}"
	}
	return false
}

func hasAt(s string, i int, sub string) bool { return len(s)-i >= len(sub) && s[i:i+len(sub)] == sub }

func indexFrom(s, sub string, i int) int {
	for j := i; j+len(sub) <= len(s); j++ {
		if s[j:j+len(sub)] == sub {
			return j
		}
	}
	return -1
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isIdentStart(s string, i int) bool {
	c := s[i]
	if c < utf8.RuneSelf {
		return c == '_' || c == '$' || c == '\\' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r)
}

func isIdentPart(s string, i int) bool {
	c := s[i]
	if c < utf8.RuneSelf {
		return isIdentByte(c) || c == '\\'
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || r == 0x200C || r == 0x200D
}
