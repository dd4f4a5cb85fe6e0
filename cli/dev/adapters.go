package dev

import (
	"context"
	"errors"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/devclient"
	"github.com/scapeworld/scape/diag"
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

type bundleBuilder struct{ c *bundle.Context }

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
	}
	return out
}

// LocalCheck is the validation run before an upload: the same validate package the host
// runs, with the source map so positions name TypeScript lines. The host also checks placed
// instances, which only it knows.
func LocalCheck() devclient.LocalCheck {
	return func(ctx context.Context, b devclient.Build) diag.List {
		rep, err := validate.Check(ctx, b.JS, validate.Options{SourceMap: b.SourceMap, ModelFile: b.ModelFile})
		if err != nil {
			return diag.List{{Code: diag.CodeLoad, Message: "local validation could not run: " + err.Error()}}
		}
		return rep.Diagnostics
	}
}
