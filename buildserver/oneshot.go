package buildserver

import (
	"context"
	"errors"
	"sync"

	"github.com/scapeworld/scape/isolate"
	"github.com/scapeworld/scape/validate"
)

// OneShot validates for one short command: on this user's build server when one is running,
// else in a worker of its own (started at once, so it warms while the command bundles), after
// which it starts a build server for the next command. Its verdicts are a Pool's.
type OneShot struct {
	sock   string
	remote *remote
	served bool
	pool   *isolate.Pool
	once   sync.Once
	cfg    isolate.Config
}

// NewOneShot returns a OneShot for a command with the given pool configuration (OneShot is set).
func NewOneShot(cfg isolate.Config) *OneShot {
	cfg.OneShot = true
	o := &OneShot{cfg: cfg}
	if serverEnabled() && cfg.Executable == "" {
		o.sock = serverSocket()
		o.remote = dialServer(o.sock)
	}
	o.served = o.remote != nil
	if !o.served {
		o.pool = isolate.NewPool(cfg)
	}
	return o
}

// Served says whether the command found a build server to check on.
func (o *OneShot) Served() bool { return o.served }

// Isolated says whether author code runs in limited worker processes (a server's always does).
func (o *OneShot) Isolated() bool { return o.pool == nil || o.pool.Isolated() }

// Check is Pool.Check, on the build server when there is one. A server that fails to answer
// costs only time: the check runs again in a worker of this command's own.
func (o *OneShot) Check(ctx context.Context, js []byte, opts isolate.Options) (*validate.Report, error) {
	if r := o.remote; r != nil {
		o.remote = nil // one request per connection
		rep, err := r.check(ctx, js, opts, o.cfg.Limits.CheckWall())
		if !errors.Is(err, errServer) {
			return rep, err
		}
		o.sock = "" // this server is not to be trusted with another start either
	}
	if o.pool == nil {
		o.pool = isolate.NewPool(o.cfg)
	}
	return o.pool.Check(ctx, js, opts)
}

// Close ends the command's own worker, if it had one, and then starts a build server so the next
// command finds one.
func (o *OneShot) Close() {
	o.once.Do(func() {
		if o.remote != nil {
			o.remote.close()
		}
		if o.pool != nil {
			o.pool.Close()
			if o.sock != "" && startsServers() {
				startServer(o.sock)
			}
		}
	})
}
