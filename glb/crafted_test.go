package glb_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/scapeworld/scape/glb"
	"github.com/scapeworld/scape/glb/glbtest"
)

// craftedFiles are small files built to make a naive checker do quadratic or repeated work.
// Each must be answered quickly (BenchmarkCrafted shows the times; a regression to quadratic
// work makes TestCraftedFiles run for minutes).
func craftedFiles() map[string][]byte {
	out := map[string][]byte{}

	// 60,000 children of one node: duplicate detection must not compare each child with all
	// earlier ones.
	var b strings.Builder
	b.WriteString(`{"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"nodes":[{"children":[`)
	for i := 1; i <= 60000; i++ {
		if i > 1 {
			b.WriteByte(',')
		}
		fmt.Fprint(&b, i)
	}
	b.WriteString(`]}`)
	for i := 1; i <= 60000; i++ {
		b.WriteString(`,{}`)
	}
	b.WriteString(`]}`)
	out["many-children"] = glbtest.Encode([]byte(b.String()), nil)

	// One 30,000-vertex accessor (360 KB) shared by 8,000 primitives: the data must be read
	// once, not 8,000 times (2.9 GB).
	m := glbtest.Cube()
	const verts = 30000
	m.Bin = make([]byte, 12*verts)
	m.JSON["bufferViews"] = []any{map[string]any{"buffer": 0, "byteLength": len(m.Bin)}}
	m.JSON["accessors"] = []any{map[string]any{"bufferView": 0, "componentType": 5126, "count": verts, "type": "VEC3", "min": []any{0, 0, 0}, "max": []any{0, 0, 0}}}
	m.JSON["buffers"] = []any{map[string]any{"byteLength": len(m.Bin)}}
	prims := make([]any, 8000)
	for i := range prims {
		prims[i] = map[string]any{"attributes": map[string]any{"POSITION": 0}}
	}
	m.JSON["meshes"] = []any{map[string]any{"primitives": prims}}
	m.JSON["materials"] = []any{}
	out["shared-accessor"] = m.GLB()

	// 20,000 extension names declared and used: membership by set, not by list scans.
	b.Reset()
	b.WriteString(`{"asset":{"version":"2.0"},"extensionsUsed":[`)
	for i := 0; i < 20000; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"X_%d"`, i)
	}
	b.WriteString(`],"extensions":{`)
	for i := 0; i < 20000; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"X_%d":{}`, i)
	}
	b.WriteString(`}}`)
	out["many-extensions"] = glbtest.Encode([]byte(b.String()), nil)
	return out
}

func TestCraftedFiles(t *testing.T) {
	refused := map[string]glb.Code{
		"many-children":   glb.CodeScene, // nothing draws
		"many-extensions": glb.CodeUnsupportedExt,
	}
	// 8,000 draws of 10,000 triangles each: far over the agent-avatar budget, which only warns.
	warned := map[string][]glb.Code{"shared-accessor": {glb.CodeTriangles, glb.CodeDrawCalls}}
	for name, data := range craftedFiles() {
		if len(data) > glb.MaxFileBytes {
			t.Fatalf("%s is %d bytes: over the limit, it would test nothing", name, len(data))
		}
		r := glb.Check(data)
		if c, ok := refused[name]; ok && !r.Has(c) {
			t.Errorf("%s: problems %v, want %s", name, r.Problems, c)
		}
		if codes, ok := warned[name]; ok {
			if !r.OK() {
				t.Errorf("%s: refused %v, want accepted with warnings %v", name, r.Problems, codes)
			}
			for _, c := range codes {
				if !r.HasWarning(c) {
					t.Errorf("%s: warnings %v, want %s", name, r.Warnings, c)
				}
			}
		}
		if len(r.Problems) > 51 || len(r.Warnings) > 51 {
			t.Errorf("%s: %d problems, %d warnings reported; a phase reports at most 50 and a summary", name, len(r.Problems), len(r.Warnings))
		}
	}
}

func BenchmarkCrafted(b *testing.B) {
	for name, data := range craftedFiles() {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				glb.Check(data)
			}
		})
	}
}

// deepJSON nests an unknown property depth levels deep inside the cube's asset.
func deepJSON(depth int) []byte {
	m := glbtest.Cube()
	text, _ := json.Marshal(m.JSON)
	deep := strings.Repeat(`[`, depth) + strings.Repeat(`]`, depth)
	s := strings.Replace(string(text), `"asset":{`, `"asset":{"x_deep":`+deep+`,`, 1)
	return glbtest.Encode([]byte(s), m.Bin)
}

// Go's decoder allows 10,000 levels of nesting and refuses more; glTF ignores unknown
// properties, so a deep one is accepted up to that bound (the SDK must agree: it walks the
// tree without recursion, past goja's call-stack bound). The refusal says the bound is this
// toolchain's, not glTF's.
func TestDeepJSON(t *testing.T) {
	mustOK(t, deepJSON(9990))
	r := glb.Check(deepJSON(10001))
	if !r.Has(glb.CodeJSONText) || !strings.HasPrefix(r.Problems[0].Message, "JSON chunk nests more than 10,000 levels deep (at offset ") ||
		!strings.HasSuffix(r.Problems[0].Message, "): that is this toolchain's limit for reading JSON, not a rule of glTF or of Gizmo models") {
		t.Fatalf("problems = %v", r.Problems)
	}
}
