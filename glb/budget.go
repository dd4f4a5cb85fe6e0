package glb

import (
	"fmt"
	"sort"
	"strings"

	"github.com/scapeworld/scape/internal/human"
)

// saturation keeps instance counts finite: a node graph with shared children can multiply
// instances exponentially, and anything past this is over budget anyway.
const saturation = int64(1) << 50

func satAdd(a, b int64) int64 { return min(a+b, saturation) }
func satMul(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a > saturation/b {
		return saturation
	}
	return min(a*b, saturation)
}

// primitiveCost is one draw of a primitive: its triangles and vertices.
func primitiveCost(m *model, pr primitive) (tris, verts int64) {
	for _, a := range pr.attrs {
		if a.name == "POSITION" {
			verts = m.accessors[a.accessor].count
		}
	}
	n := verts
	if pr.indices >= 0 {
		n = m.accessors[pr.indices].count
	}
	switch pr.mode {
	case 4:
		tris = n / 3
	case 5, 6:
		tris = max(0, n-2)
	}
	return tris, verts
}

// budget runs checks 23 and 24 and fills the per-instance facts. order lists every node, each
// parent before its children (hierarchy's, for a graph without a cycle). Check 23 refuses a
// model that draws nothing; check 24 warns, never refuses: the triangle and draw-call bounds are
// the docs' for agent avatars, a guess for a Gizmo model (glb-checklist.md).
func budget(m *model, order []int, f *Facts) (ps, warnings problems) {
	if len(m.scenes) == 0 {
		ps.add(23, CodeScene, "scenes", nil, "the model has no scene; export with a scene containing the model's nodes")
		return ps, nil
	}
	sceneIdx := int64(0)
	if m.scene >= 0 {
		sceneIdx = m.scene
	}
	// instances[n] = how many times node n is drawn, walking down from the scene's roots in
	// topological order.
	instances := make([]int64, len(m.nodes))
	for _, n := range m.scenes[sceneIdx] {
		instances[n] = satAdd(instances[n], 1)
	}
	for _, n := range order {
		for _, c := range m.nodes[n].children {
			instances[c] = satAdd(instances[c], instances[n])
		}
	}
	meshInstances := make([]int64, len(m.meshes))
	for i, n := range m.nodes {
		if n.mesh >= 0 {
			meshInstances[n.mesh] = satAdd(meshInstances[n.mesh], instances[i])
		}
	}
	type contribution struct {
		mesh             int
		inst, tris, draw int64
	}
	var parts []contribution
	for i, me := range m.meshes {
		inst := meshInstances[i]
		var tris, verts int64
		for _, pr := range me.prims {
			t, v := primitiveCost(m, pr)
			tris, verts = satAdd(tris, t), satAdd(verts, v)
		}
		f.Triangles = satAdd(f.Triangles, satMul(tris, inst))
		f.Vertices = satAdd(f.Vertices, satMul(verts, inst))
		f.DrawCalls = satAdd(f.DrawCalls, satMul(int64(len(me.prims)), inst))
		if inst > 0 {
			parts = append(parts, contribution{i, inst, satMul(tris, inst), satMul(int64(len(me.prims)), inst)})
		}
	}
	f.Counted = true
	scene := at("scenes", int(sceneIdx))
	if f.DrawCalls == 0 {
		ps.add(23, CodeScene, scene, nil, "%s draws nothing (no node with a mesh)", scene)
		return ps, nil
	}
	// top names the largest contributors: "meshes[0] × 1 instance" when one mesh is drawn,
	// "meshes[2] × 3 instances: 900 triangles; meshes[0] × 1 instance: 12 triangles" otherwise.
	top := func(key func(contribution) int64, unit string) string {
		sort.SliceStable(parts, func(a, b int) bool { return key(parts[a]) > key(parts[b]) })
		var out []string
		for k, c := range parts {
			if k == 3 {
				out = append(out, fmt.Sprintf("%d more meshes", len(parts)-3))
				break
			}
			part := fmt.Sprintf("meshes[%d] × %s", c.mesh, human.Count(int(c.inst), "instance"))
			if len(parts) > 1 {
				part += fmt.Sprintf(": %s %s", human.Int(int(key(c))), unit)
			}
			out = append(out, part)
		}
		return strings.Join(out, "; ")
	}
	if f.Triangles > AvatarMaxTriangles {
		warnings.add(24, CodeTriangles, scene, f.Triangles, "the model has %s triangles (%s); the docs bound agent avatars at %s triangles, Scape may draw a Gizmo model this large slowly or refuse it",
			human.Int(int(f.Triangles)), top(func(c contribution) int64 { return c.tris }, "triangles"), human.Int(AvatarMaxTriangles))
	}
	if f.DrawCalls > AvatarMaxDrawCalls {
		warnings.add(24, CodeDrawCalls, scene, f.DrawCalls, "the model needs %s draw calls (one per primitive per mesh instance: %s); the docs bound agent avatars at %d draw calls, Scape may draw a Gizmo model with this many slowly or refuse it",
			human.Int(int(f.DrawCalls)), top(func(c contribution) int64 { return c.draw }, "draws"), AvatarMaxDrawCalls)
	}
	return ps, warnings
}
