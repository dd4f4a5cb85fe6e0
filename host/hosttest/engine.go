package hosttest

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/validate"
	"github.com/scapeworld/scape/world"
)

// Checks is a test's stand-in for the verdict half of a engine.Engine.
type Checks interface {
	Check(ctx context.Context, js []byte, placed []world.Instance) (engine.Verdict, error)
}

// Live is a test's stand-in for a build's live calls, given the bundle.
type Live interface {
	Initial(ctx context.Context, js []byte, typ string) (json.RawMessage, error)
	View(ctx context.Context, js []byte, in world.Instance, v world.Access) (json.RawMessage, error)
	Act(ctx context.Context, js []byte, in world.Instance, action string, payload json.RawMessage, v world.Access) (json.RawMessage, error)
}

// Engine is a engine.Engine made of a test's Checks and Live (nil Live: accepted builds have a
// project whose calls fail). Loads counts the Load calls.
type Engine struct {
	Checks Checks
	Live   Live
}

// Load implements engine.Engine.
func (e Engine) Load(ctx context.Context, js []byte, placed []world.Instance) (engine.Verdict, engine.Project, error) {
	v, err := e.Checks.Check(ctx, js, placed)
	if err != nil {
		return v, nil, err
	}
	if diag.List(v.Problems).HasErrors() {
		return v, nil, nil
	}
	return v, project{live: e.Live, js: js}, nil
}

type project struct {
	live Live
	js   []byte
}

var errNoLive = errors.New("this test host cannot run Gizmos")

func (p project) Initial(ctx context.Context, typ string) (json.RawMessage, error) {
	if p.live == nil {
		return nil, errNoLive
	}
	return p.live.Initial(ctx, p.js, typ)
}

func (p project) View(ctx context.Context, in world.Instance, v world.Access) (json.RawMessage, error) {
	if p.live == nil {
		return nil, errNoLive
	}
	return p.live.View(ctx, p.js, in, v)
}

func (p project) Act(ctx context.Context, in world.Instance, a engine.Action, v world.Access) (engine.Outcome, error) {
	if p.live == nil {
		return engine.Outcome{}, errNoLive
	}
	st, err := p.live.Act(ctx, p.js, in, a.Name, a.Payload, v)
	return engine.Outcome{State: st, Reaction: json.RawMessage("null")}, err
}

func (p project) Valid(ctx context.Context, in world.Instance) error { return nil }

// Derive implements engine.Project: a Live that also derives (a Deriver) answers; otherwise every
// instance is an ordinary blocking object with no outputs, as a world needs nothing more of it.
func (p project) Derive(ctx context.Context, in world.Instance, env validate.Env) (json.RawMessage, error) {
	if d, ok := p.live.(Deriver); ok {
		return d.Derive(ctx, p.js, in, env)
	}
	return json.RawMessage(`{"walkable":false,"push":null,"travel":null,"link":null,"step":false,"areaRemoval":null,"editPolicy":"placer","worldEditor":false,"actions":{}}`), nil
}

// Step implements engine.Project: a Live that derives also steps; otherwise there are no effects.
func (p project) Step(ctx context.Context, in world.Instance, e engine.StepEvent) (json.RawMessage, error) {
	if d, ok := p.live.(Deriver); ok {
		return d.Step(ctx, p.js, in, e)
	}
	return json.RawMessage("null"), nil
}

// Deriver is a Live that also answers the world's calls.
type Deriver interface {
	Derive(ctx context.Context, js []byte, in world.Instance, env validate.Env) (json.RawMessage, error)
	Step(ctx context.Context, js []byte, in world.Instance, e engine.StepEvent) (json.RawMessage, error)
}

func (p project) Close() {}
