package locate

import (
	"strconv"
	"strings"
)

// nodeKind is what the parser knows about an expression.
type nodeKind uint8

const (
	other    nodeKind = iota // anything else: an identifier, a call, arithmetic — its value is unknown here
	object                   // an object literal
	array                    // an array literal
	function                 // an arrow, a function expression or a method
)

// node is an expression, with what a path can be followed into.
type node struct {
	kind       nodeKind
	start, end int // byte offsets of the expression in the source
	props      []prop
	elems      []*node // array elements; nil for a hole
	spreadAt   int     // array: index of the first spread element, -1 when none
	// results are what a function may return (its expression body, or each `return` of its
	// own block, ternaries split); resultsKnown is false when they could not be read.
	results      []*node
	resultsKnown bool
}

// prop is one member of an object literal. uncertain marks a member whose key is not known from
// the text (a spread, a computed key, an accessor): it may set any key.
type prop struct {
	key        string
	uncertain  bool
	start, end int // the whole member: `radiusCells: 30`
	keyEnd     int
	value      *node
}

// parser reads tokens into nodes. Every method returns ok=false on anything it does not fully
// understand; the caller then knows less, never something wrong.
//
// Reading is bounded: brackets are matched once up front, nesting past maxDepth and work past
// maxSteps give up, so no source (author text is hostile) costs more than a linear pass or so.
type parser struct {
	src   string
	toks  []token
	pair  []int // index of the matching ( [ { or ) ] } token, -1 when unmatched
	steps int
	depth int
}

const (
	maxSteps = 1 << 22
	maxDepth = 64
)

func newParser(src string, toks []token) *parser {
	p := &parser{src: src, toks: toks, pair: make([]int, len(toks))}
	var stack []int
	for i, t := range toks {
		p.pair[i] = -1
		if t.kind != tPunct {
			continue
		}
		switch c := src[t.start]; c {
		case '(', '[', '{':
			if t.end-t.start == 1 {
				stack = append(stack, i)
			}
		case ')', ']', '}':
			if len(stack) == 0 {
				return p // the rest is outside the literal's scope: left unmatched
			}
			o := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if want := map[byte]byte{'(': ')', '[': ']', '{': '}'}[src[toks[o].start]]; want == c {
				p.pair[o], p.pair[i] = i, o
			} else {
				return p
			}
		}
	}
	return p
}

// tick counts work; false once the budget is spent.
func (p *parser) tick() bool {
	p.steps++
	return p.steps <= maxSteps
}

func (p *parser) text(i int) string {
	if i < 0 || i >= len(p.toks) {
		return ""
	}
	return p.src[p.toks[i].start:p.toks[i].end]
}

func (p *parser) is(i int, punct string) bool {
	return i >= 0 && i < len(p.toks) && p.toks[i].kind == tPunct && p.text(i) == punct
}

func (p *parser) isIdent(i int, name string) bool {
	return i >= 0 && i < len(p.toks) && p.toks[i].kind == tIdent && p.text(i) == name
}

// match returns the index of the bracket closing the one at i, or -1.
func (p *parser) match(i int) int {
	open := p.text(i)
	if open == "(" || open == "[" || open == "{" {
		return p.pair[i]
	}
	closer := map[string]string{"<": ">"}[open]
	if closer == "" {
		return -1
	}
	depth := 0
	for j := i; j < len(p.toks) && p.tick(); j++ {
		if p.toks[j].kind != tPunct {
			continue
		}
		switch t := p.text(j); {
		case open == "<" && t == "=>":
		case t == open || open != "<" && (t == "(" || t == "[" || t == "{"):
			depth++
		case t == closer || open != "<" && (t == ")" || t == "]" || t == "}"):
			depth--
			if depth == 0 {
				if t != closer {
					return -1
				}
				return j
			}
			if depth < 0 {
				return -1
			}
		}
	}
	return -1
}

// exprEnd is the index of the token that ends the expression starting at i: a `,` `;` or an
// unmatched closing bracket at depth 0 (or the end of the tokens).
func (p *parser) exprEnd(i int) int {
	for j := i; j < len(p.toks); j++ {
		if !p.tick() {
			return len(p.toks)
		}
		if p.toks[j].kind != tPunct {
			continue
		}
		switch p.text(j) {
		case "(", "[", "{":
			if p.pair[j] < 0 {
				return len(p.toks)
			}
			j = p.pair[j]
		case ")", "]", "}", ",", ";":
			return j
		}
	}
	return len(p.toks)
}

// valueEnd is exprEnd for a member's value, which may be an arrow with a return type: its type
// arguments hold commas that are not the member's end (`valid: (s): s is Record<string, never>
// => …`, as the docs' examples write it). In a return type, `<` always opens type arguments, so
// the type is skipped up to the arrow's `=>` and the body ends the value; anything else is
// exprEnd's.
func (p *parser) valueEnd(i int) int {
	k := i
	if p.isIdent(k, "async") {
		k++
	}
	if p.is(k, "<") {
		if k = p.match(k); k < 0 {
			return p.exprEnd(i)
		}
		k++
	}
	if !p.is(k, "(") {
		return p.exprEnd(i)
	}
	m := p.match(k)
	if m < 0 || !p.is(m+1, ":") {
		return p.exprEnd(i)
	}
	for a := m + 2; a < len(p.toks) && p.tick(); a++ {
		switch {
		case p.is(a, "(") || p.is(a, "[") || p.is(a, "{") || p.is(a, "<"):
			if a = p.match(a); a < 0 {
				return p.exprEnd(i)
			}
		case p.is(a, "=>"):
			return p.exprEnd(a + 1)
		case p.is(a, ",") || p.is(a, ";") || p.is(a, ")") || p.is(a, "]") || p.is(a, "}"):
			return p.exprEnd(i)
		}
	}
	return p.exprEnd(i)
}

// span returns the byte range of tokens [i, j).
func (p *parser) span(i, j int) (int, int) {
	if i >= j || i >= len(p.toks) {
		return 0, 0
	}
	return p.toks[i].start, p.toks[j-1].end
}

// typeTail says whether tokens [i, j) are only a TypeScript tail after an expression: `as T`,
// `satisfies T` or a non-null `!`, which do not change the value.
func (p *parser) typeTail(i, j int) bool {
	return i == j || p.isIdent(i, "as") || p.isIdent(i, "satisfies") || p.is(i, "!") && p.typeTail(i+1, j)
}

// expr classifies tokens [i, j).
func (p *parser) expr(i, j int) (*node, bool) {
	if i >= j || p.depth >= maxDepth || !p.tick() {
		return nil, false
	}
	p.depth++
	defer func() { p.depth-- }()
	start, end := p.span(i, j)
	n := &node{kind: other, start: start, end: end}
	switch {
	case p.is(i, "{"):
		m := p.match(i)
		if m < 0 || m >= j {
			return nil, false
		}
		if !p.typeTail(m+1, j) {
			return n, true
		}
		obj, ok := p.object(i)
		if !ok {
			return nil, false
		}
		obj.start, obj.end = start, end
		return obj, true
	case p.is(i, "["):
		m := p.match(i)
		if m < 0 || m >= j {
			return nil, false
		}
		if !p.typeTail(m+1, j) {
			return n, true
		}
		arr, ok := p.array(i, m)
		if !ok {
			return nil, false
		}
		arr.start, arr.end = start, end
		return arr, true
	case p.isIdent(i, "function"):
		k := i + 1
		if p.is(k, "*") {
			return n, true // a generator: its result is not a literal
		}
		if k < j && p.toks[k].kind == tIdent {
			k++
		}
		return p.functionFrom(k, j, start, end)
	}
	k := i
	if p.isIdent(k, "async") && k+1 < j && !p.is(k+1, "=>") {
		k++
	}
	if k+1 < j && p.toks[k].kind == tIdent && p.is(k+1, "=>") {
		return p.arrowBody(k+2, j, start, end)
	}
	if p.is(k, "<") || p.is(k, "(") {
		if p.is(k, "<") {
			m := p.match(k)
			if m < 0 {
				return n, true
			}
			k = m + 1
		}
		m := p.match(k)
		if m < 0 || m >= j {
			return nil, false
		}
		if p.is(m+1, "=>") {
			return p.arrowBody(m+2, j, start, end)
		}
		if p.is(m+1, ":") {
			// A return type, then `=>`: the first `=>` at depth 0.
			for a := m + 2; a < j; a++ {
				if p.is(a, "(") || p.is(a, "[") || p.is(a, "{") || p.is(a, "<") {
					if a = p.match(a); a < 0 {
						return nil, false
					}
					continue
				}
				if p.is(a, "=>") {
					return p.arrowBody(a+1, j, start, end)
				}
			}
			return n, true
		}
		if p.is(k, "(") && p.typeTail(m+1, j) {
			return p.expr(k+1, m) // parenthesised
		}
	}
	return n, true
}

// arrowBody reads an arrow's body starting at token i (after `=>`), up to j.
func (p *parser) arrowBody(i, j, start, end int) (*node, bool) {
	fn := &node{kind: function, start: start, end: end}
	if p.is(i, "{") {
		m := p.match(i)
		if m < 0 || m+1 != j {
			return nil, false
		}
		fn.results, fn.resultsKnown = p.returns(i, m)
		return fn, true
	}
	fn.results, fn.resultsKnown = p.candidates(i, j)
	return fn, true
}

// functionFrom reads `(params) [: Type] { body }` starting at token i.
func (p *parser) functionFrom(i, j, start, end int) (*node, bool) {
	if p.is(i, "<") {
		if i = p.match(i); i < 0 {
			return nil, false
		}
		i++
	}
	if !p.is(i, "(") {
		return nil, false
	}
	m := p.match(i)
	if m < 0 {
		return nil, false
	}
	b := m + 1
	if p.is(b, ":") {
		b++
		if p.is(b, "{") { // an object return type, then the body
			if b = p.match(b); b < 0 {
				return nil, false
			}
			b++
		}
		for b < j && !p.is(b, "{") {
			if p.is(b, "(") || p.is(b, "[") || p.is(b, "<") {
				if b = p.match(b); b < 0 {
					return nil, false
				}
			}
			b++
		}
	}
	if !p.is(b, "{") {
		return nil, false
	}
	e := p.match(b)
	if e < 0 || e+1 != j {
		return nil, false
	}
	fn := &node{kind: function, start: start, end: end}
	fn.results, fn.resultsKnown = p.returns(b, e)
	return fn, true
}

// candidates splits a result expression [i, j) into what it may evaluate to: both branches of a
// ternary, the inside of parentheses.
func (p *parser) candidates(i, j int) ([]*node, bool) {
	if p.depth >= maxDepth {
		return nil, false
	}
	p.depth++
	defer func() { p.depth-- }()
	depth, q := 0, -1
	for a := i; a < j && p.tick(); a++ {
		if p.toks[a].kind != tPunct {
			continue
		}
		switch p.text(a) {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case "?":
			if depth == 0 && q < 0 {
				q = a
			}
		}
	}
	if q >= 0 {
		// The `:` that pairs with the first `?` at depth 0 (nested ternaries pair inside out).
		depth, nested := 0, 0
		for a := q + 1; a < j && p.tick(); a++ {
			if p.toks[a].kind != tPunct {
				continue
			}
			switch p.text(a) {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
			case "?":
				if depth == 0 {
					nested++
				}
			case ":":
				if depth != 0 {
					continue
				}
				if nested > 0 {
					nested--
					continue
				}
				yes, ok1 := p.candidates(q+1, a)
				no, ok2 := p.candidates(a+1, j)
				return append(yes, no...), ok1 && ok2
			}
		}
		return nil, false
	}
	if p.is(i, "(") {
		if m := p.match(i); m > 0 && m < j && p.typeTail(m+1, j) {
			return p.candidates(i+1, m)
		}
	}
	n, ok := p.expr(i, j)
	if !ok {
		return nil, false
	}
	return []*node{n}, true
}

// statementKeywords open a block that is not a function body: `if (…) {`.
var statementKeywords = map[string]bool{"if": true, "for": true, "while": true, "switch": true, "catch": true, "with": true}

// returns collects the results of every `return` in the block body [open, closer] that belongs
// to this function, not to a function nested in it.
func (p *parser) returns(open, closer int) ([]*node, bool) {
	var out []*node
	var stack []bool // per open brace: does it start a nested function's body?
	for a := open + 1; a < closer; a++ {
		if !p.tick() {
			return nil, false
		}
		switch {
		case p.is(a, "{"):
			nested := p.is(a-1, "=>")
			if p.is(a-1, ")") {
				if o := p.openParen(a - 1); o > 0 && !(p.toks[o-1].kind == tIdent && statementKeywords[p.text(o-1)]) {
					nested = true
				}
			}
			stack = append(stack, nested)
		case p.is(a, "}"):
			if len(stack) == 0 {
				return nil, false
			}
			stack = stack[:len(stack)-1]
		case p.isIdent(a, "return") && !inFunction(stack):
			e := p.exprEnd(a + 1)
			if e > closer {
				e = closer
			}
			if e == a+1 {
				out = append(out, &node{kind: other, start: p.toks[a].start, end: p.toks[a].end})
				continue
			}
			found, ok := p.candidates(a+1, e)
			if !ok {
				return nil, false
			}
			out = append(out, found...)
		}
	}
	if len(out) == 0 {
		return nil, false // falls off the end: returns undefined, or a body not understood
	}
	return out, true
}

func inFunction(stack []bool) bool {
	for _, f := range stack {
		if f {
			return true
		}
	}
	return false
}

// openParen is the index of the `(` that the `)` at i closes, or -1.
func (p *parser) openParen(i int) int {
	return p.pair[i]
}

// object reads the object literal whose `{` is token i.
func (p *parser) object(i int) (*node, bool) {
	m := p.match(i)
	if m < 0 {
		return nil, false
	}
	n := &node{kind: object, start: p.toks[i].start, end: p.toks[m].end}
	a := i + 1
	for a < m {
		if !p.tick() {
			return nil, false
		}
		pr, next, ok := p.member(a, m)
		if !ok {
			return nil, false
		}
		n.props = append(n.props, pr)
		a = next
		if a < m {
			if !p.is(a, ",") {
				return nil, false
			}
			a++
		}
	}
	return n, true
}

// member reads one object member starting at token a; it returns the index after it.
func (p *parser) member(a, m int) (prop, int, bool) {
	start := p.toks[a].start
	if p.is(a, "...") {
		e := p.exprEnd(a + 1)
		if e > m {
			return prop{}, 0, false
		}
		_, end := p.span(a, e)
		return prop{uncertain: true, start: start, end: end, keyEnd: end}, e, true
	}
	var key string
	uncertain := false
	k := a
	// Modifiers: `async m()`, `get x()`, `set x(v)` (a modifier followed by a key).
	accessor := false
	if (p.isIdent(k, "async") || p.isIdent(k, "get") || p.isIdent(k, "set")) && k+1 < m && !p.is(k+1, ",") && !p.is(k+1, ":") && !p.is(k+1, "(") && !p.is(k+1, "<") {
		accessor = !p.isIdent(k, "async")
		k++
	}
	if p.is(k, "*") {
		return prop{}, 0, false
	}
	switch t := p.toks[k]; {
	case t.kind == tIdent:
		key = p.text(k)
	case t.kind == tString:
		s, ok := unquote(p.text(k))
		if !ok {
			return prop{}, 0, false
		}
		key = s
	case t.kind == tNumber:
		if _, err := strconv.Atoi(p.text(k)); err != nil {
			uncertain = true
		}
		key = p.text(k)
	case p.is(k, "["):
		e := p.match(k)
		if e < 0 {
			return prop{}, 0, false
		}
		uncertain = true
		if e == k+2 && p.toks[k+1].kind == tString {
			if s, ok := unquote(p.text(k + 1)); ok {
				key, uncertain = s, false
			}
		}
		k = e
	default:
		return prop{}, 0, false
	}
	keyEnd := p.toks[k].end
	k++
	pr := prop{key: key, uncertain: uncertain || accessor, start: start, keyEnd: keyEnd}
	switch {
	case p.is(k, ",") || k == m:
		if p.toks[k-1].kind != tIdent || accessor {
			return prop{}, 0, false
		}
		pr.end = keyEnd // shorthand `{ light }`
		pr.value = &node{kind: other, start: p.toks[k-1].start, end: keyEnd}
		return pr, k, true
	case p.is(k, ":") && !accessor:
		e := p.valueEnd(k + 1)
		if e > m {
			return prop{}, 0, false
		}
		v, ok := p.expr(k+1, e)
		if !ok {
			return prop{}, 0, false
		}
		pr.value, pr.end = v, v.end
		return pr, e, true
	case p.is(k, "(") || p.is(k, "<"):
		// A method: its body ends at the matching `}` before `,` or the object's end.
		e := p.exprEndAfterBody(k, m)
		if e < 0 {
			return prop{}, 0, false
		}
		_, end := p.span(a, e)
		fn, ok := p.functionFrom(k, e, start, end)
		if !ok {
			return prop{}, 0, false
		}
		pr.value, pr.end = fn, end
		if accessor {
			pr.value = &node{kind: other, start: start, end: end}
		}
		return pr, e, true
	}
	return prop{}, 0, false
}

// exprEndAfterBody finds where a method starting at token k (its parameters) ends: the `,` or the
// object's closing brace m after its body.
func (p *parser) exprEndAfterBody(k, m int) int {
	e := p.exprEnd(k)
	if e > m || e < 0 {
		return -1
	}
	return e
}

// array reads the array literal [i, closer].
func (p *parser) array(i, closer int) (*node, bool) {
	n := &node{kind: array, spreadAt: -1}
	a := i + 1
	for a < closer {
		if !p.tick() {
			return nil, false
		}
		if p.is(a, ",") { // a hole
			n.elems = append(n.elems, nil)
			a++
			continue
		}
		e := p.exprEnd(a)
		if e > closer {
			return nil, false
		}
		if p.is(a, "...") {
			if n.spreadAt < 0 {
				n.spreadAt = len(n.elems)
			}
			n.elems = append(n.elems, &node{kind: other})
		} else {
			v, ok := p.expr(a, e)
			if !ok {
				return nil, false
			}
			n.elems = append(n.elems, v)
		}
		a = e
		if a < closer {
			a++ // the comma
		}
	}
	return n, true
}

// unquote reads a '…' or "…" string literal.
func unquote(lit string) (string, bool) {
	if len(lit) < 2 {
		return "", false
	}
	if lit[0] == '\'' {
		body := lit[1 : len(lit)-1]
		body = strings.ReplaceAll(body, `\'`, `'`)
		body = strings.ReplaceAll(body, `"`, `\"`)
		lit = `"` + body + `"`
	}
	s, err := strconv.Unquote(lit)
	return s, err == nil
}
