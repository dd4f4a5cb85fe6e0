package bundle

import (
	"bytes"
	"fmt"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/kit"
)

// unlistedHostAPIs warns where a bundle uses a host API the Scape docs neither grant nor forbid
// (kit.UnlistedHostAPIs: structuredClone, TextEncoder, atob, …). The validation engine supplies
// them as Node does (jsrt/hostapi.js), so the project builds and its tests agree, but a hosted
// world may not offer them: a warning, once per API, at its first use in the author's
// TypeScript. A use is the name as a free identifier (or `globalThis.name`), found by a scan of
// the bundle that skips strings, template text, comments and regular expressions; a bundle that
// declares the name itself (`function atob`, `const TextEncoder`) uses its own.
func unlistedHostAPIs(js, sourceMap []byte) diag.List {
	names := map[string]bool{}
	for _, name := range kit.UnlistedHostAPIs {
		if bytes.Contains(js, []byte(name)) {
			names[name] = true
		}
	}
	if len(names) == 0 {
		// Every build passes here: no scan unless a name is in the text at all.
		return nil
	}
	uses, declared := scanIdentifiers(js, names)
	var sm *Mapper
	var out diag.List
	for _, name := range kit.UnlistedHostAPIs {
		at := uses[name]
		if len(at) == 0 || declared[name] {
			continue
		}
		d := diag.Diagnostic{
			Severity: diag.Warning,
			Code:     diag.CodeUnlistedAPI,
			Message:  fmt.Sprintf("uses %s, which the Scape docs do not list: the validation engine supplies it as Node does, but a hosted world may not", name),
		}
		if n := len(at) - 1; n > 0 {
			d.Message += fmt.Sprintf(" (and %d more uses)", n)
		}
		if sm == nil {
			sm = NewMapper(sourceMap)
		}
		out = append(out, atBundleOffset(d, sm, js, at[0]))
	}
	return out
}

// atBundleOffset places d at the TypeScript position of byte offset off of the bundle js, or,
// when the source map has none, names the bundle's line in its message.
func atBundleOffset(d diag.Diagnostic, sm *Mapper, js []byte, off int) diag.Diagnostic {
	line, col := lineColumn(js, off)
	if p, ok := sm.Source(line, col); ok {
		return d.At(p)
	}
	d.Message += fmt.Sprintf(" (bundle line %d)", line)
	return d
}

// lineColumn is the 1-based line and UTF-16 column of byte offset off in js.
func lineColumn(js []byte, off int) (line, col int) {
	line = 1 + bytes.Count(js[:off], []byte("\n"))
	start := bytes.LastIndexByte(js[:off], '\n') + 1
	return line, diag.UTF16Len(string(js[start:off])) + 1
}
