package host

import (
	"context"
	"encoding/json"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/host/protocol"
)

// Definition is what the world shows of one Gizmo definition of the active build.
type Definition = protocol.Definition

// Instance is one placed Gizmo with its saved state.
type Instance struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Version int             `json:"version"`
	State   json.RawMessage `json:"state"`
	// Walkable is Type's fixed walkability in the active build, set by the host when it hands
	// placed instances to a Validator (a build that changes it is refused while they are
	// placed); nil when unknown. It is not stored with the instance.
	Walkable *bool `json:"walkable,omitempty"`
}

// Verdict is the outcome of validating a whole project bundle. No errors among Problems means
// accepted (warnings are kept with the revision but do not refuse it).
type Verdict struct {
	Definitions []Definition
	Problems    []diag.Diagnostic
}

// Validator checks a whole project bundle, including that every placed instance still
// validates under the new definitions. An error means the check itself could not run (the
// revision is then neither accepted nor rejected); a refusal is a Verdict with problems.
type Validator interface {
	Check(ctx context.Context, js []byte, placed []Instance) (Verdict, error)
}

// Viewer is who looks at or acts on an instance in the world page: the owner, who may edit.
type Viewer struct {
	ActorID string
	CanEdit bool
}

// Runtime runs the active build's definitions for the world page: placing a Gizmo, showing
// its view and applying an action. Every call runs author code, so it must be bounded.
type Runtime interface {
	Initial(ctx context.Context, js []byte, typ string) (json.RawMessage, error)
	View(ctx context.Context, js []byte, inst Instance, viewer Viewer) (json.RawMessage, error)
	Act(ctx context.Context, js []byte, inst Instance, action string, payload json.RawMessage, viewer Viewer) (json.RawMessage, error)
}

// Warmer is a Runtime that can start loading a build before its first call; the host calls Warm
// when a build becomes active (accepted, or active at start), without waiting.
type Warmer interface {
	Warm(js []byte)
}
