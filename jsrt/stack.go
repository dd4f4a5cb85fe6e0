package jsrt

import (
	"strconv"
	"strings"

	"github.com/dop251/goja"
)

// Frame is one frame of a goja stack trace, its position converted to the toolchain's unit.
type Frame struct {
	// Func is the function's name ("" for an anonymous one).
	Func string
	Position
}

// Frames parses a goja stack text (`at name (file:line:col(pc))` or `at file:line:col(pc)`
// lines, as `new Error().stack` or a thrown error's stack reads), innermost first, with every
// column 1-based in UTF-16 code units. goja writes the positions it mapped through this script's
// source map with the map's 0-based UTF-16 columns and its own with 1-based ones; the file name
// tells them apart (a mapped frame names one of the map's sources). This is the one parser of
// stack text: the build's definedAt, the test runner's failure positions.
func (s *Script) Frames(stack string) []Frame {
	var out []Frame
	for _, line := range strings.Split(stack, "\n") {
		f, ok := parseFrame(strings.TrimSpace(line))
		if !ok {
			continue
		}
		if s.mapped(f.File) {
			f.Column++
		}
		f.LineText = s.LineText(f.File, f.Line)
		out = append(out, f)
	}
	return out
}

// parseFrame reads one `at …` line; columns are left as goja wrote them.
func parseFrame(line string) (Frame, bool) {
	rest, ok := strings.CutPrefix(line, "at ")
	if !ok {
		return Frame{}, false
	}
	var f Frame
	if i := strings.LastIndex(rest, " ("); i >= 0 && strings.HasSuffix(rest, ")") {
		f.Func, rest = rest[:i], rest[i+2:len(rest)-1]
		if f.Func == "<anonymous>" {
			f.Func = ""
		}
	}
	if i := strings.LastIndexByte(rest, '('); i >= 0 && strings.HasSuffix(rest, ")") {
		rest = rest[:i] // the program counter: `(12)`
	}
	colAt := strings.LastIndexByte(rest, ':')
	if colAt < 0 {
		return Frame{}, false
	}
	lineAt := strings.LastIndexByte(rest[:colAt], ':')
	if lineAt <= 0 {
		return Frame{}, false
	}
	ln, err1 := strconv.Atoi(rest[lineAt+1 : colAt])
	col, err2 := strconv.Atoi(rest[colAt+1:])
	if err1 != nil || err2 != nil || ln <= 0 || col < 0 {
		return Frame{}, false
	}
	f.File, f.Line, f.Column = rest[:lineAt], ln, col
	return f, true
}

// mapped says whether file is one of the script's source-map sources.
func (s *Script) mapped(file string) bool {
	if s == nil || s.sources == nil {
		return false
	}
	_, ok := s.sources[file]
	return ok
}

// framePosition converts a live goja frame: positions goja mapped through a source map come back
// with the map's 0-based UTF-16 columns, its own 1-based.
func framePosition(f goja.StackFrame) Position {
	p := f.Position()
	col := p.Column
	if p.Filename != f.SrcName() {
		col++
	}
	return Position{File: p.Filename, Line: p.Line, Column: col}
}
