package testrun

import (
	"embed"
	"io/fs"
)

//go:embed types/node-test.d.ts types/node-assert-strict.d.ts
var typeFiles embed.FS

// Types returns the TypeScript declarations of the test subset this runner supplies
// (node-test.d.ts and node-assert-strict.d.ts). Scaffolding vendors them into projects and maps
// `node:test` and `node:assert/strict` to them in tsconfig.json, so an editor flags any API the
// runner does not have.
func Types() fs.FS {
	sub, err := fs.Sub(typeFiles, "types")
	if err != nil {
		panic(err) // constant path into an embed.FS
	}
	return sub
}
