package scaffold

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/scapeworld/scape/kit"
)

// sdkEntries are the package's two public entry points (package.json "exports").
var sdkEntries = []string{"src/index.ts", "src/runtime.ts"}

// vendorSDK copies the SDK package into vendor/scape-sdk and compiles its dist/ for Node. It
// returns the package's files as written (package-relative path → contents), so a kit packs its
// archive from them without reading the directory back.
func vendorSDK(w *writer, sdk fs.FS) (map[string][]byte, error) {
	if _, err := fs.Stat(sdk, "package.json"); err != nil {
		return nil, fmt.Errorf("scaffold: the SDK has no package.json: %w", err)
	}
	for _, entry := range sdkEntries {
		if _, err := fs.Stat(sdk, entry); err != nil {
			return nil, fmt.Errorf("scaffold: the SDK has no %s: %w", entry, err)
		}
	}
	pkg := map[string][]byte{}
	add := func(p string, data []byte) error {
		pkg[p] = data
		return w.write(VendorSDK+"/"+p, data, 0o644)
	}
	copyOne := func(p string) error {
		data, err := fs.ReadFile(sdk, p)
		if err != nil {
			return err
		}
		return add(p, data)
	}
	if err := copyOne("package.json"); err != nil {
		return nil, err
	}
	for _, doc := range []string{"LIMITS.md", "README.md"} {
		if _, err := fs.Stat(sdk, doc); err == nil {
			if err := copyOne(doc); err != nil {
				return nil, err
			}
		}
	}
	err := fs.WalkDir(sdk, "src", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if !strings.HasSuffix(p, ".ts") || strings.HasSuffix(p, ".test.ts") {
			return nil
		}
		return copyOne(p)
	})
	if err != nil {
		return nil, fmt.Errorf("scaffold: copying the SDK: %w", err)
	}
	if err := compileDist(filepath.Join(w.root, filepath.FromSlash(VendorSDK)), add); err != nil {
		return nil, err
	}
	return pkg, nil
}

// compileDist compiles the vendored sources to ESM JavaScript in dist/, the files Node loads
// through package.json "exports". Code splitting keeps one copy of every module shared by both
// entries: without it dist/runtime.js would carry its own ObjectActionError class, and
// `instanceof` in an author's test would fail across the two entries. pkgDir is the vendored
// package on disk (esbuild reads the sources there); add records each output.
func compileDist(pkgDir string, add func(rel string, data []byte) error) error {
	entries := make([]string, len(sdkEntries))
	for i, e := range sdkEntries {
		entries[i] = filepath.Join(pkgDir, filepath.FromSlash(e))
	}
	outdir := filepath.Join(pkgDir, "dist")
	result := api.Build(api.BuildOptions{
		EntryPoints:   entries,
		AbsWorkingDir: pkgDir, // messages name vendor-relative paths, not the temporary directory
		Outdir:        outdir,
		Bundle:        true,
		Splitting:     true,
		Format:        api.FormatESModule,
		Platform:      api.PlatformNeutral,
		Target:        api.ES2022,
		EntryNames:    "[name]",
		ChunkNames:    "chunks/[name]-[hash]",
		Charset:       api.CharsetUTF8,
		LegalComments: api.LegalCommentsNone,
		LogLevel:      api.LogLevelSilent,
		Write:         false,
	})
	if len(result.Errors) > 0 {
		return kit.MessagesError("scaffold: compiling the vendored SDK failed", VendorSDK, result.Errors)
	}
	for _, f := range result.OutputFiles {
		rel, err := filepath.Rel(pkgDir, f.Path)
		if err != nil || strings.HasPrefix(rel, "..") {
			return fmt.Errorf("scaffold: esbuild wrote outside the SDK directory: %s", f.Path)
		}
		if err := add(filepath.ToSlash(rel), f.Contents); err != nil {
			return err
		}
	}
	return nil
}
