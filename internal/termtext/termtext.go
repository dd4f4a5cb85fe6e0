// Package termtext keeps a terminal the user's: text that a project, its author code or a host
// controls (labels, hints, types, test names, assertion messages, console output, sound names,
// file names, error messages quoting any of them) passes through Clean before it is printed, so
// it can show anything but never drive the terminal. A label carrying `ESC ] 0 ; … BEL` would
// otherwise set the window title, `ESC ] 52 ; c ; …` write the clipboard, a CR or `ESC [ 2 K`
// overwrite a line the toolchain printed (a forged "✓ valid").
//
// It is applied where text is rendered, never where it is produced: diag.Text cleans every
// diagnostic it renders, and each command passes its own lines (or its whole stream, with
// Writer, when it prints no escape sequences of its own) through it. The data itself (a
// Diagnostic, a report, what the host stores) keeps the author's exact characters.
package termtext

import (
	"io"
	"strings"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// Clean returns s with everything a terminal would act on instead of show made visible:
//
//   - C0 controls other than newline and tab (ESC, BEL, CR, backspace, …) and DEL become
//     `\u001b`-style escapes, as a TypeScript or JSON string writes them;
//   - C1 controls (U+0080–U+009F; a terminal may take U+009B as CSI and U+009D as OSC) too;
//   - a byte that is not part of valid UTF-8 becomes `\xNN` (a lone 0x9B byte is CSI to a
//     terminal in an 8-bit mode).
//
// Everything else is kept as it is: newlines, tabs, accents, CJK, emoji with their joiners and
// variation selectors. The escape is for reading, not reversible: a backslash in s is not
// escaped, so `\u001b` typed by the author and an ESC character print alike.
//
// Clean is idempotent, and on the output of encoding/json it is an identity on the value: that
// encoder escapes C0 itself, never writes invalid UTF-8, and a `\u0085` escape inside a JSON
// string denotes the character it replaced, so a cleaned JSON text parses to the same data.
func Clean(s string) string {
	i := unsafeAt(s)
	if i < 0 {
		return s // the common case: nothing to escape, nothing allocated
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i >= 0 {
		b.WriteString(s[:i])
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			b.WriteString(`\x`)
			b.WriteByte(hexDigits[s[i]>>4])
			b.WriteByte(hexDigits[s[i]&0xf])
			size = 1
		} else {
			b.WriteString(`\u00`)
			b.WriteByte(hexDigits[r>>4])
			b.WriteByte(hexDigits[r&0xf])
		}
		s = s[i+size:]
		i = unsafeAt(s)
	}
	b.WriteString(s)
	return b.String()
}

// Safe reports whether s prints as it is (Clean(s) == s).
func Safe(s string) bool { return unsafeAt(s) < 0 }

// unsafeAt is the byte index of the first character of s that Clean escapes, or -1.
func unsafeAt(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size <= 1) || (r >= 0x80 && r <= 0x9f) {
			return i
		}
		i += size
	}
	return -1
}

// Writer returns a writer that cleans everything written through it before passing it to w:
// for a command's streams when everything it prints there may quote the author and it writes no
// escape sequence of its own (no colour). Each Write is cleaned on its own; fmt and
// encoding/json write a whole line or value at once, so a character is never split between two
// writes (if one were, its bytes would print as `\xNN`, never raw).
func Writer(w io.Writer) io.Writer { return writer{w} }

type writer struct{ w io.Writer }

func (c writer) Write(p []byte) (int, error) {
	s := string(p)
	if Safe(s) {
		return c.w.Write(p)
	}
	if _, err := io.WriteString(c.w, Clean(s)); err != nil {
		return 0, err
	}
	return len(p), nil
}
