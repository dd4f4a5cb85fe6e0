package glb_test

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/scapeworld/scape/glb"
)

// acceptedWarnings are the validator warnings a model we accept may carry, each with the reason
// our product accepts it. A warning not listed here on an accepted model fails the test: either
// the checker must refuse it, or the reason must be written down here.
var acceptedWarnings = map[string]string{
	// Blender and other exporters write UVs and tangents whether or not a texture uses them;
	// the host ignores them (checklist step 20: TEXCOORD_n allowed and ignored).
	"UNUSED_MESH_TANGENT": "tangents are written by exporters and ignored by the host",
	// Unit length is not checked (checklist decision): renderers normalise normals.
	"ACCESSOR_NON_UNIT":                      "normals are normalised by the renderer; the checklist does not require unit length",
	"MESH_PRIMITIVE_GENERATED_TANGENT_SPACE": "tangent space only matters for normal textures, which are refused anyway",
	// glTF readers ignore properties they do not know (exporters add their own); so does the
	// host, and refusing them would refuse harmless exports.
	"UNEXPECTED_PROPERTY": "unknown properties are ignored by glTF readers and by the host",
}

// acceptedErrors are the validator errors our product rule deliberately does not refuse, each
// with the checklist decision behind it. The shared and generated test files carry none of
// them; the mutation test (mutation_test.go) produces them.
var acceptedErrors = map[string]string{
	"ACCESSOR_VECTOR3_NON_UNIT": "checklist decision: normal vectors are not checked for unit length (renderers normalise them)",
}

// validatorPeers are the validator's warnings for what glb itself warns about: on a file we
// accept with that warning, the validator's warning needs no reason in acceptedWarnings.
var validatorPeers = map[glb.Code]string{
	glb.CodeViewTarget:   "VALUE_NOT_IN_LIST",
	glb.CodeSamplerValue: "VALUE_NOT_IN_LIST",
}

// explainedWarnings are the validator codes r's own warnings account for.
func explainedWarnings(r *glb.Result) map[string]bool {
	out := map[string]bool{}
	for _, w := range r.Warnings {
		if c, ok := validatorPeers[w.Code]; ok {
			out[c] = true
		}
	}
	return out
}

type khronosReport struct {
	File     string         `json:"file"`
	Errors   int            `json:"errors"`
	Warnings int            `json:"warnings"`
	Codes    map[string]int `json:"codes"`
	Details  []string       `json:"details"`
}

func (r khronosReport) file() string { return r.File }

// TestKhronosValidatorDifferential runs the Khronos glTF-Validator on every test file: whatever
// it calls invalid we refuse too, and where we accept a file it warns about, we warn too
// (validatorPeers) or acceptedWarnings says why.
func TestKhronosValidatorDifferential(t *testing.T) {
	root := requireNode(t, "gltf-validator")
	var files []string
	for _, f := range agreementFiles(t, t.TempDir()) {
		// The crafted stress files take the validator tens of seconds and test only our speed.
		if !strings.Contains(filepath.Base(f), "crafted-") {
			files = append(files, f)
		}
	}
	reports := nodeReports[khronosReport](t, root, "glb-khronos.mjs", files)
	var invalid, stricter int
	for _, f := range files {
		rep, ok := reports[f]
		if !ok {
			t.Errorf("%s: no validator report", f)
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		res := glb.Check(data)
		var codes []string
		for c, sev := range rep.Codes {
			if sev <= 1 {
				codes = append(codes, c)
			}
		}
		sort.Strings(codes)
		switch {
		case rep.Errors > 0:
			invalid++
			if res.OK() {
				t.Errorf("%s: the validator finds errors %v but we accept it", f, codes)
			}
		case res.OK():
			ours := explainedWarnings(res)
			for c, sev := range rep.Codes {
				if sev == 1 && acceptedWarnings[c] == "" && !ours[c] {
					t.Errorf("%s: accepted although the validator warns %s; refuse it or say why in acceptedWarnings", f, c)
				}
			}
		default:
			stricter++
		}
	}
	t.Logf("%d files: %d invalid per the validator (all refused), %d valid per the validator but refused by our product rules", len(files), invalid, stricter)
}
