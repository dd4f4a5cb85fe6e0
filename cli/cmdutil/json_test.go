package cmdutil

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestWriteJSON: indented by two spaces, "<" and "&" written as themselves, one trailing newline.
func TestWriteJSON(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, map[string]string{"message": "must be < 12 & > 0"}); err != nil {
		t.Fatal(err)
	}
	if want := "{\n  \"message\": \"must be < 12 & > 0\"\n}\n"; b.String() != want {
		t.Fatalf("got %q, want %q", b.String(), want)
	}
}

// TestWriteJSONTerminalSafe: the author's characters travel as data, but DEL and C1 controls
// (which encoding/json writes raw) are escaped, so the report can be printed on a terminal.
func TestWriteJSONTerminalSafe(t *testing.T) {
	label := "\x1b]0;pwned\x07 \u009b31m \u009d52;c;aGk=\u009c \x7f café 🎹 👩‍💻\nline\ttab"
	var b bytes.Buffer
	if err := WriteJSON(&b, map[string]string{"label": label}); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(b.String(), "\x1b\x07\x7f\u009b\u009c\u009d") {
		t.Fatalf("raw control characters in the JSON: %q", b.String())
	}
	var back map[string]string
	if err := json.Unmarshal(b.Bytes(), &back); err != nil || back["label"] != label {
		t.Fatalf("the JSON no longer holds the label: %v %q", err, back["label"])
	}
}

// TestExitErrorCleaned: the text the command line prints for an error is clean; the error it
// wraps keeps its exact text.
func TestExitErrorCleaned(t *testing.T) {
	inner := errors.New("package.json: name \"\x1b]0;pwned\x07\" is not valid")
	err := Usage(inner)
	if got, want := err.Error(), `package.json: name "\u001b]0;pwned\u0007" is not valid`; got != want {
		t.Fatalf("Error() = %q, want %q", got, want)
	}
	if !errors.Is(err, inner) || ExitCode(err) != ExitUsage {
		t.Fatal("the wrapped error or its status was lost")
	}
}
