package devclient

import (
	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/diag"
)

// remap moves positions the host reported in the bundle (it never receives the source map)
// back to the project's TypeScript through the local map, so a host rejection points at the
// same file and line a local one would.
func remap(list diag.List, sourceMap []byte) diag.List {
	m := bundle.NewMapper(sourceMap)
	if m == nil {
		return list
	}
	out := make(diag.List, len(list))
	for i, d := range list {
		out[i] = d
		if d.File != bundle.ScriptName || d.Line <= 0 {
			continue
		}
		if p, ok := m.Source(d.Line, d.Column); ok {
			out[i] = d.At(p)
		}
	}
	return out
}
