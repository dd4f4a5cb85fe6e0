// Package project is the one "bundle, then validate" pipeline behind `scape gizmo build`,
// `scape gizmo dev` and `scape gizmo sound`: esbuild (package bundle), then the author's code in
// a worker process with hard limits (package isolate) beside the project's own tsc (package
// typecheck). It owns the rules that decide where a build stops, the warm-up of the SDK and the
// worker pool, the exploration option and the project's asset files, so the commands only parse
// flags and print. See docs/build.md, "The pipeline".
package project

import (
	"context"
	"github.com/scapeworld/scape/internal/timeline"
	"time"

	"github.com/scapeworld/scape/audio"
	"github.com/scapeworld/scape/buildserver"
	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/isolate"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/typecheck"
	"github.com/scapeworld/scape/validate"
)

// Options configure a Context. The zero value bundles DIR "" (the current directory) and
// validates with the default bounds in a one-shot worker.
type Options struct {
	Dir string
	// Warm keeps the worker pool warm between rebuilds once it started (the dev loop; its worker
	// starts with the first check, isolate.Config.Lazy); otherwise the pool is a one-shot
	// command's (isolate.Config.OneShot).
	Warm bool
	// Explore is validate.Options.Explore (0: the default; validate.NoExplore: off). ExploreFlag
	// maps `--explore=N` to it.
	Explore int
	// Audio is the render budget of one sound (nil: audio.DefaultBudget's).
	Audio *audio.Budget
	// NoRender leaves the sounds unrendered: the caller renders them itself (`scape gizmo sound`,
	// which would otherwise render each sound twice). The report still carries their recipes.
	NoRender bool
	// Typecheck runs the project's tsc beside validation (package typecheck). SkipTypes, when
	// Typecheck is false, is the reason reported instead ("" reports nothing).
	Typecheck bool
	SkipTypes string
	// Strict turns warnings into errors (`--strict`).
	Strict bool
}

// ExploreFlag maps `--explore=N` to Options.Explore: 0 turns exploration off, a negative N keeps
// the default, any other N is the bound.
func ExploreFlag(n int) int {
	switch {
	case n == 0:
		return validate.NoExplore
	case n < 0:
		return 0
	}
	return n
}

// Context is one project's pipeline: esbuild's incremental context and the worker pool. It is
// not safe for concurrent use; Close releases both.
type Context struct {
	opts   Options
	bundle *bundle.Context
	pool   checker
}

// checker is where validation runs: the dev loop's warm pool, or a short command's OneShot (the
// user's build server when one runs, else a worker of the command's own).
type checker interface {
	Check(ctx context.Context, js []byte, opts isolate.Options) (*validate.Report, error)
	Isolated() bool
	Close()
}

// New starts the worker pool (it compiles the SDK while esbuild bundles: the two are independent
// and the machine has more than one core) and opens esbuild's context. A directory that is not
// a project is a *bundle.NotProjectError, before anything runs.
func New(opts Options) (*Context, error) {
	timeline.Mark("project: New")
	var pool checker
	if opts.Warm {
		// Lazy: the dev loop with the embedded host checks locally only to explain a verdict, so
		// an idle dev holds no worker for it until then. One explorer: a second worker process
		// (40–60 MB) kept for an explanation would cost the idle loop's memory more than its
		// exploration gains in time (the host's own pool explores in parallel).
		pool = isolate.NewPool(isolate.Config{Lazy: true, Explorers: 1})
	} else {
		pool = buildserver.NewOneShot(isolate.Config{})
	}
	if !pool.Isolated() {
		// The in-process fallback compiles the SDK and makes its locked-down runtime here
		// instead, while esbuild bundles.
		jsrt.Prewarm()
	}
	bc, err := bundle.NewContext(bundle.Options{Dir: opts.Dir})
	timeline.Mark("project: esbuild context")
	if err != nil {
		pool.Close()
		return nil, err
	}
	return &Context{opts: opts, bundle: bc, pool: pool}, nil
}

// Close ends the workers and esbuild's context.
func (c *Context) Close() {
	c.pool.Close()
	c.bundle.Dispose()
}

// Stop says why a build did not reach validation.
type Stop string

const (
	// NotStopped: the bundle was validated.
	NotStopped Stop = ""
	// StopNoBundle: there is no bundle to run (a syntax error, an unresolved import, a project
	// that stopped being one).
	StopNoBundle Stop = "no-bundle"
	// StopUnfaithful: the bundle uses a construct the engine cannot run faithfully, so any
	// verdict could lie; the report stops at the bundle's own errors.
	StopUnfaithful Stop = "unfaithful"
)

// Build is one pass of the pipeline.
type Build struct {
	// Bundle is esbuild's result; nil only when the directory stopped being a project
	// (Diagnostics then holds one "project" error).
	Bundle *bundle.Result
	// Report is validation's, or nil when the build stopped before it (Stopped says why). An
	// over-size bundle is still validated, so the author sees everything wrong at once.
	Report  *validate.Report
	Stopped Stop
	// Types is tsc's status (nil when neither Typecheck nor SkipTypes was asked for).
	Types *typecheck.Status
	// Diagnostics are the bundle's, validation's and tsc's, in that order (Strict applied).
	Diagnostics diag.List
	Timing      Timing
}

// Timing separates the steps. Sounds and Models are the parts of Validate spent rendering sounds
// and checking models.
type Timing struct {
	Bundle, Validate, Sounds, Models time.Duration
}

// OK says whether there is a bundle and nothing is an error: what may be written or sent.
func (b *Build) OK() bool {
	return b.Bundle != nil && b.Bundle.JS != nil && !b.Diagnostics.HasErrors()
}

// Definitions are the validated definitions (none when validation did not run).
func (b *Build) Definitions() []validate.Definition {
	if b.Report == nil {
		return nil
	}
	return b.Report.Definitions
}

// Rebuild bundles what is on disk now, then validates the bundle in a worker (and runs tsc beside
// it) unless a stopping rule applies. The error is for ctx ending and for the toolchain itself
// failing (no worker can start); everything wrong with the project is in Diagnostics.
func (c *Context) Rebuild(ctx context.Context) (*Build, error) {
	b := c.Bundle()
	if b.Bundle == nil {
		return b, nil
	}
	// tsc (seconds) runs while goja validates (a tenth of a second to seconds).
	types := c.startTypecheck(ctx)
	if b.Stopped == NotStopped {
		if err := c.Validate(ctx, b); err != nil {
			types()
			return nil, err
		}
	}
	b.Types = types()
	if b.Types != nil {
		b.Diagnostics = append(b.Diagnostics, b.Types.Diagnostics...)
	}
	if c.opts.Strict {
		b.Diagnostics = b.Diagnostics.Strict()
	}
	return b, nil
}

// Bundle is the first step alone: esbuild, and the stopping rules. The dev loop runs it as its
// build stage and Validate as its local check.
func (c *Context) Bundle() *Build {
	timeline.Mark("project: bundle start")
	defer timeline.Mark("project: bundle end")
	res, err := c.bundle.Rebuild()
	if err != nil {
		// The directory stopped being a project (package.json removed or unreadable): report it;
		// the next save may fix it.
		return &Build{Stopped: StopNoBundle, Diagnostics: diag.List{{Code: diag.CodeProject, Message: err.Error()}}}
	}
	b := &Build{Bundle: res, Diagnostics: append(diag.List{}, res.Diagnostics...), Timing: Timing{Bundle: res.Duration}}
	switch {
	case res.JS == nil:
		b.Stopped = StopNoBundle
	case hasError(res.Diagnostics, diag.CodeUnfaithful):
		b.Stopped = StopUnfaithful
	}
	return b
}

// Validate runs the bundle of b in a worker and adds the report to b. It does nothing when a
// stopping rule applies.
func (c *Context) Validate(ctx context.Context, b *Build) error {
	if b.Stopped != NotStopped || b.Report != nil {
		return nil
	}
	res := b.Bundle
	opts := isolate.Options{SourceMap: res.SourceMap, Audio: c.opts.Audio, NoRender: c.opts.NoRender, Explore: c.opts.Explore}
	if res.Project != nil {
		opts.Dir, opts.Assets = res.Project.Dir, res.Assets // to name model files
	}
	timeline.Mark("project: check sent")
	rep, err := c.pool.Check(ctx, res.JS, opts)
	timeline.Mark("project: check returned")
	if err != nil {
		return err
	}
	b.Report = rep
	b.Diagnostics = append(b.Diagnostics, rep.Diagnostics...)
	b.Timing.Validate, b.Timing.Sounds, b.Timing.Models = rep.Duration, rep.Sounds, rep.Models
	return nil
}

// ModelFile names the project file an embedded model came from (validate.AssetFiles), for
// messages; nil when there is no bundle.
func (b *Build) ModelFile() func([]byte) string {
	if b.Bundle == nil || b.Bundle.Project == nil {
		return nil
	}
	return validate.AssetFiles(b.Bundle.Project.Dir, b.Bundle.Assets)
}

// startTypecheck starts tsc in the background and returns the function that waits for its
// status (nil when not asked for). It runs on the project's type-check server when one runs
// (typecheck.RunServed: TypeScript kept loaded between builds).
func (c *Context) startTypecheck(ctx context.Context) func() *typecheck.Status {
	if !c.opts.Typecheck {
		if c.opts.SkipTypes == "" {
			return func() *typecheck.Status { return nil }
		}
		st := typecheck.Skipped(c.opts.SkipTypes)
		return func() *typecheck.Status { return &st }
	}
	done := make(chan typecheck.Status, 1)
	go func() { done <- typecheck.RunServed(ctx, c.opts.Dir, typecheck.Options{}) }()
	return func() *typecheck.Status {
		st := <-done
		return &st
	}
}

func hasError(list diag.List, code diag.Code) bool {
	for _, d := range list {
		if d.Code == code && d.Severity == diag.Error {
			return true
		}
	}
	return false
}
