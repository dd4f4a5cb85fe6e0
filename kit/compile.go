package kit

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/scapeworld/scape/internal/timeline"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/scapeworld/scape/internal/atomicfile"
	"github.com/scapeworld/scape/internal/cachedir"
)

// ToolchainEntry is the SDK file compiled for goja. It publishes the global named by
// ToolchainGlobal.
const (
	ToolchainEntry  = "src/toolchain.ts"
	ToolchainGlobal = "__scapeToolchain"
)

// Compiled is the SDK's toolchain entry as one self-contained IIFE script that goja can run.
type Compiled struct {
	// JS is the script; running it defines globalThis.__scapeToolchain.
	JS []byte
	// Hash identifies the SDK sources the script was compiled from (hex SHA-256).
	Hash string
}

var (
	compileOnce sync.Once
	compiled    *Compiled
	compileErr  error
)

// Toolchain compiles the embedded SDK's toolchain entry once per process and returns it.
//
// Cost: esbuild takes tens of milliseconds for the whole SDK, a noticeable share of a build's
// time budget; so the result is also cached on disk under the user cache directory, keyed by the
// SHA-256 of the embedded sources (a changed SDK gets a new key; a stale entry can never be
// used). Set SCAPE_NO_CACHE=1 to bypass the disk cache. See docs/build.md for measurements.
func Toolchain() (*Compiled, error) {
	compileOnce.Do(func() {
		compiled, compileErr = compileCached(SDK(), os.Getenv("SCAPE_NO_CACHE") != "1", trustedSum)
	})
	return compiled, compileErr
}

// CompileSDK compiles the toolchain entry of any SDK file system laid out like kit/sdk (package.json
// and src/), without caches. Tests use it on in-memory SDKs.
func CompileSDK(fsys fs.FS) (*Compiled, error) {
	hash, err := sourceHash(fsys)
	if err != nil {
		return nil, err
	}
	js, err := compile(fsys)
	if err != nil {
		return nil, err
	}
	return &Compiled{JS: js, Hash: hash}, nil
}

// compiledSum is the SHA-256 (hex) of the embedded SDK's compiled toolchain script, carried by
// the binary: the disk cache is only a cache of bytes this binary could make itself, so a cached
// script is run only when its hash is this one. A script planted in the cache (a shared or
// another user's cache folder, a link) is never run as the trusted SDK, whatever its name.
// `go test ./kit -run TestCompiledSum -update` rewrites it after the SDK changes; until then the
// cache is simply not used.
//
//go:embed compiled.sha256
var compiledSum string

// trustedSum says whether js is the compiled embedded SDK.
func trustedSum(js []byte) bool {
	sum := sha256.Sum256(js)
	return hex.EncodeToString(sum[:]) == strings.TrimSpace(compiledSum)
}

func compileCached(fsys fs.FS, useDisk bool, trusted func([]byte) bool) (*Compiled, error) {
	hash, err := sourceHash(fsys)
	if err != nil {
		return nil, err
	}
	var cacheFile string
	if useDisk {
		if dir, err := cachedir.Dir(""); err == nil {
			cacheFile = filepath.Join(dir, "sdk-"+hash[:32]+".js")
			if js, err := readCache(cacheFile); err == nil && trusted(js) {
				timeline.Mark("kit: SDK cache read")
				return &Compiled{JS: js, Hash: hash}, nil
			}
		}
	}
	js, err := compile(fsys)
	if err != nil {
		return nil, err
	}
	if cacheFile != "" && trusted(js) {
		_ = atomicfile.Write(cacheFile, js, 0o600) // best effort: a read-only home only costs speed
		pruneCache(filepath.Dir(cacheFile), keepCached)
	}
	return &Compiled{JS: js, Hash: hash}, nil
}

// maxCached bounds a cached script read (the compiled SDK is a few hundred KiB).
const maxCached = 16 << 20

// readCache reads a cached script: a regular file (never a link), under maxCached.
func readCache(file string) ([]byte, error) {
	info, err := os.Lstat(file)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() || info.Size() > maxCached {
		return nil, fmt.Errorf("%s is not a cached script", file)
	}
	return os.ReadFile(file)
}

// keepCached is how many compiled SDKs the cache keeps (several scape versions may be in use).
const keepCached = 4

// pruneCache removes all but the keep most recently written sdk-*.js files.
func pruneCache(dir string, keep int) {
	matches, err := filepath.Glob(filepath.Join(dir, "sdk-*.js"))
	if err != nil || len(matches) <= keep {
		return
	}
	type entry struct {
		path string
		mod  int64
	}
	var entries []entry
	for _, m := range matches {
		if info, err := os.Stat(m); err == nil {
			entries = append(entries, entry{m, info.ModTime().UnixNano()})
		}
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].mod > entries[j].mod })
	for _, e := range entries[min(keep, len(entries)):] {
		os.Remove(e.path)
	}
}

// sourceHash is the SHA-256 over every file's path and bytes, in path order.
func sourceHash(fsys fs.FS) (string, error) {
	var files []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("kit: reading SDK: %w", err)
	}
	sort.Strings(files)
	h := sha256.New()
	for _, p := range files {
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", p, len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// GojaTarget is the esbuild target for every script goja runs (SDK, bundles, tests): ES2022
// with async generators and for-await lowered, which goja cannot parse.
var GojaTarget = struct {
	Target    api.Target
	Supported map[string]bool
}{api.ES2022, map[string]bool{"async-generator": false, "for-await": false}}

const sdkNamespace = "scape-sdk"

// compile bundles src/toolchain.ts from fsys with every import resolved inside fsys, so nothing
// on disk (no node_modules) is involved.
func compile(fsys fs.FS) ([]byte, error) {
	plugin := api.Plugin{
		Name: "scape-sdk-fs",
		Setup: func(b api.PluginBuild) {
			b.OnResolve(api.OnResolveOptions{Filter: ".*"}, func(args api.OnResolveArgs) (api.OnResolveResult, error) {
				if args.Kind == api.ResolveEntryPoint {
					return api.OnResolveResult{Path: args.Path, Namespace: sdkNamespace}, nil
				}
				if !strings.HasPrefix(args.Path, "./") && !strings.HasPrefix(args.Path, "../") {
					return api.OnResolveResult{}, fmt.Errorf("the SDK may import only its own modules (got %q)", args.Path)
				}
				target := path.Join(path.Dir(args.Importer), args.Path)
				if strings.HasSuffix(target, ".js") {
					target = strings.TrimSuffix(target, ".js") + ".ts"
				}
				if _, err := fs.Stat(fsys, target); err != nil {
					return api.OnResolveResult{}, fmt.Errorf("SDK module %s does not exist", target)
				}
				return api.OnResolveResult{Path: target, Namespace: sdkNamespace}, nil
			})
			b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: sdkNamespace}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
				data, err := fs.ReadFile(fsys, args.Path)
				if err != nil {
					return api.OnLoadResult{}, err
				}
				text := string(data)
				return api.OnLoadResult{Contents: &text, Loader: api.LoaderTS}, nil
			})
		},
	}
	result := api.Build(api.BuildOptions{
		EntryPoints: []string{ToolchainEntry},
		Bundle:      true,
		Format:      api.FormatIIFE,
		Target:      GojaTarget.Target,
		Supported:   GojaTarget.Supported,
		Platform:    api.PlatformNeutral,
		// goja's compile time is proportional to the script: minified identifiers halve it
		// (57 → 27 ms for the whole SDK, measured). KeepNames keeps every function's and
		// class's .name, so messages and describeValue still show real names.
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		KeepNames:         true,
		Charset:           api.CharsetUTF8,
		LogLevel:          api.LogLevelSilent,
		Plugins:           []api.Plugin{plugin},
		Write:             false,
		Outfile:           "sdk.js",
	})
	if len(result.Errors) > 0 {
		return nil, MessagesError("kit: compiling the embedded SDK failed", "", result.Errors)
	}
	for _, f := range result.OutputFiles {
		if strings.HasSuffix(f.Path, ".js") {
			return f.Contents, nil
		}
	}
	return nil, errors.New("kit: compiling the embedded SDK produced no script")
}

// MessagesError turns esbuild's errors into one error for a compile the author did not write
// (the embedded or vendored SDK): what failed, then `file:line:column: text` per message, files
// under dir when dir is not empty.
func MessagesError(what, dir string, msgs []api.Message) error {
	lines := []string{what + ":"}
	for _, m := range msgs {
		loc := ""
		if m.Location != nil {
			file := m.Location.File
			if dir != "" {
				file = dir + "/" + file
			}
			loc = fmt.Sprintf("%s:%d:%d: ", file, m.Location.Line, m.Location.Column+1)
		}
		lines = append(lines, loc+m.Text)
	}
	return errors.New(strings.Join(lines, "\n"))
}
