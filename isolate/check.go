package isolate

import (
	"context"
	"time"

	"github.com/scapeworld/scape/validate"
)

// checkSite is where a check runs: a worker (its watchdog's phases, the projects it keeps open
// for live calls) or this process when isolation is off (inprocess.go: no watchdog).
type checkSite interface {
	// phase bounds one phase of the request (0: no bound of its own); stop ends the bound.
	phase(limit time.Duration, what string) (stop func())
	// trusted marks toolchain code that may run long between guarded calls (rendering sounds).
	trusted() (end func())
	// keep holds a valid bundle's project open for live calls; drop lets it go again.
	keep(js []byte, p *validate.Project)
	drop(js []byte)
	// elsewhere explores parts of the project in other workers (nil: all of it here).
	elsewhere() validate.Elsewhere
}

// runCheck is the one check body, in a worker and in this process alike: validate the bundle
// (its project kept open for live calls when KeepOpen asks and it is valid), then render its
// sounds, each phase under its budget. Rendering is always the caller's (CallerRenders), so that
// a worker holds it to a budget of its own; validate.RenderSounds adds what validate.Check would.
func runCheck(ctx context.Context, site checkSite, js []byte, opts Options, b budget) (*validate.Report, error) {
	vo := opts.validate()
	vo.CallerRenders = true
	vo.Elsewhere = site.elsewhere()
	stop := site.phase(b.Author, "validation")
	var rep *validate.Report
	var err error
	if opts.KeepOpen {
		rep, err = checkOpen(ctx, site, js, vo)
	} else {
		rep, err = validate.Check(ctx, js, vo)
	}
	stop()
	if err != nil {
		return nil, err
	}
	if !opts.NoRender {
		stop = site.phase(b.Render, "rendering the sounds")
		end := site.trusted()
		validate.RenderSounds(ctx, js, vo, rep)
		end()
		stop()
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	if opts.KeepOpen && !rep.OK() {
		site.drop(js) // a sound refused it: nothing live to keep
	}
	return rep, nil
}

// checkOpen validates the bundle as validate.Check does and, when it is valid, keeps the project
// open for live calls: the one validation an accepted upload gets (the live calls that follow
// use this project, so nothing is validated twice).
func checkOpen(ctx context.Context, site checkSite, js []byte, opts validate.Options) (*validate.Report, error) {
	start := time.Now()
	p, rep, err := validate.Open(ctx, js, opts)
	if rep != nil {
		rep.Duration = time.Since(start)
	}
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	if p != nil {
		site.keep(js, p)
	}
	return rep, nil
}
