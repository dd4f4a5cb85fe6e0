package world

// Link groups. The docs: "`link: { size: 2 }` asks Scape to group placements of the same
// type/version on one floor. The resulting `linkId` is opaque host metadata, not authored
// state." The local rule: a new placement joins the oldest incomplete group of its type, version
// and floor (the group whose first member was placed first); otherwise it starts a group whose id
// is "link-" and its own id. A removal leaves its partners' group incomplete, and the next
// placement of that type on that floor completes it again.

func linkSize(d *Derived) int {
	if d == nil || d.Link == nil {
		return 0
	}
	return d.Link.Size
}

func sameScope(a, b *placed) bool {
	return a.Type == b.Type && a.Version == b.Version && a.Floor == b.Floor
}

// partners are the other members of p's group.
func (m *Model) partners(p *placed) []*placed {
	if p.LinkID == "" {
		return nil
	}
	var out []*placed
	for _, q := range m.sorted() {
		if q.ID != p.ID && q.LinkID == p.LinkID && sameScope(p, q) {
			out = append(out, q)
		}
	}
	return out
}

// linkComplete says whether p's group has its declared size: the GizmoEnvironment's linked.
func (m *Model) linkComplete(p *placed) bool {
	size := linkSize(p.derived)
	if p.derived == nil {
		// Before the first derivation: judged by the group alone (size 2 is the only size).
		size = 2
	}
	return p.LinkID != "" && len(m.partners(p))+1 == size
}

// openGroup is the link id a new placement p joins and that group's current members.
func (m *Model) openGroup(p *placed, size int) (string, []*placed) {
	members := map[string][]*placed{}
	var order []string
	for _, q := range m.sorted() {
		if q.LinkID == "" || !sameScope(p, q) {
			continue
		}
		if _, seen := members[q.LinkID]; !seen {
			order = append(order, q.LinkID)
		}
		members[q.LinkID] = append(members[q.LinkID], q)
	}
	for _, id := range order {
		if len(members[id]) < size {
			return id, members[id]
		}
	}
	return "link-" + p.ID, nil
}
