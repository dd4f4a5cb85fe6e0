package host

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/scapeworld/scape/validate"
)

// Checker is the production Validator and Runtime: the validate package, the one home of the
// Gizmo rules (run from the SDK), with placed instances checked under the new definitions.
type Checker struct {
	// Options carry the bounds for author code (deadline, heap, stack).
	Options validate.Options

	mu   sync.Mutex // validate.Project is not safe for concurrent use
	js   []byte     // the bundle proj was opened from
	proj *validate.Project
}

// NewChecker returns a Checker with validate's default bounds.
func NewChecker() *Checker { return &Checker{} }

// Check implements Validator.
func (c *Checker) Check(ctx context.Context, js []byte, placed []Instance) (Verdict, error) {
	opts := c.Options
	opts.Instances = make([]validate.Instance, len(placed))
	for i, in := range placed {
		opts.Instances[i] = toValidate(in)
	}
	rep, err := validate.Check(ctx, js, opts)
	if err != nil {
		return Verdict{}, err
	}
	if rep == nil {
		return Verdict{}, errors.New("validate returned no report")
	}
	v := Verdict{Problems: rep.Diagnostics}
	for _, d := range rep.Definitions {
		walkable := d.Walkable
		v.Definitions = append(v.Definitions, Definition{Type: d.Type, Version: d.Version, Emoji: d.Emoji, Label: d.Label, Walkable: &walkable})
	}
	return v, nil
}

// project opens (or reuses) the live project of a bundle. Callers hold mu.
func (c *Checker) project(ctx context.Context, js []byte) (*validate.Project, error) {
	if c.proj != nil && bytes.Equal(c.js, js) {
		return c.proj, nil
	}
	p, rep, err := validate.Open(ctx, js, c.Options)
	if err != nil {
		return nil, err
	}
	if p == nil {
		msg := "the build does not load"
		if rep != nil && len(rep.Diagnostics.Errors()) > 0 {
			msg = rep.Diagnostics.Errors()[0].String()
		}
		return nil, errors.New(msg)
	}
	c.proj, c.js = p, js
	return p, nil
}

// Initial implements Runtime: the definition's initial state, checked by the registry.
func (c *Checker) Initial(ctx context.Context, js []byte, typ string) (json.RawMessage, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	p, err := c.project(ctx, js)
	if err != nil {
		return nil, err
	}
	for _, d := range p.Report.Definitions {
		if d.Type != typ {
			continue
		}
		inst, ok, err := p.Create(ctx, d.Emoji, "new")
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		return inst.State, nil
	}
	return nil, fmt.Errorf("the build has no Gizmo %q", typ)
}

func toValidate(in Instance) validate.Instance {
	return validate.Instance{ID: in.ID, Type: in.Type, Version: in.Version, State: in.State, Walkable: in.Walkable}
}

// View implements Runtime.
func (c *Checker) View(ctx context.Context, js []byte, in Instance, viewer Viewer) (json.RawMessage, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	p, err := c.project(ctx, js)
	if err != nil {
		return nil, err
	}
	return p.View(ctx, toValidate(in), validate.Viewer{ActorID: viewer.ActorID, CanEdit: viewer.CanEdit})
}

// Act implements Runtime: the action through the registry, as the owner.
func (c *Checker) Act(ctx context.Context, js []byte, in Instance, action string, payload json.RawMessage, viewer Viewer) (json.RawMessage, error) {
	var fields map[string]any
	if len(payload) > 0 {
		if err := json.Unmarshal(payload, &fields); err != nil {
			return nil, fmt.Errorf("payload is not a JSON object: %w", err)
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	p, err := c.project(ctx, js)
	if err != nil {
		return nil, err
	}
	out, _, err := p.Act(ctx, toValidate(in), validate.Action{Name: action, Payload: fields},
		validate.Context{ActorID: viewer.ActorID, CanEdit: viewer.CanEdit, CanRemove: viewer.CanEdit, Now: time.Now().UnixMilli()})
	if err != nil {
		var refused *validate.Refused
		if errors.As(err, &refused) {
			return nil, errors.New(refused.Message)
		}
		return nil, err
	}
	return out.State, nil
}
