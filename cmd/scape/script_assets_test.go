package main

import (
	"os"
	"strconv"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/scapeworld/scape/glb/glbtest"
)

// glb FILE KIND: write a generated model. Kinds: cube (valid), colors (valid, vertex
// colors, 4 meshes × 8 instances = 32 draws), draws33 and triangles20001 (over the agent-avatar
// bounds: accepted with a warning), draco-animated, trailing (4 bytes after the GLB end), json
// (a .gltf JSON file, not a GLB).
func glb(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: glb FILE KIND")
	}
	var data []byte
	switch args[1] {
	case "cube":
		data = glbtest.Cube().GLB()
	case "colors":
		data = glbtest.Cubes(glbtest.Options{Cubes: 4, Instances: 8, Colors: true}).GLB()
	case "draws33":
		data = glbtest.Triangles(1, 33).GLB()
	case "triangles20001":
		data = glbtest.Triangles(20001, 1).GLB()
	case "draco-animated":
		m := glbtest.Cube()
		m.JSON["extensionsUsed"] = []any{"KHR_draco_mesh_compression"}
		m.JSON["animations"] = []any{map[string]any{}}
		data = m.GLB()
	case "trailing":
		data = append(glbtest.Cube().GLB(), 0, 0, 0, 0)
	case "json":
		data = []byte(`{"asset":{"version":"2.0"}}`)
	default:
		ts.Fatalf("unknown kind %q", args[1])
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), data, 0o644))
}

// wavinfo FILE CHANNELS RATE FRAMES: the file is a PCM16 WAV with that layout.
func wavInfo(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 4 {
		ts.Fatalf("usage: wavinfo FILE CHANNELS RATE FRAMES")
	}
	data, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	if len(data) < 44 || string(data[0:4]) != "RIFF" || string(data[8:16]) != "WAVEfmt " {
		ts.Fatalf("%s is not a canonical WAV", args[0])
	}
	u16 := func(at int) int { return int(data[at]) | int(data[at+1])<<8 }
	u32 := func(at int) int { return u16(at) | u16(at+2)<<16 }
	if u16(22) == 0 {
		ts.Fatalf("%s: 0 channels", args[0])
	}
	got := []int{u16(22), u32(24), u32(40) / (2 * u16(22))}
	for i, a := range args[1:] {
		want, err := strconv.Atoi(a)
		ts.Check(err)
		if got[i] != want || u16(34) != 16 || u16(20) != 1 {
			ts.Fatalf("%s: channels %d, rate %d, frames %d, %d bits, format %d", args[0], got[0], got[1], got[2], u16(34), u16(20))
		}
	}
}
