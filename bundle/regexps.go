package bundle

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/scapeworld/scape/diag"
)

// goja gets some regular expressions wrong: `\p{…}` property escapes match the wrong characters
// with no error, and the `d` and `v` flags do not exist. The build marks those features
// unsupported, so esbuild prints any regex literal using them as `new RegExp("…", "…")`; this
// finds such calls (and identical ones the author wrote) and reports each at its TypeScript line.
// A pattern built from a variable at run time cannot be seen here (docs/build.md).
var regexpCall = regexp.MustCompile(`new RegExp\(\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|` + "`(?:[^`\\\\]|\\\\.)*`" + `)\s*,\s*("[a-z]*"|'[a-z]*'|` + "`[a-z]*`" + `)\s*\)`)

func unfaithfulRegexps(js, sourceMap []byte) diag.List {
	if !bytes.Contains(js, []byte("new RegExp(")) {
		// Every build passes here: no copy of the bundle to a string unless a call is there.
		return nil
	}
	sm := NewMapper(sourceMap)
	var out diag.List
	text := string(js)
	for _, m := range regexpCall.FindAllStringSubmatchIndex(text, -1) {
		pattern := text[m[2]+1 : m[3]-1]
		flags := text[m[4]+1 : m[5]-1]
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
		out = append(out, atBundleOffset(d, sm, js, m[0]))
	}
	return out
}
