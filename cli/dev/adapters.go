package dev

import (
	"context"
	"errors"
	"sync"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/devclient"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/isolate"
	"github.com/scapeworld/scape/validate"
)

// NewBuilder returns the project's incremental build (esbuild's rebuild context). A directory
// that is not a project is a usage error, reported before anything starts.
func NewBuilder(dir string) (devclient.Builder, func(), error) {
	c, err := bundle.NewContext(bundle.Options{Dir: dir})
	if err != nil {
		var np *bundle.NotProjectError
		if errors.As(err, &np) {
			return nil, func() {}, cmdutil.Usage(err)
		}
		return nil, func() {}, err
	}
	return &bundleBuilder{c: c}, c.Dispose, nil
}

type bundleBuilder struct {
	c *bundle.Context

	mu     sync.Mutex
	dir    string   // the project directory of the last build
	assets []string // its embedded .glb and .wav inputs, to name model files
}

// lastAssets returns the project directory and embedded assets of the last build.
func (b *bundleBuilder) lastAssets() (string, []string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.dir, b.assets
}

func (b *bundleBuilder) Rebuild(ctx context.Context) devclient.Build {
	res, err := b.c.Rebuild()
	if err != nil {
		// The directory stopped being a project (package.json removed or unreadable): report it
		// and keep watching; the next save may fix it.
		return devclient.Build{Diagnostics: diag.List{{Code: diag.CodeProject, Message: err.Error()}}}
	}
	out := devclient.Build{Inputs: res.WatchFiles, Diagnostics: res.Diagnostics}
	if res.OK() {
		out.JS, out.SourceMap = res.JS, res.SourceMap // the map is for local messages only
		out.ModelFile = validate.AssetFiles(res.Project.Dir, res.Assets)
		b.mu.Lock()
		b.dir, b.assets = res.Project.Dir, res.Assets
		b.mu.Unlock()
	}
	return out
}

// LocalCheck is the validation run before an upload: the same validate package the host
// runs, with the source map so positions name TypeScript lines, in a worker of pool (package
// isolate: the author's code cannot take this machine's memory or hang the dev loop). The host
// also checks placed instances, which only it knows. builder, when it is NewBuilder's, names the
// project's model files in messages.
func LocalCheck(pool *isolate.Pool, builder devclient.Builder) devclient.LocalCheck {
	return func(ctx context.Context, b devclient.Build) diag.List {
		opts := isolate.Options{SourceMap: b.SourceMap}
		if bb, ok := builder.(*bundleBuilder); ok {
			opts.Dir, opts.Assets = bb.lastAssets()
		}
		rep, err := pool.Check(ctx, b.JS, opts)
		if err != nil {
			return diag.List{{Code: diag.CodeLoad, Message: "local validation could not run: " + err.Error()}}
		}
		return rep.Diagnostics
	}
}
