package host

import wm "github.com/scapeworld/scape/world"

// Role is what a world page session may do (docs/dev.md, "Viewers and roles"). The owner's tab
// is the world's admin; the owner mints invite links for the other roles.
type Role string

const (
	// RoleAdmin is the world's owner: places, edits, removes, invites, seeds states.
	RoleAdmin Role = "admin"
	// RoleEditor places Gizmos and has edit rights on them (editor-permission actions).
	RoleEditor Role = "editor"
	// RoleRemover may remove instances (and run remover-permission actions).
	RoleRemover Role = "remover"
	// RoleParticipant runs participant actions only.
	RoleParticipant Role = "participant"
)

// Valid says whether r is one of the roles.
func (r Role) Valid() bool {
	switch r {
	case RoleAdmin, RoleEditor, RoleRemover, RoleParticipant:
		return true
	}
	return false
}

// Actor is a world page session: its actor id and role.
type Actor struct {
	ID   string
	Role Role
}

// ownerPlacer is the placer the owner's tabs place and edit as: one person, many tabs.
const ownerPlacer = "owner"

// grants is the host's one mapping of a role to the world's grants (docs/dev.md, "Viewers and
// roles"): every permission question is then the world model's (world.Model.Can and Access) or,
// for an action's declared permission, the SDK registry's, from that Access. Every role takes
// part; the admin is the world's owner; an editor builds (and so edits what it placed); a remover
// removes what others placed.
func grants(a Actor) wm.Viewer {
	v := wm.Viewer{ActorID: a.ID, Participate: true}
	switch a.Role {
	case RoleAdmin:
		v = wm.Owner(a.ID)
		v.Placer = ownerPlacer
	case RoleEditor:
		v.Build = true
	case RoleRemover:
		v.Remove = true
	}
	return v
}

// access is actor's authority on a placed instance as author code sees it (canEdit, canRemove),
// from the world model; no access when it is not placed.
func (s *Server) access(a Actor, id string) wm.Access {
	acc, _ := s.grid.Access(grants(a), id)
	return acc
}

// may says whether actor may do op with a placed instance (the world model's rule).
func (s *Server) may(a Actor, op wm.Op, id string) bool {
	return s.grid.Can(grants(a), op, id) == nil
}
