package kit

import "io/fs"

// CompileCachedForTest exposes the cached compile to the external test package.
func CompileCachedForTest(fsys fs.FS, useDisk bool) (*Compiled, error) {
	return compileCached(fsys, useDisk)
}
