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
	"github.com/scapeworld/scape/validate"
)

// pipeline adapts package project to the dev loop: its bundle step is the loop's build (Rebuild)
// and its validation the loop's local check (Check), so the loop still reports which stage
// failed. The worker pool stays warm between saves.
type pipeline struct {
	pc *project.Context
	// checkExplore is the local check's exploration (0: the default; validate.NoExplore when the
	// host explores).
	checkExplore int

	mu   sync.Mutex
	last *project.Build // the last build that produced a bundle
}

// newPipeline opens the project's pipeline. A directory that is not a project is a usage error,
// reported before anything starts. With hostExplores (the embedded host, whose verdict explores
// every upload with this same toolchain) the local check does not explore: a problem only
// exploration finds comes back as the host's rejection, with its trail, at the source line the
// local map gives; a remote host may not explore, so for it the local check does.
func newPipeline(dir string, hostExplores bool) (*pipeline, error) {
	pc, err := project.New(project.Options{Dir: dir, Warm: true})
	if err != nil {
		var np *bundle.NotProjectError
		if errors.As(err, &np) {
			return nil, cmdutil.Usage(err)
		}
		return nil, err
	}
	p := &pipeline{pc: pc}
	if hostExplores {
		p.checkExplore = validate.NoExplore
	}
	return p, nil
}

// openPipeline is the production Pipeline.
func openPipeline(dir string, hostExplores bool) (Pipeline, error) {
	p, err := newPipeline(dir, hostExplores)
	if err != nil {
		return nil, err
	}
	return p, nil
}

func (p *pipeline) Close() { p.pc.Close() }

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

// Check is the validation run before an upload: the same validate package the host runs, with
// the source map so positions name TypeScript lines, in a worker (the author's code cannot take
// this machine's memory or hang the dev loop). The host also checks placed instances, which only
// it knows.
func (p *pipeline) Check(ctx context.Context, db devclient.Build) diag.List {
	return p.validate(ctx, db, p.checkExplore)
}

// Explain is the local check with exploration, run only when the host rejected a build the
// check passed: its diagnostics sit at the mistake in the project's sources, which the host
// (without them) cannot place.
func (p *pipeline) Explain(ctx context.Context, db devclient.Build) diag.List {
	return p.validate(ctx, db, 0)
}

func (p *pipeline) validate(ctx context.Context, db devclient.Build, explore int) diag.List {
	p.mu.Lock()
	last := p.last
	p.mu.Unlock()
	res := &bundle.Result{JS: db.JS, SourceMap: db.SourceMap}
	if last != nil && bytes.Equal(last.Bundle.JS, db.JS) {
		res = last.Bundle
	}
	// A fresh Build each time: a check may run again for the same bundle (a retried upload).
	b := &project.Build{Bundle: res}
	if err := p.pc.ValidateExploring(ctx, b, explore); err != nil {
		return diag.List{{Code: diag.CodeLoad, Message: "local validation could not run: " + err.Error()}}
	}
	return b.Report.Diagnostics
}
