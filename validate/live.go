package validate

import (
	"context"
	"encoding/json"
	"math/rand/v2"

	"github.com/dop251/goja"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/world"
)

// Project is a validated bundle loaded in its own runtime, with an ObjectRegistry over its
// definitions: what the dev host uses to place instances and act on them. Every call runs
// through the guarded path with the Options' bounds. Not safe for concurrent use: a host
// serialises calls per project (or opens one Project per worker).
type Project struct {
	Report   *Report
	l        *loaded
	registry goja.Value
	opts     Options
}

// Action is an action as a host receives it.
type Action struct {
	Name    string         `json:"name"`
	Payload map[string]any `json:"payload"`
}

// Context is one action's ObjectContext: who acts with what authority on the instance (the
// world model's Access), the host's clock, and randomness from Random (default: a
// non-deterministic source; tests pass a seeded one).
type Context struct {
	world.Access
	Now int64 `json:"now"`
	// Random returns an integer in [min, max].
	Random func(min, max int) int `json:"-"`
}

// A refusal by the definition or the registry (status 400, 403 or 409 with the author's message)
// is a *world.Error: an expected outcome, not a failure of the host.

// Open checks the bundle exactly as Check does and, when it is valid, keeps it loaded for live use. A bundle that is
// not valid returns a nil Project and the report that says why.
func Open(ctx context.Context, js []byte, opts Options) (*Project, *Report, error) {
	l, rep, err := load(ctx, js, opts)
	if err != nil || l == nil {
		return nil, rep, err
	}
	l.judge(ctx, opts, rep) // the build's verdict, exploration included
	if !rep.OK() {
		return nil, rep, nil
	}
	// The registry is an opaque value handed back to the toolchain on every live call.
	reg, err := l.rt.CallToolchain(ctx, "open", l.exports)
	if err != nil {
		rep.Diagnostics = append(rep.Diagnostics, l.failure(err, rep.Definitions))
		return nil, rep, nil
	}
	// The budget bounds validation; live calls are bounded one by one.
	l.rt.EndBudget()
	return &Project{Report: rep, l: l, registry: reg, opts: opts}, rep, nil
}

func (p *Project) call(ctx context.Context, method string, args ...any) (string, error) {
	values := []goja.Value{p.registry}
	for _, a := range args {
		values = append(values, p.l.rt.VM.ToValue(a))
	}
	return p.l.rt.ToolchainString(ctx, method, values...)
}

// Create places a new instance of the definition with that emoji. ok is false when no
// definition has the emoji.
func (p *Project) Create(ctx context.Context, emoji, id string) (inst world.Instance, ok bool, err error) {
	out, err := p.call(ctx, "create", emoji, id)
	if err != nil || out == "" {
		return world.Instance{}, false, err
	}
	var in sdkInstance
	if err := json.Unmarshal([]byte(out), &in); err != nil {
		return world.Instance{}, false, err
	}
	return world.Instance{ID: in.ID, Type: in.Type, Version: in.Version, State: in.State, LinkID: in.LinkID}, true, nil
}

// Act runs an action through the registry's execute: the new instance and the reaction (JSON,
// "null" when none). A refusal is a *world.Error; author code running away is a jsrt error.
func (p *Project) Act(ctx context.Context, inst world.Instance, action Action, actx Context) (world.Instance, json.RawMessage, error) {
	if action.Payload == nil {
		action.Payload = map[string]any{}
	}
	random := actx.Random
	if random == nil {
		random = func(min, max int) int { return min + rand.IntN(max-min+1) }
	}
	actionJSON, _ := json.Marshal(action)
	ctxJSON, _ := json.Marshal(actx)
	randomInt := func(min, max int) int {
		if max < min {
			return min
		}
		return random(min, max)
	}
	out, err := p.call(ctx, "execute", sdkJSON(inst), string(actionJSON), string(ctxJSON), randomInt)
	if err != nil {
		return inst, nil, err
	}
	var res struct {
		Instance sdkInstance     `json:"instance"`
		Reaction json.RawMessage `json:"reaction"`
		Refused  *world.Error    `json:"refused"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		return inst, nil, err
	}
	if res.Refused != nil {
		return inst, nil, res.Refused
	}
	next := inst
	next.State = res.Instance.State
	return next, res.Reaction, nil
}

// View returns the instance's view for viewer as JSON. The view sees the SDK's ObjectViewer:
// actorId and canEdit.
func (p *Project) View(ctx context.Context, inst world.Instance, viewer world.Access) (json.RawMessage, error) {
	viewerJSON, _ := json.Marshal(struct {
		ActorID string `json:"actorId"`
		CanEdit bool   `json:"canEdit"`
	}{viewer.ActorID, viewer.CanEdit})
	out, err := p.call(ctx, "view", sdkJSON(inst), string(viewerJSON))
	if err != nil {
		return nil, err
	}
	var res struct {
		View    json.RawMessage `json:"view"`
		Refused *world.Error    `json:"refused"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		return nil, err
	}
	if res.Refused != nil {
		return nil, res.Refused
	}
	return res.View, nil
}

// ValidateInstances checks placed instances against this project's definitions: each problem is
// a diagnostic (type no longer defined, version changed, state no longer valid).
func (p *Project) ValidateInstances(ctx context.Context, instances []world.Instance) (diag.List, error) {
	wire := make([]sdkInstance, len(instances))
	for i, in := range instances {
		wire[i] = toSDK(in)
	}
	data, err := json.Marshal(wire)
	if err != nil {
		return nil, err
	}
	var problems []problemFacts
	if err := p.l.call(ctx, "validateInstances", &problems, p.l.exports, p.l.rt.VM.ToValue(string(data))); err != nil {
		var list diag.List
		return append(list, p.l.failure(err, p.Report.Definitions)), nil
	}
	var out diag.List
	for _, pr := range problems {
		d := p.l.problem(pr, p.Report.Definitions)
		d.Code = diag.CodeInstance
		out = append(out, d)
	}
	return out, nil
}

// Derive returns what a world needs of a placed instance, as the SDK resolves it from the
// instance's state (push, travel, lighting with linked as the topology, navigation) and from
// its definition (walkable, link, step, areaRemoval, editPolicy, worldEditor, each action's
// permission): one JSON object, shaped as world.Derived reads it. An unknown or invalid
// instance, or a callback that fails or returns an invalid recipe, is a *world.Error.
func (p *Project) Derive(ctx context.Context, inst world.Instance, env Env) (json.RawMessage, error) {
	previous := ""
	if len(env.Previous) > 0 {
		previous = string(env.Previous)
	}
	out, err := p.call(ctx, "derive", sdkJSON(inst), env.Linked, previous, string(env.Ask))
	if err != nil {
		return nil, err
	}
	var res struct {
		Derived json.RawMessage `json:"derived"`
		Refused *world.Error    `json:"refused"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		return nil, err
	}
	if res.Refused != nil {
		return nil, res.Refused
	}
	return res.Derived, nil
}

// Env is what an instance's derived outputs depend on besides its state: the host's link
// topology (the SDK's GizmoEnvironment) and, for a change of state, the state before it
// (Previous, JSON): then the outputs also carry the change's transition (audio(state, previous)
// and animate(state, previous), checked by the SDK; world.Transition reads it).
type Env struct {
	Linked   bool            `json:"linked,omitempty"`
	Previous json.RawMessage `json:"previous,omitempty"`
	// Ask, when set, is a derive-like question instead of the outputs (JSON: {sounds: true},
	// {preview: {name, payload, viewer}} or {sequence: context}; toolchain.ts answer): what the
	// world page plays. It runs no reducer and changes nothing.
	Ask json.RawMessage `json:"ask,omitempty"`
}

// StepEvent is an arrival as the SDK's GizmoStepEvent describes it.
type StepEvent struct {
	ID       string `json:"id"`
	At       int64  `json:"at"`
	Movement string `json:"movement"`
}

// Step runs the instance's step callback for one arrival through the SDK's resolveGizmoStep:
// the effects as JSON ("null" when the callback returns null or the definition has none).
func (p *Project) Step(ctx context.Context, inst world.Instance, event StepEvent) (json.RawMessage, error) {
	eventJSON, _ := json.Marshal(event)
	out, err := p.call(ctx, "step", sdkJSON(inst), string(eventJSON))
	if err != nil {
		return nil, err
	}
	var res struct {
		Effects json.RawMessage `json:"effects"`
		Refused *world.Error    `json:"refused"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		return nil, err
	}
	if res.Refused != nil {
		return nil, res.Refused
	}
	if len(res.Effects) == 0 {
		return json.RawMessage("null"), nil
	}
	return res.Effects, nil
}
