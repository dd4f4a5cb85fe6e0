package glb_test

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime/metrics"
	"strconv"
	"testing"
	"time"

	"github.com/scapeworld/scape/glb"
	"github.com/scapeworld/scape/glb/glbtest"
)

var updateCorpus = flag.Bool("update-corpus", false, "rewrite testdata/fuzz/FuzzCheck from the generated fixtures and the small shared files")

// seeds are the fuzz starting points every clone has: valid models and broken ones.
func seeds() [][]byte {
	cube := glbtest.Cube()
	out := [][]byte{
		cube.GLB(),
		glbtest.Cubes(glbtest.Options{Cubes: 2, Instances: 2, Colors: true}).GLB(),
		glbtest.Cubes(glbtest.Options{IndexUint32: true, Subdivide: 2}).GLB(),
		glbtest.Encode([]byte(`{"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"nodes":[{"children":[0]}]}`), nil),
		glbtest.Encode([]byte(`{"asset":{"version":"2.0"},"accessors":[{"count":1e300,"componentType":5126,"type":"VEC3"}]}`), nil),
		glbtest.Encode([]byte(`{"asset":{"version":"2.0"},"buffers":[{"byteLength":4294967295}]}`), make([]byte, 4)),
		glbtest.Container(),
	}
	// Mutations of the cube: flipped length fields and truncations at every chunk boundary.
	data := cube.GLB()
	for _, off := range []int{8, 12, 20 + int(binary.LittleEndian.Uint32(data[12:]))} {
		for _, v := range []uint32{0, 1, 0xFFFFFFFF, 0x7FFFFFFC} {
			m := append([]byte(nil), data...)
			binary.LittleEndian.PutUint32(m[off:], v)
			out = append(out, m)
		}
	}
	out = append(out, data[:len(data)/2], data[:13])
	return out
}

// heapAllocated is the process's cumulative heap allocation in bytes (cheap to read, unlike
// ReadMemStats, which stops the world).
func heapAllocated() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// FuzzCheck runs the whole checker on arbitrary bytes: it must not panic (a recovered panic is
// reported as an internal-error problem, which fails here too), must not allocate more than
// the input's own size allows, and must finish in bounded time.
func FuzzCheck(f *testing.F) {
	for _, s := range seeds() {
		f.Add(s)
	}
	if _, err := os.Stat(sharedDir); err == nil {
		for _, path := range sharedFiles(f) {
			if data, err := os.ReadFile(path); err == nil {
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkInvariants(t, data) })
}

// FuzzCheckJSON mutates the JSON chunk and the binary data inside a well-formed container, so
// mutations reach the checks past the container walk (schema, layout, geometry, hierarchy).
func FuzzCheckJSON(f *testing.F) {
	add := func(m *glbtest.Model) {
		text, _ := json.Marshal(m.JSON)
		f.Add(text, m.Bin)
	}
	add(glbtest.Cube())
	add(glbtest.Cubes(glbtest.Options{Cubes: 2, Instances: 2, Colors: true}))
	add(glbtest.Triangles(5, 3))
	f.Add([]byte(`{"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[{"children":[1]},{"children":[0],"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":0},"mode":5}]}],"accessors":[{"bufferView":0,"componentType":5126,"count":3.0,"type":"VEC3","min":[0,0,0],"max":[1,1,0]}],"bufferViews":[{"buffer":0,"byteLength":36,"byteStride":12}],"buffers":[{"byteLength":36}]}`), make([]byte, 36))
	f.Fuzz(func(t *testing.T, text, bin []byte) {
		if len(bin) == 0 {
			bin = nil
		}
		checkInvariants(t, glbtest.Encode(text, bin))
	})
}

func checkInvariants(t *testing.T, data []byte) {
	before := heapAllocated()
	start := time.Now()
	r := glb.Check(data)
	elapsed := time.Since(start)
	allocated := heapAllocated() - before
	for _, p := range append(append([]glb.Problem{}, r.Problems...), r.Warnings...) {
		if p.Step == 0 {
			t.Fatalf("internal error: %s", p.Message)
		}
		if p.Message == "" {
			t.Fatalf("problem without message: %+v", p)
		}
	}
	// Parsed JSON trees and read geometry cost a small multiple of the input; 64× plus a
	// fixed 4 MiB is far below what a lying length field would cost (gigabytes).
	if limit := 64*uint64(len(data)) + 4<<20; allocated > limit {
		t.Fatalf("allocated %d bytes for a %d-byte input (limit %d)", allocated, len(data), limit)
	}
	if elapsed > 2*time.Second {
		t.Fatalf("took %v for a %d-byte input", elapsed, len(data))
	}
	// An accepted model was counted and draws something; over the agent-avatar budget it says
	// so in a warning.
	if r.OK() && (!r.Facts.Counted || r.Facts.DrawCalls == 0) {
		t.Fatalf("accepted with facts out of range: %+v", r.Facts)
	}
	if r.OK() && (r.Facts.DrawCalls > glb.AvatarMaxDrawCalls) != r.HasWarning(glb.CodeDrawCalls) || r.OK() && (r.Facts.Triangles > glb.AvatarMaxTriangles) != r.HasWarning(glb.CodeTriangles) {
		t.Fatalf("budget warnings %v do not match the facts %+v", r.Warnings, r.Facts)
	}
}

// TestWriteFuzzCorpus rewrites the committed seed corpus when run with -update-corpus.
func TestWriteFuzzCorpus(t *testing.T) {
	if !*updateCorpus {
		t.Skip("run with -update-corpus to rewrite testdata/fuzz/FuzzCheck")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzCheck")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	all := seeds()
	if _, err := os.Stat(sharedDir); err == nil {
		for _, path := range sharedFiles(t) {
			if data, err := os.ReadFile(path); err == nil && len(data) <= 12<<10 {
				all = append(all, data)
			}
		}
	}
	write := func(dir string, args ...[]byte) {
		body := "go test fuzz v1\n"
		h := sha256.New()
		for _, a := range args {
			body += "[]byte(" + strconv.Quote(string(a)) + ")\n"
			h.Write(a)
		}
		name := fmt.Sprintf("%x", h.Sum(nil))[:16]
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	jsonDir := filepath.Join("testdata", "fuzz", "FuzzCheckJSON")
	if err := os.MkdirAll(jsonDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, data := range all {
		write(dir, data)
		// The chunks of every well-formed seed seed the JSON-level target.
		if len(data) >= 20 {
			n := int(binary.LittleEndian.Uint32(data[12:]))
			if 20+n <= len(data) {
				bin := []byte{}
				if rest := data[20+n:]; len(rest) >= 8 {
					bin = rest[8:]
				}
				write(jsonDir, data[20:20+n], bin)
			}
		}
	}
}
