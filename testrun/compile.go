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

// CompileError is a test file esbuild could not compile (syntax errors, unresolved or
// unsupported imports). Each message already names file:line:column for the reader; At is the
// first one's position as data (never parsed back from the text: a Windows path has a colon).
type CompileError struct {
	File     string
	At       diag.Position
	Messages []string
}

// compileError is esbuild's errors for the test file rel, each message once (a plugin's error
// repeats once per importer), with the first one's position.
func compileError(rel string, errs []api.Message) *CompileError {
	seen := map[string]bool{}
	ce := &CompileError{File: rel}
	for i, m := range errs {
		text := m.Text
		if m.Location != nil {
			p := diag.FromByteColumn(filepath.ToSlash(m.Location.File), m.Location.Line, m.Location.Column, m.Location.LineText)
			text = fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Column, m.Text)
			if i == 0 {
				ce.At = diag.Position{File: p.File, Line: p.Line, Column: p.Column}
			}
		}
		if !seen[text] {
			seen[text] = true
			ce.Messages = append(ce.Messages, text)
		}
	}
	return ce
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
	unsupported := bundle.TestImports.Plugin(sdkEntries)
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
		return nil, compileError(rel, result.Errors)
	}
	out := &compiled{}
	out.js, out.sourceMap = bundle.Outputs(result.OutputFiles)
	if out.js == nil {
		return nil, &CompileError{File: rel, Messages: []string{rel + ": esbuild produced no output"}}
	}
	// A test that goja would run wrongly must fail loudly, never pass or fail for the wrong
	// reason: the same check as the build's.
	if found := bundle.UnfaithfulRegexps(out.js, out.sourceMap); len(found) > 0 {
		ce := &CompileError{File: rel, At: diag.Position{File: found[0].File, Line: found[0].Line, Column: found[0].Column}}
		for _, d := range found {
			ce.Messages = append(ce.Messages, d.String())
		}
		return nil, ce
	}
	return out, nil
}
