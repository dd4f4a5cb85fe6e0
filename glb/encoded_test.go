package glb_test

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"reflect"
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

// The size refusal reads the same whether it comes from the bytes, the file's size (nothing
// read) or the base64 text's length (nothing decoded).
func TestTooLargeSameFromEveryEntry(t *testing.T) {
	data := make([]byte, glb.MaxFileBytes+1)
	path := filepath.Join(t.TempDir(), "big.glb")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	fromFile, err := glb.CheckFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fromBytes := glb.CheckNamed("big.glb", data)
	fromText := glb.CheckEncoded(base64.StdEncoding.EncodeToString(data))
	fromText.Problems[0].Message = strings.Replace(fromText.Problems[0].Message, "the model", "big.glb", 1)
	for _, r := range []*glb.Result{fromFile, fromBytes, fromText} {
		if !reflect.DeepEqual(r.Problems, fromFile.Problems) || r.Facts.Bytes != len(data) {
			t.Errorf("%+v\nwant %+v", r, fromFile)
		}
	}
	if p := fromFile.Problems; len(p) != 1 || p[0].Code != glb.CodeTooLarge || p[0].Value != int64(len(data)) {
		t.Errorf("problems = %+v", p)
	}
}
