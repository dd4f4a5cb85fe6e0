package world

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
