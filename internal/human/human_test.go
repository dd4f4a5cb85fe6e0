package human

import "testing"

func TestBytes(t *testing.T) {
	for n, want := range map[int]string{0: "0 B", 1023: "1023 B", 1024: "1.0 KiB", 14540: "14.2 KiB", 1<<20 - 1: "1024.0 KiB", 1 << 20: "1.00 MiB", 1100000: "1.05 MiB"} {
		if got := Bytes(n); got != want {
			t.Errorf("Bytes(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestInt(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1048576: "1,048,576", -1234: "-1,234", -999: "-999", 100000: "100,000"} {
		if got := Int(n); got != want {
			t.Errorf("Int(%d) = %q, want %q", n, got, want)
		}
	}
}

// One pluralising rule for every message that counts things (glb's problems, the build's
// summary, the model command, the test summary, the host's log).
func TestCount(t *testing.T) {
	for _, c := range []struct {
		n          int
		noun, want string
	}{
		{1, "mesh", "1 mesh"}, {3, "mesh", "3 meshes"}, {0, "warning", "0 warnings"},
		{2, "entry", "2 entries"}, {2, "key", "2 keys"}, {1, "entry", "1 entry"},
		{20001, "triangle", "20,001 triangles"}, {2, "draw call", "2 draw calls"},
		{2, "more problem", "2 more problems"}, {2, "box", "2 boxes"}, {2, "match", "2 matches"},
		{2, "type error", "2 type errors"}, {5, "morph target", "5 morph targets"},
	} {
		if got := Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
	if got := Plural(2, "file"); got != "files" {
		t.Errorf("Plural(2, file) = %q", got)
	}
}
