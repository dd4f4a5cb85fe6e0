package termtext

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCleanEscapesControls(t *testing.T) {
	cases := []struct{ in, want string }{
		{"\x1b]0;pwned\x07", `\u001b]0;pwned\u0007`},
		{"\x1b]52;c;aGk=\x07", `\u001b]52;c;aGk=\u0007`},
		{"\x1b[31mred\x1b[0m", `\u001b[31mred\u001b[0m`},
		{"\u009b31m", `\u009b31m`}, // C1 CSI, as UTF-8
		{"\u009d0;t\u009c", `\u009d0;t\u009c`},
		{"ok\rFAIL", `ok\u000dFAIL`},
		{"a\bb\x00c\x7fd", `a\u0008b\u0000c\u007fd`},
		{"\x9b31m", `\x9b31m`}, // a lone byte: not UTF-8
		{"\xff\xfe", `\xff\xfe`},
		{"\u0080\u009f\u00a0", `\u0080\u009f` + "\u00a0"}, // U+00A0 is a printable space
	}
	for _, c := range cases {
		got := Clean(c.in)
		if got != c.want {
			t.Errorf("Clean(%q) = %q, want %q", c.in, got, c.want)
		}
		if Clean(got) != got {
			t.Errorf("Clean is not idempotent on %q", c.in)
		}
		if !Safe(got) || Safe(c.in) {
			t.Errorf("Safe(%q) / Safe(%q) wrong", c.in, got)
		}
		if bad := controlByte(got); bad >= 0 {
			t.Errorf("Clean(%q) still holds byte %#x", c.in, got[bad])
		}
	}
}

func TestCleanKeepsText(t *testing.T) {
	for _, s := range []string{
		"",
		"plain ASCII: 1 + 1 = 2 \\ / \"quoted\"",
		"line one\nline two\n\tindented",
		"café, naïve, Ærø, ñ",
		"日本語のラベル, 한국어, 中文",
		"🏮 Lamp 👩‍💻 ❤️ 🇫🇷 👍🏽 🗳️",
		"\u00a0\u2028\u200b\u200d\ufe0f", // not controls: kept (class 10 judges identities)
		`already escaped: \u001b`,
	} {
		if got := Clean(s); got != s {
			t.Errorf("Clean(%q) = %q, want it unchanged", s, got)
		}
		if !Safe(s) {
			t.Errorf("Safe(%q) = false", s)
		}
	}
}

// Cleaning encoding/json's output keeps it valid JSON denoting the same value: the encoder
// leaves DEL and C1 raw, which Clean escapes the way JSON does.
func TestCleanPreservesJSON(t *testing.T) {
	in := map[string]any{"label": "\x1b]0;pwned\x07 \u009b31m \x7f é 🎹\u200b", "n": []any{1.5, "\r\n\t"}}
	raw, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	cleaned := Clean(string(raw))
	if bad := controlByte(cleaned); bad >= 0 {
		t.Fatalf("cleaned JSON holds byte %#x: %q", cleaned[bad], cleaned)
	}
	var back any
	if err := json.Unmarshal([]byte(cleaned), &back); err != nil {
		t.Fatalf("cleaned JSON does not parse: %v\n%s", err, cleaned)
	}
	want, _ := json.Marshal(in)
	again, _ := json.Marshal(back)
	if !bytes.Equal(want, again) {
		t.Fatalf("cleaned JSON denotes another value:\n%s\n%s", want, again)
	}
}

func TestWriter(t *testing.T) {
	var buf bytes.Buffer
	w := Writer(&buf)
	msg := "test \x1b]0;pwned\x07 name\n"
	n, err := w.Write([]byte(msg))
	if err != nil || n != len(msg) {
		t.Fatalf("Write = %d, %v; want %d, nil", n, err, len(msg))
	}
	if _, err := w.Write([]byte("ok ✓\n")); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.String(), "test \\u001b]0;pwned\\u0007 name\nok ✓\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// FuzzClean: whatever the input, the output holds no byte a terminal acts on and is valid UTF-8,
// and text without one comes back unchanged.
func FuzzClean(f *testing.F) {
	f.Add("\x1b]0;pwned\x07")
	f.Add("\u009b31m🎹")
	f.Add("\xe2\x82")
	f.Fuzz(func(t *testing.T, s string) {
		got := Clean(s)
		if bad := controlByte(got); bad >= 0 {
			t.Fatalf("Clean(%q) = %q holds %#x", s, got, got[bad])
		}
		if !utf8.ValidString(got) {
			t.Fatalf("Clean(%q) = %q is not UTF-8", s, got)
		}
		if Safe(s) != (got == s) {
			t.Fatalf("Safe(%q) = %v but Clean changed it: %v", s, Safe(s), got != s)
		}
		if Clean(got) != got {
			t.Fatalf("not idempotent on %q", s)
		}
	})
}

// controlByte is the index of the first ESC, BEL, other C0 byte except \n and \t, DEL, C1 code
// point or invalid byte in s, or -1: what the tests of the commands look for too.
func controlByte(s string) int {
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			return i
		case r < 0x20 && r != '\n' && r != '\t', r >= 0x7f && r <= 0x9f:
			return i
		}
	}
	return -1
}
