package bundle

import (
	"strings"

	"github.com/go-sourcemap/sourcemap"

	"github.com/scapeworld/scape/diag"
)

// Mapper maps positions in a bundle back to the project's TypeScript through the bundle's
// source map: the one place the toolchain reads a source map itself (goja maps its own stack
// frames; jsrt.Script.Frames converts their columns).
//
// Source maps count columns in UTF-16 code units, 0-based, on both sides; diagnostics count
// them 1-based (diag.Position). The bundle esbuild writes is ASCII (non-ASCII text is escaped),
// so a byte column into the bundle is its UTF-16 column too.
type Mapper struct {
	sm *sourcemap.Consumer
}

// NewMapper reads a v3 source map; nil when there is none or it does not parse.
func NewMapper(sourceMap []byte) *Mapper {
	if len(sourceMap) == 0 {
		return nil
	}
	sm, err := sourcemap.Parse("", sourceMap)
	if err != nil {
		return nil
	}
	return &Mapper{sm: sm}
}

// Source maps a bundle position (1-based line, 1-based column in UTF-16 units) to the source
// position it came from, with the source line for a code frame.
func (m *Mapper) Source(line, col int) (diag.Position, bool) {
	if m == nil || line <= 0 {
		return diag.Position{}, false
	}
	file, _, sline, scol, ok := m.sm.Source(line, max(col-1, 0))
	if !ok || file == "" || sline <= 0 {
		return diag.Position{}, false
	}
	return diag.FromUTF16Column(file, sline, scol+1, sourceLine(m.sm.SourceContent(file), sline)), true
}

func sourceLine(content string, line int) string {
	if line < 1 {
		return ""
	}
	lines := strings.SplitN(content, "\n", line+1)
	if len(lines) < line {
		return ""
	}
	return strings.TrimRight(lines[line-1], "\r")
}
