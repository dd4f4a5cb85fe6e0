package glb_test

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/scapeworld/scape/glb"
	"github.com/scapeworld/scape/glb/glbtest"
)

func TestCheckEncoded(t *testing.T) {
	cube := glbtest.Cube().GLB()
	b64 := base64.StdEncoding.EncodeToString(cube)
	for _, text := range []string{b64, "data:model/gltf-binary;base64," + b64, strings.TrimRight(b64, "=")} {
		if r := glb.CheckEncoded(text); !r.OK() {
			t.Errorf("%.40s…: %v", text, r.Problems)
		}
	}
	if r := glb.CheckEncoded(b64[:8] + "\n" + b64[8:]); !r.Has(glb.CodeNotBase64) {
		t.Errorf("line break accepted: %v", r.Problems)
	}
	if r := glb.CheckEncoded("not base64!"); !r.Has(glb.CodeNotBase64) {
		t.Errorf("problems = %v", r.Problems)
	}
	// 786,433 bytes as base64, refused from the length alone (the SDK does the same).
	over := strings.Repeat("A", 4*((glb.MaxFileBytes+1+2)/3)-2) + "=="
	r := glb.CheckEncoded(over)
	if !r.Has(glb.CodeTooLarge) || r.Problems[0].Message != "the model is 786433 bytes; a model can be at most 786432 bytes (768 KiB), the most that fits in the 1 MiB bundle as base64" {
		t.Errorf("problems = %v", r.Problems)
	}
	if r := glb.CheckEncoded(base64.StdEncoding.EncodeToString(make([]byte, glb.MaxFileBytes))); r.Has(glb.CodeTooLarge) {
		t.Errorf("exactly the limit refused for size: %v", r.Problems)
	}
}
