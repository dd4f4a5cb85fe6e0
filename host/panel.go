package host

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/scapeworld/scape/host/engine"
	wm "github.com/scapeworld/scape/world"
)

// The panel's server half (docs/world.md, "The panel"). The page draws; the host decides which
// of a view's controls and fields are editor settings (under Configure, and not sent at all to a
// viewer who may not edit), resolves the world picker's choice in its stub directory, and keeps
// and replays configuration.remember. Every change still goes through Act: the SDK's registry
// checks the declared permission, the world model the placer and world-link rules.

// worldDestination is a GizmoWorldDestination: display metadata, never proof of access.
type worldDestination struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// stubWorlds is the local world's stand-in for Scape's world directory: the world picker offers
// these, and a world code is resolved only among them. The local host has no other worlds and
// admits nobody anywhere ("The host owns world discovery, permissions, credentials…").
var stubWorlds = []worldDestination{
	{ID: "harbor-plaza", Name: "Harbor Plaza"},
	{ID: "sky-garden", Name: "Sky Garden"},
	{ID: "night-market", Name: "Night Market"},
	{ID: "quiet-library", Name: "Quiet Library"},
}

// stubWorld resolves a world code in the stub directory.
func stubWorld(code string) (worldDestination, bool) {
	for _, w := range stubWorlds {
		if w.ID == code {
			return w, true
		}
	}
	return worldDestination{}, false
}

// navigateView is an instance's active world link as the panel shows it: the world code its
// navigate(state) returned, with the stub directory's name for it when it has one.
type navigateView struct {
	World string `json:"world"`
	Name  string `json:"name,omitempty"`
}

func navigateOf(d *wm.Derived) *navigateView {
	if d == nil || len(d.Navigate) == 0 || string(d.Navigate) == "null" {
		return nil
	}
	var n struct {
		World string `json:"world"`
	}
	if json.Unmarshal(d.Navigate, &n) != nil || n.World == "" {
		return nil
	}
	w, _ := stubWorld(n.World)
	return &navigateView{World: n.World, Name: w.Name}
}

// splitView sorts a view's controls and fields for the panel. A control whose action's declared
// permission is editor is an editor setting ("Scape … groups editor settings under
// Configure"), and so is a field that only editor controls submit. For a viewer who may edit, the
// view is unchanged and configure and configureFields are the indexes of those controls (but one
// with placement 'action', which the docs put in the action row) and fields. For one who may
// not, every editor control ("Placement never changes permission") and those fields are left
// out of the view: they would be controls that cannot succeed (a disabled button
// "does not enforce authorization", so the server refuses them anyway). Preview controls are
// not sorted here: they resolve through previews, not actions. A view the host cannot read is
// passed on as it is.
func splitView(raw json.RawMessage, d *wm.Derived, canEdit bool) (view json.RawMessage, configure, configureFields []int) {
	if d == nil || len(raw) == 0 || string(raw) == "null" {
		return raw, nil, nil
	}
	var parts map[string]json.RawMessage
	if json.Unmarshal(raw, &parts) != nil {
		return raw, nil, nil
	}
	var controls, fields []json.RawMessage
	if len(parts["controls"]) > 0 && json.Unmarshal(parts["controls"], &controls) != nil {
		return raw, nil, nil
	}
	if len(parts["fields"]) > 0 && string(parts["fields"]) != "null" && json.Unmarshal(parts["fields"], &fields) != nil {
		return raw, nil, nil
	}
	editorControl, configureControl := make([]bool, len(controls)), make([]bool, len(controls))
	byMain, byEditor := map[string]bool{}, map[string]bool{}
	for i, c := range controls {
		var cc struct {
			Kind   string `json:"kind"`
			Action struct {
				Name string `json:"name"`
			} `json:"action"`
			Fields    []string `json:"fields"`
			Placement string   `json:"placement"`
		}
		if json.Unmarshal(c, &cc) != nil {
			continue
		}
		editorControl[i] = cc.Kind != "preview" && d.Actions[cc.Action.Name] == wm.Editor
		// An explicit action-row control stays in the action row, for an editor only.
		configureControl[i] = editorControl[i] && cc.Placement != "action"
		for _, f := range cc.Fields {
			if editorControl[i] {
				byEditor[f] = true
			} else {
				byMain[f] = true
			}
		}
	}
	editorField := make([]bool, len(fields))
	for i, f := range fields {
		var ff struct {
			ID string `json:"id"`
		}
		if json.Unmarshal(f, &ff) == nil {
			editorField[i] = byEditor[ff.ID] && !byMain[ff.ID]
		}
	}
	if canEdit {
		return raw, indexes(configureControl), indexes(editorField)
	}
	if len(indexes(editorControl)) == 0 && len(indexes(editorField)) == 0 {
		return raw, nil, nil
	}
	parts["controls"] = keep(controls, editorControl)
	if _, had := parts["fields"]; had {
		parts["fields"] = keep(fields, editorField)
	}
	out, err := json.Marshal(parts)
	if err != nil {
		return raw, nil, nil
	}
	return out, nil, nil
}

func indexes(set []bool) []int {
	var out []int
	for i, in := range set {
		if in {
			out = append(out, i)
		}
	}
	return out
}

// keep is the JSON array of items not dropped.
func keep(items []json.RawMessage, drop []bool) json.RawMessage {
	kept := []json.RawMessage{}
	for i, it := range items {
		if !drop[i] {
			kept = append(kept, it)
		}
	}
	b, _ := json.Marshal(kept)
	return b
}

// panelOf fills the panel's part of a tab's instance: its view sorted for the viewer, the world
// picker (for a viewer who may edit) and the world link.
func (s *Server) panelOf(ti *tabInstance, raw json.RawMessage, actor Actor, in wm.Instance) {
	_, d, ok := s.grid.Instance(in.ID)
	if !ok {
		ti.View = raw
		return
	}
	canEdit := s.access(actor, in.ID).CanEdit
	ti.View, ti.Configure, ti.ConfigureFields = splitView(raw, d, canEdit)
	if d != nil && d.WorldPicker != nil && canEdit {
		p := *d.WorldPicker
		ti.WorldPicker = &p
	}
	ti.Navigate = navigateOf(d)
}

// tabAct is an action a tab asked for: Act, then, when it was accepted, the tab's remembered
// settings for the type (configuration.remember) are those of the resulting state.
func (s *Server) tabAct(ctx context.Context, actor Actor, id string, action engine.Action) (engine.Outcome, error) {
	out, err := s.Act(ctx, actor, id, action)
	if err != nil {
		return out, err
	}
	if in, d, ok := s.grid.Instance(id); ok {
		s.remembered.Accepted(actor.ID, d, in.Type, in.Version, action.Name, out.State)
	}
	return out, nil
}

// placedAnswer is a tab's placement: the new instance, whether the tab's remembered settings
// were replayed onto it, and whether Configure opens for it.
type placedAnswer struct {
	ID string `json:"id"`
	// Floor and Cell are where it went (beside the placer unless the request named a cell): the
	// page shows the cell.
	Floor wm.Floor `json:"floor"`
	Cell  wm.Cell  `json:"cell"`
	// Configured says the remembered settings were applied (configuration.remember).
	Configured bool `json:"configured,omitempty"`
	// ConfigureError is why applying them was refused; the placement stands with its initial
	// state.
	ConfigureError *configureRefusal `json:"configureError,omitempty"`
	// OpenConfigure: the definition declares configuration.open and this tab may edit the
	// instance ("Open Configure initially for a settings-first gizmo").
	OpenConfigure bool `json:"openConfigure,omitempty"`
}

// placeTab places as PlaceAt does, then replays the tab's remembered settings for the type
// through the declared configuration action, as an ordinary action of that tab: the registry
// checks its permission and the reducer its payload, and the world model the world-link rule.
func (s *Server) placeTab(ctx context.Context, actor Actor, typ string, spot *gridSpot) (placedAnswer, error) {
	id, err := s.PlaceAt(ctx, actor, typ, spot)
	if err != nil {
		return placedAnswer{}, err
	}
	ans := placedAnswer{ID: id}
	gin, d, ok := s.grid.Instance(id)
	if !ok {
		return ans, nil // removed meanwhile
	}
	ans.Floor, ans.Cell = gin.Floor, gin.Cell
	if name, payload, ok := s.remembered.Replay(actor.ID, d, gin.Type, gin.Version); ok {
		if _, err := s.Act(ctx, actor, id, engine.Action{Name: name, Payload: payload}); err != nil {
			ans.ConfigureError = &configureRefusal{Status: statusOf(err), Message: "the remembered settings were not applied: " + err.Error()}
		} else {
			ans.Configured = true
		}
	}
	in := gin
	ans.OpenConfigure = d != nil && d.Configuration != nil && d.Configuration.Open && s.access(actor, in.ID).CanEdit
	return ans, nil
}

// PickWorld is the world picker's choice for an instance whose definition declares worldEditor:
// world is a code resolved in the stub directory, or nil to clear. The host submits
// `{ [field]: destination }` to the declared editor action as the tab's own action ("The host
// resolves a public-world selection or entered world code, then submits { [field]: destination }
// to the declared editor action").
func (s *Server) PickWorld(ctx context.Context, actor Actor, id string, world *string) (engine.Outcome, error) {
	_, d, ok := s.grid.Instance(id)
	if !ok {
		return engine.Outcome{}, &wm.Error{Status: http.StatusNotFound, Message: fmt.Sprintf("no placed instance %q", id)}
	}
	if d == nil {
		return engine.Outcome{}, &wm.Error{Status: http.StatusConflict, Message: fmt.Sprintf("%s is not valid under the active build", id)}
	}
	if d.WorldPicker == nil {
		return engine.Outcome{}, &wm.Error{Status: http.StatusBadRequest, Message: fmt.Sprintf("%s declares no worldEditor", id)}
	}
	var dest any // null clears the destination
	if world != nil {
		w, ok := stubWorld(strings.TrimSpace(*world))
		if !ok {
			codes := make([]string, len(stubWorlds))
			for i, w := range stubWorlds {
				codes[i] = w.ID
			}
			return engine.Outcome{}, &wm.Error{Status: http.StatusNotFound, Message: fmt.Sprintf("no world %q in the local stub directory (it has %s)", *world, strings.Join(codes, ", "))}
		}
		dest = w
	}
	payload, err := json.Marshal(map[string]any{d.WorldPicker.Field: dest})
	if err != nil {
		return engine.Outcome{}, err
	}
	return s.tabAct(ctx, actor, id, engine.Action{Name: d.WorldPicker.Action, Payload: payload})
}

// handleWorldPick is the world picker: {"world": "harbor-plaza"} or {"world": null}.
func (s *Server) handleWorldPick(w http.ResponseWriter, r *http.Request) {
	a, ok := s.requireTab(w, r)
	if !ok {
		return
	}
	var req struct {
		World *string `json:"world"`
	}
	if !readBody(w, r, &req) {
		return
	}
	out, err := s.PickWorld(r.Context(), a, r.PathValue("id"), req.World)
	s.answer(w, out, err)
}

// configureRefusal is why the remembered settings were not applied to a placement that stands:
// part of a successful answer (not an error envelope), with the refusal's status for the card.
type configureRefusal struct {
	Status  int    `json:"status"`
	Message string `json:"message"`
}
