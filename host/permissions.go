package host

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

// Authority is what one session may do with one instance (or, for CanPlace, in the world).
type Authority struct {
	CanPlace, CanEdit, CanRemove, CanAdmin bool
}

// Actor is a world page session: its actor id and role.
type Actor struct {
	ID   string
	Role Role
}

// Authorize is the host's one permission rule, as the docs state it ("Permissions"):
// `participant` actions are for every permitted participant, `editor` ones need editing
// permission for that instance, `remover` ones removal permission for the source; the panel's
// Remove needs removal permission too. in is nil for world-wide rights (placing). It is the role
// half of the rule: the host's every check goes through Server.authorize, which narrows it by the
// world model's own rule on an instance (editing needs its placer with build permission, and
// administration under editPolicy placer-admin).
//
// The SDK's registry enforces an action's declared permission from the Viewer this grants (a
// participant's editor action is refused with 403 before any author code runs); the host checks
// Remove, Place, seeding and invites itself.
func Authorize(a Actor, in *Instance) Authority {
	switch a.Role {
	case RoleAdmin:
		return Authority{CanPlace: true, CanEdit: true, CanRemove: true, CanAdmin: true}
	case RoleEditor:
		return Authority{CanPlace: true, CanEdit: true}
	case RoleRemover:
		return Authority{CanRemove: true}
	}
	return Authority{}
}

// viewer is the Viewer a session acts as on in.
func (s *Server) viewer(a Actor, in *Instance) Viewer {
	au := s.authorize(a, in)
	return Viewer{ActorID: a.ID, CanEdit: au.CanEdit, CanRemove: au.CanRemove}
}
