package glb

import (
	"fmt"
	"strings"

	"github.com/scapeworld/scape/internal/human"
)

// MaxFileBytes is the largest model accepted: 786,432 bytes (768 KiB) is the most that fits in
// the 1 MiB bundle once base64-encoded (4/3 of the bytes). The bundle limit still applies to the
// whole project; this only rejects a model that could never fit.
const MaxFileBytes = 786432

// The docs bound agent avatars ("GLBs are static, self-contained, and bounded to 20,000
// triangles and 32 draw calls", Limits and compatibility, "Agent avatars"); they state no bound
// for a Gizmo model. A Gizmo model over either is accepted with a warning (check 24), never
// refused: Scape may draw it slowly or refuse it, the docs do not say.
const (
	AvatarMaxTriangles = 20000
	AvatarMaxDrawCalls = 32
)

// Extensions a model may use. Everything else is refused.
var AllowedExtensions = []string{"KHR_materials_unlit", "KHR_materials_emissive_strength"}

// Code names the rule a problem (or a warning) is about, stable across message rewording:
// tests, the SDK and tools match on it.
type Code string

// Problem and warning codes, grouped by the checklist step that raises them. Warnings (see
// Result.Warnings) have codes of their own: no code is used for both.
const (
	CodeTooLarge       Code = "file-too-large"        // 1
	CodeNotBase64      Code = "not-base64"            // 1 (CheckEncoded: the text is not base64)
	CodeTooShort       Code = "no-header"             // 2
	CodeBadMagic       Code = "bad-magic"             // 3
	CodeBadVersion     Code = "bad-version"           // 4
	CodeLengthMismatch Code = "length-mismatch"       // 5
	CodeChunkHeader    Code = "chunk-header"          // 6
	CodeChunkUnaligned Code = "chunk-unaligned"       // 6
	CodeChunkTooBig    Code = "chunk-too-big"         // 6
	CodeChunkLayout    Code = "chunk-layout"          // 7
	CodeJSONText       Code = "json-text"             // 8
	CodeSchema         Code = "schema"                // 9
	CodeSamplerValue   Code = "sampler-value"         // 9, a warning
	CodeAssetVersion   Code = "asset-version"         // 10
	CodeUndeclaredExt  Code = "undeclared-extension"  // 11
	CodeCompressionExt Code = "compression-extension" // 11
	CodeUnsupportedExt Code = "unsupported-extension" // 11
	CodeTextures       Code = "textures"              // 12
	CodeSkins          Code = "skins"                 // 13
	CodeAnimations     Code = "animations"            // 14
	CodeMorphTargets   Code = "morph-targets"         // 15
	CodeDataURI        Code = "data-uri"              // 16
	CodeExternalURI    Code = "external-uri"          // 16
	CodeBuffers        Code = "buffers"               // 16
	CodeReference      Code = "reference"             // 17
	CodeBufferView     Code = "buffer-view"           // 18
	CodeViewTarget     Code = "buffer-view-target"    // 18, a warning
	CodeAccessor       Code = "accessor"              // 19
	CodeSparse         Code = "sparse"                // 19
	CodeMesh           Code = "mesh"                  // 20
	CodeGeometry       Code = "geometry"              // 21
	CodeHierarchy      Code = "hierarchy"             // 22
	CodeScene          Code = "scene"                 // 23
	CodeTriangles      Code = "triangles"             // 24, a warning
	CodeDrawCalls      Code = "draw-calls"            // 24, a warning
	CodeDecode         Code = "decode"                // the glTF library refused what our checks let through
)

// Problem is one finding about a model: in Result.Problems a reason it is refused, in
// Result.Warnings something the docs do not refuse but the modeller should know. Message is a
// complete sentence for a modeller (what is wrong, and usually what to change in the exporter);
// Path and Value say where and what.
type Problem struct {
	Step    int    `json:"step"`           // the checklist step (1–24) that found it
	Code    Code   `json:"code"`           // the rule, stable for tools
	Path    string `json:"path,omitempty"` // JSON path inside the glTF JSON (`meshes[0].primitives[1].mode`), or empty for container problems
	Value   any    `json:"value,omitempty"`
	Message string `json:"message"`
}

func (p Problem) String() string { return p.Message }

// Facts describe an accepted model (and as much of a refused one as was read before the first
// blocking problem). Counts are per the default scene's node instances where the rule says so.
type Facts struct {
	Bytes      int      `json:"bytes"`
	JSONBytes  int      `json:"jsonBytes"`
	BinBytes   int      `json:"binBytes"`
	Generator  string   `json:"generator,omitempty"`
	Triangles  int64    `json:"triangles"`  // per primitive per node instance in the default scene
	DrawCalls  int64    `json:"drawCalls"`  // one per primitive per node instance in the default scene
	Primitives int      `json:"primitives"` // over all meshes, each counted once
	Meshes     int      `json:"meshes"`
	Nodes      int      `json:"nodes"`
	Materials  int      `json:"materials"`
	Vertices   int64    `json:"vertices"` // POSITION counts per primitive per node instance
	Extensions []string `json:"extensions"`
	// Counted says Triangles, DrawCalls and Vertices were counted: the checks reached the
	// budget step (a refusal before it leaves them zero).
	Counted bool `json:"counted"`
}

// Result is the verdict on one model: data, never a formatted string.
type Result struct {
	Facts Facts `json:"facts"`
	// Problems are the reasons the model is refused: what the docs, the SDK's types or the glTF
	// format rule out, the product decisions of the checklist, and the toolchain's own bounds
	// (docs/models.md, "Which model checks are errors"). Empty for an accepted model.
	Problems []Problem `json:"problems"`
	// Warnings never refuse the model: what the docs leave open but a host may handle badly
	// (over the agent-avatar budget, an enum value glTF does not define). An accepted model may
	// carry them; `scape gizmo build --strict` turns them into errors.
	Warnings []Problem `json:"warnings"`
}

// OK reports whether the model is acceptable (it may still carry warnings).
func (r *Result) OK() bool { return len(r.Problems) == 0 }

// Err returns nil for an accepted model and otherwise an error whose text is the first
// problem's message followed by a count of the others.
func (r *Result) Err() error {
	if r.OK() {
		return nil
	}
	msg := r.Problems[0].Message
	if n := len(r.Problems) - 1; n > 0 {
		msg += " (and " + human.Count(n, "more problem") + ")"
	}
	return &ModelError{Problems: r.Problems, msg: msg}
}

// ModelError is a refused model as an error; Problems holds every reason.
type ModelError struct {
	Problems []Problem
	msg      string
}

func (e *ModelError) Error() string { return e.msg }

// Has reports whether any problem (a refusal) carries code c.
func (r *Result) Has(c Code) bool { return hasCode(r.Problems, c) }

// HasWarning reports whether any warning carries code c.
func (r *Result) HasWarning(c Code) bool { return hasCode(r.Warnings, c) }

func hasCode(ps []Problem, c Code) bool {
	for _, p := range ps {
		if p.Code == c {
			return true
		}
	}
	return false
}

func quoteShort(s string) string {
	if r := []rune(s); len(r) > 40 {
		s = string(r[:40]) + "…"
	}
	return fmt.Sprintf("%q", s)
}

func joinNames(names []string) string { return strings.Join(names, ", ") }
