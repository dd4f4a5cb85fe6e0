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
			if names[word] {
				switch {
				case s.prevWord == "function" || s.prevWord == "class" || s.prevWord == "var" || s.prevWord == "let" || s.prevWord == "const":
					declared[word] = true
				case s.prev == '.' && !s.afterGlobalThis(start):
				case (s.prev == '{' || s.prev == ',') && s.nextNonSpace() == ':':
				default:
					uses[word] = append(uses[word], start)
				}
			}
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
	return uses, declared
}

type identScanner struct {
	src      []byte
	i        int
	prev     byte   // the last significant character ('a' for a word, ')' for a literal)
	prevWord string // the last word, when prev is one
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
