package testtree

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := Write(t, map[string]string{"package.json": "{}", "src/deep/a.ts": "export {};\n"})
	for name, want := range map[string]string{"package.json": "{}", "src/deep/a.ts": "export {};\n"} {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil || string(got) != want {
			t.Errorf("%s = %q, %v; want %q", name, got, err, want)
		}
	}
}
