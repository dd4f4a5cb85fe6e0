package hosttest

import (
	"context"
	"encoding/json"
	"sync/atomic"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/world"
)

// JSONValidator stands in for the validate package where a test exercises the host's or the
// client's bookkeeping rather than the Gizmo rules: the "bundle" is JSON
// {"definitions": [...], "problems": [...]}, and a placed instance must match a definition's
// type and version. Calls counts the checks run.
type JSONValidator struct{ Calls atomic.Int32 }

// FakeBundle is what JSONValidator reads.
type FakeBundle struct {
	Definitions []host.Definition `json:"definitions"`
	Problems    diag.List         `json:"problems"`
}

// Check implements host.Validator.
func (v *JSONValidator) Check(ctx context.Context, js []byte, placed []world.Instance) (engine.Verdict, error) {
	v.Calls.Add(1)
	var b FakeBundle
	if err := json.Unmarshal(js, &b); err != nil {
		return engine.Verdict{Problems: diag.List{{Code: diag.CodeLoad, Message: "not a project: " + err.Error()}}}, nil
	}
	verdict := engine.Verdict{Definitions: b.Definitions, Problems: b.Problems}
	for _, in := range placed {
		found := false
		for _, d := range b.Definitions {
			found = found || (d.Type == in.Type && d.Version == in.Version)
		}
		if !found {
			verdict.Problems = append(verdict.Problems, diag.Diagnostic{Code: diag.CodeInstance, Definition: &diag.Definition{Type: in.Type},
				Path: "instances." + in.ID, Message: "placed instance has no matching definition: remove it first"})
		}
	}
	return verdict, nil
}
