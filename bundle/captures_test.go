package bundle

import (
	"strings"
	"testing"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/testtree"
)

func TestRepeatsACapture(t *testing.T) {
	for pattern, want := range map[string]bool{
		`(?:(a)|b)+`:                      true,  // the parity probe regexp/captures-reset-per-iteration
		`^(\d+)(?:,(\d+))*$`:              true,  // a list: the last item's capture is V8's too, but an empty repetition is not
		`((a)|b){2}`:                      true,  // an exact count of two repeats
		`(?:(?<x>a)|b){1,3}`:              true,  // a named capture
		`((x)y)+`:                         true,  // a capture inside a repeated capture
		`(a|b)+`:                          false, // the group itself repeated: its last repetition in both engines
		`(?:(a)|b)?`:                      false, // at most once: nothing to reset
		`(?:(a)|b){1}`:                    false,
		`(?:(a)|b){0,1}`:                  false,
		`(a)(b)+`:                         false,
		`(?:a|b)+(c)`:                     false,
		`[(a)]+`:                          false, // a class, not a group
		`\((a)\)+`:                        false, // escaped parentheses
		`(?:(?=(a))b)+`:                   true,  // a capture inside a lookahead inside a repetition
		`(?:(?:(a)))+`:                    true,
		`a{2}(b)`:                         false,
		`(?:(a)){x}`:                      false, // a literal brace, not a quantifier
		`(?:(a)|b)*?`:                     true,
		`(?:(a)`:                          false, // unbalanced: no quantified group closes
		`((?:a|b)+)`:                      false,
		`(?:[)](a)|b)+`:                   true, // a ) inside a class does not close the group
		`(?:\\(a)|b)+`:                    true,
		`(?:(a)|b){2,}`:                   true,
		`(?:(a)|b){0,2}`:                  true,
		`(?:(a)|b){,2}`:                   false, // not a quantifier in JavaScript: the literal text {,2}
		`(?:(a)|b){2,1}`:                  false, // a syntax error in V8, refused before this matters
		`(?:(a)|b){99999999999999999999}`: false,
	} {
		if got := repeatsACapture(pattern); got != want {
			t.Errorf("repeatsACapture(%q) = %v, want %v", pattern, got, want)
		}
	}
}

// TestRepeatedCapturesWarn: a regular expression with a capture inside a repeated group is a
// warning (the build succeeds) at its TypeScript line, literal or `new RegExp` with a literal
// string; one without, and the same text in a string or a comment, is not.
func TestRepeatedCapturesWarn(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"package.json": `{}`,
		"src/definition.ts": "export const plain = /(a|b)+/;\n" +
			"// /(?:(a)|b)+/ in a comment\n" +
			"export const text = '/(?:(a)|b)+/';\n" +
			"export const list = (s: string) => /^(\\d+)(?:,(\\d+))*$/.exec(s);\n" +
			"export const made = new RegExp(\"(?:(x)|y){2,}\", 'g');\n" +
			"export const half = 10 / 2 / 5; export const after = /(?:(c))+/.test('c');\n",
	})
	res := build(t, dir)
	if !res.OK() {
		t.Fatalf("a warning must not fail the build: %v", res.Diagnostics)
	}
	var got []string
	for _, d := range res.Diagnostics {
		if d.Code != diag.CodeUnfaithful || d.Severity != diag.Warning {
			t.Errorf("unexpected %s", d)
			continue
		}
		got = append(got, d.Location())
		if !strings.Contains(d.Message, "resets it at each repetition") {
			t.Errorf("message does not say why: %s", d.Message)
		}
	}
	want := "src/definition.ts:4:36, src/definition.ts:5:21, src/definition.ts:6:54"
	if strings.Join(got, ", ") != want {
		t.Fatalf("got %v, want %s\n%v", got, want, res.Diagnostics)
	}
}

// BenchmarkRepeatedCaptureWarnings: the scan every build now makes, over a 1 MiB script of
// esbuild-like code with a regex every few lines.
func BenchmarkRepeatedCaptureWarnings(b *testing.B) {
	var sb strings.Builder
	for i := 0; sb.Len() < 1<<20; i++ {
		sb.WriteString("const a" + strings.Repeat("x", i%7) + " = (s) => s.split(/,\\s*/).map((v, i) => v / 2 + i * 3);\n")
		sb.WriteString("export function f(t) { return `t ${t} u` + 'q' + t.replace(/(a|b)+/g, '$1'); }\n")
	}
	js := []byte(sb.String())
	b.SetBytes(int64(len(js)))
	for b.Loop() {
		if d := repeatedCaptureWarnings(js, nil); len(d) != 0 {
			b.Fatal(d)
		}
	}
}
