// Package bundle turns a Gizmo project directory into one JavaScript file with esbuild's Go API.
//
// The bundle is an IIFE that assigns the entry module's exports to the global GlobalName.
// `@scape/sdk` is left out and imported through `require("@scape/sdk")`: whatever loads the
// bundle (the toolchain's validator, the dev host, a world host) defines `require` and supplies
// its own trusted SDK, as k6 supplies its k6/* modules. Everything else the project imports from
// its own files or node_modules is inside the bundle; Node built-ins, `@scape/sdk/runtime` and
// other imports no host can provide are "unsupported import" diagnostics.
//
// No printing, no exit codes: options in, a Result (bytes, source map, watch list, diagnostics)
// out. See docs/build.md.
package bundle

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/human"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/protocol"
)

const (
	// GlobalName is the global the bundle assigns its exports to: `var __scapeGizmo = (() => {…})();`.
	GlobalName = "__scapeGizmo"
	// ScriptName is the bundle's file name where no source map covers a position (protocol's:
	// the host reports positions under it).
	ScriptName = protocol.ScriptName
	// MaxBytes is the bundle limit from the spec's limits table: 1 MiB, assets included
	// (protocol's: the host refuses a larger upload by the same rule).
	MaxBytes = protocol.MaxBundleBytes
	// pluginName marks diagnostics raised by this package's import policy.
	pluginName = "scape-imports"
)

// Options for Build and NewContext.
type Options struct {
	// Dir is the project directory (default ".").
	Dir string
	// MaxBytes overrides the size limit (tests); 0 means MaxBytes.
	MaxBytes int
	// SDKVersion is the toolchain's SDK version, compared with a vendored copy in the project;
	// "" means kit.SDKVersion().
	SDKVersion string
}

// Input is one file that went into the bundle.
type Input struct {
	// Path is relative to the project directory, with forward slashes.
	Path string `json:"path"`
	// Bytes is how much of the bundle this input accounts for.
	Bytes int `json:"bytes"`
}

// Result of a build. JS is nil when Diagnostics has errors that prevent a bundle (syntax,
// imports); an over-size bundle keeps its JS so callers can still report on it.
type Result struct {
	Project *Project
	// JS is the bundle: no source map inside, no sourceMappingURL comment.
	JS []byte
	// SourceMap maps JS back to the project's files (v3, sources relative to Dir, with
	// contents). Keep it local: it is never part of what is uploaded.
	SourceMap []byte
	// Inputs are the bundle's inputs, largest share first.
	Inputs []Input
	// WatchFiles are absolute paths of every real file the build read, plus package.json and
	// tsconfig.json: what the dev loop watches.
	WatchFiles []string
	// Assets are the embedded .glb and .wav inputs (relative paths), for the model and audio checks.
	Assets      []string
	Diagnostics diag.List
	Duration    time.Duration
}

// OK says whether the bundle exists and nothing is an error.
func (r *Result) OK() bool { return r.JS != nil && !r.Diagnostics.HasErrors() }

// Limit is the size limit the build applied.
func (o Options) limit() int {
	if o.MaxBytes > 0 {
		return o.MaxBytes
	}
	return MaxBytes
}

// Build bundles the project once. The error is non-nil only when DIR is not a project at all
// (*NotProjectError); everything wrong inside a project is in Result.Diagnostics.
func Build(opts Options) (*Result, error) {
	c, err := NewContext(opts)
	if err != nil {
		return nil, err
	}
	defer c.Dispose()
	return c.Rebuild()
}

// Context is an incremental build for the dev loop: Rebuild reuses esbuild's parsed files and
// only re-reads what changed. Not safe for concurrent use.
type Context struct {
	opts    Options
	project *Project
	esb     api.BuildContext
	cases   *ImportCase // the case check of the entry and the imports
	guard   *InputGuard // what the build may read (inputs.go)
}

// NewContext prepares an incremental build. Like Build, it fails only for a non-project.
func NewContext(opts Options) (*Context, error) {
	if opts.Dir == "" {
		opts.Dir = "."
	}
	if opts.SDKVersion == "" {
		opts.SDKVersion = kit.SDKVersion()
	}
	// Validate that DIR is a project now, so the caller gets the usage error up front (the
	// entry's case is checked with each build).
	if _, _, err := readProject(opts.Dir, nil, nil); err != nil {
		return nil, err
	}
	root, err := filepath.Abs(opts.Dir)
	if err != nil {
		return nil, err
	}
	return &Context{opts: opts, cases: NewImportCase(root), guard: NewInputGuard(root)}, nil
}

// Dispose releases esbuild's context. The Context must not be used afterwards.
func (c *Context) Dispose() {
	if c.esb != nil {
		c.esb.Dispose()
		c.esb = nil
	}
}

// Rebuild builds again, re-reading package.json (a changed entry or name starts a fresh esbuild
// context).
func (c *Context) Rebuild() (*Result, error) {
	start := time.Now()
	// The directory listings of this build, for the entry's case and the imports' (a rename
	// since the last build changes them).
	c.cases.Reset()
	c.guard.Reset()
	project, diags, err := readProject(c.opts.Dir, func(string) *ImportCase { return c.cases }, &c.guard.roots)
	if err != nil {
		return nil, err
	}
	res := &Result{Project: project}
	manifestFiles := projectFiles(c.opts.Dir)
	if project == nil {
		res.Diagnostics = diags
		res.WatchFiles = manifestFiles
		res.Duration = time.Since(start)
		return res, nil
	}
	if c.esb == nil || c.project == nil || *c.project != *project {
		c.Dispose()
		esb, cerr := api.Context(esbuildOptions(project, c.cases, c.guard))
		if cerr != nil {
			return nil, fmt.Errorf("bundle: esbuild: %v", cerr.Errors)
		}
		c.esb, c.project = esb, project
	}
	out, crashed := c.rebuild()
	if crashed != nil {
		res.Diagnostics = append(res.Diagnostics, *crashed)
		res.WatchFiles = manifestFiles
		res.Duration = time.Since(start)
		return res, nil
	}
	errs, warns := CaseErrors(project.Dir, out.Errors, out.Warnings)
	res.Diagnostics = append(res.Diagnostics, messages(project.Dir, errs, diag.Error)...)
	res.Diagnostics = append(res.Diagnostics, messages(project.Dir, warns, diag.Warning)...)
	meta := parseMetafile(out.Metafile)
	res.WatchFiles = append(watchList(project.Dir, meta), manifestFiles...)
	res.WatchFiles = dedupe(res.WatchFiles)
	if len(errs) == 0 {
		res.JS, res.SourceMap = Outputs(out.OutputFiles)
		res.Inputs, res.Assets = inputs(meta)
		res.Diagnostics = append(res.Diagnostics, unfaithfulRegexps(res.JS, res.SourceMap)...)
		res.Diagnostics = append(res.Diagnostics, unlistedHostAPIs(res.JS, res.SourceMap)...)
		res.Diagnostics = append(res.Diagnostics, repeatedCaptureWarnings(res.JS, res.SourceMap)...)
		if d := sizeDiagnostic(len(res.JS), c.opts.limit(), res.Inputs); d != nil {
			res.Diagnostics = append(res.Diagnostics, *d)
		}
	}
	if d, ok := sdkVersionDiagnostic(project.Dir, c.opts.SDKVersion, c.guard.roots); ok {
		res.Diagnostics = append(res.Diagnostics, d)
	}
	res.Duration = time.Since(start)
	return res, nil
}

// outfile is a name inside the project directory, so source-map sources come out relative to it;
// nothing is written there (Write is false).
const outfile = "__scape_bundle.js"

// rebuild runs esbuild, turning a panic into an error diagnostic: esbuild recovers the panics of
// its parsers and printers itself, and the plugins recover theirs (recoverPlugin); this is the
// rest of the build, on the caller's goroutine. The context is dropped, its state unknown. (A
// stack overflow is fatal, past any recover: the nesting bound is what prevents it.)
func (c *Context) rebuild() (out api.BuildResult, crashed *diag.Diagnostic) {
	defer func() {
		if r := recover(); r != nil {
			c.esb, c.project = nil, nil // not Dispose: it may panic again
			crashed = &diag.Diagnostic{Code: diag.CodeSyntax, Message: fmt.Sprintf("internal error in esbuild (please report it): %v", r)}
		}
	}()
	return c.esb.Rebuild(), nil
}

func esbuildOptions(p *Project, cases *ImportCase, guard *InputGuard) api.BuildOptions {
	return api.BuildOptions{
		AbsWorkingDir:  p.Dir,
		EntryPoints:    []string{p.Entry},
		Bundle:         true,
		Format:         api.FormatIIFE,
		GlobalName:     GlobalName,
		Platform:       api.PlatformBrowser, // browser-style resolution of node_modules (module, main)
		Target:         kit.GojaTarget.Target,
		Supported:      supported(),
		Sourcemap:      api.SourceMapExternal,
		SourcesContent: api.SourcesContentInclude,
		Metafile:       true,
		Outfile:        filepath.Join(p.Dir, outfile),
		Write:          false,
		LogLevel:       api.LogLevelSilent,
		Loader:         Loaders(),
		Plugins:        []api.Plugin{ProjectImports.Plugin(nil), guard.Plugin(), cases.Plugin()},
	}
}

// supported is the goja target plus regex features goja gets wrong: esbuild then prints those
// regex literals as `new RegExp("…", "…")` calls, which unfaithfulRegexps finds and reports.
func supported() map[string]bool {
	s := map[string]bool{
		"regexp-unicode-property-escapes": false,
		"regexp-match-indices":            false,
		"regexp-set-notation":             false,
	}
	for k, v := range kit.GojaTarget.Supported {
		s[k] = v
	}
	return s
}

func projectFiles(dir string) []string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil
	}
	files := []string{filepath.Join(abs, "package.json")}
	if _, err := os.Stat(filepath.Join(abs, "tsconfig.json")); err == nil {
		files = append(files, filepath.Join(abs, "tsconfig.json"))
	}
	return files
}

func dedupe(in []string) []string {
	seen := map[string]bool{}
	out := in[:0]
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// messages converts esbuild messages to diagnostics, once per distinct (text, place): a plugin
// error is otherwise repeated for every file that imports the same module.
func messages(dir string, in []api.Message, sev diag.Severity) diag.List {
	var out diag.List
	seen := map[string]bool{}
	for _, m := range in {
		d := diag.Diagnostic{Severity: sev, Code: classify(m), Message: m.Text}
		if loc := m.Location; loc != nil {
			d = d.At(diag.FromByteColumn(relPath(dir, loc.File), loc.Line, loc.Column, loc.LineText))
			if loc.Length > 0 && loc.Column+loc.Length <= len(loc.LineText) && loc.Column >= 0 {
				d.Length = diag.UTF16Len(loc.LineText[loc.Column : loc.Column+loc.Length])
			}
		}
		if spec, ok := unresolvedPackage(m.Text); ok {
			d.Message = fmt.Sprintf("unsupported import %q: no such package in node_modules (install it, or remove the import; hosts supply only \"@scape/sdk\")", spec)
		}
		for _, n := range m.Notes {
			if strings.Contains(n.Text, "as external") {
				continue // authors cannot leave imports unresolved: no host would supply them
			}
			note := diag.Note{Message: n.Text}
			if strings.HasPrefix(n.Text, "The plugin ") && strings.HasSuffix(n.Text, " was triggered by this import") {
				note.Message = "imported here" // esbuild's words for the import that led to a refused file
			}
			if n.Location != nil {
				p := diag.FromByteColumn(relPath(dir, n.Location.File), n.Location.Line, n.Location.Column, n.Location.LineText)
				note.File, note.Line, note.Column = p.File, p.Line, p.Column
			}
			d.Notes = append(d.Notes, note)
		}
		key := fmt.Sprintf("%s\x00%s\x00%d\x00%d", d.Message, d.File, d.Line, d.Column)
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, d)
	}
	return out
}

// unresolvedPackage recognises esbuild's `Could not resolve "name"` for a bare package name.
func unresolvedPackage(text string) (string, bool) {
	const prefix = `Could not resolve "`
	if !strings.HasPrefix(text, prefix) || !strings.HasSuffix(text, `"`) {
		return "", false
	}
	spec := text[len(prefix) : len(text)-1]
	if spec == "" || strings.HasPrefix(spec, ".") || strings.HasPrefix(spec, "/") || filepath.IsAbs(spec) { // C:\x on Windows
		return "", false
	}
	return spec, true
}

func classify(m api.Message) diag.Code {
	if code, ok := m.Detail.(diag.Code); ok {
		return code // the input guard's refusals say which
	}
	switch {
	case m.PluginName == pluginName, m.PluginName == casePluginName:
		return diag.CodeImport
	case strings.HasPrefix(m.Text, "Could not resolve"):
		return diag.CodeImport
	case strings.HasPrefix(m.Text, "No loader is configured"):
		return diag.CodeImport
	}
	return diag.CodeSyntax
}

// relPath makes esbuild's file names project-relative with forward slashes.
func relPath(dir, file string) string {
	if file == "" {
		return ""
	}
	if filepath.IsAbs(file) {
		if rel, err := filepath.Rel(dir, file); err == nil {
			file = rel
		}
	}
	return filepath.ToSlash(file)
}

type metafile struct {
	Inputs map[string]struct {
		Bytes int `json:"bytes"`
	} `json:"inputs"`
	Outputs map[string]struct {
		Inputs map[string]struct {
			BytesInOutput int `json:"bytesInOutput"`
		} `json:"inputs"`
	} `json:"outputs"`
}

func parseMetafile(text string) *metafile {
	m := &metafile{}
	if text != "" {
		_ = json.Unmarshal([]byte(text), m)
	}
	return m
}

// watchList is every real input file (virtual modules carry a "namespace:" prefix).
func watchList(dir string, m *metafile) []string {
	var files []string
	for p := range m.Inputs {
		if strings.Contains(p, ":") && !filepath.IsAbs(p) {
			continue
		}
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(dir, filepath.FromSlash(p))
		}
		files = append(files, abs)
	}
	sort.Strings(files)
	return files
}

func inputs(m *metafile) (list []Input, assets []string) {
	for _, out := range m.Outputs {
		for p, in := range out.Inputs {
			list = append(list, Input{Path: filepath.ToSlash(p), Bytes: in.BytesInOutput})
		}
	}
	for p := range m.Inputs {
		if strings.HasSuffix(p, ".glb") || strings.HasSuffix(p, ".wav") {
			assets = append(assets, filepath.ToSlash(p))
		}
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].Bytes != list[j].Bytes {
			return list[i].Bytes > list[j].Bytes
		}
		return list[i].Path < list[j].Path
	})
	sort.Strings(assets)
	return list, assets
}

// largestInputs is how many inputs an over-size diagnostic lists.
const largestInputs = 5

// sizeDiagnostic is protocol.SizeProblem under limit with the largest inputs and their share, so the
// author knows what to cut.
func sizeDiagnostic(size, limit int, in []Input) *diag.Diagnostic {
	d := protocol.SizeProblem(size, limit)
	if d == nil {
		return nil
	}
	for i, input := range in {
		if i == largestInputs {
			break
		}
		d.Notes = append(d.Notes, diag.Note{File: input.Path, Message: fmt.Sprintf("%s bytes (%.1f%% of the bundle)", human.Int(input.Bytes), 100*float64(input.Bytes)/float64(size))})
	}
	return d
}

// sdkVersionDiagnostic warns when the project vendors (or installed) an SDK whose version is not
// the toolchain's: types the editor checks against differ from the rules the build applies.
func sdkVersionDiagnostic(dir, toolchain string, r roots) (diag.Diagnostic, bool) {
	for _, rel := range []string{"vendor/scape-sdk/package.json", "node_modules/@scape/sdk/package.json"} {
		// npm links node_modules/@scape/sdk to vendor/scape-sdk: a link is followed inside the
		// project only, and a file that is not a plain, bounded one is not read (inputs.go).
		data, err := r.read(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			continue
		}
		var m struct {
			Version string `json:"version"`
		}
		if json.Unmarshal(data, &m) != nil || m.Version == "" || m.Version == toolchain {
			continue
		}
		return diag.Diagnostic{
			Severity: diag.Warning,
			Code:     diag.CodeSDKVersion,
			File:     rel,
			Message:  fmt.Sprintf("the project's @scape/sdk is %s but this scape checks against %s: editor types may disagree with the build (update the vendored SDK with `scape gizmo kit export`, or use the matching scape)", m.Version, toolchain),
		}, true
	}
	return diag.Diagnostic{}, false
}
