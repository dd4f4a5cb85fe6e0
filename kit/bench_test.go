package kit_test

import (
	"testing"

	"github.com/dop251/goja"

	"github.com/scapeworld/scape/kit"
)

// BenchmarkCompileSDK is the cost the disk cache saves: esbuild over the embedded SDK.
func BenchmarkCompileSDK(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := kit.CompileSDK(kit.SDK()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGojaCompileSDK is the per-process cost no cache can save: goja compiling the SDK.
func BenchmarkGojaCompileSDK(b *testing.B) {
	c, err := kit.CompileSDK(kit.SDK())
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(c.JS)))
	for i := 0; i < b.N; i++ {
		if _, err := goja.Compile("sdk.js", string(c.JS), false); err != nil {
			b.Fatal(err)
		}
	}
}
