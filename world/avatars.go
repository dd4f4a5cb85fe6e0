package world

// What the host asks of the world about its tabs (host/tabsweep.go): which have avatars, and
// forgetting an ended tab's remembered settings.

// AvatarActors are the actor ids of the avatars in the world, in no order (the host's sweep of
// tabs that left).
func (m *Model) AvatarActors() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]string, 0, len(m.avatars))
	for id := range m.avatars {
		out = append(out, id)
	}
	return out
}

// HasAvatar says whether actor has an avatar in the world.
func (m *Model) HasAvatar(actor string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.avatars[actor]
	return ok
}

// Forget drops session's remembered settings: its tab ended, and its actor id is never another
// tab's, so nothing would replay them.
func (r *Remembered) Forget(session string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.sessions, session)
}
