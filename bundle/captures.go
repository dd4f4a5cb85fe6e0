package bundle

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/scapeworld/scape/diag"
)

// ECMAScript resets the captures inside a repeated group at the start of every repetition, and
// refuses a repetition that matched nothing:
// /(?:(a)|b)+/.exec('ab')[1] is undefined, since the last repetition matched b. goja's two
// regex engines (Go's regexp, and regexp2 with .NET's semantics) keep the value the capture
// had in an earlier repetition ("a"). No engine at hand has ECMAScript's rule, so the build
// warns where a pattern can meet it: a capturing group inside a group repeated more than once
// (*, +, {n,} or {n,m} with m ≥ 2), or a capture in a group that may repeat zero times and match
// nothing (/(a*)*/). A warning, not an error: most such patterns never read a
// capture a later repetition skipped, and refusing them would refuse valid projects
// (docs/sdk.md, "The differential corpus"). Regex literals are found by the lexer of
// identscan.go; `new RegExp("…")` calls whose pattern is a string literal are checked too.

// repeatedCaptureWarnings reports each regular expression of the bundle with a capture inside
// a repeated group, at its TypeScript line.
func repeatedCaptureWarnings(js, sourceMap []byte) diag.List {
	type found struct {
		at      int
		pattern string
	}
	var all []found
	for _, r := range scanRegexps(js) {
		if pattern := string(js[r.pattern[0]:r.pattern[1]]); repeatsACapture(pattern) {
			all = append(all, found{r.start, pattern})
		}
	}
	for _, c := range regexpCalls(js) {
		if pattern, ok := c.pattern(); ok && repeatsACapture(pattern) {
			all = append(all, found{c.at, pattern})
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].at < all[j].at })
	var out diag.List
	var sm *Mapper
	for _, f := range all {
		at, pattern := f.at, f.pattern
		d := diag.Diagnostic{
			Severity: diag.Warning,
			Code:     diag.CodeUnfaithful,
			Message: fmt.Sprintf("this regular expression /%s/ has a capture inside a repeated group: JavaScript resets it "+
				"at each repetition (and refuses a repetition that matches nothing), the validation engine (goja) keeps the "+
				"value an earlier repetition matched, so code that reads it may see another value here than in Node", shorten(pattern)),
		}
		if sm == nil {
			sm = NewMapper(sourceMap)
		}
		out = append(out, atBundleOffset(d, sm, js, at))
	}
	return out
}

func shorten(pattern string) string {
	if r := []rune(pattern); len(r) > 60 {
		return string(r[:57]) + "…"
	}
	return pattern
}

// repeatsACapture says whether a pattern has a capture whose value a repetition may reset in
// JavaScript and not in goja: a capturing group inside a group that may repeat more than once,
// or a capture in (or as) a group that may repeat zero times and whose body may match nothing
// (/(a*)*/: ECMAScript refuses the empty repetition, so the capture stays undefined; goja keeps
// ""). The group itself repeated with a body that cannot match nothing, as in /(a|b)+/, is not
// such a case: its value is its last repetition's in both engines.
func repeatsACapture(pattern string) bool {
	type group struct {
		capturing, holdsCapture bool
		start                   int
	}
	var stack []group
	for i := 0; i < len(pattern); i++ {
		switch pattern[i] {
		case '\\':
			i++
		case '[':
			for i++; i < len(pattern) && pattern[i] != ']'; i++ {
				if pattern[i] == '\\' {
					i++
				}
			}
		case '(':
			capturing := true
			if strings.HasPrefix(pattern[i+1:], "?") {
				// (?: (?= (?! (?<= (?<! are not captures; (?<name> is.
				rest := pattern[i+2:]
				capturing = strings.HasPrefix(rest, "<") && !strings.HasPrefix(rest, "<=") && !strings.HasPrefix(rest, "<!")
			}
			stack = append(stack, group{capturing: capturing, start: i + 1})
		case ')':
			if len(stack) == 0 {
				continue
			}
			g := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			rest := pattern[i+1:]
			if g.holdsCapture && repeatsMoreThanOnce(rest) {
				return true
			}
			if (g.capturing || g.holdsCapture) && mayRepeatZeroTimes(rest) && mayMatchNothing(pattern[g.start:i]) {
				return true
			}
			if len(stack) > 0 && (g.capturing || g.holdsCapture) {
				stack[len(stack)-1].holdsCapture = true
			}
		}
	}
	return false
}

// mayRepeatZeroTimes says whether the quantifier at the start of rest allows no repetition: *,
// ?, {0}, {0,} or {0,m}.
func mayRepeatZeroTimes(rest string) bool {
	if rest == "" {
		return false
	}
	switch rest[0] {
	case '*', '?':
		return true
	case '{':
		return strings.HasPrefix(rest, "{0}") || strings.HasPrefix(rest, "{0,")
	}
	return false
}

// mayMatchNothing is a cautious reading of whether a group's body can match the empty string: it
// says yes for a body with an empty alternative or any quantifier that allows zero (a warning
// too many costs a line; one too few hides a difference).
func mayMatchNothing(body string) bool {
	if body == "" || strings.HasPrefix(body, "?:") && len(body) == 2 {
		return true
	}
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '\\':
			i++
		case '*':
			return true
		case '?':
			if i > 0 && body[i-1] != '(' {
				return true
			}
		case '{':
			if mayRepeatZeroTimes(body[i:]) {
				return true
			}
		case '|':
			if i == 0 || i == len(body)-1 || body[i-1] == '|' || body[i-1] == '(' || body[i-1] == ':' {
				return true
			}
		}
	}
	return false
}

// repeatsMoreThanOnce says whether the quantifier at the start of rest allows more than one
// repetition: *, +, {n,} or {n,m} with m ≥ 2.
func repeatsMoreThanOnce(rest string) bool {
	if rest == "" {
		return false
	}
	switch rest[0] {
	case '*', '+':
		return true
	case '{':
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			return false
		}
		lo, hi, comma := strings.Cut(rest[1:end], ",")
		if _, err := strconv.Atoi(lo); err != nil {
			return false // not a quantifier: a literal brace
		}
		if !comma {
			n, _ := strconv.Atoi(lo)
			return n >= 2
		}
		if hi == "" {
			return true
		}
		m, err := strconv.Atoi(hi)
		return err == nil && m >= 2
	}
	return false
}
