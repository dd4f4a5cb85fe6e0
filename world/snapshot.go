package world

import "sort"

// Snapshot is a JSON-able view of the whole world, for tests, the browser tests and a debug page.
type Snapshot struct {
	Width     int                         `json:"width"`
	Height    int                         `json:"height"`
	Floors    []Floor                     `json:"floors"`
	Revision  int                         `json:"revision"`
	Instances []InstanceView              `json:"instances"`
	Avatars   []Avatar                    `json:"avatars"`
	Feedback  []Feedback                  `json:"feedback"`
	Cooldowns map[string]map[string]int64 `json:"cooldowns,omitempty"`
	// LockedDerives counts the derivations (author code) the model made under its lock because
	// no change prepared them (prederive.go): the host's changes make none.
	LockedDerives int `json:"lockedDerives"`
}

// InstanceView is a placed instance with what was derived for it (nil Derived and a Problem
// when it does not derive under the active build, and then blocks).
type InstanceView struct {
	Instance
	Derived     *Derived `json:"derived"`
	Problem     string   `json:"problem,omitempty"`
	Linked      bool     `json:"linked"`
	LightRadius float64  `json:"lightRadius,omitempty"`
	Blocking    bool     `json:"blocking"`
}

// Snapshot returns the world as it is: instances by floor, then row, then column; avatars and
// feedback by id.
func (m *Model) Snapshot() Snapshot {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := Snapshot{Width: Width, Height: Height, Floors: Floors, Revision: m.revision,
		Instances: []InstanceView{}, Avatars: []Avatar{}, Feedback: []Feedback{}, LockedDerives: m.lockedDerives}
	for _, p := range m.instances {
		v := InstanceView{Instance: p.Instance, Problem: p.problem, Linked: m.linkComplete(p), Blocking: !m.walkableAt(p.Floor, p.Cell)}
		if p.derived != nil {
			d := *p.derived
			v.Derived = &d
			v.LightRadius = d.LightRadius()
		}
		s.Instances = append(s.Instances, v)
	}
	sort.Slice(s.Instances, func(i, j int) bool {
		a, b := s.Instances[i], s.Instances[j]
		if a.Floor != b.Floor {
			return a.Floor < b.Floor
		}
		if a.Cell.Y != b.Cell.Y {
			return a.Cell.Y < b.Cell.Y
		}
		return a.Cell.X < b.Cell.X
	})
	for id, a := range m.avatars {
		s.Avatars = append(s.Avatars, a.public())
		for src, until := range a.cooldown {
			if s.Cooldowns == nil {
				s.Cooldowns = map[string]map[string]int64{}
			}
			if s.Cooldowns[id] == nil {
				s.Cooldowns[id] = map[string]int64{}
			}
			s.Cooldowns[id][src] = millis(until)
		}
	}
	sort.Slice(s.Avatars, func(i, j int) bool { return s.Avatars[i].Actor < s.Avatars[j].Actor })
	for _, f := range m.feedback {
		c := *f
		c.Recipients = append([]string(nil), f.Recipients...)
		s.Feedback = append(s.Feedback, c)
	}
	sort.Slice(s.Feedback, func(i, j int) bool { return s.Feedback[i].ID < s.Feedback[j].ID })
	return s
}
