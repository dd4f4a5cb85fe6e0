package kit

import "io/fs"

// CompileCachedForTest exposes the cached compile to the external test package; trusted nil is
// the binary's own check (compiledSum).
func CompileCachedForTest(fsys fs.FS, useDisk bool, trusted func([]byte) bool) (*Compiled, error) {
	if trusted == nil {
		trusted = trustedSum
	}
	return compileCached(fsys, useDisk, trusted)
}

// TrustedSumForTest is the binary's check of a compiled script.
func TrustedSumForTest(js []byte) bool { return trustedSum(js) }

// CompiledSumForTest is the hash the binary carries.
func CompiledSumForTest() string { return compiledSum }
