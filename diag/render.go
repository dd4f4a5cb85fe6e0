package diag

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
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

// Text renders one diagnostic for a terminal, ending in a newline.
func Text(d Diagnostic, opts TextOptions) string {
	var b strings.Builder
	line := d.String()
	if opts.Color {
		colour := ansiRed
		if d.Severity == Warning {
			colour = ansiYellow
		}
		if loc := d.Location(); loc != "" && strings.HasPrefix(line, loc) {
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
			b.WriteString(loc)
			b.WriteString(": ")
		}
		b.WriteString(n.Message)
		b.WriteByte('\n')
	}
	return b.String()
}

// frame is esbuild's style of code frame:
//
//	42 │       radiusCells: 13,
//	   ╵       ^
func frame(d Diagnostic, color bool) string {
	text := strings.ReplaceAll(d.LineText, "\t", " ")
	const maxWidth = 120
	start := 0 // in characters
	runes := []rune(text)
	col := d.Column - 1
	if col > len(runes) {
		col = len(runes)
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
	underline := 1
	if d.Length > 1 {
		underline = d.Length
	}
	if col-start+underline > len(runes)+1 {
		underline = max(1, len(runes)+1-(col-start))
	}
	marks := "^"
	if underline > 1 {
		marks = strings.Repeat("~", underline)
	}
	caret := strings.Repeat(" ", max(0, col-start)) + marks
	if color {
		caret = ansiGreen + caret + ansiReset
		return fmt.Sprintf("  %s%s │%s %s\n  %s ╵ %s\n", ansiDim, num, ansiReset, string(runes), gutter, caret)
	}
	return fmt.Sprintf("  %s │ %s\n  %s ╵ %s\n", num, string(runes), gutter, caret)
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
