package dev

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/internal/projdir"
)

// embeddedWorld is the production World: host.Server with its own workers, on the project's
// loopback port (the one it had last run, else a free one), its data in DIR/.scape/host.
type embeddedWorld struct {
	base    string
	srv     *host.Server
	serving *host.Serving
	checker *engine.Checker
}

func (w *embeddedWorld) URL() string                   { return w.base }
func (w *embeddedWorld) Approve(userCode string) error { return w.srv.Approve(userCode) }

func (w *embeddedWorld) Stop() {
	w.serving.Stop(2 * time.Second)
	w.srv.Close()
	w.checker.Close()
}

// startWorld runs the reference host in this process.
func startWorld(cfg WorldConfig, now func() time.Time) (World, error) {
	if _, err := projdir.Dir(filepath.Dir(cfg.Data), filepath.Base(cfg.Data)+"/host", 0o700); err != nil {
		return nil, cmdutil.Usagef("create %s: %v", cfg.Data, err)
	}
	ignoreScapeDir(cfg.Data)            // keep the host's database out of the author's repository
	ln, err := listenLoopback(cfg.Data) // port.go: the project's port, kept across runs
	if err != nil {
		return nil, cmdutil.Usagef("cannot open a loopback port: %v", err)
	}
	base := "http://" + ln.Addr().String()
	// One project uploads here, one build at a time: one worker validates, one runs the world
	// page (the standalone host keeps two for validation).
	checker := engine.NewCheckerWith(engine.CheckerConfig{Checks: 1, Live: 1})
	srv, err := host.New(host.Options{
		DataDir: filepath.Join(cfg.Data, "host"), Engine: checker, BaseURL: base, Now: now,
		// The world link stays valid while this command runs (loopback only, still secret): a
		// second tab, a reload or a link preview must not be refused, nor print a new link.
		LastingOwnerToken: true,
		OnOwnerToken: func(tok string) {
			if cfg.OnLink != nil {
				cfg.OnLink(fmt.Sprintf("%s/login?token=%s", base, tok))
			}
		},
	})
	if err != nil {
		ln.Close()
		checker.Close()
		return nil, cmdutil.Usage(err)
	}
	return &embeddedWorld{base: base, srv: srv, serving: host.Serve(srv, ln), checker: checker}, nil
}
