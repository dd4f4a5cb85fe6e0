// Package kittest provides a small stand-in SDK for toolchain tests: the embedded SDK's real
// files (toolchain.ts, api.ts, internal helpers, authorCall) with a minimal index, runtime and
// catalogProblems overlaid (a handful of rules). Tests of the
// plumbing (jsrt, validate, bundle) use it so they do not depend on every SDK rule being written,
// and so they can rely on exact, stable messages.
package kittest

import (
	_ "embed"
	"io/fs"
	"sync"
	"testing/fstest"

	"github.com/scapeworld/scape/kit"
)

//go:embed fake/index.ts
var fakeIndex string

//go:embed fake/runtime.ts
var fakeRuntime string

//go:embed fake/catalog.ts
var fakeCatalog string

// FS returns the stand-in SDK file system.
func FS() fs.FS {
	real := kit.SDK()
	m := fstest.MapFS{}
	err := fs.WalkDir(real, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(real, p)
		m[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		panic(err)
	}
	m["src/index.ts"] = &fstest.MapFile{Data: []byte(fakeIndex)}
	m["src/runtime.ts"] = &fstest.MapFile{Data: []byte(fakeRuntime)}
	m["src/internal/catalog.ts"] = &fstest.MapFile{Data: []byte(fakeCatalog)}
	return m
}

var (
	once     sync.Once
	compiled *kit.Compiled
	err      error
)

// SDK compiles the stand-in SDK once per test binary.
func SDK() (*kit.Compiled, error) {
	once.Do(func() { compiled, err = kit.CompileSDK(FS()) })
	return compiled, err
}
