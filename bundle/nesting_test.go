package bundle

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/templates"
)

// nestings are the constructs esbuild recurses on, each as a generator of a file nested n
// deep. The ones without brackets are the ones a bracket count alone would miss.
var nestings = map[string]func(n int) string{
	"arrays": func(n int) string {
		return "export const x = " + strings.Repeat("[", n) + strings.Repeat("]", n) + ";\n"
	},
	"parentheses": func(n int) string {
		return "export const x = " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + ";\n"
	},
	"objects": func(n int) string {
		return "export const x = " + strings.Repeat("{a:", n) + "1" + strings.Repeat("}", n) + ";\n"
	},
	"blocks": func(n int) string { return strings.Repeat("{", n) + strings.Repeat("}", n) + "\n" },
	"calls": func(n int) string {
		return "export const x = " + strings.Repeat("f(", n) + strings.Repeat(")", n) + ";\n"
	},
	"templates": func(n int) string {
		return "export const x = " + strings.Repeat("`${", n) + "1" + strings.Repeat("}`", n) + ";\n"
	},
	"not":            func(n int) string { return "export const x = " + strings.Repeat("!", n) + "1;\n" },
	"unary minus":    func(n int) string { return "export const x = " + strings.Repeat("- ", n) + "1;\n" },
	"typeof":         func(n int) string { return "export const x = " + strings.Repeat("typeof ", n) + "1;\n" },
	"new":            func(n int) string { return "export const x = " + strings.Repeat("new ", n) + "Object;\n" },
	"await":          func(n int) string { return "export const x = async () => " + strings.Repeat("await ", n) + "1;\n" },
	"ternaries":      func(n int) string { return "export const x = " + strings.Repeat("c ? 1 : ", n) + "1;\n" },
	"assignments":    func(n int) string { return "export const x = " + strings.Repeat("a = ", n) + "1;\n" },
	"exponents":      func(n int) string { return "export const x = " + strings.Repeat("2 ** ", n) + "1;\n" },
	"arrows":         func(n int) string { return "export const x = " + strings.Repeat("(a) => ", n) + "1;\n" },
	"ifs":            func(n int) string { return strings.Repeat("if (c) ", n) + ";\n" },
	"else ifs":       func(n int) string { return "if (c) {}" + strings.Repeat(" else if (c) {}", n) + "\n" },
	"do":             func(n int) string { return strings.Repeat("do ", n) + ";" + strings.Repeat(" while (c)", n) + "\n" },
	"labels":         func(n int) string { return strings.Repeat("l: ", n) + ";\n" },
	"one per line":   func(n int) string { return "export const x =\n" + strings.Repeat("!\n", n) + "1;\n" },
	"ternary lines":  func(n int) string { return "export const x = a\n" + strings.Repeat("? b\n: a\n", n) + ";\n" },
	"assign lines":   func(n int) string { return "a\n" + strings.Repeat("= a\n", n) + ";\n" },
	"ifs and labels": func(n int) string { return strings.Repeat("if (c)\nl: ", n) + ";\n" },
	"else on a line": func(n int) string { return "if (c) {}\n" + strings.Repeat("else if (c) {}\n", n) },
	"after a block": func(n int) string {
		return "x = {} / " + strings.Repeat("[", n) + " / 1" + strings.Repeat("]", n) + ";\n"
	},
	"regex groups":    func(n int) string { return "x = (/" + strings.Repeat("(", n) + strings.Repeat(")", n) + "/);\n" },
	"json arrays":     func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) + "\n" },
	"json objects":    func(n int) string { return strings.Repeat(`{"a":`, n) + "1" + strings.Repeat("}", n) + "\n" },
	"comment between": func(n int) string { return "x = " + strings.Repeat("!/* a */", n) + "1;\n" },
}

// TestNestingRefusesEveryConstruct: each construct, 200,000 deep (far past esbuild's crash at
// about 165,000, and the attack's depth), is refused within the first MaxNesting levels of
// the file, in a few milliseconds; 100 deep, each passes.
func TestNestingRefusesEveryConstruct(t *testing.T) {
	for name, gen := range nestings {
		t.Run(name, func(t *testing.T) {
			deep := []byte(gen(200_000))
			start := time.Now()
			at := nestingOffset(deep, MaxNesting)
			if took := time.Since(start); took > time.Second {
				t.Errorf("the scan took %v", took)
			}
			// Every construct costs at most a dozen bytes a level: the refusal comes early.
			if at < 0 || at > 12*MaxNesting+40 {
				t.Errorf("200,000 deep: refused at offset %d, want within the first %d levels", at, MaxNesting)
			}
			if at := nestingOffset([]byte(gen(100)), MaxNesting); at >= 0 {
				t.Errorf("100 deep: refused at offset %d", at)
			}
		})
	}
}

// TestNestingSkipsWhatIsNotCode: brackets and operators in comments, strings, template text
// and regular expressions do not count; template substitutions and code around them do.
func TestNestingSkipsWhatIsNotCode(t *testing.T) {
	many := strings.Repeat("((([[[{{{!!!===", 100)
	for _, src := range []string{
		"// " + many + "\nx;",
		"/* " + many + " */ x;",
		"x = '" + many + "';",
		`x = "` + many + `";`,
		"x = `" + many + "`;",
		"x = `${1}" + many + "${2}`;",
		"x = /[" + many + "]/;",
		`x = "\"` + many + `";`,
		"#!/usr/bin/env node " + many + "\nx;",
		// Ordinary code, repeated: chains end at `;`, `,` and line breaks, levels at their brackets.
		strings.Repeat("a = b ? c : d;\n", 2000),
		strings.Repeat("const x = a\n", 2000),
		strings.Repeat("if (x) f()\n", 2000),
		strings.Repeat("if (x) { f() } else { g() }\n", 2000),
		strings.Repeat("x = a ** b, y = !c, z = typeof d;\n", 2000),
		strings.Repeat("switch (x) { case 1: case 2: default: }\n", 2000),
		"switch (x) {" + strings.Repeat(" case 1:", 2000) + " }",
		strings.Repeat("a = x!.y!;\n", 2000),
		strings.Repeat("map.delete(k); map.new = 1\n", 2000),
		strings.Repeat("x = a / b / c;\n", 2000),
		strings.Repeat("if (x) /re(g)ex/.test(s);\n", 2000),
		strings.Repeat(`{"a": [1, {"b": 2}], "c": "d"},`, 2000),
	} {
		if at := nestingOffset([]byte(src), MaxNesting); at >= 0 {
			t.Errorf("refused at %d: %.80q", at, src[max(0, at-40):])
		}
	}
}

// TestNestingBoundLeavesRealCodeAlone: the deepest estimate over the SDK, the templates and
// (where npm ci ran) TypeScript's compiler and three.js stays a fraction of the bound (90 for
// TypeScript's 9 MB compiler, when last measured).
func TestNestingBoundLeavesRealCodeAlone(t *testing.T) {
	deepest, where := 0, ""
	scan := func(name string, data []byte) {
		lo, hi := 0, MaxNesting
		if nestingOffset(data, hi) >= 0 {
			t.Errorf("%s is refused", name)
			return
		}
		for lo < hi {
			if m := (lo + hi) / 2; nestingOffset(data, m) >= 0 {
				lo = m + 1
			} else {
				hi = m
			}
		}
		if lo > deepest {
			deepest, where = lo, name
		}
	}
	trees := map[string]fs.FS{"sdk": kit.SDK()}
	for _, tmpl := range templates.All() {
		trees["templates/"+tmpl.Name] = tmpl.Files()
	}
	for name, sys := range trees {
		err := fs.WalkDir(sys, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".ts") || strings.HasSuffix(p, ".json")) {
				return err
			}
			data, err := fs.ReadFile(sys, p)
			if err == nil {
				scan(name+"/"+p, data)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{"../node_modules/typescript/lib/typescript.js", "../node_modules/three/build/three.module.js"} {
		if data, err := os.ReadFile(filepath.FromSlash(p)); err == nil {
			scan(p, data)
		}
	}
	t.Logf("deepest estimate %d (%s)", deepest, where)
	if deepest > MaxNesting/4 {
		t.Errorf("real code reaches %d in %s: the bound keeps no margin", deepest, where)
	}
}

// FuzzNesting: any input scans without a panic, and a refusal is at an offset inside it.
func FuzzNesting(f *testing.F) {
	for _, gen := range nestings {
		f.Add(gen(20))
	}
	f.Add("x = `${`${/(/}`}` // \\")
	f.Add("'\\")
	f.Add("/")
	f.Fuzz(func(t *testing.T, src string) {
		for _, max := range []int{0, 3, MaxNesting} {
			if at := nestingOffset([]byte(src), max); at < -1 || at >= len(src) && at != -1 {
				t.Fatalf("offset %d for %d bytes", at, len(src))
			}
		}
	})
}
