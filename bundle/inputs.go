package bundle

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/human"
)

// A cloned project is data to read, never to follow: its files must not make the build read
// beyond it, block, exhaust memory or crash the process running esbuild, which in `scape gizmo
// dev` is also the one serving the embedded host. InputGuard is the plugin that enforces it
// (docs/build.md, "What is refused at bundle time"):
//
//   - Every file esbuild loads is read here (OnLoad), not by esbuild: a regular file (never a
//     named pipe, a device or a socket: opened non-blocking and checked on the descriptor),
//     inside the project (esbuild reports the real path, so a symbolic link may point within
//     the project, as npm's and pnpm's links in node_modules do, but never out of it), at most
//     MaxInputBytes, and, if esbuild will parse it, nested at most MaxNesting deep (nesting.go).
//     esbuild gets the bytes read here, so what was checked is what it parses.
//   - A relative or absolute import whose path leaves the project is refused before esbuild
//     resolves it, naming the import; a data: URL import's content is scanned for nesting.
//   - The files esbuild's resolver reads on its own while resolving an import (package.json,
//     tsconfig.json or jsconfig.json and the configs they extend, in each directory on the
//     way; Yarn's .pnp manifests in the project directory) get the same checks first.
//
// Not covered: directories reached only through tsconfig "paths" or "baseUrl", and a config
// extended through a package's "exports": their files are still checked when loaded, not the
// manifests esbuild reads on the way. Above the project directory esbuild reads the user's own
// package.json and tsconfig.json files: those are the user's, not the project's.
type InputGuard struct {
	roots roots
	root  string   // the project directory
	names []string // it and its real path: what messages name files relative to

	// walkMu serializes the checks of directories and configs (manifests.go); dirs and
	// manifests are this build's results (nil: fine), under it.
	walkMu    sync.Mutex
	dirs      map[string]*api.Message
	manifests map[string]*api.Message

	mu      sync.Mutex
	build   int                      // counts Reset
	files   map[string]*checkedFile  // files that passed, by real path, while unchanged
	extends map[string]parsedExtends // tsconfig files' "extends", by real path
	volume  atomic.Int64             // this build's nesting volume so far (MaxNestingVolume)
}

// MaxNestingVolume bounds the nesting of all the files one build parses, taken together: the
// sum of the estimated depth (nesting.go) at every level opened and every operator chained. The
// depth bound alone leaves esbuild's renamer a cost that grows with the cube of the depth of
// nested scopes declaring the same names: 20 functions each nesting 499 arrow functions
// declaring the same parameter took 6 s to bundle, and a 4 MiB file holds over a thousand. The
// most of any real file measured is under 3,000,000 (an Emscripten-compiled 700 KB decoder;
// TypeScript's own 9 MB compiler 2,700,000), so this bound of 16,777,216 refuses no project
// whose bundle could fit in 1 MiB, and holds such a build to about 25 s.
const MaxNestingVolume = 1 << 24

// inputsPluginName marks the guard's diagnostics; their code travels in api.Message.Detail.
const inputsPluginName = "scape-inputs"

// NewInputGuard guards a build of the project in root (absolute); also are further directories
// whose files may be read (a test run's SDK sources).
func NewInputGuard(root string, also ...string) *InputGuard {
	g := &InputGuard{roots: newRoots(append([]string{root}, also...)...), root: filepath.Clean(root),
		dirs: map[string]*api.Message{}, manifests: map[string]*api.Message{},
		files: map[string]*checkedFile{}, extends: map[string]parsedExtends{}}
	g.names = []string{g.root}
	if real, err := filepath.EvalSymlinks(g.root); err == nil && real != g.root {
		g.names = append(g.names, real)
	}
	return g
}

// Reset starts a build: the manifests are checked again (they may have changed).
func (g *InputGuard) Reset() {
	g.walkMu.Lock()
	g.dirs, g.manifests = map[string]*api.Message{}, map[string]*api.Message{}
	g.walkMu.Unlock()
	g.mu.Lock()
	g.build++
	for path, f := range g.files {
		if f.build < g.build-1 {
			delete(g.files, path) // not read by the last build
		}
	}
	g.mu.Unlock()
	g.volume.Store(0)
}

// Plugin is the guard as an esbuild plugin. Put it after plugins that resolve imports to
// virtual or external modules, and before any that reads files.
func (g *InputGuard) Plugin() api.Plugin {
	return api.Plugin{
		Name: inputsPluginName,
		Setup: func(b api.PluginBuild) {
			b.OnResolve(api.OnResolveOptions{Filter: `.*`}, func(args api.OnResolveArgs) (res api.OnResolveResult, err error) {
				defer recoverPlugin(&res.Errors)
				return g.resolve(args), nil
			})
			b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "file"}, func(args api.OnLoadArgs) (res api.OnLoadResult, err error) {
				defer recoverPlugin(&res.Errors)
				return g.load(args), nil
			})
		},
	}
}

// recoverPlugin turns a panic in a plugin callback into an error at the import: esbuild calls
// plugins without a recover of its own, and a panic there would end the process (dev's and its
// embedded host's with it).
func recoverPlugin(errs *[]api.Message) {
	if r := recover(); r != nil {
		*errs = append(*errs, api.Message{Text: fmt.Sprintf("internal error in the build (please report it): %v", r), Detail: diag.CodeSyntax, Notes: []api.Note{{Text: string(debug.Stack())}}})
	}
}

func refusal(code diag.Code, text string, loc *api.Location) *api.Message {
	return &api.Message{Text: text, Detail: code, Location: loc}
}

func (g *InputGuard) resolve(args api.OnResolveArgs) api.OnResolveResult {
	if args.Namespace != "file" && args.Namespace != "" {
		return api.OnResolveResult{} // virtual modules: not files
	}
	spec, dir := args.Path, args.ResolveDir
	var m *api.Message
	switch {
	case strings.HasPrefix(spec, "data:"):
		m = dataURLNesting(spec)
	case dir == "":
	case args.Kind == api.ResolveEntryPoint:
		m = g.checkChain(filepath.Join(dir, filepath.FromSlash(spec))) // the entry, a link or not, and its directories
	case isPathImport(spec):
		target := filepath.Clean(filepath.Join(dir, filepath.FromSlash(spec)))
		if isAbsImport(spec) {
			target = filepath.Clean(filepath.FromSlash(spec))
		}
		if !g.roots.contains(target) {
			return api.OnResolveResult{Errors: []api.Message{{Text: fmt.Sprintf("import %q leads outside the project (to %s): a project imports only its own files", spec, target), Detail: diag.CodeImport}}}
		}
		if m = g.checkChain(dir); m == nil {
			m = g.checkChain(target)
		}
	default:
		// A package: esbuild looks in node_modules in the importer's directory and each one
		// above it.
		if m = g.checkChain(dir); m != nil {
			break
		}
		for d := dir; g.roots.contains(d); d = filepath.Dir(d) {
			if filepath.Base(d) != "node_modules" {
				if m = g.checkChain(filepath.Join(d, "node_modules", filepath.FromSlash(spec))); m != nil {
					break
				}
			}
			if g.roots.isRoot(d) || filepath.Dir(d) == d {
				break
			}
		}
	}
	if m != nil {
		return api.OnResolveResult{Errors: []api.Message{*m}}
	}
	return api.OnResolveResult{}
}

// isPathImport says whether an import names a path (`./x`, `../x`, `/x`, `C:\x`) rather than
// a package.
func isPathImport(spec string) bool {
	return spec == "." || spec == ".." || strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") || isAbsImport(spec)
}

func isAbsImport(spec string) bool {
	return strings.HasPrefix(spec, "/") || filepath.IsAbs(spec)
}

func (g *InputGuard) load(args api.OnLoadArgs) api.OnLoadResult {
	contents, m := g.read(args.Path)
	if m != nil {
		return api.OnLoadResult{Errors: []api.Message{*m}}
	}
	if len(args.With) > 0 {
		// Import attributes (`with { type: "json" }`) apply only to a file esbuild reads
		// itself: it reads this one again, checked a moment ago.
		return api.OnLoadResult{}
	}
	return api.OnLoadResult{Contents: &contents, Loader: api.LoaderDefault}
}

// read reads a file esbuild resolved (path is real) or a manifest, with every check. A file
// unchanged since the last build (by Lstat: size, modification time, mode, inode) is not read
// again, as esbuild's own file cache does: its checked contents are reused.
func (g *InputGuard) read(path string) (string, *api.Message) {
	if !g.roots.contains(path) {
		return "", refusal(diag.CodeImport, fmt.Sprintf("this import leads to %s, outside the project (through a symbolic link or a linked package): the build reads only the project's own files", path), nil)
	}
	key, cacheable := modKeyOf(path)
	if cacheable {
		g.mu.Lock()
		c, ok := g.files[path]
		if ok && c.key == key {
			c.build = g.build
		}
		g.mu.Unlock()
		if ok && c.key == key {
			return c.contents, g.addVolume(path, c.volume)
		}
	}
	data, err := readInput(path, MaxInputBytes)
	if err != nil {
		// The file is named by the location; the note esbuild adds names the import.
		var refused *inputError
		switch {
		case errors.As(err, &refused) && refused.size:
			return "", refusal(diag.CodeSize, refused.reason, &api.Location{File: path})
		case errors.As(err, &refused):
			return "", refusal(diag.CodeImport, refused.reason, &api.Location{File: path})
		case errors.Is(err, fs.ErrNotExist):
			// esbuild's own words, which CaseErrors recognises: on Linux, the file esbuild
			// found for an import spelled in another case is not there by that spelling.
			return "", &api.Message{Text: "Cannot read file: " + path}
		}
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return "", &api.Message{Text: fmt.Sprintf("Cannot read file %q: %v", g.rel(path), err)}
	}
	var volume int64
	if parsed(path) {
		var at int
		if at, volume = scanNesting(data, MaxNesting); at >= 0 {
			return "", nestingRefusal(path, data, at)
		}
	}
	contents := string(data)
	if cacheable {
		g.mu.Lock()
		g.files[path] = &checkedFile{key: key, contents: contents, volume: volume, build: g.build}
		g.mu.Unlock()
	}
	return contents, g.addVolume(path, volume)
}

// checkedFile is a file that passed every check, kept while it is unchanged.
type checkedFile struct {
	key      modKey
	contents string
	volume   int64
	build    int // the last build that read it
}

// addVolume counts a file's nesting volume into the build's (MaxNestingVolume).
func (g *InputGuard) addVolume(path string, volume int64) *api.Message {
	if g.volume.Add(volume) <= MaxNestingVolume {
		return nil
	}
	return refusal(diag.CodeSyntax, fmt.Sprintf("the project's scripts nest more, taken together, than the toolchain parses in one build (the sum of their nesting depths passes %s with %s): a bound on its own cost, as esbuild's work grows faster than the depth; real projects stay under a fifth of it",
		human.Int(MaxNestingVolume), g.rel(path)), &api.Location{File: path})
}

// rel is path relative to the project, for messages.
func (g *InputGuard) rel(path string) string {
	for _, root := range g.names {
		if r, err := filepath.Rel(root, path); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return filepath.ToSlash(r)
		}
	}
	return path
}

// parsed says whether esbuild parses a file of this name (as script, JSON or CSS), rather than
// embedding its bytes.
func parsed(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	if l, ok := Loaders()[ext]; ok {
		return l == api.LoaderJSON
	}
	return ext != ".txt" // esbuild's other default loaders parse
}

// maxLineText is how much of a line a nesting refusal carries for its code frame: the deepest
// files are often one enormous line.
const maxLineText = 512

func nestingRefusal(path string, data []byte, at int) *api.Message {
	line := 1 + bytes.Count(data[:at], []byte{'\n'})
	start := bytes.LastIndexByte(data[:at], '\n') + 1
	end := bytes.IndexByte(data[at:], '\n')
	if end < 0 {
		end = len(data) - at
	}
	text := "" // no code frame for a longer line; the column still says where
	if at+end-start <= maxLineText {
		text = strings.TrimRight(string(data[start:at+end]), "\r")
	}
	return refusal(diag.CodeSyntax, fmt.Sprintf("nested more than %d levels deep (brackets, operators and statements counted together): the toolchain refuses deeper nesting before parsing, to bound its own cost; no real code nests this deep", MaxNesting),
		&api.Location{File: path, Line: line, Column: at - start, LineText: text})
}

// dataURLNesting scans a data: URL import's content, which esbuild parses as script or JSON
// when its type says so.
func dataURLNesting(url string) *api.Message {
	data, ok := decodeDataURL(url)
	if !ok {
		return nil // esbuild says what is wrong with it
	}
	if nestingOffset(data, MaxNesting) >= 0 {
		return refusal(diag.CodeSyntax, fmt.Sprintf("this data: URL's content is nested more than %d levels deep: the toolchain refuses deeper nesting before parsing, to bound its own cost", MaxNesting), nil)
	}
	return nil
}
