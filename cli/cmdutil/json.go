package cmdutil

import (
	"encoding/json"
	"io"
)

// WriteJSON is every command's --json output: v indented by two spaces, one value per run, and
// text as written (no \u003c for "<": messages quote code and comparisons).
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
