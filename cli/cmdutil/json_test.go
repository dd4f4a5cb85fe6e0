package cmdutil

import (
	"bytes"
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
