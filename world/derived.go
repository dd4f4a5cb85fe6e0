package world

import (
	"encoding/json"
	"math"
)

// Permission is an action's declared permission.
type Permission string

const (
	Participant Permission = "participant"
	Editor      Permission = "editor"
	Remover     Permission = "remover"
)

// Push mirrors the SDK's GizmoPush (push(state) when not null).
type Push struct {
	Direction          Dir  `json:"direction"`
	BlockOpposingInput bool `json:"blockOpposingInput,omitempty"`
}

// Destination mirrors GizmoTravel's destination: {kind: 'linked'} or {kind: 'offset', x, y}.
type Destination struct {
	Kind string `json:"kind"`
	X    int    `json:"x,omitempty"`
	Y    int    `json:"y,omitempty"`
}

// Travel mirrors the SDK's GizmoTravel (travel(state) when not null). Feedback and Arrival are
// cosmetics the host forwards as they are.
type Travel struct {
	Destination Destination     `json:"destination"`
	Exits       [][2]int        `json:"exits"`
	Relative    bool            `json:"relative,omitempty"`
	CooldownMs  float64         `json:"cooldownMs"`
	Feedback    json.RawMessage `json:"feedback,omitempty"`
	Arrival     json.RawMessage `json:"arrival,omitempty"`
}

// Link mirrors GizmoLink.
type Link struct {
	Size int `json:"size"`
}

// AreaRemoval mirrors the definition's areaRemoval.
type AreaRemoval struct {
	RadiusCells int `json:"radiusCells"`
}

// Derived is what the engine computed for one instance in its current state: the SDK's resolved
// outputs (push, travel, lighting, navigate) and the definition's fixed facts. Its JSON is what
// validate.Project.Derive returns; the model never runs author code to get it.
type Derived struct {
	Walkable bool    `json:"walkable"`
	Push     *Push   `json:"push"`
	Travel   *Travel `json:"travel"`
	// Lighting is GizmoLightingState as resolved for the instance's state and link topology.
	Lighting json.RawMessage `json:"lighting,omitempty"`
	// Sprite is the GizmoSpriteRecipe for the state (null without one); WorldText and
	// WorldTextRange the world label and the distance in cells it is visible from (nil: always).
	// The model only carries them: the page draws them (host/web/ui/canvas.ts).
	Sprite         json.RawMessage `json:"sprite,omitempty"`
	WorldText      string          `json:"worldText,omitempty"`
	WorldTextRange *float64        `json:"worldTextRange,omitempty"`
	// Navigate is GizmoNavigation, or null: an active world link.
	Navigate    json.RawMessage       `json:"navigate,omitempty"`
	Link        *Link                 `json:"link"`
	Step        bool                  `json:"step"`
	AreaRemoval *AreaRemoval          `json:"areaRemoval"`
	EditPolicy  string                `json:"editPolicy"`
	WorldEditor bool                  `json:"worldEditor"`
	Actions     map[string]Permission `json:"actions"`
	// Configuration is the definition's portable settings (GizmoConfiguration), nil without.
	Configuration *Configuration `json:"configuration"`
	// WorldPicker is the definition's worldEditor (GizmoWorldEditor), nil without.
	WorldPicker *WorldPicker `json:"worldPicker"`
	// Transition is present only when the outputs were derived for a change of state
	// (Environment.Previous): what the change plays and animates.
	Transition *Transition `json:"transition,omitempty"`
	// Presentation is the definition's GizmoPresentation without its model (the host serves the
	// GLB by content hash); absent when the definition has none.
	Presentation json.RawMessage `json:"presentation,omitempty"`
	// Spin is the definition's decorative spin in radians per second (0 without a presentation).
	Spin float64 `json:"spin,omitempty"`
	// Settled is animate(state, state), the GizmoTimeline whose final frame shows the state at
	// rest when a page loads; absent without animate or when it fails.
	Settled json.RawMessage `json:"settled,omitempty"`
}

// Transition is what one change of state plays and animates: the definition's
// audio(state, previous) (GizmoAudioTimeline) and animate(state, previous) (GizmoTimeline), each
// checked by the SDK in the worker; null when the definition has none. A callback that failed
// leaves its output null and says why in Problem: the change itself stands.
type Transition struct {
	Audio   json.RawMessage `json:"audio,omitempty"`
	Animate json.RawMessage `json:"animate,omitempty"`
	Problem string          `json:"problem,omitempty"`
}

// LightRadius is the radius in cells of the instance's state-driven light, 0 when it has none.
func (d Derived) LightRadius() float64 {
	var l struct {
		Light *struct {
			RadiusCells float64 `json:"radiusCells"`
		} `json:"light"`
	}
	if !present(d.Lighting) || json.Unmarshal(d.Lighting, &l) != nil || l.Light == nil {
		return 0
	}
	if math.IsNaN(l.Light.RadiusCells) || l.Light.RadiusCells < 0 {
		return 0
	}
	return l.Light.RadiusCells
}

// Environment is the host topology an instance's outputs depend on (the SDK's
// GizmoEnvironment): whether its link group is complete; and, for a change of state, the state
// before it (Previous), so the outputs also carry the change's Transition.
type Environment struct {
	Linked   bool            `json:"linked"`
	Previous json.RawMessage `json:"previous,omitempty"`
}

// ExitOffsets mirrors the SDK's travelExitOffsets: with relative, +X turns to the dominant axis
// of the entering movement (dx, dy), y growing downwards; otherwise the exits are unchanged.
func ExitOffsets(exits [][2]int, relative bool, dx, dy int) [][2]int {
	ux, uy := 1, 0
	if relative && (dx != 0 || dy != 0) {
		if abs(dx) >= abs(dy) {
			ux, uy = sign(dx), 0
		} else {
			ux, uy = 0, sign(dy)
		}
	}
	out := make([][2]int, len(exits))
	for i, e := range exits {
		x, y := e[0], e[1]
		out[i] = [2]int{x*ux - y*uy, x*uy + y*ux}
	}
	return out
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}
