package bundle

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// nodeBuiltins are Node's built-in modules: none exists in a Scape host.
var nodeBuiltins = []string{
	"assert", "assert/strict", "async_hooks", "buffer", "child_process", "cluster", "console", "constants",
	"crypto", "dgram", "diagnostics_channel", "dns", "dns/promises", "domain", "events", "fs", "fs/promises",
	"http", "http2", "https", "inspector", "module", "net", "os", "path", "path/posix", "path/win32",
	"perf_hooks", "process", "punycode", "querystring", "readline", "readline/promises", "repl", "stream",
	"stream/promises", "stream/web", "string_decoder", "sys", "timers", "timers/promises", "tls",
	"trace_events", "tty", "url", "util", "util/types", "v8", "vm", "wasi", "worker_threads", "zlib",
}

// ImportPolicy decides the bare imports of code of one kind: the modules its runtime supplies
// (left as require() calls, or resolved to a file the caller names) and, for every other module
// it recognises, why not (a diagnostic at the import). The rules of both kinds live here, in
// one place: a Gizmo bundle's (ProjectImports) and an author test file's (TestImports).
type ImportPolicy struct {
	name     string          // the plugin's name: diagnostics carry it
	filter   string          // the modules it decides on (esbuild's Go regexp)
	supplied map[string]bool // left external: the runtime supplies them
	refusal  func(path string) string
}

// ProjectImports is a Gizmo bundle's policy: @scape/sdk stays external (the host supplies it);
// @scape/sdk/* subpaths and Node built-ins are refused.
var ProjectImports = ImportPolicy{
	name:     pluginName,
	filter:   `^(node:.*|@scape/sdk(/.*)?|` + quoteAll(nodeBuiltins) + `)$`,
	supplied: map[string]bool{"@scape/sdk": true},
	refusal: func(path string) string {
		switch {
		case path == "@scape/sdk/runtime":
			return fmt.Sprintf("unsupported import %q: the runtime entry is for tests and hosts; a project bundle imports only \"@scape/sdk\" (keep ObjectRegistry in *.test.ts files)", path)
		case strings.HasPrefix(path, "@scape/sdk/"):
			return fmt.Sprintf("unsupported import %q: the host supplies only \"@scape/sdk\"", path)
		}
		return fmt.Sprintf("unsupported import %q: Node.js built-ins do not exist in a Scape host (only \"@scape/sdk\" is supplied)", path)
	},
}

// TestImports is an author test file's policy (scape gizmo test): the runner supplies the SDK,
// its runtime entry, node:test and node:assert/strict; the look-alikes are refused with the
// module to use instead.
var TestImports = ImportPolicy{
	name:   "scape-test-imports",
	filter: `^(@scape/sdk(/.*)?|node:.*|assert(/strict)?|test)$`,
	supplied: map[string]bool{
		"@scape/sdk": true, "@scape/sdk/runtime": true, "node:test": true, "node:assert/strict": true,
	},
	refusal: func(path string) string {
		switch {
		case path == "node:assert" || path == "assert" || path == "assert/strict":
			return fmt.Sprintf("unsupported import %q: use node:assert/strict (the runner supplies the strict assertions only)", path)
		case path == "test":
			return fmt.Sprintf("unsupported import %q: use node:test", path)
		case strings.HasPrefix(path, "@scape/sdk"):
			return fmt.Sprintf("unsupported import %q: the SDK's entries are @scape/sdk and @scape/sdk/runtime", path)
		}
		return fmt.Sprintf("unsupported import %q: scape gizmo test supplies only @scape/sdk, @scape/sdk/runtime, node:test and node:assert/strict", path)
	},
}

// Supplies says whether the runtime supplies the module path (a test runner installs these).
func (p ImportPolicy) Supplies(path string) bool { return p.supplied[path] }

// Plugin is the policy as an esbuild plugin. entries (may be nil) resolve supplied modules to
// files instead of leaving them external (the SDK's own suite bundles the SDK from its sources).
func (p ImportPolicy) Plugin(entries map[string]string) api.Plugin {
	return api.Plugin{
		Name: p.name,
		Setup: func(b api.PluginBuild) {
			b.OnResolve(api.OnResolveOptions{Filter: p.filter}, func(args api.OnResolveArgs) (res api.OnResolveResult, err error) {
				defer recoverPlugin(&res.Errors)
				if file, ok := entries[args.Path]; ok {
					return api.OnResolveResult{Path: file}, nil
				}
				if p.supplied[args.Path] {
					return api.OnResolveResult{Path: args.Path, External: true}, nil
				}
				return refuse(p.refusal(args.Path))
			})
		},
	}
}

func quoteAll(names []string) string {
	quoted := make([]string, len(names))
	for i, m := range names {
		quoted[i] = regexp.QuoteMeta(m)
	}
	return strings.Join(quoted, "|")
}

func refuse(text string) (api.OnResolveResult, error) {
	return api.OnResolveResult{Errors: []api.Message{{Text: text}}}, nil
}
