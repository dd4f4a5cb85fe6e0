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

// importPolicy decides what a bundle may import: @scape/sdk stays external (the host supplies
// it); @scape/sdk/* subpaths and Node built-ins are refused with a diagnostic at the import.
func importPolicy() api.Plugin {
	quoted := make([]string, len(nodeBuiltins))
	for i, m := range nodeBuiltins {
		quoted[i] = regexp.QuoteMeta(m)
	}
	filter := `^(node:.*|@scape/sdk(/.*)?|` + strings.Join(quoted, "|") + `)$`
	return api.Plugin{
		Name: pluginName,
		Setup: func(b api.PluginBuild) {
			b.OnResolve(api.OnResolveOptions{Filter: filter}, func(args api.OnResolveArgs) (res api.OnResolveResult, err error) {
				defer recoverPlugin(&res.Errors)
				switch {
				case args.Path == "@scape/sdk":
					return api.OnResolveResult{Path: args.Path, External: true}, nil
				case args.Path == "@scape/sdk/runtime":
					return refuse(fmt.Sprintf("unsupported import %q: the runtime entry is for tests and hosts; a project bundle imports only \"@scape/sdk\" (keep ObjectRegistry in *.test.ts files)", args.Path))
				case strings.HasPrefix(args.Path, "@scape/sdk/"):
					return refuse(fmt.Sprintf("unsupported import %q: the host supplies only \"@scape/sdk\"", args.Path))
				default:
					return refuse(fmt.Sprintf("unsupported import %q: Node.js built-ins do not exist in a Scape host (only \"@scape/sdk\" is supplied)", args.Path))
				}
			})
		},
	}
}

func refuse(text string) (api.OnResolveResult, error) {
	return api.OnResolveResult{Errors: []api.Message{{Text: text}}}, nil
}
