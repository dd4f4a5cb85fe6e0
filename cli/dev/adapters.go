package dev

import (
	"bytes"
	"context"
	"errors"
	"sync"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/devclient"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/project"
	"github.com/scapeworld/scape/typecheck"
)

// pipeline adapts package project to the dev loop: its bundle step is the loop's build (Rebuild)
// and its validation the loop's local check (Check), so the loop still reports which stage
// failed. The worker pool stays warm between saves.
type pipeline struct {
	pc *project.Context
	// types keeps the project's TypeScript loaded for the loop's type checks (started by the
	// first, ended by Close: the Node process lives as long as dev).
	types *typecheck.Warm

	mu   sync.Mutex
	last *project.Build // the last build that produced a bundle
}

// newPipeline opens the project's pipeline. A directory that is not a project is a usage error,
// reported before anything starts.
func newPipeline(dir string) (*pipeline, error) {
	pc, err := project.New(project.Options{Dir: dir, Warm: true})
	if err != nil {
		var np *bundle.NotProjectError
		if errors.As(err, &np) {
			return nil, cmdutil.Usage(err)
		}
		return nil, err
	}
	return &pipeline{pc: pc, types: typecheck.NewWarm(dir, typecheck.Options{})}, nil
}

// openPipeline is the production Pipeline.
func openPipeline(dir string) (Pipeline, error) {
	p, err := newPipeline(dir)
	if err != nil {
		return nil, err
	}
	return p, nil
}

func (p *pipeline) Close() {
	p.types.Close()
	p.pc.Close()
}

// Types type-checks the project as `scape gizmo build` does (the same package, trust and
// diagnostics), with its TypeScript kept warm between saves.
func (p *pipeline) Types(ctx context.Context) typecheck.Status { return p.types.Check(ctx) }

// Rebuild bundles what is on disk now. A directory that stopped being a project is reported and
// the loop keeps watching; the next save may fix it.
func (p *pipeline) Rebuild(ctx context.Context) devclient.Build {
	b := p.pc.Bundle()
	out := devclient.Build{Diagnostics: b.Diagnostics}
	if b.Bundle == nil {
		return out
	}
	out.Inputs = b.Bundle.WatchFiles
	if b.Bundle.OK() {
		out.JS, out.SourceMap = b.Bundle.JS, b.Bundle.SourceMap // the map is for local messages only
		out.ModelFile = b.ModelFile()
		p.mu.Lock()
		p.last = b
		p.mu.Unlock()
	}
	return out
}

// Check is the validation run before an upload to a remote host (the embedded host's verdict is
// this same check, so the loop runs none before it): the same validate package, exploration
// included, with the source map so positions name TypeScript lines, in a worker (the author's
// code cannot take this machine's memory or hang the dev loop). The host also checks placed
// instances, which only it knows.
func (p *pipeline) Check(ctx context.Context, db devclient.Build) diag.List {
	return p.validate(ctx, db)
}

// Explain is the same check run after the embedded host's verdict, to place its diagnostics (a
// rejection's errors, an accepted build's warnings) at the mistake in the project's sources,
// which the host (without them) cannot.
func (p *pipeline) Explain(ctx context.Context, db devclient.Build) diag.List {
	return p.validate(ctx, db)
}

func (p *pipeline) validate(ctx context.Context, db devclient.Build) diag.List {
	p.mu.Lock()
	last := p.last
	p.mu.Unlock()
	res := &bundle.Result{JS: db.JS, SourceMap: db.SourceMap}
	if last != nil && bytes.Equal(last.Bundle.JS, db.JS) {
		res = last.Bundle
	}
	// A fresh Build each time: a check may run again for the same bundle (a retried upload).
	b := &project.Build{Bundle: res}
	if err := p.pc.Validate(ctx, b); err != nil {
		return diag.List{{Code: diag.CodeLoad, Message: "local validation could not run: " + err.Error()}}
	}
	return b.Report.Diagnostics
}
