package diag

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/scapeworld/scape/internal/termtext"
)

// TextOptions controls the terminal rendering.
type TextOptions struct {
	// Color adds ANSI colour (only on a terminal without NO_COLOR; the caller decides).
	Color bool
	// Frame adds the source line and a caret under the column when LineText is known.
	Frame bool
}

const (
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiBold   = "\x1b[1m"
	ansiDim    = "\x1b[2m"
	ansiGreen  = "\x1b[32m"
	ansiReset  = "\x1b[0m"
)

// WriteText renders each diagnostic as its one-line form, optionally followed by a code frame
// and its notes (indented).
func WriteText(w io.Writer, list List, opts TextOptions) error {
	for _, d := range list {
		if _, err := io.WriteString(w, Text(d, opts)); err != nil {
			return err
		}
	}
	return nil
}

// Text renders one diagnostic for a terminal, ending in a newline. Every text in it (the message,
// value, path, definition, file names, the source line, notes) may be the author's, so each is
// cleaned (internal/termtext) before the renderer adds its own colour: an ESC or C1 control an
// author wrote prints as `\u001b`, never reaches the terminal. The Diagnostic keeps the exact text
// (JSON carries it as data).
func Text(d Diagnostic, opts TextOptions) string {
	var b strings.Builder
	line := termtext.Clean(d.String())
	if opts.Color {
		colour := ansiRed
		if d.Severity == Warning {
			colour = ansiYellow
		}
		if loc := termtext.Clean(d.Location()); loc != "" && strings.HasPrefix(line, loc) {
			line = ansiBold + loc + ansiReset + colour + line[len(loc):] + ansiReset
		} else {
			line = colour + line + ansiReset
		}
	}
	b.WriteString(line)
	b.WriteByte('\n')
	if opts.Frame && d.LineText != "" && d.Line > 0 && d.Column > 0 {
		b.WriteString(frame(d, opts.Color))
	}
	for _, n := range d.Notes {
		b.WriteString("    ")
		if n.File != "" {
			loc := n.File
			if n.Line > 0 {
				loc = fmt.Sprintf("%s:%d", loc, n.Line)
				if n.Column > 0 {
					loc = fmt.Sprintf("%s:%d", loc, n.Column)
				}
			}
			b.WriteString(termtext.Clean(loc))
			b.WriteString(": ")
		}
		b.WriteString(termtext.Clean(n.Message))
		b.WriteByte('\n')
	}
	return b.String()
}

// frame is esbuild's style of code frame, the caret at Column and a `~` underline of Length
// (both UTF-16 code units, converted here to the characters a terminal shows):
//
//	42 │       radiusCells: 13,
//	   ╵       ~~~~~~~~~~~~~~~
func frame(d Diagnostic, color bool) string {
	// A line ending of a CRLF file is not part of the line: a '\r' printed in the frame would send
	// the terminal's cursor back over the line (producers trim it; a diagnostic read from JSON
	// another tool wrote may still carry one).
	text := strings.ReplaceAll(strings.TrimSuffix(d.LineText, "\r"), "\t", " ")
	const maxWidth = 120
	start := 0 // in characters
	runes := []rune(text)
	colByte := ByteOffset(text, d.Column-1)
	col := utf8.RuneCountInString(text[:colByte])
	if d.Column-1 > UTF16Len(text) {
		col = len(runes)
	}
	underline := 1
	if d.Length > 1 {
		end := ByteOffset(text, d.Column-1+d.Length)
		underline = max(1, utf8.RuneCountInString(text[colByte:end]))
	}
	if len(runes) > maxWidth {
		start = col - maxWidth/2
		if start < 0 {
			start = 0
		}
		end := start + maxWidth
		if end > len(runes) {
			end = len(runes)
		}
		runes = runes[start:end]
	}
	num := fmt.Sprintf("%d", d.Line)
	gutter := strings.Repeat(" ", len(num))
	if col-start+underline > len(runes)+1 {
		underline = max(1, len(runes)+1-(col-start))
	}
	// Padding and marks in terminal cells: an emoji or CJK character takes two, a control
	// character the width of its escape (the line is shown cleaned).
	marks := "^"
	if underline > 1 {
		marks = strings.Repeat("~", max(underline, cells(shown(runes[min(len(runes), col-start):min(len(runes), col-start+underline)]))))
	}
	caret := strings.Repeat(" ", cells(shown(runes[:max(0, min(len(runes), col-start))]))) + marks
	line := termtext.Clean(string(runes))
	if color {
		caret = ansiGreen + caret + ansiReset
		return fmt.Sprintf("  %s%s │%s %s\n  %s ╵ %s\n", ansiDim, num, ansiReset, line, gutter, caret)
	}
	return fmt.Sprintf("  %s │ %s\n  %s ╵ %s\n", num, line, gutter, caret)
}

// shown is runes as the frame prints them: cleaned (internal/termtext), so a control character
// in the source line (a raw ESC in a string literal) is its escape on the terminal.
func shown(runes []rune) []rune {
	s := string(runes)
	if termtext.Safe(s) {
		return runes
	}
	return []rune(termtext.Clean(s))
}

// cells is how many terminal cells text takes: two for wide characters (emoji, CJK), none for
// combining marks, joiners and variation selectors, one otherwise. An approximation of
// Unicode's East Asian Width that is right for the characters authors put in labels.
func cells(text []rune) int {
	n := 0
	for _, r := range text {
		switch {
		case r == 0x200D || r >= 0xFE00 && r <= 0xFE0F || r >= 0x0300 && r <= 0x036F || r >= 0x1F3FB && r <= 0x1F3FF || r >= 0xE0020 && r <= 0xE007F:
		case r >= 0x1100 && r <= 0x115F, r >= 0x2E80 && r <= 0xA4CF, r >= 0xAC00 && r <= 0xD7A3, r >= 0xF900 && r <= 0xFAFF,
			r >= 0xFE30 && r <= 0xFE4F, r >= 0xFF00 && r <= 0xFF60, r >= 0xFFE0 && r <= 0xFFE6,
			r >= 0x1F300 && r <= 0x1F64F, r >= 0x1F900 && r <= 0x1F9FF, r >= 0x1F680 && r <= 0x1F6FF, r >= 0x1FA70 && r <= 0x1FAFF,
			r >= 0x20000 && r <= 0x3FFFD:
			n += 2
		default:
			n++
		}
	}
	return n
}

// JSON renders the list as a JSON array (never null).
func JSON(list List) ([]byte, error) {
	if list == nil {
		list = List{}
	}
	return json.Marshal(list)
}

// Truncate shortens text to at most n characters with an ellipsis, on a character boundary.
func Truncate(text string, n int) string {
	if utf8.RuneCountInString(text) <= n {
		return text
	}
	r := []rune(text)
	return string(r[:n-1]) + "…"
}
