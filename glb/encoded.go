package glb

import (
	"encoding/base64"
	"fmt"
	"strings"
)

// MaxEncodedBytes is the longest base64 text of a MaxFileBytes model.
const MaxEncodedBytes = 4 * ((MaxFileBytes + 2) / 3)

var dataURLPrefixes = []string{"data:model/gltf-binary;base64,", "data:application/octet-stream;base64,"}

// CheckEncoded checks a model as `presentation.model` carries it: base64 (what esbuild's base64
// loader produces), optionally as a data: URL (the dataurl loader). It accepts exactly what the
// SDK's validateGizmoModel accepts, and an over-long text is refused from its length before
// anything is decoded. Use it where the model arrives as a string (the host, a built bundle).
func CheckEncoded(encoded string) *Result {
	body := encoded
	for _, p := range dataURLPrefixes {
		body = strings.TrimPrefix(body, p)
	}
	if len(body) > MaxEncodedBytes {
		n := len(body)*3/4 - min(2, len(body)-len(strings.TrimRight(body, "=")))
		return &Result{Facts: Facts{Bytes: n, Extensions: []string{}}, Problems: []Problem{{
			Step: 1, Code: CodeTooLarge, Value: n,
			Message: fmt.Sprintf("the model is %d bytes; a model can be at most %d bytes (768 KiB), the most that fits in the 1 MiB bundle as base64", n, MaxFileBytes),
		}}}
	}
	// Go's decoder skips line breaks; the SDK's does not, and the two must agree.
	data, err := []byte(nil), fmt.Errorf("line break in base64")
	if !strings.ContainsAny(body, "\r\n") {
		data, err = base64.StdEncoding.DecodeString(body)
		if err != nil {
			data, err = base64.RawStdEncoding.DecodeString(body)
		}
	}
	if err != nil {
		return &Result{Facts: Facts{Extensions: []string{}}, Problems: []Problem{{
			Step: 1, Code: CodeNotBase64,
			Message: "model: must be a base64-encoded .glb (import the .glb file so the bundler embeds it)",
		}}}
	}
	return CheckNamed("the model", data)
}
