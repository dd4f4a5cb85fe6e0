package web

import (
	"crypto/sha256"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scapeworld/scape/internal/nodetest"
)

// TestVendoredThreeMatchesNPM checks every file under ui/vendor/three against the npm package
// of the version package.json pins (devDependencies.three, installed by `npm ci`): the vendored
// renderer is exactly three.js's own release, byte for byte. Skips without node_modules (fails
// under SCAPE_REQUIRE_NODE=1). To update: bump the pin, `npm ci`, copy the same paths again.
func TestVendoredThreeMatchesNPM(t *testing.T) {
	root := nodetest.Root(t)
	var pkg struct {
		DevDependencies map[string]string `json:"devDependencies"`
	}
	data, err := os.ReadFile(filepath.Join(root, "package.json"))
	if err != nil || json.Unmarshal(data, &pkg) != nil {
		t.Fatalf("package.json: %v", err)
	}
	pinned := pkg.DevDependencies["three"]
	if pinned == "" || strings.ContainsAny(pinned, "^~<>= *") {
		t.Fatalf("package.json must pin three to one exact version, has %q", pinned)
	}
	npm := nodetest.Module(t, "three")
	var installed struct{ Version string }
	data, err = os.ReadFile(filepath.Join(npm, "package.json"))
	if err != nil || json.Unmarshal(data, &installed) != nil {
		t.Fatalf("node_modules/three/package.json: %v", err)
	}
	if installed.Version != pinned {
		t.Fatalf("node_modules has three %s, package.json pins %s: run `npm ci`", installed.Version, pinned)
	}
	n := 0
	err = fs.WalkDir(uiFiles, "ui/vendor/three", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel := strings.TrimPrefix(p, "ui/vendor/three/")
		ours, _ := fs.ReadFile(uiFiles, p)
		theirs, err := os.ReadFile(filepath.Join(npm, filepath.FromSlash(rel)))
		if err != nil {
			t.Errorf("%s is vendored but three@%s has no %s", p, pinned, rel)
			return nil
		}
		if sha256.Sum256(ours) != sha256.Sum256(theirs) {
			t.Errorf("%s differs from three@%s's %s (SHA-256)", p, pinned, rel)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, must := range []string{"LICENSE", "build/three.module.min.js", "build/three.core.min.js", "examples/jsm/loaders/GLTFLoader.js"} {
		if _, err := fs.Stat(uiFiles, "ui/vendor/three/"+must); err != nil {
			t.Errorf("ui/vendor/three/%s is not vendored", must)
		}
	}
	t.Logf("%d vendored files match three@%s", n, pinned)
}

// The renderer is its own script: the world page's bundle does not carry three.js, and the
// model bundle does (resolved from the vendored files, not fetched).
func TestModelScriptIsSeparate(t *testing.T) {
	world, err := Script("world.ts")
	if err != nil {
		t.Fatal(err)
	}
	model, err := Script("model.ts")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(world), "WebGLRenderer") || len(world) > 200<<10 {
		t.Fatalf("world.js (%d bytes) carries three.js", len(world))
	}
	if !strings.Contains(string(model), "WebGLRenderer") || !strings.Contains(string(model), "__scapeModelRenderer") {
		t.Fatalf("model.js (%d bytes) lacks three.js or the renderer", len(model))
	}
}
