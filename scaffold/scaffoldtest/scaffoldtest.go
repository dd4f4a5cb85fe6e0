// Package scaffoldtest holds the fixtures the tests of project creation share (package scaffold
// and the init and kit export commands): a tiny SDK package and test declarations, so those
// tests exercise scaffolding alone, fast, whatever state kit/sdk is in.
package scaffoldtest

import "testing/fstest"

// SDK is a minimal package laid out like kit/sdk: package.json, LIMITS.md, the two entries
// (src/index.ts, src/runtime.ts) sharing one module, and a test file that must not be vendored.
func SDK() fstest.MapFS {
	return fstest.MapFS{
		"package.json":    {Data: []byte(`{"name":"@scape/sdk","version":"0.1.0","type":"module"}`)},
		"LIMITS.md":       {Data: []byte("# limits\n")},
		"src/api.ts":      {Data: []byte("export class ObjectActionError extends Error { constructor(readonly status: number, message: string) { super(message); } }\n")},
		"src/index.ts":    {Data: []byte("export { ObjectActionError } from './api.js';\n")},
		"src/runtime.ts":  {Data: []byte("import { ObjectActionError } from './api.js';\nexport const refuse = () => { throw new ObjectActionError(403, 'no'); };\n")},
		"src/api.test.ts": {Data: []byte("// not vendored\n")},
	}
}

// TestTypes stands for testrun.Types(): the two declaration files a project vendors.
func TestTypes() fstest.MapFS {
	return fstest.MapFS{
		"node-test.d.ts":          {Data: []byte("export declare const test: any;\n")},
		"node-assert-strict.d.ts": {Data: []byte("declare const assert: any; export default assert;\n")},
	}
}
