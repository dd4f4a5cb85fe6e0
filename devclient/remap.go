package devclient

import (
	"strings"

	"github.com/go-sourcemap/sourcemap"

	"github.com/scapeworld/scape/diag"
)

// bundleFile is the name the validate package gives positions in a bundle without a map.
const bundleFile = "bundle.js"

// remap moves positions the host reported in the bundle (it never receives the source map)
// back to the project's TypeScript through the local map, so a host rejection points at the
// same file and line a local one would.
func remap(list diag.List, sourceMap []byte) diag.List {
	if len(sourceMap) == 0 {
		return list
	}
	var sm *sourcemap.Consumer
	out := make(diag.List, len(list))
	for i, d := range list {
		out[i] = d
		if d.File != bundleFile || d.Line <= 0 {
			continue
		}
		if sm == nil {
			var err error
			if sm, err = sourcemap.Parse(bundleFile+".map", sourceMap); err != nil {
				return list
			}
		}
		file, _, line, col, ok := sm.Source(d.Line, max(d.Column, 1))
		if !ok || file == "" {
			continue
		}
		text := ""
		if lines := strings.Split(sm.SourceContent(file), "\n"); line >= 1 && line <= len(lines) {
			text = strings.TrimRight(lines[line-1], "\r")
		}
		// go-sourcemap answers 0-based columns; diagnostics count from 1.
		out[i].File, out[i].Line, out[i].Column, out[i].LineText = file, line, col+1, text
	}
	return out
}
