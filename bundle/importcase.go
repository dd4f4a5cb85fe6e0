package bundle

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/evanw/esbuild/pkg/api"
)

// An import whose spelling differs in case from the file on disk resolves on a case-insensitive
// file system (macOS and Windows by default) and fails on a case-sensitive one (Linux, where the
// host builds). So it is an error everywhere, with the same text everywhere, naming both
// spellings. Two mechanisms share that text:
//
//   - every name a relative or absolute import spells (`./Parts/x` for `parts/x.ts`,
//     `./Data.json` for `data.json`, `./Parts` for the directory `parts`): esbuild looks
//     directories up through the OS, so a Mac resolves `./Parts/x` silently and Linux says only
//     "Could not resolve". The plugin below compares each name with its directory's real entries.
//   - a file name esbuild completes (`./Lamp` for `lamp.ts`, an index file, an import through
//     tsconfig paths): esbuild matches names in a directory listing without regard to case on
//     every platform and warns "different-path-case" (Linux then fails to read the file it
//     found); CaseErrors turns that warning into the error and drops the read failure.
//
// The plugin's common path costs a map lookup per name an import spells and, per directory, one
// listing per build, or one stat when the directory is unchanged since the last build (list).
// esbuild's resolver runs again only for an import already known to be spelled in another case,
// to name its file.
//
// Not covered: Unicode normalization (a name typed in NFC, stored in NFD: APFS finds it, Linux
// does not) and imports inside node_modules (a package's own files are its publisher's).

// casePluginName marks the diagnostics of the case check (classified as import errors).
const casePluginName = "scape-import-case"

// caseProbe marks the plugin's own resolve calls, so it does not check them again.
type caseProbe struct{}

// ImportCase checks the case of a project's imports; see above. Builds of the project and of its
// tests (package testrun) use one each.
type ImportCase struct {
	root, under string // the project directory, and it with a trailing separator

	mu    sync.Mutex
	build int                 // counts Reset: a listing is checked once per build
	dirs  map[string]*listing // directory → its entries, kept while its modification time holds
}

// NewImportCase checks imports of files under root (the project directory, absolute).
func NewImportCase(root string) *ImportCase {
	root = filepath.Clean(root)
	under := root
	if !strings.HasSuffix(under, string(filepath.Separator)) {
		under += string(filepath.Separator)
	}
	return &ImportCase{root: root, under: under, dirs: map[string]*listing{}}
}

// Reset starts a build: each directory's listing is checked again (a rename since the last build
// changes it).
func (c *ImportCase) Reset() {
	c.mu.Lock()
	c.build++
	c.mu.Unlock()
}

// racyWindow: a directory modified this shortly before it was listed may have changed again
// within the same modification-time tick (a second on HFS+, two on FAT), so its listing is read
// again at the next build rather than trusted (git's "racy" index entries, the same way).
const racyWindow = 3 * time.Second

// list is dir's entries (none when it cannot be read). A build reads each directory once; the
// next build reuses the listing when the directory's modification time, which any create,
// delete or rename in it changes, is what it was (one stat instead of open, read and close).
// esbuild resolves imports on several goroutines at once, hence the lock.
func (c *ImportCase) list(dir string) *listing {
	c.mu.Lock()
	defer c.mu.Unlock()
	l := c.dirs[dir]
	if l != nil && l.build == c.build {
		return l
	}
	info, err := os.Stat(dir)
	switch {
	case err != nil, !info.IsDir():
		l = &listing{} // opening a named pipe to list it would block: only directories are listed
	case l != nil && l.trusted && info.ModTime().Equal(l.mtime):
	default:
		l = readDir(dir)
		l.mtime, l.trusted = info.ModTime(), time.Since(info.ModTime()) > racyWindow
	}
	l.build = c.build
	c.dirs[dir] = l
	return l
}

// listing is a directory's entry names, exactly and lowercased (as esbuild's own lookup
// lowercases them, on every platform).
type listing struct {
	exact map[string]bool
	lower map[string]string

	build   int       // the build that last checked it
	mtime   time.Time // the directory's modification time before it was read
	trusted bool      // mtime was older than racyWindow when read
}

// readListing lists dir, if it is a directory: opening a named pipe to list it would block.
func readListing(dir string) *listing {
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return &listing{}
	}
	return readDir(dir)
}

// maxListed bounds the names read from one directory: no project folder holds this many.
const maxListed = 100000

// readDir lists dir, known to be a directory.
func readDir(dir string) *listing {
	l := &listing{exact: map[string]bool{}, lower: map[string]string{}}
	f, err := os.Open(dir)
	if err != nil {
		return l
	}
	defer f.Close()
	// No sort, no stat: only the spellings matter. A planted folder of millions of names is not
	// read whole: past maxListed the check sees no more names (a missed case warning at worst).
	names, _ := f.Readdirnames(maxListed)
	for _, n := range names {
		l.exact[n] = true
		l.lower[strings.ToLower(n)] = n
	}
	return l
}

// spell is how the directory spells name: name itself, else an entry equal to it but for case;
// false when there is neither.
func (l *listing) spell(name string) (string, bool) {
	if l.exact[name] {
		return name, true
	}
	actual, ok := l.lower[strings.ToLower(name)]
	return actual, ok
}

// inside says whether dir (clean) is the project directory or under it: only the project's own
// spelling is the author's to fix.
func (c *ImportCase) inside(dir string) bool {
	return dir == c.root || strings.HasPrefix(dir, c.under)
}

// relativeOrAbsolute is the plugin's filter: `./x`, `../x`, `.`, `..`, `/abs/x`, `C:/x`.
const relativeOrAbsolute = `^(\.\.?(/|$)|/|[A-Za-z]:[/\\])`

// Plugin checks the names each relative or absolute import spells; it never resolves an import
// itself (esbuild's own resolution goes on unchanged) and refuses only one spelled in another
// case.
func (c *ImportCase) Plugin() api.Plugin {
	return api.Plugin{
		Name: casePluginName,
		Setup: func(b api.PluginBuild) {
			b.OnResolve(api.OnResolveOptions{Filter: relativeOrAbsolute, Namespace: "file"}, func(args api.OnResolveArgs) (res api.OnResolveResult, err error) {
				defer recoverPlugin(&res.Errors)
				if _, probe := args.PluginData.(caseProbe); probe || args.Kind == api.ResolveEntryPoint ||
					inNodeModules(args.Importer) || strings.ContainsAny(args.Path, "?#") {
					return api.OnResolveResult{}, nil
				}
				return c.check(b, args)
			})
		},
	}
}

func inNodeModules(path string) bool {
	return strings.Contains(filepath.ToSlash(path), "/node_modules/")
}

// check walks the names args.Path spells against the real entries of each directory. A file
// name that differs only by an extension esbuild adds (`./Lamp` for `lamp.ts`) is left to
// esbuild's own warning (CaseErrors).
func (c *ImportCase) check(b api.PluginBuild, args api.OnResolveArgs) (api.OnResolveResult, error) {
	spec := args.Path
	dir, parts := args.ResolveDir, strings.Split(spec, "/")
	absolute := !strings.HasPrefix(spec, ".")
	if absolute {
		rel, err := filepath.Rel(c.root, filepath.FromSlash(spec))
		if err != nil || !c.inside(filepath.Join(c.root, rel)) {
			return api.OnResolveResult{}, nil
		}
		dir, parts = c.root, strings.Split(filepath.ToSlash(rel), "/")
	}
	fixed := slices.Clone(parts)
	wrong := false
	for i, part := range parts {
		switch part {
		case "", ".":
			continue
		case "..":
			dir = filepath.Dir(dir)
			continue
		}
		if !c.inside(dir) {
			dir = filepath.Join(dir, part)
			continue
		}
		actual, ok := c.list(dir).spell(part)
		if !ok {
			break // nothing by that name in any case: a file esbuild finds by adding an extension, or nothing
		}
		if actual != part {
			fixed[i], wrong = actual, true
		}
		dir = filepath.Join(dir, actual)
	}
	if !wrong {
		return api.OnResolveResult{}, nil
	}
	// The rare path: resolve, to name the file. As written, the import may still find a file
	// spelled exactly (`./Lamp` → `Lamp.ts` beside a directory `lamp`): then nothing is wrong.
	opts := api.ResolveOptions{Importer: args.Importer, Namespace: "file", ResolveDir: args.ResolveDir, Kind: args.Kind, PluginData: caseProbe{}, With: args.With}
	if r := b.Resolve(spec, opts); resolved(r) && c.onDisk(r.Path) == r.Path {
		return api.OnResolveResult{}, nil
	}
	fixedSpec := strings.Join(fixed, "/")
	if absolute {
		fixedSpec = filepath.ToSlash(filepath.Join(c.root, filepath.FromSlash(fixedSpec)))
	}
	// The corrected spelling names the file, the same on every platform (Linux could not
	// resolve the import as written).
	r := b.Resolve(fixedSpec, opts)
	if !resolved(r) {
		return api.OnResolveResult{}, nil // not found in any case: esbuild says it cannot resolve it
	}
	file := c.onDisk(r.Path)
	return refuse(caseMessage(spec, display(args.ResolveDir, file, spec), respellLast(fixedSpec, file)))
}

func resolved(r api.ResolveResult) bool {
	return len(r.Errors) == 0 && r.Namespace == "file" && r.Path != ""
}

// onDisk is path as its directories spell it, from the project directory down (parts above it
// are left as they are).
func (c *ImportCase) onDisk(path string) string {
	rel, err := filepath.Rel(c.root, path)
	if err != nil || !c.inside(path) || rel == "." {
		return path
	}
	parts := strings.Split(rel, string(filepath.Separator))
	dir := c.root
	for i, part := range parts {
		if actual, ok := c.list(dir).spell(part); ok {
			parts[i] = actual
		}
		dir = filepath.Join(dir, parts[i])
	}
	return dir
}

// display is file as the import would spell it: relative to the importer's directory for a
// relative import, absolute for an absolute one; forward slashes either way.
func display(importerDir, file, spec string) string {
	if !strings.HasPrefix(spec, ".") {
		return filepath.ToSlash(file)
	}
	rel, err := filepath.Rel(importerDir, file)
	if err != nil {
		return filepath.ToSlash(file)
	}
	rel = filepath.ToSlash(rel)
	if rel != ".." && !strings.HasPrefix(rel, "../") {
		rel = "./" + rel
	}
	return rel
}

// respellLast is spec with its last part's leading characters spelled as the last part of
// onDisk spells them: `./Lamp` with `…/lamp.ts` → `./lamp`; `./Lamp.js` (a TypeScript-style
// import) → `./lamp.js`. An import of a directory's index file keeps its last part.
func respellLast(spec, onDisk string) string {
	i := strings.LastIndexByte(spec, '/') + 1
	last, actual := spec[i:], filepath.Base(onDisk)
	var b strings.Builder
	rest := last
	for rest != "" && actual != "" {
		r, n := utf8.DecodeRuneInString(rest)
		a, m := utf8.DecodeRuneInString(actual)
		if !strings.EqualFold(string(r), string(a)) {
			break
		}
		b.WriteRune(a)
		rest, actual = rest[n:], actual[m:]
	}
	return spec[:i] + b.String() + rest
}

// caseMessage is the one text of an import whose case differs from its file's (onDisk); fixed is
// the import respelled, when that can be said.
func caseMessage(spec, onDisk, fixed string) string {
	write := ""
	if fixed != spec {
		write = fmt.Sprintf(" (write %q)", fixed)
	}
	return fmt.Sprintf("import %q does not match the file's name on disk %q in case%s; %s", spec, onDisk, write, caseConsequence)
}

// caseConsequence says why a case mismatch is an error even where it resolves.
const caseConsequence = "it resolves only on a case-insensitive file system (macOS, Windows) and fails on a case-sensitive one (Linux, the host)"

// spelledOnDisk is rel (a path under the root, forward slashes) spelled as the directories along
// it spell their entries, and whether every part exists in some case.
func (c *ImportCase) spelledOnDisk(rel string) (string, bool) {
	parts := strings.Split(rel, "/")
	dir := c.root
	for i, part := range parts {
		actual, ok := c.list(dir).spell(part)
		if !ok {
			return "", false
		}
		parts[i] = actual
		dir = filepath.Join(dir, actual)
	}
	return strings.Join(parts, "/"), true
}

// differentCase reads esbuild's different-path-case warning: `Use "src/lamp.ts" instead of
// "src/Lamp.ts" to avoid issues with case-sensitive file systems` (paths relative to the
// working directory, forward slashes).
var differentCase = regexp.MustCompile(`^Use ("(?:[^"\\]|\\.)*") instead of ("(?:[^"\\]|\\.)*")`)

// CaseErrors turns esbuild's warnings that an import names a file in another case into errors
// (the caseMessage text, at the import), and drops the "Cannot read file" error Linux adds at
// the same import. dir is the build's working directory.
func CaseErrors(dir string, errs, warns []api.Message) ([]api.Message, []api.Message) {
	var keep []api.Message
	var at []api.Location
	for _, w := range warns {
		if w.ID != "different-path-case" || w.Location == nil {
			keep = append(keep, w)
			continue
		}
		text, ok := caseWarningText(dir, w)
		if !ok {
			continue // the name on disk is the one imported after all (two names differing in case)
		}
		errs = append(errs, api.Message{PluginName: casePluginName, Text: text, Location: w.Location})
		at = append(at, *w.Location)
	}
	if len(at) == 0 {
		return errs, keep
	}
	out := errs[:0:0]
	for _, e := range errs {
		if e.Location != nil && strings.HasPrefix(e.Text, "Cannot read file") && slices.ContainsFunc(at, func(l api.Location) bool {
			return l.File == e.Location.File && l.Line == e.Location.Line && l.Column == e.Location.Column
		}) {
			continue
		}
		out = append(out, e)
	}
	return out, keep
}

func caseWarningText(dir string, w api.Message) (string, bool) {
	loc := w.Location
	spec := ""
	if loc.Column >= 0 && loc.Length >= 2 && loc.Column+loc.Length <= len(loc.LineText) {
		spec = loc.LineText[loc.Column+1 : loc.Column+loc.Length-1] // inside the quotes
	}
	m := differentCase.FindStringSubmatch(w.Text)
	if m == nil || spec == "" {
		return "import " + w.Text, true
	}
	actual, err1 := strconv.Unquote(m[1])
	queried, err2 := strconv.Unquote(m[2])
	if err1 != nil || err2 != nil {
		return "import " + w.Text, true
	}
	abs := func(p string) string {
		if p = filepath.FromSlash(p); filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(dir, p)
	}
	actualAbs, queriedAbs := abs(actual), abs(queried)
	if readListing(filepath.Dir(queriedAbs)).exact[filepath.Base(queriedAbs)] {
		return "", false
	}
	importerDir := filepath.Dir(abs(loc.File))
	shown := actual
	if strings.HasPrefix(spec, ".") || filepath.IsAbs(filepath.FromSlash(spec)) {
		shown = display(importerDir, actualAbs, spec)
	}
	return caseMessage(spec, shown, respellLast(spec, actualAbs)), true
}
