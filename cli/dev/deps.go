package dev

import (
	"context"
	"os"
	"time"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/devclient"
	"github.com/scapeworld/scape/devclient/watch"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/typecheck"
)

// What dev's run needs, as small interfaces: the production ones start worker processes, a
// server and fsnotify; tests of run give fakes (a manual watcher, a client that records uploads,
// a world that approves in memory) and start nothing.

// Pipeline is the project's build and local check: the dev loop's Builder and LocalCheck.
type Pipeline interface {
	devclient.Builder
	Check(ctx context.Context, b devclient.Build) diag.List
	// Explain validates with exploration, to place the diagnostics of a build the host rejected.
	Explain(ctx context.Context, b devclient.Build) diag.List
	Close()
}

// typer is a Pipeline that also type-checks the project (the production one does): the loop
// reports its type errors after each verdict (devclient.Loop.Types).
type typer interface {
	Types(ctx context.Context) typecheck.Status
}

// Client talks to a developer-world host: pairing, uploads, revoking (*devclient.Client).
type Client interface {
	devclient.Uploader
	Origin() string
	StartPairing(ctx context.Context, project string) (*devclient.Pairing, error)
	WaitForApproval(ctx context.Context, p *devclient.Pairing) (*devclient.Session, error)
	Revoke(ctx context.Context, s *devclient.Session) error
}

// World is the embedded developer world: the reference host in this process on a loopback port.
type World interface {
	// URL is the host's origin, for the Client and the lock file.
	URL() string
	// Approve approves a pairing as the world's owner (the person at this terminal).
	Approve(userCode string) error
	// Stop closes the world: HTTP, storage and its workers.
	Stop()
}

// WorldConfig is what the embedded world is started with.
type WorldConfig struct {
	// Data is the project's .scape directory; the host keeps its database in Data/host.
	Data string
	// OnLink receives the owner's sign-in link to the world (printed as "World: …").
	OnLink func(link string)
}

// defaultDeps fills what opts leaves unset with the production dependencies and the factory's
// streams, clock and environment. Nothing is started here: each is a constructor run calls
// when it needs it.
func defaultDeps(f *cmdutil.Factory, opts *Options) {
	if opts.IO == nil {
		opts.IO = f.IO
	}
	if opts.Now == nil {
		opts.Now = f.Now
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Getenv == nil {
		opts.Getenv = f.Getenv
	}
	if opts.Getenv == nil {
		opts.Getenv = os.Getenv
	}
	if opts.Pipeline == nil {
		opts.Pipeline = openPipeline
	}
	if opts.Watch == nil {
		opts.Watch = watch.New
	}
	if opts.Connect == nil {
		opts.Connect = connect
	}
	if opts.World == nil {
		opts.World = func(cfg WorldConfig) (World, error) { return startWorld(cfg, opts.Now) }
	}
}

// connect is the production Client (a refused origin is an error before anything starts).
func connect(origin string) (Client, error) {
	c, err := devclient.NewClient(origin)
	if err != nil {
		return nil, err
	}
	return c, nil
}
