package main

import (
	"context"
	"fmt"
	"time"

	"github.com/scapeworld/scape/devclient"
	"github.com/scapeworld/scape/host"
)

// A scenario is an attack that is not a definition.ts: a project with something planted in its
// files (target "planted", run against the scape binary), or players, tabs and other local
// servers against the reference host (target "players", run against host.New in this process).
// Each file scenarios_*.go registers its class's scenarios in an init func; main runs them after
// the corpus when their target is asked for, under -only like the bundles.
type scenario struct {
	name   string        // unique, prefixed with its class: "planted-lock-symlink", "players-wav-flood"
	target string        // "planted" or "players"
	attack string        // what it does, one line
	bound  string        // the bound it is held to, one line (printed with the row)
	wall   time.Duration // its time bound; 0 means giveUp
	// run performs the attack in a fresh directory under env.work and reports how it ended:
	// outcome is a short word ("refused", "bounded", "unchanged", …) and problems lists every
	// bound it broke (empty when it held). A Go error of the harness itself is a problem too.
	run func(env scenarioEnv) (outcome string, peakRSS uint64, problems []string)
}

// scenarioEnv is what a scenario gets: the scape binary just built, a fresh work directory of its
// own, and the shared author-code checker's rig (for scenarios that start a host).
type scenarioEnv struct {
	exe, work string
	rig       *hostRig
}

var scenarios []scenario

func register(s ...scenario) { scenarios = append(scenarios, s...) }

// runScenario runs s in env and returns its row.
func runScenario(s scenario, env scenarioEnv) result {
	r := result{bundle: s.name, target: s.target, timeBound: s.wall, detail: s.attack + " — bound: " + s.bound}
	if r.timeBound == 0 {
		r.timeBound = giveUp
	}
	type ended struct {
		outcome  string
		rss      uint64
		problems []string
	}
	done := make(chan ended, 1)
	start := time.Now()
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- ended{outcome: "crash", problems: []string{fmt.Sprint("the harness panicked: ", p)}}
			}
		}()
		o, rss, probs := s.run(env)
		done <- ended{o, rss, probs}
	}()
	select {
	case e := <-done:
		r.outcome, r.peakRSS, r.problems = e.outcome, e.rss, e.problems
	case <-time.After(giveUp):
		r.outcome = "did not end"
	}
	r.wall = time.Since(start)
	return r
}

// pair connects a dev client to the host srv serving at url, approving the pairing as its owner
// would: the client and its session for uploads.
func pair(ctx context.Context, srv *host.Server, url, name string) (*devclient.Client, *devclient.Session, error) {
	client, err := devclient.NewClient(url)
	if err != nil {
		return nil, nil, err
	}
	p, err := client.StartPairing(ctx, name)
	if err == nil {
		err = srv.Approve(p.UserCode)
	}
	var sess *devclient.Session
	if err == nil {
		sess, err = client.WaitForApproval(ctx, p)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("pairing: %w", err)
	}
	return client, sess, nil
}
