package world

import (
	"encoding/json"
	"fmt"
	"sync"
)

// Configuration mirrors the SDK's GizmoConfiguration: the editor action and the state fields
// that may be copied to later placements ("Portable configuration copies only declared editor
// settings for a new placement").
type Configuration struct {
	Action string   `json:"action"`
	Fields []string `json:"fields"`
	// Remember: "Reuse successfully saved configuration for later placements in this session."
	Remember bool `json:"remember"`
	// Open: "Open Configure initially for a settings-first gizmo. Defaults to closed."
	Open bool `json:"open"`
}

// WorldPicker mirrors the SDK's GizmoWorldEditor: the host's world picker submits
// `{ [Field]: destination }` to the editor action Action; Label names the picker.
type WorldPicker struct {
	Field  string `json:"field"`
	Action string `json:"action"`
	Label  string `json:"label"`
}

// Values is the portable configuration of state: the declared fields it holds, as the SDK's
// registry.configuration copies them (never identity or other live state). A state that is not
// a JSON object has none.
func (c Configuration) Values(state json.RawMessage) (map[string]json.RawMessage, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(state, &fields); err != nil {
		return nil, fmt.Errorf("the state is not a JSON object: %w", err)
	}
	out := map[string]json.RawMessage{}
	for _, f := range c.Fields {
		if v, ok := fields[f]; ok {
			out[f] = v
		}
	}
	return out, nil
}

// Settings are remembered configuration values for one definition type and version (the SDK's
// ObjectConfiguration).
type Settings struct {
	Type    string                     `json:"type"`
	Version int                        `json:"version"`
	Values  map[string]json.RawMessage `json:"values"`
}

// Remembered is `configuration.remember` for the local world: per placement session (a tab's
// actor), the settings of the last accepted editor action on each type whose definition
// remembers. The host replays them, through the declared configuration action and the normal
// permission checks, on that session's next placement of the type. Memory only; the zero value
// is an empty memory; safe for concurrent use.
type Remembered struct {
	mu       sync.Mutex
	sessions map[string]map[string]Settings
}

// MaxRememberedSessions bounds the sessions Remembered keeps (past it, it starts again), as the
// host bounds its tabs.
const MaxRememberedSessions = 4096

// NewRemembered is an empty memory.
func NewRemembered() *Remembered { return &Remembered{} }

// Accepted records, after session's accepted action on an instance of typ at version whose
// outputs are d, the configured fields of the resulting state, when the definition declares
// configuration with remember and action's declared permission is editor. It says whether it
// recorded anything.
func (r *Remembered) Accepted(session string, d *Derived, typ string, version int, action string, state json.RawMessage) bool {
	if d == nil || d.Configuration == nil || !d.Configuration.Remember || d.Actions[action] != Editor {
		return false
	}
	values, err := d.Configuration.Values(state)
	if err != nil {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sessions == nil {
		r.sessions = map[string]map[string]Settings{}
	}
	byType := r.sessions[session]
	if byType == nil {
		if len(r.sessions) >= MaxRememberedSessions {
			clear(r.sessions)
		}
		byType = map[string]Settings{}
		r.sessions[session] = byType
	}
	byType[typ] = Settings{Type: typ, Version: version, Values: values}
	return true
}

// Replay is the action that applies session's remembered settings to a new instance of typ at
// version whose outputs are d: the declared configuration action with the remembered values of
// the fields declared now as its payload. ok is false when nothing applies: no configuration
// with remember, nothing remembered, or settings of another version ("There is no automatic
// version migration").
func (r *Remembered) Replay(session string, d *Derived, typ string, version int) (action string, payload json.RawMessage, ok bool) {
	if d == nil || d.Configuration == nil || !d.Configuration.Remember {
		return "", nil, false
	}
	r.mu.Lock()
	s, found := r.sessions[session][typ]
	r.mu.Unlock()
	if !found || s.Version != version {
		return "", nil, false
	}
	values := map[string]json.RawMessage{}
	for _, f := range d.Configuration.Fields {
		if v, ok := s.Values[f]; ok {
			values[f] = v
		}
	}
	if len(values) == 0 {
		return "", nil, false
	}
	b, err := json.Marshal(values)
	if err != nil {
		return "", nil, false
	}
	return d.Configuration.Action, b, true
}
