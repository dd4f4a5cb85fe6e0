package bundle

// esbuild parses, visits and prints by recursive descent: Go stack for every level of nesting,
// and a goroutine that outgrows Go's stack limit (1 GB) is a fatal error that no recover
// catches. Measured with esbuild v0.28.2 on linux/amd64 (Go 1.26): `[[[…]]]`, `!!!…x` and
// `{a:{a:…}}` crash between 163,000 and 166,000 levels, a 166 KB file. Long before that some
// nestings cost time and memory out of all proportion: 20,000 nested blocks or `if`s took
// 16–22 s and 3–4 GB (every level is printed indented), 1,000 nested arrow functions declaring
// the same parameter 2 s (esbuild's renamer grows with the cube of the depth).
//
// So every script and JSON file is scanned before esbuild sees it, and refused past MaxNesting.
// The scan is lexical and linear: it skips comments, strings, template text and regular
// expressions, and its depth over-estimates the parser's recursion. Every open bracket (`(`,
// `[`, `{`, `${`) is a level, and so is every token that makes the parser recurse without one,
// until the expression or statement it belongs to ends:
//
//   - prefix operators: `!`, `~`, unary `+` and `-`, prefix `++` and `--`, `typeof`, `void`,
//     `delete`, `await`, `new`, `yield`, and the type operators `keyof`, `readonly`, `infer`,
//     `unique`;
//   - right-associative operators: `=` and every compound assignment, `**`, `=>`, `?`, `:`,
//     `extends`;
//   - statements that hold a statement: `if`, `else`, `while`, `for`, `with`, `do`.
//
// An operator chain ends at `,` or `;`, at `case` and `default`, at a statement keyword, and
// at a line break after an operand followed by a token that starts a statement (automatic
// semicolon insertion ends the expression there). A statement chain ends at `;`, at a closing
// `}`, and at such a line break, unless `else` follows. An over-estimate only refuses earlier:
// real code stays far below the bound (nesting_test.go measures the deepest estimate over
// TypeScript's own compiler, three.js and the SDK).

// MaxNesting is the deepest nesting, as estimated above, a script or JSON file may have before
// esbuild parses it. It bounds the toolchain's own cost and is no rule of the Gizmo contract:
// 500 is many times the deepest real code measured, over 300 times below esbuild's crash, and
// keeps the slowest construct measured (nested arrow functions) near a third of a second.
const MaxNesting = 500

// nestingScan is the state of one scan; see above.
type nestingScan struct {
	src []byte
	i   int
	tok int // where the current token starts

	total int // the estimate: open levels, and every chain on the way to the current token
	max   int
	at    int // where total first passed max, or -1

	// volume sums the estimate at every level opened and every chain extended: a measure of
	// the work nesting makes esbuild do, which grows faster than the depth (see InputGuard).
	volume int64

	levels []nestLevel
	expr   int // the operator chain of the current level
	stmt   int // the statement chain of the current level

	operand     bool // the last token ends an operand: a name, a literal, `)`, `]`, `}`
	afterDot    bool // the last token is `.` or `?.`: a keyword next is a property name
	regexOK     bool // a `/` next starts a regular expression
	head        bool // the last token is `if`, `while`, `for` or `with`: `(` opens its head
	lineBreak   bool // a line break since the last token, which ended an operand
	stmtPending bool // a `;` or a closing `}` ended a statement, unless `else` follows
}

// nestLevel is an open bracket, with the chains of the level around it.
type nestLevel struct {
	template   bool // a `${` substitution: its `}` resumes the template text
	head       bool // the `(…)` of an if, while, for or with: a statement follows it
	expr, stmt int
}

// nestingOffset scans src and returns the offset of the token at which the estimated nesting
// first passes max, or -1 when it never does.
func nestingOffset(src []byte, max int) int {
	at, _ := scanNesting(src, max)
	return at
}

// scanNesting is nestingOffset with the scan's volume (up to where it stopped).
func scanNesting(src []byte, max int) (at int, volume int64) {
	s := &nestingScan{src: src, max: max, at: -1, regexOK: true}
	s.run()
	return s.at, s.volume
}

func (s *nestingScan) add(n int) {
	s.total += n
	s.volume += int64(s.total)
	if s.total > s.max && s.at < 0 {
		s.at = s.tok
	}
}

func (s *nestingScan) chain() { s.expr++; s.add(1) }

func (s *nestingScan) endExpr() { s.total -= s.expr; s.expr = 0 }

func (s *nestingScan) endStmt() { s.total -= s.stmt; s.stmt = 0 }

func (s *nestingScan) open(template, head bool) {
	s.levels = append(s.levels, nestLevel{template: template, head: head, expr: s.expr, stmt: s.stmt})
	s.expr, s.stmt = 0, 0
	s.add(1)
}

// close pops a level whatever the bracket: a mismatched bracket is a syntax error esbuild stops
// at, so it never recurses deeper than the scan counted before it.
func (s *nestingScan) close() nestLevel {
	if len(s.levels) == 0 {
		return nestLevel{}
	}
	l := s.levels[len(s.levels)-1]
	s.levels = s.levels[:len(s.levels)-1]
	s.total -= 1 + s.expr + s.stmt
	s.expr, s.stmt = l.expr, l.stmt
	return l
}

// token starts every token, saying whether it may start a statement (a name, a literal, a
// keyword other than a binary operator) and whether it is `else`.
func (s *nestingScan) token(startsStatement, isElse bool) {
	s.tok = s.i
	if s.lineBreak && startsStatement {
		s.endExpr()
		if !isElse {
			s.endStmt()
		}
	}
	if s.stmtPending && !isElse {
		s.endStmt()
	}
	s.lineBreak, s.stmtPending = false, false
}

func (s *nestingScan) operandEnd() {
	s.operand, s.afterDot, s.regexOK, s.head = true, false, false, false
}

func (s *nestingScan) operator() {
	s.operand, s.afterDot, s.regexOK, s.head = false, false, true, false
}

func (s *nestingScan) run() {
	src := s.src
	if len(src) >= 2 && src[0] == '#' && src[1] == '!' {
		s.skipLine()
	}
	for s.i < len(src) && s.at < 0 {
		c := src[s.i]
		switch {
		case c == '\n' || c == '\r':
			s.lineBreak = s.lineBreak || s.operand
			s.i++
		case c == ' ' || c == '\t' || c == '\f' || c == '\v':
			s.i++
		case c == '/' && s.peek(1) == '/':
			s.skipLine()
		case c == '/' && s.peek(1) == '*':
			s.skipBlockComment()
		case c == '"' || c == '\'':
			s.token(true, false)
			s.skipString(c)
			s.operandEnd()
		case c == '`':
			s.token(true, false)
			s.i++
			s.templateText()
		case isDigit(c) || c == '.' && isDigit(s.peek(1)):
			s.token(true, false)
			s.skipNumber()
			s.operandEnd()
		case isIdentStart(c):
			s.word()
		case c == '/' && s.regexOK:
			s.token(false, false)
			s.regexp()
		default:
			s.punct(c)
		}
	}
}

func (s *nestingScan) peek(n int) byte {
	if s.i+n < len(s.src) {
		return s.src[s.i+n]
	}
	return 0
}

func (s *nestingScan) skipLine() {
	for s.i < len(s.src) && s.src[s.i] != '\n' && s.src[s.i] != '\r' {
		s.i++
	}
}

func (s *nestingScan) skipBlockComment() {
	s.i += 2
	for s.i < len(s.src) {
		if s.src[s.i] == '\n' {
			s.lineBreak = s.lineBreak || s.operand
		}
		if s.src[s.i] == '*' && s.peek(1) == '/' {
			s.i += 2
			return
		}
		s.i++
	}
}

// skipString skips a quoted string; an unescaped line break ends it (a syntax error esbuild
// reports; the scan goes on with the next line).
func (s *nestingScan) skipString(quote byte) {
	s.i++
	for s.i < len(s.src) {
		switch s.src[s.i] {
		case '\\':
			s.i += 2
			continue
		case quote:
			s.i++
			return
		case '\n', '\r':
			return
		}
		s.i++
	}
}

// templateText skips template text up to its closing backquote, or into a `${` substitution.
func (s *nestingScan) templateText() {
	for s.i < len(s.src) {
		switch s.src[s.i] {
		case '\\':
			s.i += 2
			continue
		case '`':
			s.i++
			s.operandEnd()
			return
		case '$':
			if s.peek(1) == '{' {
				s.tok = s.i
				s.i += 2
				s.open(true, false)
				s.operator()
				return
			}
		}
		s.i++
	}
}

func (s *nestingScan) skipNumber() {
	hex := s.src[s.i] == '0' && s.peek(1)|0x20 == 'x'
	for s.i < len(s.src) {
		c := s.src[s.i]
		switch {
		case isIdentPart(c) || c == '.':
			s.i++
		case (c == '+' || c == '-') && !hex && s.src[s.i-1]|0x20 == 'e':
			s.i++
		default:
			return
		}
	}
}

// Keywords by what they do to the estimate.
var (
	prefixKeywords = map[string]bool{
		"typeof": true, "void": true, "delete": true, "await": true, "new": true, "yield": true,
		"keyof": true, "readonly": true, "infer": true, "unique": true, "extends": true,
	}
	statementKeywords = map[string]bool{"if": true, "else": true, "while": true, "for": true, "with": true, "do": true}
	// binaryKeywords continue an expression after a line break.
	binaryKeywords = map[string]bool{
		"in": true, "instanceof": true, "as": true, "satisfies": true, "of": true, "is": true,
		"extends": true, "implements": true,
	}
	// After these a `/` starts a regular expression, as after an operator.
	regexKeywords = map[string]bool{
		"return": true, "in": true, "of": true, "instanceof": true, "case": true, "throw": true,
		"default": true,
	}
)

func (s *nestingScan) word() {
	end := s.i
	for end < len(s.src) && isIdentPart(s.src[end]) {
		end++
	}
	w := string(s.src[s.i:end])
	if s.afterDot {
		s.token(true, false)
		s.i = end
		s.operandEnd() // a property name, whatever it spells
		return
	}
	s.token(!binaryKeywords[w], w == "else")
	s.i = end
	switch {
	case prefixKeywords[w]:
		s.chain()
		s.operator()
	case statementKeywords[w]:
		s.endExpr() // no expression goes on past a statement keyword
		s.stmt++
		s.add(1)
		s.operator()
		s.head = w != "else" && w != "do"
	case w == "case" || w == "default":
		s.endExpr()
		s.operator()
	case regexKeywords[w]:
		s.operator()
	default:
		s.operandEnd()
	}
}

// regexp skips a regular expression literal. Whether a `/` starts one is a guess from the token
// before it, and a wrong guess must not hide nesting: the brackets inside count as levels while
// it lasts. A `/` with no closing `/` on its line is division after all.
func (s *nestingScan) regexp() {
	start := s.i
	s.i++
	inClass := false
	opens := 0
	for s.i < len(s.src) {
		c := s.src[s.i]
		switch {
		case c == '\n' || c == '\r':
			s.i = start + 1 // not a regular expression
			s.operator()
			return
		case c == '\\':
			s.i += 2
			continue
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
			opens++
		case c == '(' || c == '{':
			opens++
		case c == '/':
			s.i++
			for s.i < len(s.src) && isIdentPart(s.src[s.i]) {
				s.i++ // flags
			}
			if s.total+opens > s.max && s.at < 0 {
				s.at = start
			}
			s.operandEnd()
			return
		}
		s.i++
	}
	s.i = start + 1
	s.operator()
}

func (s *nestingScan) punct(c byte) {
	switch c {
	case '(', '[', '{':
		head := c == '(' && s.head
		s.token(c == '{', false)
		s.i++
		s.open(false, head)
		s.operator()
		return
	case ')', ']', '}':
		s.token(false, false)
		s.i++
		l := s.close()
		switch {
		case l.template:
			s.templateText() // the `}` of a `${…}`: back in the template
		case l.head:
			s.operator() // the statement of an if, while, for or with follows
		default:
			s.operandEnd()
			s.stmtPending = c == '}'
		}
		return
	}
	s.token(false, false)
	wasOperand := s.operand
	s.operator()
	n1, n2, n3 := s.peek(1), s.peek(2), s.peek(3)
	switch c {
	case ';':
		s.i++
		s.endExpr()
		s.stmtPending = true
	case ',':
		s.i++
		s.endExpr()
	case '=':
		switch {
		case n1 == '=' && n2 == '=':
			s.i += 3
		case n1 == '=':
			s.i += 2
		default: // = =>
			s.i += 1 + b2i(n1 == '>')
			s.chain()
		}
	case '!':
		switch {
		case n1 == '=':
			s.i += 2 + b2i(n2 == '=')
		case wasOperand:
			s.i++
			s.operandEnd() // TypeScript's non-null assertion `x!`
		default:
			s.i++
			s.chain()
		}
	case '~', ':':
		s.i++
		s.chain()
	case '+', '-':
		switch {
		case n1 == c && wasOperand:
			s.i += 2
			s.operandEnd() // postfix ++ --
		case n1 == c || n1 == '=':
			s.i += 2
			s.chain()
		default:
			s.i++
			if !wasOperand {
				s.chain() // unary
			}
		}
	case '*':
		switch {
		case n1 == '*':
			s.i += 2 + b2i(n2 == '=')
			s.chain()
		case n1 == '=':
			s.i += 2
			s.chain()
		default:
			s.i++
		}
	case '?':
		switch {
		case n1 == '?':
			s.i += 2
			if n2 == '=' {
				s.i++
				s.chain()
			}
		case n1 == '.' && !isDigit(n2):
			s.i += 2
			s.afterDot = true
		default:
			s.i++
			s.chain()
		}
	case '.':
		if n1 == '.' && n2 == '.' {
			s.i += 3
		} else {
			s.i++
			s.afterDot = true
		}
	case '<', '>':
		// Comparisons and shifts; only the compound assignments <<=, >>= and >>>= nest.
		switch {
		case c == '>' && n1 == '>' && n2 == '>':
			s.i += 3 + b2i(n3 == '=')
			if n3 == '=' {
				s.chain()
			}
		case n1 == c:
			s.i += 2 + b2i(n2 == '=')
			if n2 == '=' {
				s.chain()
			}
		default:
			s.i += 1 + b2i(n1 == '=')
		}
	case '&', '|':
		switch {
		case n1 == c:
			s.i += 2 + b2i(n2 == '=')
			if n2 == '=' {
				s.chain()
			}
		case n1 == '=':
			s.i += 2
			s.chain()
		default:
			s.i++
		}
	case '%', '^', '/':
		s.i++
		if n1 == '=' {
			s.i++
			s.chain()
		}
	default:
		s.i++ // @, and bytes no script has
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// isIdentStart counts every non-ASCII byte as part of a name: Unicode letters, and anything
// else esbuild will refuse on its own. `#` starts private names, `\` a Unicode escape.
func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$' || c == '#' || c == '\\' || c >= 0x80
}

func isIdentPart(c byte) bool { return isIdentStart(c) || isDigit(c) }
