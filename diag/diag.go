// Package diag is the one shape of a problem the toolchain reports — a syntax error, an
// unsupported import, a bundle over the limit, a rule a definition breaks, runaway author code —
// as data, and its renderings for a terminal and for JSON. Producers (bundle, validate, the test
// runner, the dev host) build Diagnostics; only renderers turn them into text.
//
// Positions are converted exactly once, when a Diagnostic is built (position.go): Line and Column
// are 1-based and Column and Length count UTF-16 code units, the unit LSP editors use by default.
// esbuild reports 0-based byte columns (FromByteColumn); source maps and goja's source-mapped
// frames 0-based UTF-16 units (FromUTF16Column after +1).
package diag

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Severity says whether a diagnostic fails the build.
type Severity int

const (
	Error Severity = iota
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// MarshalJSON writes "error" or "warning".
func (s Severity) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// UnmarshalJSON reads "error" or "warning".
func (s *Severity) UnmarshalJSON(b []byte) error {
	var text string
	if err := json.Unmarshal(b, &text); err != nil {
		return err
	}
	switch text {
	case "error", "":
		*s = Error
	case "warning":
		*s = Warning
	default:
		return fmt.Errorf("diag: unknown severity %q", text)
	}
	return nil
}

// Code classifies a diagnostic, so tools (CI, editors, the dev host) can act on the kind
// without parsing messages. Codes are stable strings.
type Code string

const (
	CodeProject    Code = "project"    // package.json / entry problems
	CodeSyntax     Code = "syntax"     // esbuild could not parse or resolve
	CodeImport     Code = "import"     // an import the host cannot provide
	CodeSize       Code = "size"       // bundle over the byte limit
	CodeUnfaithful Code = "unfaithful" // code goja cannot run faithfully (regex \p{…}, /d, /v)
	// CodeUnlistedAPI is a warning: the bundle uses a host API the Scape docs do not list
	// (structuredClone, TextEncoder, atob, …), which the validation engine supplies as Node does.
	CodeUnlistedAPI Code = "unlisted-api"
	CodeRule        Code = "rule"        // a definition breaks an SDK rule
	CodeThrown      Code = "thrown"      // author code threw
	CodeTimeout     Code = "timeout"     // author code ran past its deadline
	CodeStack       Code = "stack"       // runaway recursion
	CodeMemory      Code = "memory"      // author code grew the heap past its budget
	CodeLoad        Code = "load"        // the bundle does not export a project
	CodeSDKVersion  Code = "sdk-version" // the project's vendored SDK differs from the toolchain's
	CodeInstance    Code = "instance"    // an existing instance no longer validates
	CodeTestFailure Code = "test"        // a failed author test (scape gizmo test --json)
	CodeSound       Code = "sound"       // a declared sound does not render within the budget
	CodeModel       Code = "model"       // presentation.model is refused by the model check (glb)
	// CodeLikelyMistake is a warning: a value the contract allows but that is very likely a
	// mistake (a "guess" rule of the SDK, kit/sdk/LIMITS.md). It never fails a build, dev or the
	// host; `scape gizmo build --strict` makes it an error.
	CodeLikelyMistake Code = "likely-mistake"
	// CodeModelWarning is a warning, never an error: presentation.model is accepted, but glb
	// found what the docs leave open and a host may handle badly (more triangles or draw calls
	// than the docs allow agent avatars, a buffer-view target or sampler value glTF does not
	// define). docs/models.md lists them.
	CodeModelWarning Code = "model-warning"
)

// Definition names the Gizmo definition a diagnostic is about.
type Definition struct {
	Type    string `json:"type"`
	Version int    `json:"version,omitempty"`
	Emoji   string `json:"emoji,omitempty"`
	Label   string `json:"label,omitempty"`
}

// String renders `example.lamp (🏮 Lamp)`, or just the type when emoji and label are unknown.
func (d Definition) String() string {
	extra := strings.TrimSpace(d.Emoji + " " + d.Label)
	if d.Type == "" {
		if extra == "" {
			return "definition"
		}
		return extra
	}
	if extra == "" {
		return d.Type
	}
	return d.Type + " (" + extra + ")"
}

// Note is extra context attached to a diagnostic (e.g. "imported here", or one of the largest
// inputs of an over-size bundle).
type Note struct {
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"` // 1-based, UTF-16 code units, as Diagnostic.Column
	Message string `json:"message"`
}

// NoteAt is a note placed at p.
func NoteAt(p Position, message string) Note {
	return Note{File: p.File, Line: p.Line, Column: p.Column, Message: message}
}

// Diagnostic is one reported problem. The zero value of every position field means "unknown".
type Diagnostic struct {
	Severity Severity `json:"severity"`
	Code     Code     `json:"code"`
	// File is relative to the project directory, with forward slashes (src/definition.ts).
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`   // 1-based
	Column int    `json:"column,omitempty"` // 1-based, in UTF-16 code units
	// LineText is the source line at Line, for a code frame.
	LineText string `json:"lineText,omitempty"`
	// Length is how many UTF-16 code units from Column the frame underlines (0: one caret).
	Length int `json:"length,omitempty"`

	Definition *Definition `json:"definition,omitempty"`
	// Path is where in the definition (or its effects) the problem is: lighting.light.radiusCells.
	Path string `json:"path,omitempty"`
	// Value is the offending value as JSON when it has a JSON form.
	Value json.RawMessage `json:"value,omitempty"`
	// Got is the SDK's short description of the offending value (`13`, `nothing`, `a function`),
	// set for rule problems; rendered as `(got …)`.
	Got string `json:"got,omitempty"`
	// Message is the rule or the failure, without path or value: `must be 0.25–12 cells`.
	Message string `json:"message"`
	// Rule is the id of the SDK rule broken (kit/sdk/LIMITS.md: `light.radiusCells`), for rule
	// problems and warnings; empty otherwise.
	Rule string `json:"rule,omitempty"`
	// Trail is, for a problem of a state reached by actions (the build's state exploration), the
	// actions that reach it from the initial state, shortest first: ["toggle", "color(blue)"].
	// Rendered before the path: `after toggle → color(blue): lighting.light.radiusCells: …`.
	Trail []string `json:"trail,omitempty"`
	Notes []Note   `json:"notes,omitempty"`
}

// Location renders `file:line:col`, `file:line`, `file` or "".
func (d Diagnostic) Location() string {
	switch {
	case d.File == "":
		return ""
	case d.Line <= 0:
		return d.File
	case d.Column <= 0:
		return fmt.Sprintf("%s:%d", d.File, d.Line)
	default:
		return fmt.Sprintf("%s:%d:%d", d.File, d.Line, d.Column)
	}
}

// Detail renders the part after the location and definition: `path: message (got value)`,
// preceded by `after a → b: ` when the problem has a Trail.
func (d Diagnostic) Detail() string {
	var b strings.Builder
	if len(d.Trail) > 0 {
		b.WriteString("after ")
		b.WriteString(strings.Join(d.Trail, " → "))
		b.WriteString(": ")
	}
	if d.Path != "" {
		b.WriteString(d.Path)
		b.WriteString(": ")
	}
	b.WriteString(d.Message)
	if d.Got != "" {
		b.WriteString(" (got ")
		b.WriteString(d.Got)
		b.WriteString(")")
	}
	return b.String()
}

// String is the one-line terminal form:
//
//	src/definition.ts:42:7: example.lamp (🏮 Lamp): lighting.light.radiusCells: must be 0.25–12 cells (got 13)
//
// Warnings carry a `warning: ` prefix after the location.
func (d Diagnostic) String() string {
	var parts []string
	if loc := d.Location(); loc != "" {
		parts = append(parts, loc)
	}
	if d.Severity == Warning {
		parts = append(parts, "warning")
	}
	if d.Definition != nil {
		parts = append(parts, d.Definition.String())
	}
	parts = append(parts, d.Detail())
	return strings.Join(parts, ": ")
}

// Error lets a Diagnostic travel as an error.
func (d Diagnostic) Error() string { return d.String() }

// List is a set of diagnostics in report order.
type List []Diagnostic

// HasErrors says whether any diagnostic is an error (warnings alone do not fail a build).
func (l List) HasErrors() bool {
	for _, d := range l {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Strict returns the list with every warning turned into an error (`build --strict`): the
// conservative guard for authors who want the toolchain's guesses enforced.
func (l List) Strict() List {
	out := make(List, len(l))
	for i, d := range l {
		if d.Severity == Warning {
			d.Severity = Error
		}
		out[i] = d
	}
	return out
}

// Warnings returns only the warnings.
func (l List) Warnings() List {
	var out List
	for _, d := range l {
		if d.Severity == Warning {
			out = append(out, d)
		}
	}
	return out
}

// Errors returns only the errors.
func (l List) Errors() List {
	var out List
	for _, d := range l {
		if d.Severity == Error {
			out = append(out, d)
		}
	}
	return out
}

// Error joins the one-line forms, so a List can be returned as an error.
func (l List) Error() string {
	lines := make([]string, len(l))
	for i, d := range l {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}
