// Package locate finds where in a project's TypeScript a definition's value was written: the
// property, the array element or the returned object literal that a problem's field path
// (`lighting.light.radiusCells`, `view.controls[0].label`) names, inside the object literal passed
// to the definition's `defineObject({...})` call.
//
// esbuild does not expose its parser, and the bundle has lost the shapes of the literals, so this
// reads the original text with a small scanner (scan.go: strings, template literals, comments,
// regular expressions) and a parser of object and array literals, arrows, functions and methods
// (parse.go) that gives up on anything it does not fully understand. A path is followed as far as
// the text says for certain, and no further: into a callback through the object literals it
// returns (its expression body, each `return`, both branches of a ternary); past a spread, a
// computed key, a variable or a call it stops at the enclosing expression. So the answer is the
// deepest expression known to hold the mistake — the property, else the enclosing literal or
// callback — never a place that merely looks alike.
package locate

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/scapeworld/scape/diag"
)

// Literal is the object literal passed to one call, parsed once for any number of lookups.
type Literal struct {
	file  string
	src   string
	lines []int // byte offset of each line's start
	root  *node
}

// At parses the object literal of the call at line and col (1-based, col in UTF-16 code units:
// a diagnostic's position) in src, the text of file. The position may be the callee's name
// (`defineObject<State>({`), the call's `(` or the literal's `{`. nil when there is no literal
// argument there or it is not understood.
func At(file, src string, line, col int) *Literal {
	l := &Literal{file: file, src: src, lines: lineStarts(src)}
	if line < 1 || line > len(l.lines) {
		return nil
	}
	start := l.lines[line-1]
	offset := start + diag.ByteOffset(l.lineText(line), col-1)
	p := newParser(src, tokenize(src, offset))
	i := 0
	for i < len(p.toks) && (p.toks[i].kind == tIdent || p.is(i, ".")) {
		i++
	}
	if p.is(i, "<") {
		if i = p.match(i); i < 0 {
			return nil
		}
		i++
	}
	if p.is(i, "(") {
		i++
	}
	if !p.is(i, "{") {
		return nil
	}
	root, ok := p.object(i)
	if !ok {
		return nil
	}
	l.root = root
	return l
}

// Find returns the position of the expression path names, and whether it is deeper than the
// literal itself. valueJSON (the problem's value as JSON, or "") tells apart two literals a
// callback may return that both have the path. The position's Length spans the member
// (`radiusCells: 30`) when it is on one line, else its key.
func (l *Literal) Find(path, valueJSON string) (diag.Position, bool) {
	if l == nil {
		return diag.Position{}, false
	}
	segs, ok := parsePath(path)
	if !ok || len(segs) == 0 {
		return diag.Position{}, false
	}
	w := walker{value: valueJSON, src: l.src}
	h := w.walk(l.root, segs, target{start: l.root.start, end: l.root.end, keyEnd: l.root.start + 1}, 0)
	if h.depth == 0 {
		return diag.Position{}, false
	}
	return l.position(h.at), true
}

// target is what a lookup points at: an expression, or a member (keyEnd after its key).
type target struct {
	start, end, keyEnd int
}

func (l *Literal) position(t target) diag.Position {
	line := 1
	for line < len(l.lines) && l.lines[line] <= t.start {
		line++
	}
	text := l.lineText(line)
	lineStart := l.lines[line-1]
	end := t.end
	if strings.Contains(l.src[t.start:end], "\n") {
		end = t.keyEnd
	}
	p := diag.FromUTF16Column(l.file, line, diag.UTF16Len(l.src[lineStart:t.start])+1, text)
	p.Length = diag.UTF16Len(l.src[t.start:end])
	return p
}

func (l *Literal) lineText(line int) string {
	start := l.lines[line-1]
	end := len(l.src)
	if line < len(l.lines) {
		end = l.lines[line] - 1
	}
	return strings.TrimRight(l.src[start:end], "\r")
}

func lineStarts(src string) []int {
	out := []int{0}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			out = append(out, i+1)
		}
	}
	return out
}

// segment is one step of a problem's path: `.key`, `["key"]`, `[3]` or a call `(…)`.
type segment struct {
	key     string
	index   int
	isIndex bool
	call    bool
}

// parsePath reads the SDK's paths (internal/problem.ts joinPath): `lighting.light.radiusCells`,
// `view.controls[0]`, `sounds["a b"]`, `initial()`, `react(action "toggle").sound`.
func parsePath(path string) ([]segment, bool) {
	var out []segment
	i := 0
	for i < len(path) {
		c := path[i]
		switch {
		case c == '.' && len(out) > 0:
			i++
		case isIdentByte(c) && !(c >= '0' && c <= '9'):
			j := i
			for j < len(path) && isIdentByte(path[j]) {
				j++
			}
			out = append(out, segment{key: path[i:j]})
			i = j
		case c == '[':
			j := strings.IndexByte(path[i:], ']')
			if j < 0 {
				return nil, false
			}
			inner := path[i+1 : i+j]
			if n, err := strconv.Atoi(inner); err == nil && n >= 0 {
				out = append(out, segment{index: n, isIndex: true})
				i += j + 1
				continue
			}
			// A quoted key: JSON string syntax, which may itself contain `]`.
			var key string
			dec := json.NewDecoder(strings.NewReader(path[i+1:]))
			if err := dec.Decode(&key); err != nil {
				return nil, false
			}
			end := i + 1 + int(dec.InputOffset())
			if end >= len(path) || path[end] != ']' {
				return nil, false
			}
			out = append(out, segment{key: key})
			i = end + 1
		case c == '(':
			depth, quoted := 0, false
			j := i
			for ; j < len(path); j++ {
				switch ch := path[j]; {
				case quoted && ch == '\\':
					j++
				case ch == '"':
					quoted = !quoted
				case !quoted && ch == '(':
					depth++
				case !quoted && ch == ')':
					depth--
				}
				if depth == 0 {
					break
				}
			}
			if j >= len(path) {
				return nil, false
			}
			out = append(out, segment{call: true})
			i = j + 1
		default:
			return nil, false
		}
	}
	return out, true
}

// hit is how far a lookup got.
type hit struct {
	at     target
	depth  int  // path segments followed
	exact  bool // the whole path was followed
	absent bool // stopped at a literal that certainly lacks the next key or element
	value  *node
}

type walker struct {
	value string // the problem's value as JSON
	src   string
}

func (w *walker) walk(n *node, segs []segment, at target, depth int) hit {
	if len(segs) == 0 {
		return hit{at: at, depth: depth, exact: true, value: n}
	}
	s := segs[0]
	switch n.kind {
	case object:
		if s.call {
			return hit{at: at, depth: depth}
		}
		key := s.key
		if s.isIndex {
			key = strconv.Itoa(s.index)
		}
		found, uncertain := -1, false
		for i, p := range n.props {
			if p.uncertain {
				uncertain = true
			} else if p.key == key {
				found, uncertain = i, false
			}
		}
		if found < 0 || uncertain {
			return hit{at: at, depth: depth, absent: found < 0 && !uncertain}
		}
		p := n.props[found]
		return w.walk(p.value, segs[1:], target{start: p.start, end: p.end, keyEnd: p.keyEnd}, depth+1)
	case array:
		if !s.isIndex || n.spreadAt >= 0 && s.index >= n.spreadAt {
			return hit{at: at, depth: depth}
		}
		if s.index >= len(n.elems) || n.elems[s.index] == nil {
			return hit{at: at, depth: depth, absent: true}
		}
		e := n.elems[s.index]
		return w.walk(e, segs[1:], target{start: e.start, end: e.end, keyEnd: e.start + 1}, depth+1)
	case function:
		rest, d := segs, depth
		if s.call {
			rest, d = segs[1:], depth+1
		}
		if len(rest) == 0 && !s.call {
			return hit{at: at, depth: depth, exact: true, value: n}
		}
		return w.results(n, rest, at, d)
	}
	return hit{at: at, depth: depth}
}

// results follows the rest of a path into what a callback returns. One returned literal that
// has the path is the answer when every other result certainly lacks it; when several have it,
// the one whose written value is the problem's value; when none has it whole, the one that gets
// deepest. Anything else (a result that is a variable or a call, a tie) is the callback itself.
func (w *walker) results(fn *node, rest []segment, at target, depth int) hit {
	fallback := hit{at: at, depth: depth}
	if !fn.resultsKnown {
		return fallback
	}
	var hits []hit
	unknown := 0
	for _, c := range fn.results {
		if c.kind != object && c.kind != array {
			unknown++
			continue
		}
		hits = append(hits, w.walk(c, rest, target{start: c.start, end: c.end, keyEnd: c.start + 1}, depth))
	}
	var exact []hit
	certainElsewhere := true
	for _, h := range hits {
		if h.exact {
			exact = append(exact, h)
		} else if !h.absent {
			certainElsewhere = false
		}
	}
	if len(exact) == 1 && unknown == 0 && certainElsewhere {
		return exact[0]
	}
	if len(exact) >= 1 {
		var same []hit
		for _, h := range exact {
			if w.writes(h.value) {
				same = append(same, h)
			}
		}
		if len(same) == 1 {
			return same[0]
		}
		return fallback
	}
	if unknown > 0 || len(hits) == 0 {
		return fallback
	}
	best, tie := hits[0], false
	for _, h := range hits[1:] {
		switch {
		case h.depth > best.depth:
			best, tie = h, false
		case h.depth == best.depth:
			tie = true
		}
	}
	if tie || !best.absent && len(hits) > 1 {
		return fallback
	}
	return best
}

// writes says whether the expression n is a literal spelling of the problem's value (a number,
// a string, true, false or null).
func (w *walker) writes(n *node) bool {
	if n == nil || n.kind != other || w.value == "" {
		return false
	}
	text := strings.TrimSpace(w.src[n.start:n.end])
	var want any
	if json.Unmarshal([]byte(w.value), &want) != nil {
		return false
	}
	switch v := want.(type) {
	case float64:
		f, err := strconv.ParseFloat(strings.ReplaceAll(text, "_", ""), 64)
		return err == nil && f == v
	case string:
		if len(text) >= 2 && text[0] == '`' && text[len(text)-1] == '`' && !strings.Contains(text, "${") && !strings.Contains(text, `\`) {
			return text[1:len(text)-1] == v
		}
		s, ok := unquote(text)
		return ok && s == v
	case bool:
		return text == strconv.FormatBool(v)
	case nil:
		return text == "null"
	}
	return false
}
