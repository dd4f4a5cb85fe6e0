package bundle

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"

	"github.com/scapeworld/scape/diag"
)

// goja gets some regular expressions wrong: `\p{…}` property escapes match the wrong characters
// with no error, and the `d` and `v` flags do not exist. The build marks those features
// unsupported, so esbuild prints any regex literal using them as `new RegExp("…", "…")`; this
// finds such calls (and identical ones the author wrote) and reports each at its TypeScript line.
// A pattern built from a variable at run time cannot be seen here (docs/build.md).
var regexpCall = regexp.MustCompile(`new RegExp\(\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|` + "`(?:[^`\\\\]|\\\\.)*`" + `)\s*,\s*("[a-z]*"|'[a-z]*'|` + "`[a-z]*`" + `)\s*\)`)

// regexpCallSite is a `new RegExp("…", "…")` call of a bundle: where it starts, its pattern
// literal as written (quotes included, escapes not read) and its flags.
type regexpCallSite struct {
	at      int
	literal string
	flags   string
}

// regexpCalls finds the bundle's `new RegExp` calls whose pattern and flags are literals.
func regexpCalls(js []byte) []regexpCallSite {
	if !bytes.Contains(js, []byte("new RegExp(")) {
		// Every build passes here: no copy of the bundle to a string unless a call is there.
		return nil
	}
	text := string(js)
	var out []regexpCallSite
	for _, m := range regexpCall.FindAllStringSubmatchIndex(text, -1) {
		out = append(out, regexpCallSite{at: m[0], literal: text[m[2]:m[3]], flags: text[m[4]+1 : m[5]-1]})
	}
	return out
}

// pattern is the call's pattern as the engine gets it, when its literal holds no substitution.
func (c regexpCallSite) pattern() (string, bool) {
	lit := c.literal
	switch lit[0] {
	case '`':
		return "", false // a template: it may hold substitutions
	case '\'':
		lit = `"` + strings.ReplaceAll(strings.ReplaceAll(lit[1:len(lit)-1], `"`, `\"`), `\'`, `'`) + `"`
	}
	p, err := strconv.Unquote(lit)
	return p, err == nil
}

func unfaithfulRegexps(js, sourceMap []byte) diag.List {
	calls := regexpCalls(js)
	if len(calls) == 0 {
		return nil
	}
	sm := NewMapper(sourceMap)
	var out diag.List
	for _, c := range calls {
		pattern, flags := c.literal[1:len(c.literal)-1], c.flags
		var why string
		switch {
		case strings.Contains(flags, "v"):
			why = "uses the regex flag v, which the validation engine (goja) does not support"
		case strings.Contains(flags, "d"):
			why = "uses the regex flag d, which the validation engine (goja) does not support"
		case strings.Contains(flags, "u") && (strings.Contains(pattern, `\\p{`) || strings.Contains(pattern, `\\P{`)):
			why = "uses a Unicode property escape (\\p{…}), which the validation engine (goja) matches wrongly; spell out the character ranges instead"
		default:
			continue
		}
		d := diag.Diagnostic{Code: diag.CodeUnfaithful, Message: "this regular expression " + why}
		out = append(out, atBundleOffset(d, sm, js, c.at))
	}
	return out
}
