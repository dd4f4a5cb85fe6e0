package diag

import (
	"fmt"
	"unicode/utf16"
	"unicode/utf8"
)

// Position is a place in a source file. Line is 1-based; Column is 1-based and, like Length,
// counts UTF-16 code units: the unit of the Language Server Protocol's default position
// encoding, so an editor given `line`/`column` from --json lands on the same character without
// knowing the file's bytes. Zero fields mean unknown. Every producer (esbuild messages, source
// maps, goja stack frames, the source locator) converts into it once, with the functions below.
type Position struct {
	File   string
	Line   int
	Column int
	// Length is how many UTF-16 code units from Column the expression spans (0: unknown or one).
	Length int
	// LineText is the source line at Line, for a code frame.
	LineText string
}

// String renders `file:line:col`, `file:line`, `file` or "".
func (p Position) String() string {
	switch {
	case p.File == "":
		return ""
	case p.Line <= 0:
		return p.File
	case p.Column <= 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	default:
		return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column)
	}
}

// FromByteColumn converts esbuild's position (1-based line, 0-based byte column into lineText)
// into a Position. A column inside a multi-byte character points at that character. Without
// lineText (or past it) the byte column is taken as is.
func FromByteColumn(file string, line, byteCol int, lineText string) Position {
	if line <= 0 {
		return Position{File: file}
	}
	col := byteCol
	if byteCol >= 0 && byteCol <= len(lineText) {
		col = UTF16Len(lineText[:runeStart(lineText, byteCol)])
	}
	return Position{File: file, Line: line, Column: max(col, 0) + 1, LineText: lineText}
}

// FromUTF16Column wraps a position whose column is already 1-based in UTF-16 code units: a
// source-map column (0-based, plus one) or a locator's.
func FromUTF16Column(file string, line, col int, lineText string) Position {
	if line <= 0 {
		return Position{File: file}
	}
	return Position{File: file, Line: line, Column: max(col, 1), LineText: lineText}
}

// At sets the diagnostic's position (and Length when p has one) and returns it.
func (d Diagnostic) At(p Position) Diagnostic {
	d.File, d.Line, d.Column, d.LineText = p.File, p.Line, p.Column, p.LineText
	if p.Length > 0 {
		d.Length = p.Length
	}
	return d
}

// Position is the diagnostic's place.
func (d Diagnostic) Position() Position {
	return Position{File: d.File, Line: d.Line, Column: d.Column, Length: d.Length, LineText: d.LineText}
}

// UTF16Len is how many UTF-16 code units s takes (an invalid byte counts as one, as U+FFFD).
func UTF16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// ByteOffset is the byte offset in line of the 0-based UTF-16 column col (clamped to the line;
// a column inside a surrogate pair lands on its character).
func ByteOffset(line string, col int) int {
	units := 0
	for i, r := range line {
		if units >= col {
			return i
		}
		units += utf16.RuneLen(r)
		if units > col {
			return i
		}
	}
	return len(line)
}

// runeStart moves a byte offset inside a character back to the character's first byte.
func runeStart(s string, i int) int {
	for i > 0 && i < len(s) && !utf8.RuneStart(s[i]) {
		i--
	}
	return i
}
