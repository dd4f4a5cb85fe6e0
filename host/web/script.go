package web

import (
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/scapeworld/scape/kit"
)

// The world page's TypeScript (ui/*.ts) is bundled by the esbuild already in the binary, once
// per entry, on the first request for it (a few milliseconds): plain `go build` needs no
// generated file and nothing is fetched at run time. A module imports its siblings by relative
// path and the SDK's pure helpers as "@scape/sdk/<module>" (the embedded SDK source, the same
// code the host validates with, so the page draws glow and light by the SDK's own formulas).
var (
	uiScriptsMu sync.Mutex
	uiScripts   = map[string]uiScriptResult{}
)

type uiScriptResult struct {
	js  []byte
	err error
}

const uiNamespace = "scape-ui"

// Script returns the bundled script for entry, a path under ui/ such as "world.ts".
func Script(entry string) ([]byte, error) {
	uiScriptsMu.Lock()
	defer uiScriptsMu.Unlock()
	if r, ok := uiScripts[entry]; ok {
		return r.js, r.err
	}
	js, err := bundleUI(uiFiles, entry)
	uiScripts[entry] = uiScriptResult{js, err}
	return js, err
}

func bundleUI(ui fs.FS, entry string) ([]byte, error) {
	sdk := kit.SDK()
	// Every path carries its file system: "ui/…" is the page's own code, "sdk/…" the SDK's.
	read := func(p string) ([]byte, error) {
		if rest, ok := strings.CutPrefix(p, "sdk/"); ok {
			return fs.ReadFile(sdk, rest)
		}
		return fs.ReadFile(ui, p)
	}
	exists := func(p string) bool { _, err := read(p); return err == nil }
	plugin := api.Plugin{
		Name: "scape-ui-fs",
		Setup: func(b api.PluginBuild) {
			b.OnResolve(api.OnResolveOptions{Filter: ".*"}, func(args api.OnResolveArgs) (api.OnResolveResult, error) {
				var target string
				switch {
				case args.Kind == api.ResolveEntryPoint:
					target = path.Join("ui", args.Path)
				case strings.HasPrefix(args.Path, "@scape/sdk/"):
					target = path.Join("sdk/src", strings.TrimPrefix(args.Path, "@scape/sdk/"))
				case args.Path == "three": // the vendored three.js (ui/vendor/three, npm's layout)
					target = "ui/vendor/three/build/three.module.min.js"
				case strings.HasPrefix(args.Path, "three/addons/"): // three's own exports map
					target = path.Join("ui/vendor/three/examples/jsm", strings.TrimPrefix(args.Path, "three/addons/"))
				case strings.HasPrefix(args.Path, "./") || strings.HasPrefix(args.Path, "../"):
					target = path.Join(path.Dir(args.Importer), args.Path)
				default:
					return api.OnResolveResult{}, fmt.Errorf("the world page may import only its own modules, @scape/sdk/<module> and the vendored three (got %q)", args.Path)
				}
				if strings.HasSuffix(target, ".js") && !exists(target) {
					target = strings.TrimSuffix(target, ".js") + ".ts"
				} else if path.Ext(target) == "" {
					target += ".ts"
				}
				if !exists(target) {
					return api.OnResolveResult{}, fmt.Errorf("world page module %s does not exist", target)
				}
				return api.OnResolveResult{Path: target, Namespace: uiNamespace}, nil
			})
			b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: uiNamespace}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
				data, err := read(args.Path)
				if err != nil {
					return api.OnLoadResult{}, err
				}
				text := string(data)
				loader := api.LoaderTS
				if strings.HasSuffix(args.Path, ".js") {
					loader = api.LoaderJS
				}
				return api.OnLoadResult{Contents: &text, Loader: loader}, nil
			})
		},
	}
	res := api.Build(api.BuildOptions{
		EntryPoints:  []string{entry},
		Bundle:       true,
		Format:       api.FormatIIFE,
		Target:       api.ES2020,
		Platform:     api.PlatformBrowser,
		MinifySyntax: true,
		Charset:      api.CharsetUTF8,
		LogLevel:     api.LogLevelSilent,
		Plugins:      []api.Plugin{plugin},
		Write:        false,
		Outfile:      strings.TrimSuffix(entry, ".ts") + ".js",
	})
	if len(res.Errors) > 0 {
		e := res.Errors[0]
		where := entry
		if e.Location != nil {
			where = fmt.Sprintf("%s:%d", strings.TrimPrefix(e.Location.File, "scape-ui:"), e.Location.Line)
		}
		return nil, fmt.Errorf("compiling the world page (%s): %s", where, e.Text)
	}
	for _, f := range res.OutputFiles {
		if strings.HasSuffix(f.Path, ".js") {
			return f.Contents, nil
		}
	}
	return nil, fmt.Errorf("compiling the world page (%s) produced no script", entry)
}
