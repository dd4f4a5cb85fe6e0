package cmdutil

import (
	"encoding/json"
	"io"

	"github.com/scapeworld/scape/internal/termtext"
)

// WriteJSON is every command's --json output: v indented by two spaces, one value per run, and
// text as written (no \u003c for "<": messages quote code and comparisons).
//
// JSON is data for programs and carries the author's exact characters; encoding/json escapes C0
// controls but writes DEL and C1 (U+0080–U+009F) raw, which a terminal showing the report may
// act on (U+009B is CSI). termtext.Writer escapes those as \u007f…\u009f: the same JSON value,
// safe to print.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(termtext.Writer(w))
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
