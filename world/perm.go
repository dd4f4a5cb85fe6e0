package world

// Viewer is one person (a browser session or agent) in the world, with the grants the host
// gave them. The world's owner holds every grant.
type Viewer struct {
	ActorID string
	// Admin is world administration: the owner.
	Admin bool
	// Build lets the viewer place Gizmos; a placer with Build may edit and remove what they placed.
	Build bool
	// Participate lets the viewer invoke participant actions.
	Participate bool
	// Remove is removal permission for every instance (a host role that removes what others
	// placed); without it, only the owner and the placer with Build remove.
	Remove bool
	// Placer is who the viewer places as and edits as, when that is not ActorID: one person with
	// several tabs (each its own actor and avatar) is one placer.
	Placer string
}

// placer is the identity placements are recorded under and editing is checked against.
func (v Viewer) placer() string {
	if v.Placer != "" {
		return v.Placer
	}
	return v.ActorID
}

// Owner is the world's owner: administration, building and participation.
func Owner(actor string) Viewer {
	return Viewer{ActorID: actor, Admin: true, Build: true, Participate: true}
}

// Guest is a participant who does not build.
func Guest(actor string) Viewer { return Viewer{ActorID: actor, Participate: true} }

// Op is what a viewer asks to do with an instance.
type Op string

const (
	// OpParticipate invokes a participant action.
	OpParticipate Op = "participate"
	// OpEdit invokes an editor action (and is the context's canEdit).
	OpEdit Op = "edit"
	// OpRemove removes the instance, or invokes a remover action (the context's canRemove).
	OpRemove Op = "remove"
)

// can is the permission rule, on an instance the caller holds the lock for. The docs:
// participant — "a permitted participant can invoke the action"; editor — "the host must grant
// editing permission for that instance", and the definition's editPolicy — "Editing always
// requires the placer and build permission; this can additionally require administration";
// remover — "the host must grant removal permission for the source". Who may remove is the
// host's rule; the local world's: the owner removes anything, a builder what they placed.
func can(v Viewer, op Op, p *placed) error {
	switch op {
	case OpParticipate:
		if !v.Participate && !v.Admin {
			return errorf(403, "%s may not take part in %s (%s): not a participant", v.ActorID, p.ID, p.Type)
		}
		return nil
	case OpEdit:
		if p.Placer != v.placer() {
			return errorf(403, "%s may not edit %s (%s): editing needs its placer (%s)", v.ActorID, p.ID, p.Type, p.Placer)
		}
		if !v.Build {
			return errorf(403, "%s may not edit %s (%s): no build permission", v.ActorID, p.ID, p.Type)
		}
		if p.derived != nil && p.derived.EditPolicy == "placer-admin" && !v.Admin {
			return errorf(403, "%s may not edit %s (%s): its editPolicy placer-admin also needs world administration", v.ActorID, p.ID, p.Type)
		}
		return nil
	case OpRemove:
		if v.Admin || v.Remove || (v.Build && p.Placer == v.placer()) {
			return nil
		}
		return errorf(403, "%s may not remove %s (%s): only the world's owner or its placer with build permission", v.ActorID, p.ID, p.Type)
	}
	return errorf(400, "unknown operation %q", op)
}

// Can says whether viewer may do op with the instance: nil, or an *Error (403 not permitted,
// 404 no such instance). A control's `disabled` plays no part: "A disabled button helps the
// interface but does not enforce authorization. The server checks the action independently."
func (m *Model) Can(v Viewer, op Op, instanceID string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.instances[instanceID]
	if !ok {
		return errorf(404, "no instance %q", instanceID)
	}
	return can(v, op, p)
}

// Access is one viewer's authority on one instance as author code sees it: the SDK's
// ObjectViewer and ObjectContext (actorId, canEdit, canRemove). Only the model derives it
// (Model.Access, from the Viewer's grants and the instance's placer and editPolicy); the engine
// hands it to the SDK's registry, which decides an action's declared permission from it.
type Access struct {
	ActorID   string `json:"actorId"`
	CanEdit   bool   `json:"canEdit"`
	CanRemove bool   `json:"canRemove,omitempty"`
}

// Access is viewer's authority on the instance: canEdit and canRemove as the permission rule
// answers them (404 when there is no such instance).
func (m *Model) Access(v Viewer, instanceID string) (Access, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.instances[instanceID]
	if !ok {
		return Access{ActorID: v.ActorID}, errorf(404, "no instance %q", instanceID)
	}
	return Access{ActorID: v.ActorID, CanEdit: can(v, OpEdit, p) == nil, CanRemove: can(v, OpRemove, p) == nil}, nil
}
