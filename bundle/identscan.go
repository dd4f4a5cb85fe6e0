package bundle

// scanIdentifiers finds the free uses of names in JavaScript (esbuild's output) by a lexical
// scan: string literals, template text, comments and regular expressions are skipped, and an
// identifier counts as a use unless it follows a `.` (a property: `x.atob`, though
// `globalThis.atob` counts) or is an object literal's key (`{ atob: 1 }`). A name that follows
// `function`, `class`, `var`, `let` or `const` is declared by the script itself. It returns the
// byte offsets of each name's uses, in order.
//
// A lexer, not a parser: a `/` is a regular expression where an operand is expected (after an
// operator, a keyword such as `return`, or an opening bracket), else division, which is right
// for the code esbuild prints. Names are nesting.go's isIdentStart/isIdentPart (non-ASCII
// bytes and `#` included).
func scanIdentifiers(js []byte, names map[string]bool) (uses map[string][]int, declared map[string]bool) {
	uses = map[string][]int{}
	declared = map[string]bool{}
	lex(js, func(s *identScanner, start int, word string) {
		if !names[word] {
			return
		}
		switch {
		case s.prevWord == "function" || s.prevWord == "class" || s.prevWord == "var" || s.prevWord == "let" || s.prevWord == "const":
			declared[word] = true
		case s.prev == '.' && !s.afterGlobalThis(start):
		case (s.prev == '{' || s.prev == ',') && s.nextNonSpace() == ':':
		default:
			uses[word] = append(uses[word], start)
		}
	})
	return uses, declared
}

// regexLiteral is where a regular expression literal is in a script: its first byte (the
// opening slash) and its pattern's bounds.
type regexLiteral struct {
	start   int
	pattern [2]int
}

// scanRegexps finds the regular expression literals of a script, with the same lexer.
func scanRegexps(js []byte) []regexLiteral {
	return lex(js, func(*identScanner, int, string) {}).regexps
}

// lex runs the lexer over js, calling ident for each identifier with the scanner positioned
// after it (its prev and prevWord still those before it); regular expression literals are
// collected in the scanner's regexps.
func lex(js []byte, ident func(s *identScanner, start int, word string)) *identScanner {
	s := &identScanner{src: js}
	var templates []int // brace depth at which each open template's `${` began
	depth := 0
	for s.i < len(js) {
		c := js[s.i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			s.i++
		case c == '/' && s.at("//"):
			s.skipTo("\n")
		case c == '/' && s.at("/*"):
			s.i += 2
			s.skipTo("*/")
			s.i += 2
		case c == '\'' || c == '"':
			s.skipString(c)
			s.prev, s.prevWord = ')', "" // an operand
		case c == '`':
			s.i++
			if s.skipTemplate() {
				templates = append(templates, depth)
				depth++
				s.prev, s.prevWord = '(', ""
			} else {
				s.prev, s.prevWord = ')', ""
			}
		case c == '}' && len(templates) > 0 && templates[len(templates)-1] == depth-1:
			templates = templates[:len(templates)-1]
			depth--
			s.i++
			if s.skipTemplate() {
				templates = append(templates, depth)
				depth++
				s.prev, s.prevWord = '(', ""
			} else {
				s.prev, s.prevWord = ')', ""
			}
		case c == '/' && s.regexAllowed():
			s.skipRegex()
			s.prev, s.prevWord = ')', ""
		case isIdentStart(c):
			start := s.i
			for s.i < len(js) && isIdentPart(js[s.i]) {
				s.i++
			}
			word := string(js[start:s.i])
			ident(s, start, word)
			s.prev, s.prevWord = 'a', word
		default:
			if c == '{' {
				depth++
			} else if c == '}' {
				depth--
			}
			s.prev, s.prevWord = c, ""
			s.i++
		}
	}
	return s
}

type identScanner struct {
	src      []byte
	i        int
	prev     byte   // the last significant character ('a' for a word, ')' for a literal)
	prevWord string // the last word, when prev is one
	regexps  []regexLiteral
}

func (s *identScanner) at(text string) bool {
	return len(s.src)-s.i >= len(text) && string(s.src[s.i:s.i+len(text)]) == text
}

func (s *identScanner) skipTo(text string) {
	for s.i < len(s.src) && !s.at(text) {
		s.i++
	}
}

func (s *identScanner) skipString(quote byte) {
	s.i++
	for s.i < len(s.src) && s.src[s.i] != quote && s.src[s.i] != '\n' {
		if s.src[s.i] == '\\' {
			s.i++
		}
		s.i++
	}
	s.i++
}

// skipTemplate skips template text after a backquote or the `}` closing a substitution; it
// reports whether it stopped at a `${` (true) or at the closing backquote.
func (s *identScanner) skipTemplate() bool {
	for s.i < len(s.src) {
		switch {
		case s.src[s.i] == '\\':
			s.i += 2
		case s.src[s.i] == '`':
			s.i++
			return false
		case s.at("${"):
			s.i += 2
			return true
		default:
			s.i++
		}
	}
	return false
}

func (s *identScanner) skipRegex() {
	start := s.i
	s.i++
	inClass := false
	for s.i < len(s.src) && s.src[s.i] != '\n' {
		c := s.src[s.i]
		s.i++
		switch {
		case c == '\\':
			s.i++
		case c == '[':
			inClass = true
		case c == ']':
			inClass = false
		case c == '/' && !inClass:
			s.regexps = append(s.regexps, regexLiteral{start: start, pattern: [2]int{start + 1, s.i - 1}})
			for s.i < len(s.src) && isIdentPart(s.src[s.i]) {
				s.i++ // flags
			}
			return
		}
	}
}

// operandKeywords are words after which an expression starts: a `/` there opens a regex.
var operandKeywords = map[string]bool{"return": true, "typeof": true, "instanceof": true, "in": true, "of": true, "new": true, "delete": true, "void": true, "throw": true, "case": true, "do": true, "else": true, "yield": true, "await": true}

func (s *identScanner) regexAllowed() bool {
	switch {
	case s.prev == 0:
		return true
	case s.prev == 'a':
		return operandKeywords[s.prevWord]
	case s.prev == ')' || s.prev == ']' || s.prev == '}':
		return false
	}
	return true
}

func (s *identScanner) afterGlobalThis(start int) bool {
	j := start - 1
	for j >= 0 && (s.src[j] == ' ' || s.src[j] == '\n' || s.src[j] == '\t' || s.src[j] == '\r') {
		j--
	}
	if j < 0 || s.src[j] != '.' {
		return false
	}
	const g = "globalThis"
	end := j
	for end > 0 && (s.src[end-1] == ' ' || s.src[end-1] == '\n') {
		end--
	}
	return end >= len(g) && string(s.src[end-len(g):end]) == g && (end == len(g) || !isIdentPart(s.src[end-len(g)-1]))
}

func (s *identScanner) nextNonSpace() byte {
	for j := s.i; j < len(s.src); j++ {
		if c := s.src[j]; c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return c
		}
	}
	return 0
}
