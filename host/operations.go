package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/scapeworld/scape/host/engine"
	wm "github.com/scapeworld/scape/world"
)

// The world operations (docs/world.md, "How the host drives it"): placing, acting, removing and
// seeding, each through the world model with the engine's author code run with no lock held.
// Every handler — the owner's forms, the world page's API, the tools — calls these.

// Place puts a new instance of typ from the active build into the world beside its placer
// (PlaceAt).
func (s *Server) Place(ctx context.Context, actor Actor, typ string) (string, error) {
	return s.PlaceAt(ctx, actor, typ, nil)
}

// PlaceAt puts a new instance of typ from the active build into the world, with its initial
// state, at spot (nil, or no cell: beside the placer, placeFloor and placeCell). initial()
// runs without the world lock; the instance is placed, through the world model (its cell
// checks, link group and world-link rule), only if the build that made its state is still the
// active one.
func (s *Server) PlaceAt(ctx context.Context, actor Actor, typ string, spot *gridSpot) (string, error) {
	if !grants(actor).Build {
		return "", &wm.Error{Status: http.StatusForbidden, Message: "your role may not place Gizmos in this world"}
	}
	rev, proj, err := s.project(ctx)
	if err != nil {
		return "", err
	}
	var def *Definition
	for i := range rev.Definitions {
		if rev.Definitions[i].Type == typ {
			def = &rev.Definitions[i]
		}
	}
	if def == nil {
		return "", &wm.Error{Status: http.StatusBadRequest, Message: fmt.Sprintf("the accepted build has no Gizmo %q", typ)}
	}
	rctx, cancel := context.WithTimeout(ctx, runtimeCallTimeout)
	state, err := proj.Initial(rctx, typ)
	cancel()
	if err != nil {
		return "", fmt.Errorf("place %s: %w", typ, err)
	}
	id := "obj-" + strings.ToLower(newSecret("")[:10])
	pl := wm.Placement{ID: id, Type: typ, Version: def.Version, State: state, Floor: s.placeFloor(actor, spot), Basis: &wm.Basis{Revision: rev.Number}}
	s.grid.PreparePlace(ctx, grants(actor), pl) // author code (derive), with no lock held
	if pl.Cell, err = s.placeCell(actor, pl.Floor, spot); err != nil {
		return "", err
	}
	// The model commits only if the build that made the state is still the active one.
	if _, err := s.grid.Place(ctx, grants(actor), pl); err != nil {
		return "", err
	}
	s.changed(change{Kind: "placed", Instance: id})
	s.placedChanged() // rejudge.go: a build refused for what was placed may pass now
	return id, nil
}

// runtimeCallTimeout bounds each call the owner's buttons make into author code (place, act):
// the page waits for it, so a runaway Gizmo costs the owner at most this long. Views have the
// page's budget instead (render.go).
const runtimeCallTimeout = 2 * time.Second

// Act applies an action to a placed instance as actor and saves the new state, through the world
// (Apply: the state with the reaction's permitted area removals, one commit; the feedback to the
// nearby avatars); each tab's 'acted' event carries its share of the reaction (share.go). The
// action runs with no lock held, with actor's Access from the world model (its grants, the
// placer rule and editPolicy): the SDK's registry alone decides the declared permission from it
// (403). The model saves the state only if the instance and the active build are still those
// it ran on (world.Basis).
func (s *Server) Act(ctx context.Context, actor Actor, id string, action engine.Action) (engine.Outcome, error) {
	rev, proj, err := s.project(ctx)
	if err != nil {
		return engine.Outcome{}, err
	}
	in, _, ok := s.grid.Instance(id)
	if !ok {
		return engine.Outcome{}, &wm.Error{Status: http.StatusNotFound, Message: fmt.Sprintf("no placed instance %q", id)}
	}
	if len(action.Payload) == 0 {
		action.Payload = json.RawMessage("{}")
	}
	rctx, cancel := context.WithTimeout(ctx, runtimeCallTimeout)
	out, err := proj.Act(rctx, in, action, s.access(actor, in.ID))
	cancel()
	if err != nil {
		var ref *wm.Error
		if errors.As(err, &ref) {
			return engine.Outcome{}, ref
		}
		return engine.Outcome{}, fmt.Errorf("%s: %w", action.Name, err)
	}
	var transition *wm.Transition
	var delivery *wm.Delivery
	s.grid.PrepareApply(ctx, id, out.State) // author code (derive), with no lock held
	// The state and the reaction's permitted area removals commit together, only if the build
	// and the instance are still those the action ran on.
	applied, err := s.grid.Apply(ctx, grants(actor), wm.Acted{ID: id, State: out.State, Reaction: out.Reaction, Basis: &wm.Basis{Revision: rev.Number, Instance: &in}}, s.opts.Now())
	if err != nil {
		return engine.Outcome{}, err
	}
	transition, delivery = applied.Transition, applied.Delivery
	// Each tab's event carries only its share of the reaction (share.go).
	s.changed(change{Kind: "acted", Instance: id, Actor: actor.ID, Reaction: out.Reaction, Transition: transition, delivery: delivery})
	s.events.publishGrid()
	s.placedChanged() // a state (or a reaction's removals) may have fixed what a rejected build refused
	return out, nil
}

// Remove takes a placed instance out of the world, if actor may remove it (the model's rule).
func (s *Server) Remove(ctx context.Context, actor Actor, id string) error {
	if _, _, ok := s.grid.Instance(id); !ok {
		return &wm.Error{Status: http.StatusNotFound, Message: fmt.Sprintf("no placed instance %q", id)}
	}
	if !s.may(actor, wm.OpRemove, id) {
		return &wm.Error{Status: http.StatusForbidden, Message: "your role may not remove this Gizmo"}
	}
	s.grid.PrepareRemove(ctx, id) // its partners derive again: author code, with no lock held
	_, err := s.grid.Remove(ctx, grants(actor), id)
	if err == nil {
		s.changed(change{Kind: "removed", Instance: id})
		s.placedChanged()
	}
	return err
}

// Instances lists the placed instances (for tests and tools).
func (s *Server) Instances(ctx context.Context) ([]wm.Instance, error) {
	return s.grid.Instances(), nil
}

// Seed replaces a placed instance's state, as the admin jumping to a case: the state must pass
// the definition's valid() in the active build.
func (s *Server) Seed(ctx context.Context, actor Actor, id string, state json.RawMessage) error {
	in, _, ok := s.grid.Instance(id)
	if !ok {
		return &wm.Error{Status: http.StatusNotFound, Message: fmt.Sprintf("no placed instance %q", id)}
	}
	if !grants(actor).Admin {
		return &wm.Error{Status: http.StatusForbidden, Message: "only the world's admin seeds a state"}
	}
	rev, proj, err := s.project(ctx)
	if err != nil {
		return err
	}
	seeded := in
	seeded.State = state
	rctx, cancel := context.WithTimeout(ctx, runtimeCallTimeout)
	err = proj.Valid(rctx, seeded)
	cancel()
	if err != nil {
		return err
	}
	s.grid.PrepareApply(ctx, id, state) // author code (derive), with no lock held
	// Through the world, so its outputs are derived again for the seeded state; only if the
	// build that checked it is still the active one (the seed replaces whatever state it had).
	applied, err := s.grid.Apply(ctx, grants(actor), wm.Acted{ID: id, State: state, Basis: &wm.Basis{Revision: rev.Number}}, s.opts.Now())
	if err == nil {
		s.changed(change{Kind: "seeded", Instance: id, Actor: actor.ID, Transition: applied.Transition})
		s.placedChanged()
	}
	return err
}

// placeFloor is the floor a placement goes to: the one it names, else the placer's avatar's,
// else the surface.
func (s *Server) placeFloor(actor Actor, spot *gridSpot) wm.Floor {
	if spot != nil && spot.Floor != nil {
		return *spot.Floor
	}
	if a, ok := s.grid.AvatarOf(actor.ID); ok {
		return a.Floor
	}
	return wm.Surface
}

// placeCell is the cell a placement on floor f goes to: the one it names, else beside the placer
// (world.Model.PlacementCell: the nearest free cell to its avatar, rings of Chebyshev distance,
// each in reading order, never walling it in). Called under the world lock.
func (s *Server) placeCell(actor Actor, f wm.Floor, spot *gridSpot) (wm.Cell, error) {
	if spot != nil && spot.X != nil && spot.Y != nil {
		return wm.Cell{X: *spot.X, Y: *spot.Y}, nil
	}
	if c, ok := s.grid.PlacementCell(actor.ID, f); ok {
		return c, nil
	}
	return wm.Cell{}, &wm.Error{Status: http.StatusConflict, Message: fmt.Sprintf("the %s has no free cell", f)}
}
