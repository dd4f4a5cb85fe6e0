package glb

import (
	"crypto/sha256"
	"encoding/base64"
	"errors"
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
	data, err := DecodeEncoded(encoded)
	var long *tooLongError
	if errors.As(err, &long) {
		return tooLargeResult("the model", long.size)
	}
	if err != nil {
		return &Result{Facts: Facts{Extensions: []string{}}, Problems: []Problem{{
			Step: 1, Code: CodeNotBase64,
			Message: "model: must be a base64-encoded .glb (import the .glb file so the bundler embeds it)",
		}}, Warnings: []Problem{}}
	}
	return CheckNamed("the model", data)
}

// DecodeEncoded is the one reading of a presentation.model string (CheckEncoded's, and every
// caller's that needs a model's bytes): base64 with or without padding, optionally as a data:
// URL, no line breaks, and a text longer than a MaxFileBytes model's refused from its length
// before anything is decoded.
func DecodeEncoded(encoded string) ([]byte, error) {
	body := encoded
	for _, p := range dataURLPrefixes {
		body = strings.TrimPrefix(body, p)
	}
	if len(body) > MaxEncodedBytes {
		n := len(body)*3/4 - min(2, len(body)-len(strings.TrimRight(body, "=")))
		return nil, &tooLongError{size: int64(n)}
	}
	// Go's decoder skips line breaks; the SDK's does not, and the two must agree.
	if strings.ContainsAny(body, "\r\n") {
		return nil, errors.New("line break in base64")
	}
	data, err := base64.StdEncoding.DecodeString(body)
	if err != nil {
		data, err = base64.RawStdEncoding.DecodeString(body)
	}
	return data, err
}

// tooLongError is an encoded model whose decoded size (size bytes) is over MaxFileBytes.
type tooLongError struct{ size int64 }

func (e *tooLongError) Error() string {
	return fmt.Sprintf("the model is %d bytes; a model can be at most %d bytes", e.size, MaxFileBytes)
}

// CheckEncoded is Cache.Check for a presentation.model string, keyed by the SHA-256 of the
// text (the same bytes in two encodings are two entries; the SDK embeds one).
func (c *Cache) CheckEncoded(encoded string) *Result {
	return c.check(sha256.Sum256([]byte(encoded)), func() *Result { return CheckEncoded(encoded) })
}

// NativeVerdict is a Result in the form the SDK's `globalThis.__scapeModelCheck` hook returns
// (see kit/sdk/src/model.ts): nil for an accepted model, else the first problem's message and
// value. A model with only warnings is accepted (nil): warnings never refuse, and the caller
// reports them itself (validate turns them into warning diagnostics). A runtime installs the
// hook so goja defers to this package:
//
//	vm.Set("__scapeModelCheckGo", func(s string) any { return glb.NativeVerdict(cache.CheckEncoded(s)) })
//	vm.RunString(`Object.defineProperty(globalThis, '__scapeModelCheck', {value: __scapeModelCheckGo,
//	    writable: false, configurable: false, enumerable: false}); delete globalThis.__scapeModelCheckGo`)
//
// before any author code runs.
func NativeVerdict(r *Result) any {
	if r.OK() {
		return nil
	}
	p := r.Problems[0]
	v := map[string]any{"message": p.Message}
	if p.Value != nil {
		v["value"] = p.Value
	}
	return v
}
