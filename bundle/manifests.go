package bundle

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/scapeworld/scape/diag"
)

// esbuild's resolver reads, on its own, package.json and tsconfig.json (or jsconfig.json) in
// every directory it visits, the configs a tsconfig.json extends, and Yarn's PnP manifest in the
// working directory: files no plugin sees. The guard checks them in every directory on an
// import's way before esbuild resolves it (InputGuard.resolve), once per build.

// manifestNames are the files esbuild's resolver reads in each directory it visits.
var manifestNames = []string{"package.json", "tsconfig.json", "jsconfig.json"}

// pnpNames are Yarn PnP manifests, read from the working directory (the project) and above.
var pnpNames = []string{".pnp.data.json", ".pnp.cjs", ".pnp.js"}

// maxExtends bounds a chain of tsconfig files extending one another (esbuild stops at a cycle).
const maxExtends = 16

// checkChain checks dir and each directory above it inside the project: the directories
// esbuild's resolver visits for a file in dir. One walk at a time (walkMu): a directory whose
// check is under way is then only ever met again by the same walk, through a link or an
// "extends" that comes back, and counts as checked, so a cycle ends; and each directory and
// config is checked once per build, however many imports and configs lead to it.
func (g *InputGuard) checkChain(dir string) *api.Message {
	g.walkMu.Lock()
	defer g.walkMu.Unlock()
	return g.walk(dir)
}

func (g *InputGuard) walk(dir string) *api.Message {
	for d := filepath.Clean(dir); g.roots.contains(d); d = filepath.Dir(d) {
		if m := g.checkDir(d); m != nil {
			return m
		}
		if g.roots.isRoot(d) || filepath.Dir(d) == d {
			break
		}
	}
	return nil
}

// checkDir checks one directory's manifests, once per build. A directory that is a link
// inside the project is checked where it leads, as esbuild reads it there; one leading out of
// the project is refused (whatever esbuild would find there is outside).
func (g *InputGuard) checkDir(dir string) *api.Message {
	m, done := g.dirs[dir]
	if done {
		return m
	}
	g.dirs[dir] = nil // under way
	m = g.checkDirNow(dir)
	g.dirs[dir] = m
	return m
}

func (g *InputGuard) checkDirNow(dir string) *api.Message {
	info, err := os.Lstat(dir)
	switch {
	case err != nil, info.Mode().IsRegular():
		return nil // nothing there, or a file: no manifests (listing it fails at once)
	case !info.IsDir() && info.Mode()&fs.ModeSymlink == 0:
		// esbuild's resolver opens the directories on an import's way to list them, and
		// opening a named pipe waits for a writer forever.
		return refusal(diag.CodeImport, fmt.Sprintf("%s is %s, not a regular file or a directory: the build opens nothing else", g.rel(dir), fileKind(info.Mode())), nil)
	case info.Mode()&fs.ModeSymlink != 0:
		real, err := filepath.EvalSymlinks(dir)
		if err != nil {
			return nil
		}
		if !g.roots.contains(real) {
			return refusal(diag.CodeImport, fmt.Sprintf("%s is a symbolic link to %s, outside the project: the build reads only the project's own files", g.rel(dir), real), nil)
		}
		return g.walk(real)
	}
	names := manifestNames
	if g.roots.isRoot(dir) {
		names = append(names[:len(names):len(names)], pnpNames...)
	}
	for _, name := range names {
		if m := g.checkManifest(filepath.Join(dir, name), name != "package.json" && !strings.HasPrefix(name, ".pnp"), 0); m != nil {
			return m
		}
	}
	return nil
}

// checkManifest checks one config file, if there is one, and for a tsconfig.json the files it
// extends; once per build (under walkMu, as checkDir).
func (g *InputGuard) checkManifest(path string, tsconfig bool, depth int) *api.Message {
	m, done := g.manifests[path]
	if done {
		return m
	}
	g.manifests[path] = nil // under way
	m = g.checkManifestNow(path, tsconfig, depth)
	g.manifests[path] = m
	return m
}

func (g *InputGuard) checkManifestNow(path string, tsconfig bool, depth int) *api.Message {
	info, err := os.Lstat(path)
	if err != nil {
		return nil
	}
	real := path
	if info.Mode()&fs.ModeSymlink != 0 {
		if real, err = filepath.EvalSymlinks(path); err != nil {
			return nil // dangling: esbuild finds no file either
		}
		if !g.roots.contains(real) {
			return refusal(diag.CodeImport, fmt.Sprintf("%s is a symbolic link to %s, outside the project: the build reads only the project's own files", g.rel(path), real), nil)
		}
		if info, err = os.Stat(real); err != nil {
			return nil
		}
	}
	if info.IsDir() {
		return nil // esbuild looks for a file by that name only
	}
	data, m := g.read(real)
	if m != nil || !tsconfig {
		return m
	}
	return g.checkExtends(filepath.Dir(path), g.extendsOf(real, data), depth)
}

// extendsOf is tsconfigExtends(data), parsed once while the file is unchanged.
func (g *InputGuard) extendsOf(path, data string) []string {
	g.mu.Lock()
	e, ok := g.extends[path]
	g.mu.Unlock()
	if ok && e.contents == data {
		return e.list
	}
	list := tsconfigExtends([]byte(data))
	g.mu.Lock()
	g.extends[path] = parsedExtends{contents: data, list: list}
	g.mu.Unlock()
	return list
}

// parsedExtends is a tsconfig's "extends", with the contents it was parsed from.
type parsedExtends struct {
	contents string
	list     []string
}

// checkExtends checks the configs a tsconfig.json in dir extends, where esbuild would look for
// them. A path leading out of the project is refused when something is there.
func (g *InputGuard) checkExtends(dir string, extends []string, depth int) *api.Message {
	if depth >= maxExtends {
		return nil
	}
	for _, ext := range extends {
		if ext == "" {
			continue
		}
		if !isPathImport(ext) && ext != "." && ext != ".." {
			if m := g.checkPackageExtends(dir, ext, depth); m != nil {
				return m
			}
			continue
		}
		base := filepath.FromSlash(ext)
		if ext == "." || ext == ".." {
			base = filepath.Join(base, "tsconfig.json")
		}
		if !isAbsImport(ext) {
			base = filepath.Join(dir, base)
		}
		candidates := []string{base}
		if !strings.HasSuffix(base, ".json") {
			candidates = append(candidates, base+".json")
		}
		for _, c := range candidates {
			if !g.roots.contains(c) {
				if _, err := os.Lstat(c); err == nil {
					return refusal(diag.CodeImport, fmt.Sprintf("a tsconfig.json in %s extends %q, outside the project: the build reads only the project's own files", g.rel(dir), ext), nil)
				}
				continue
			}
			if m := g.walk(filepath.Dir(c)); m != nil {
				return m
			}
			if m := g.checkManifest(c, true, depth+1); m != nil {
				return m
			}
		}
	}
	return nil
}

// checkPackageExtends checks a config extended from a package: esbuild looks in node_modules
// in dir and each directory above it, at the package's package.json (and the file its
// "tsconfig" field names), and at ext itself, ext.json and ext/tsconfig.json.
func (g *InputGuard) checkPackageExtends(dir, ext string, depth int) *api.Message {
	name := ext
	if parts := strings.SplitN(ext, "/", 3); strings.HasPrefix(ext, "@") && len(parts) >= 2 {
		name = parts[0] + "/" + parts[1]
	} else {
		name = parts[0]
	}
	for d := dir; g.roots.contains(d); d = filepath.Dir(d) {
		if filepath.Base(d) != "node_modules" {
			pkgDir := filepath.Join(d, "node_modules", filepath.FromSlash(name))
			if m := g.walk(pkgDir); m != nil {
				return m
			}
			join := filepath.Join(d, "node_modules", filepath.FromSlash(ext))
			files := []string{filepath.Join(join, "tsconfig.json"), join, join + ".json"}
			if field := packageTSConfig(filepath.Join(pkgDir, "package.json")); field != "" {
				if !filepath.IsAbs(field) {
					field = filepath.Join(pkgDir, filepath.FromSlash(field))
				}
				files = append(files, field)
			}
			for _, f := range files {
				if !g.roots.contains(f) {
					if _, err := os.Lstat(f); err == nil {
						return refusal(diag.CodeImport, fmt.Sprintf("a tsconfig.json in %s extends %q, which leads outside the project: the build reads only the project's own files", g.rel(dir), ext), nil)
					}
					continue
				}
				if m := g.checkManifest(f, true, depth+1); m != nil {
					return m
				}
			}
		}
		if g.roots.isRoot(d) || filepath.Dir(d) == d {
			break
		}
	}
	return nil
}

// packageTSConfig is a package.json's "tsconfig" field, read as the build reads any file (the
// file itself was checked as a manifest by checkChain just before).
func packageTSConfig(path string) string {
	data, err := readInput(path, MaxInputBytes)
	if err != nil {
		return ""
	}
	var m struct {
		TSConfig string `json:"tsconfig"`
	}
	if json.Unmarshal(data, &m) != nil {
		return ""
	}
	return m.TSConfig
}

// tsconfigExtends is a tsconfig's "extends" (a string or an array of strings), or nothing
// when it does not parse (esbuild then reports it and reads no further).
func tsconfigExtends(data []byte) []string {
	var m struct {
		Extends json.RawMessage `json:"extends"`
	}
	if json.Unmarshal(jsoncToJSON(data), &m) != nil || len(m.Extends) == 0 {
		return nil
	}
	var one string
	if json.Unmarshal(m.Extends, &one) == nil {
		return []string{one}
	}
	var many []string
	_ = json.Unmarshal(m.Extends, &many)
	return many
}

// jsoncToJSON drops the comments and trailing commas tsconfig.json allows.
func jsoncToJSON(data []byte) []byte {
	out := make([]byte, 0, len(data))
	pendingComma := -1 // where in out a comma waits to see whether a `}` or `]` follows
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case c == '"':
			pendingComma = -1
			j := i + 1
			for j < len(data) && data[j] != '"' && data[j] != '\n' {
				if data[j] == '\\' {
					j++
				}
				j++
			}
			end := min(j+1, len(data))
			out = append(out, data[i:end]...)
			i = end - 1
		case c == '/' && i+1 < len(data) && data[i+1] == '/':
			for i < len(data) && data[i] != '\n' {
				i++
			}
			i--
		case c == '/' && i+1 < len(data) && data[i+1] == '*':
			end := strings.Index(string(data[i+2:]), "*/")
			if end < 0 {
				i = len(data)
			} else {
				i += 2 + end + 1
			}
		case c == ',':
			pendingComma = len(out)
			out = append(out, c)
		case c == '}' || c == ']':
			if pendingComma >= 0 {
				out = append(out[:pendingComma], out[pendingComma+1:]...)
			}
			pendingComma = -1
			out = append(out, c)
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			out = append(out, c)
		default:
			pendingComma = -1
			out = append(out, c)
		}
	}
	return out
}

// decodeDataURL is the content of a data: URL: base64 or percent-encoded.
func decodeDataURL(u string) ([]byte, bool) {
	header, payload, ok := strings.Cut(strings.TrimPrefix(u, "data:"), ",")
	if !ok {
		return nil, false
	}
	if strings.HasSuffix(header, ";base64") {
		data, err := base64.StdEncoding.DecodeString(payload)
		if err != nil {
			data, err = base64.RawStdEncoding.DecodeString(payload)
		}
		return data, err == nil
	}
	s, err := url.PathUnescape(payload)
	return []byte(s), err == nil
}
