package diag

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func lampDiag() Diagnostic {
	return Diagnostic{
		Code:       CodeRule,
		Definition: &Definition{Type: "example.lamp", Version: 1, Emoji: "🏮", Label: "Lamp"},
		Path:       "lighting.light.radiusCells",
		Value:      json.RawMessage(`13`),
		Got:        "13",
		Message:    "must be 0.25–12 cells",
	}.At(FromUTF16Column("src/definition.ts", 42, 7, ""))
}

func TestStringMatchesSpecExample(t *testing.T) {
	want := "src/definition.ts:42:7: example.lamp (🏮 Lamp): lighting.light.radiusCells: must be 0.25–12 cells (got 13)"
	if got := lampDiag().String(); got != want {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}

func TestStringPartsOmittedWhenUnknown(t *testing.T) {
	cases := []struct {
		d    Diagnostic
		want string
	}{
		{Diagnostic{Message: "no package.json"}, "no package.json"},
		{Diagnostic{File: "package.json", Message: "bad"}, "package.json: bad"},
		{Diagnostic{File: "a.ts", Line: 3, Message: "m"}, "a.ts:3: m"},
		{Diagnostic{Severity: Warning, File: "a.ts", Line: 3, Column: 2, Message: "m"}, "a.ts:3:2: warning: m"},
		{Diagnostic{Definition: &Definition{Type: "x.y"}, Message: "m"}, "x.y: m"},
		{Diagnostic{Definition: &Definition{Type: "x.y", Emoji: "🔔"}, Path: "p", Message: "m", Got: "nothing"}, "x.y (🔔): p: m (got nothing)"},
	}
	for _, c := range cases {
		if got := c.d.String(); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}

func TestFromByteColumnCountsUTF16Units(t *testing.T) {
	// "🏮" is 4 bytes and 2 UTF-16 units (outside the BMP); "灯" is 3 bytes and 1 unit.
	line := "  emoji: '🏮', x: 1"
	byteCol := strings.Index(line, "x:")
	p := FromByteColumn("a.ts", 5, byteCol, line)
	// units before x: 2 spaces + "emoji: '" (8) + 🏮 (2) + "', " (3) = 15 → column 16
	if p.Line != 5 || p.Column != 16 {
		t.Fatalf("got line %d col %d, want 5:16", p.Line, p.Column)
	}
	cjk := "label: '灯灯', x: 1"
	if p := FromByteColumn("a.ts", 1, strings.Index(cjk, "x:"), cjk); p.Column != 14 {
		t.Fatalf("CJK: got col %d, want 14", p.Column)
	}
	// a byte column inside the emoji points at the emoji
	if p := FromByteColumn("a.ts", 1, strings.Index(line, "🏮")+2, line); p.Column != 11 {
		t.Fatalf("inside a character: got col %d, want 11", p.Column)
	}
	if p := FromByteColumn("a.ts", 1, 0, ""); p.Column != 1 {
		t.Fatalf("column 0 → %d, want 1", p.Column)
	}
	if p := FromByteColumn("a.ts", 0, 4, ""); p.Line != 0 || p.Column != 0 {
		t.Fatalf("unknown line kept a column: %+v", p)
	}
	// a column past the given text (text unknown) still converts 0→1-based
	if p := FromByteColumn("a.ts", 2, 9, ""); p.Column != 10 {
		t.Fatalf("got %d, want 10", p.Column)
	}
}

func TestJSONShape(t *testing.T) {
	b, err := JSON(List{lampDiag(), {Severity: Warning, Code: CodeSDKVersion, Message: "m"}})
	if err != nil {
		t.Fatal(err)
	}
	var back []map[string]any
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	first := back[0]
	for key, want := range map[string]any{
		"severity": "error", "code": "rule", "file": "src/definition.ts", "line": 42.0, "column": 7.0,
		"path": "lighting.light.radiusCells", "value": 13.0, "message": "must be 0.25–12 cells", "got": "13",
	} {
		if first[key] != want {
			t.Errorf("%s = %v, want %v", key, first[key], want)
		}
	}
	def := first["definition"].(map[string]any)
	if def["type"] != "example.lamp" || def["emoji"] != "🏮" || def["label"] != "Lamp" || def["version"] != 1.0 {
		t.Errorf("definition = %v", def)
	}
	if back[1]["severity"] != "warning" {
		t.Errorf("warning severity = %v", back[1]["severity"])
	}
	// round trip
	var list List
	if err := json.Unmarshal(b, &list); err != nil {
		t.Fatal(err)
	}
	if list[0].String() != lampDiag().String() || list[1].Severity != Warning {
		t.Fatalf("round trip lost data: %v", list)
	}
	empty, _ := JSON(nil)
	if string(empty) != "[]" {
		t.Fatalf("empty list = %s", empty)
	}
}

func TestTextFrameAndNotes(t *testing.T) {
	d := Diagnostic{Code: CodeImport, Message: `unsupported import "fs"`, Length: 4}.
		At(FromByteColumn("src/a.ts", 3, 19, `import { x } from "fs";`))
	d.Notes = []Note{{File: "src/b.ts", Line: 1, Message: "also here"}}
	got := Text(d, TextOptions{Frame: true})
	want := "src/a.ts:3:20: unsupported import \"fs\"\n" +
		"  3 │ import { x } from \"fs\";\n" +
		"    ╵                    ~~~~\n" +
		"    src/b.ts:1: also here\n"
	if got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
	coloured := Text(d, TextOptions{Color: true})
	if !strings.Contains(coloured, "\x1b[") || !strings.Contains(coloured, "unsupported import") {
		t.Fatalf("no colour: %q", coloured)
	}
}

func TestListHelpers(t *testing.T) {
	l := List{{Severity: Warning, Message: "w"}}
	if l.HasErrors() {
		t.Fatal("warnings only counted as errors")
	}
	l = append(l, Diagnostic{Message: "e"})
	if !l.HasErrors() || len(l.Errors()) != 1 {
		t.Fatal("error not found")
	}
	if l.Error() != "warning: w\ne" {
		t.Fatalf("Error() = %q", l.Error())
	}
	if Truncate("héllo wörld", 5) != "héll…" {
		t.Fatalf("Truncate = %q", Truncate("héllo wörld", 5))
	}
}

func TestByteOffsetInvertsUTF16Columns(t *testing.T) {
	line := "a🏮灯b"
	for _, c := range []struct{ col, want int }{{0, 0}, {1, 1}, {2, 1}, {3, 5}, {4, 8}, {5, 9}, {99, 9}} {
		if got := ByteOffset(line, c.col); got != c.want {
			t.Errorf("ByteOffset(%d) = %d, want %d", c.col, got, c.want)
		}
	}
	if n := UTF16Len(line); n != 5 {
		t.Fatalf("UTF16Len = %d, want 5", n)
	}
}

// The frame's caret and underline are placed in characters from UTF-16 columns, so text with an
// emoji (2 units, 1 character) before the mistake still has the caret under it.
func TestFrameUnderlinesAfterEmoji(t *testing.T) {
	line := "  label: '🏮🏮', radiusCells: 30,"
	col := UTF16Len(line[:strings.Index(line, "radiusCells")]) + 1
	d := Diagnostic{Message: "m", File: "a.ts", Line: 7, Column: col, Length: len("radiusCells: 30"), LineText: line}
	got := Text(d, TextOptions{Frame: true})
	want := "a.ts:7:" + fmt.Sprint(col) + ": m\n" +
		"  7 │   label: '🏮🏮', radiusCells: 30,\n" +
		"    ╵ " + strings.Repeat(" ", 15+2) + strings.Repeat("~", 15) + "\n" // 15 characters, two of them emoji of two cells
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// A line text that kept its CRLF file's '\r' renders as the line without it.
func TestFrameDropsACarriageReturn(t *testing.T) {
	d := Diagnostic{Message: "m", File: "a.ts", Line: 2, Column: 5, Length: 3, LineText: "let x = ;"}
	want := Text(d, TextOptions{Frame: true})
	d.LineText += "\r"
	if got := Text(d, TextOptions{Frame: true}); got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

// hostile is what an author can put in every text a diagnostic carries: an OSC that sets the
// window title, an OSC 52 that writes the clipboard, a C1 CSI (U+009B), a CR that would send
// the cursor back over the line, and a lone 0x9B byte.
const hostile = "\x1b]0;pwned\x07\x1b]52;c;aGk=\x07\u009b31m\r\x9b"

// Text renders the author's characters visibly escaped, wherever they are (definition, path,
// message, value, trail, file, source line, notes), with and without colour; JSON keeps them.
func TestTextCleansAuthorText(t *testing.T) {
	line := "  label: '" + hostile + "', radiusCells: 30,"
	col := UTF16Len(line[:strings.Index(line, "radiusCells")]) + 1
	d := Diagnostic{
		Code: CodeRule, File: "src/" + hostile + ".ts", Line: 7, Column: col, Length: len("radiusCells: 30"), LineText: line,
		Definition: &Definition{Type: "t." + hostile, Emoji: "🎹" + hostile, Label: "Lamp " + hostile},
		Path:       "sounds[" + hostile + "]", Message: "must be " + hostile, Got: `"` + hostile + `"`, Trail: []string{"set(" + hostile + ")"},
		Notes: []Note{{File: "src/" + hostile + ".ts", Line: 1, Message: "defined " + hostile}},
	}
	escaped := `\u001b]0;pwned\u0007\u001b]52;c;aGk=\u0007\u009b31m\u000d\x9b`
	plain := Text(d, TextOptions{Frame: true})
	if strings.ContainsAny(plain, "\x1b\x07\r\u009b") || strings.Contains(plain, "\x9b") {
		t.Fatalf("control characters reached the text:\n%q", plain)
	}
	if n := strings.Count(plain, escaped); n != 10 {
		t.Fatalf("the author's text is shown escaped %d times, want 10 (every field but the frame):\n%s", n, plain)
	}
	// The frame works on characters, so the invalid byte is U+FFFD there.
	lines := strings.Split(plain, "\n")
	src, caret := lines[1], lines[2]
	if !strings.Contains(src, strings.TrimSuffix(escaped, `\x9b`)+"\uFFFD'") {
		t.Fatalf("the source line is not shown escaped: %q", src)
	}
	// The caret stays under radiusCells: the escape before it takes its own width.
	if i, j := strings.Index(src, "radiusCells"), strings.Index(caret, "~"); utf8.RuneCountInString(src[:i]) != utf8.RuneCountInString(caret[:j]) {
		t.Fatalf("caret misplaced:\n%s\n%s", src, caret)
	}
	// With colour, the only escape sequences are the renderer's own.
	coloured := Text(d, TextOptions{Color: true, Frame: true})
	for _, own := range []string{ansiRed, ansiYellow, ansiBold, ansiDim, ansiGreen, ansiReset} {
		coloured = strings.ReplaceAll(coloured, own, "")
	}
	if coloured != plain {
		t.Fatalf("coloured text differs from the plain one beyond its colours:\n%q\n%q", coloured, plain)
	}
	// JSON is data for programs: the exact characters (encoding/json escapes C0 itself and makes
	// an invalid byte U+FFFD).
	b, err := JSON(List{d})
	if err != nil {
		t.Fatal(err)
	}
	var back List
	valid := func(s string) string { return strings.ToValidUTF8(s, "\uFFFD") }
	if err := json.Unmarshal(b, &back); err != nil || back[0].Message != valid(d.Message) || back[0].Definition.Label != valid(d.Definition.Label) {
		t.Fatalf("JSON lost the author's text: %v %q", err, b)
	}
}

// Ordinary text is unchanged: accents, CJK, emoji with joiners and selectors, tabs in a frame.
func TestTextKeepsOrdinaryText(t *testing.T) {
	d := Diagnostic{Definition: &Definition{Type: "café.灯", Emoji: "👩‍💻", Label: "Ærø ❤️ 中文"}, Path: "p", Message: "must be\tshort", Got: `"é"`}
	want := "café.灯 (👩‍💻 Ærø ❤️ 中文): p: must be\tshort (got \"é\")\n"
	if got := Text(d, TextOptions{}); got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}
