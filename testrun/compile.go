package testrun

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/kit"
)

// Modules the runner supplies at run time; a test bundle leaves them as require() calls.
var suppliedModules = map[string]bool{
	"@scape/sdk":         true,
	"@scape/sdk/runtime": true,
	"node:test":          true,
	"node:assert/strict": true,
}

// CompileError is a test file esbuild could not compile (syntax errors, unresolved or
// unsupported imports). Each message already names file:line:column.
type CompileError struct {
	File     string
	Messages []string
}

func (e *CompileError) Error() string { return strings.Join(e.Messages, "\n") }

// compiled is one test file as goja will run it.
type compiled struct {
	js, sourceMap []byte
}

// compileTest bundles the test file rel (relative to dir) into an IIFE for goja, with a source
// map whose sources are relative to dir, so stack frames read `test/lamp.test.ts:42:7`. A
// non-empty sdkSource bundles the SDK entries from that directory (Options.SDKSource).
func compileTest(dir, rel, sdkSource string) (*compiled, error) {
	var sdkEntries map[string]string
	if sdkSource != "" {
		abs, err := filepath.Abs(sdkSource)
		if err != nil {
			return nil, err
		}
		sdkEntries = map[string]string{
			"@scape/sdk":         filepath.Join(abs, "src", "index.ts"),
			"@scape/sdk/runtime": filepath.Join(abs, "src", "runtime.ts"),
		}
	}
	unsupported := api.Plugin{
		Name: "scape-test-imports",
		Setup: func(b api.PluginBuild) {
			b.OnResolve(api.OnResolveOptions{Filter: `^(@scape/sdk(/.*)?|node:.*|assert(/strict)?|test)$`}, func(args api.OnResolveArgs) (api.OnResolveResult, error) {
				if file, ok := sdkEntries[args.Path]; ok {
					return api.OnResolveResult{Path: file}, nil
				}
				if suppliedModules[args.Path] {
					return api.OnResolveResult{Path: args.Path, External: true}, nil
				}
				switch {
				case args.Path == "node:assert" || args.Path == "assert" || args.Path == "assert/strict":
					return api.OnResolveResult{}, fmt.Errorf("unsupported import %q: use node:assert/strict (the runner supplies the strict assertions only)", args.Path)
				case args.Path == "test":
					return api.OnResolveResult{}, fmt.Errorf("unsupported import %q: use node:test", args.Path)
				case strings.HasPrefix(args.Path, "@scape/sdk"):
					return api.OnResolveResult{}, fmt.Errorf("unsupported import %q: the SDK's entries are @scape/sdk and @scape/sdk/runtime", args.Path)
				}
				return api.OnResolveResult{}, fmt.Errorf("unsupported import %q: scape gizmo test supplies only @scape/sdk, @scape/sdk/runtime, node:test and node:assert/strict", args.Path)
			})
		},
	}
	// An import spelled in another case than its file fails the test file on every platform, as
	// it fails the build (bundle.ImportCase): a suite that passes on a Mac must not fail in CI.
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	cases := bundle.NewImportCase(absDir)
	plugins := []api.Plugin{unsupported, cases.Plugin()}
	if sdkSource == "" {
		// An author's test files are read as the build reads the project (bundle.InputGuard):
		// regular files inside the project only, bounded in size and nesting, no imports leaving
		// it. The SDK's own suite (sdkSource: the toolchain's sources, never a project's) imports
		// the repository's conformance data from outside its package, and is not guarded.
		plugins = []api.Plugin{unsupported, bundle.NewInputGuard(absDir).Plugin(), cases.Plugin()}
	}
	result := api.Build(api.BuildOptions{
		EntryPoints:    []string{rel},
		AbsWorkingDir:  dir,
		Outfile:        filepath.Join(dir, "scape-test.js"), // never written: Write is false
		Write:          false,
		Bundle:         true,
		Format:         api.FormatIIFE,
		Target:         kit.GojaTarget.Target,
		Supported:      bundle.GojaSupported(), // regex features goja gets wrong become findable RegExp calls
		Platform:       api.PlatformBrowser,    // resolve node_modules exactly as the build does
		Sourcemap:      api.SourceMapExternal,
		SourcesContent: api.SourcesContentInclude,
		// ASCII (esbuild's default, as the build's): goja counts a generated column in bytes and
		// looks it up in a source map that counts UTF-16 units; the two agree only on ASCII lines.
		Charset:  api.CharsetASCII,
		LogLevel: api.LogLevelSilent,
		Loader:   bundle.Loaders(), // assets load exactly as in a build
		Plugins:  plugins,
	})
	result.Errors, result.Warnings = bundle.CaseErrors(absDir, result.Errors, result.Warnings)
	if len(result.Errors) > 0 {
		seen := map[string]bool{}
		ce := &CompileError{File: rel}
		for _, m := range result.Errors {
			text := m.Text
			if m.Location != nil {
				p := diag.FromByteColumn(filepath.ToSlash(m.Location.File), m.Location.Line, m.Location.Column, m.Location.LineText)
				text = fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Column, m.Text)
			}
			if !seen[text] { // a plugin error repeats once per importer
				seen[text] = true
				ce.Messages = append(ce.Messages, text)
			}
		}
		return nil, ce
	}
	out := &compiled{}
	out.js, out.sourceMap = bundle.Outputs(result.OutputFiles)
	if out.js == nil {
		return nil, &CompileError{File: rel, Messages: []string{rel + ": esbuild produced no output"}}
	}
	// A test that goja would run wrongly must fail loudly, never pass or fail for the wrong
	// reason: the same check as the build's.
	if found := bundle.UnfaithfulRegexps(out.js, out.sourceMap); len(found) > 0 {
		ce := &CompileError{File: rel}
		for _, d := range found {
			ce.Messages = append(ce.Messages, d.String())
		}
		return nil, ce
	}
	return out, nil
}
