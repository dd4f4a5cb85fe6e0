package engine

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/isolate"
	"github.com/scapeworld/scape/protocol"
	"github.com/scapeworld/scape/validate"
	wm "github.com/scapeworld/scape/world"
)

// Definition is what the world shows of one Gizmo definition of the active build.
type Definition = protocol.Definition

// ServeIfWorker turns this process into an engine worker when its parent started it as one
// (isolate.ServeIfWorker); a test binary that runs a Checker calls it first in TestMain.
func ServeIfWorker() { isolate.ServeIfWorker() }

// Env is what an instance's derived outputs depend on besides its state (validate.Env).
type Env = validate.Env

// ErrNotReady is what a Project returns (wrapped) when a call ended before any author code ran:
// the build was still being opened, or another call held the runtime, until the call's context
// ended. The world page shows a placeholder and tries again on the next load: it is not the
// Gizmo's doing.
var ErrNotReady = errors.New("the Gizmo runtime was not ready")

// Verdict is the outcome of validating a whole project bundle. No errors among Problems means
// accepted (warnings are kept with the revision but do not refuse it).
type Verdict struct {
	Definitions []Definition
	Problems    []diag.Diagnostic
}

// Engine is the one place the host runs author code. Load validates a whole project bundle
// against the placed instances (each must still validate under the new definitions) and, for an
// accepted build, returns the live Project that validation built: the host keeps it for the
// active revision and calls it for every place, view and action, so nothing is validated twice.
// An error means the check itself could not run (the revision is then neither accepted nor
// rejected); a refusal is a Verdict with problems and a nil Project.
type Engine interface {
	Load(ctx context.Context, js []byte, placed []wm.Instance) (Verdict, Project, error)
}

// Project is an accepted build kept open for live use. Every call runs author code through the
// SDK's registry, bounded by ctx and the engine's own limits; it is safe for concurrent use.
type Project interface {
	// Initial is the initial state of a new instance of the definition typ.
	Initial(ctx context.Context, typ string) (json.RawMessage, error)
	// View is the instance's ObjectView for viewer (JSON); "null" when its definition has no
	// view (not an error: the panel shows the card with no controls).
	View(ctx context.Context, in wm.Instance, viewer wm.Access) (json.RawMessage, error)
	// Act runs an action through the registry's execute with viewer's authority: the new state
	// and the reaction. A refusal is a *Refusal.
	Act(ctx context.Context, in wm.Instance, action Action, viewer wm.Access) (Outcome, error)
	// Valid checks a state the admin seeds: its definition's valid() (a *Refusal when not).
	Valid(ctx context.Context, in wm.Instance) error
	// Derive is what the world needs of a placed instance, with linked as its link topology:
	// the SDK's resolved outputs as world.Derived reads them (JSON). An unknown or invalid
	// instance, or a callback that fails, is an error (a *Refusal when the SDK refused it).
	Derive(ctx context.Context, in wm.Instance, env Env) (json.RawMessage, error)
	// Step runs the instance's step callback for one arrival: the effects (JSON, "null" when
	// none).
	Step(ctx context.Context, in wm.Instance, event StepEvent) (json.RawMessage, error)
	// Close says the host no longer uses the project (a newer build replaced it).
	Close()
}

// StepEvent is an arrival on a stepped instance, as the SDK's GizmoStepEvent describes it.
type StepEvent struct {
	ID       string `json:"id"`
	At       int64  `json:"at"`
	Movement string `json:"movement"`
}

// Action is an action as a viewer sends it: a name and a JSON object payload.
type Action struct {
	Name    string          `json:"name"`
	Payload json.RawMessage `json:"payload"`
}

// Outcome is an accepted action's new state and reaction (JSON; "null" when none).
type Outcome struct {
	State    json.RawMessage `json:"state"`
	Reaction json.RawMessage `json:"reaction"`
}
