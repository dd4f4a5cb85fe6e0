package kit_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"

	"github.com/scapeworld/scape/kit"
)

func TestSDKVersionMatchesPackageJSON(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("sdk", "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct{ Version string }
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	if m.Version == "" || kit.SDKVersion() != m.Version {
		t.Fatalf("SDKVersion() = %q, package.json says %q", kit.SDKVersion(), m.Version)
	}
}

func TestEmbeddedSDKHasSourcesNotTests(t *testing.T) {
	sdk := kit.SDK()
	for _, want := range []string{"package.json", "src/index.ts", "src/toolchain.ts", "src/internal/problem.ts", "LIMITS.md", "README.md"} {
		if _, err := fs.Stat(sdk, want); err != nil {
			t.Errorf("embedded SDK lacks %s: %v", want, err)
		}
	}
	for _, unwanted := range []string{"test", "node_test.go", "tsconfig.json"} {
		if _, err := fs.Stat(sdk, unwanted); err == nil {
			t.Errorf("embedded SDK carries %s", unwanted)
		}
	}
}

func runToolchain(t *testing.T, js []byte) *goja.Object {
	t.Helper()
	vm := goja.New()
	if _, err := vm.RunString(string(js)); err != nil {
		t.Fatalf("compiled SDK does not run in goja: %v", err)
	}
	v := vm.Get(kit.ToolchainGlobal)
	if v == nil || goja.IsUndefined(v) {
		t.Fatalf("compiled SDK does not define %s", kit.ToolchainGlobal)
	}
	obj := v.ToObject(vm)
	for _, key := range []string{"check", "effects", "open", "currentCall", "sdk", "runtime"} {
		if goja.IsUndefined(obj.Get(key)) {
			t.Errorf("%s.%s is missing", kit.ToolchainGlobal, key)
		}
	}
	return obj
}

func TestCompileSDKRunsInGoja(t *testing.T) {
	c, err := kit.CompileSDK(kit.SDK())
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Hash) != 64 {
		t.Fatalf("hash %q", c.Hash)
	}
	obj := runToolchain(t, c.JS)
	sdk := obj.Get("sdk").(*goja.Object)
	if _, ok := goja.AssertFunction(sdk.Get("defineObject")); !ok {
		t.Fatal("sdk.defineObject is not a function")
	}
	// The target keeps goja-incompatible syntax out.
	if strings.Contains(string(c.JS), "for await") {
		t.Fatal("compiled SDK contains for-await")
	}
}

func TestCompileSDKReportsMissingModule(t *testing.T) {
	fsys := kit.SDK()
	broken := map[string][]byte{}
	_ = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && p != "src/internal/call.ts" {
			broken[p], _ = fs.ReadFile(fsys, p)
		}
		return nil
	})
	_, err := kit.CompileSDK(mapFS(broken))
	if err == nil || !strings.Contains(err.Error(), "src/internal/call.ts does not exist") {
		t.Fatalf("err = %v", err)
	}
}

func TestHashChangesWithSources(t *testing.T) {
	a, err := kit.CompileSDK(kit.SDK())
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	_ = fs.WalkDir(kit.SDK(), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files[p], _ = fs.ReadFile(kit.SDK(), p)
		}
		return nil
	})
	files["src/index.ts"] = append(files["src/index.ts"], []byte("\nexport const extra = 1;\n")...)
	b, err := kit.CompileSDK(mapFS(files))
	if err != nil {
		t.Fatal(err)
	}
	if a.Hash == b.Hash {
		t.Fatal("hash ignores source changes")
	}
}

// TestEmbeddedToolchain compiles the real embedded SDK through the process-wide entry point.
func TestEmbeddedToolchain(t *testing.T) {
	t.Setenv("SCAPE_NO_CACHE", "1")
	c, err := kit.Toolchain()
	if err != nil {
		t.Fatal(err)
	}
	runToolchain(t, c.JS)
}

func TestDiskCache(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	dir := filepath.Join(cache, "scape")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// Old entries beyond the kept number are pruned when a new one is written.
	for i := 0; i < 6; i++ {
		p := filepath.Join(dir, "sdk-old"+strings.Repeat("x", i)+".js")
		os.WriteFile(p, []byte("old"), 0o644)
		old := time.Now().Add(-time.Duration(10-i) * time.Hour)
		os.Chtimes(p, old, old)
	}
	first, err := kit.CompileCachedForTest(kit.SDK(), true, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !kit.TrustedSumForTest(first.JS) {
		t.Fatal("the compiled SDK is not the one the binary carries the hash of (go test ./kit -run TestCompiledSum -update)")
	}
	entries, _ := filepath.Glob(filepath.Join(dir, "sdk-*.js"))
	if len(entries) != 4 {
		t.Fatalf("cache holds %d entries, want 4: %v", len(entries), entries)
	}
	cached := filepath.Join(dir, "sdk-"+first.Hash[:32]+".js")
	if data, err := os.ReadFile(cached); err != nil || string(data) != string(first.JS) {
		t.Fatalf("cache entry %s: %v", cached, err)
	}
	// A compile reads the entry: prove it with a marker that a check accepting it lets through.
	const marker = "/* from cache */"
	os.WriteFile(cached, []byte(marker), 0o644)
	acceptMarker := func(js []byte) bool { return string(js) == marker || kit.TrustedSumForTest(js) }
	second, err := kit.CompileCachedForTest(kit.SDK(), true, acceptMarker)
	if err != nil || string(second.JS) != marker || second.Hash != first.Hash {
		t.Fatalf("second compile did not use the cache: %v %q", err, second.JS[:min(20, len(second.JS))])
	}
	// The binary's own check refuses the planted script: it compiles, and runs its own SDK.
	third, err := kit.CompileCachedForTest(kit.SDK(), true, nil)
	if err != nil || string(third.JS) != string(first.JS) {
		t.Fatalf("a planted script was used as the SDK: %v %q", err, third.JS[:min(20, len(third.JS))])
	}
	// A link in the cache's place is not followed, even to a script the check would accept.
	os.Remove(cached)
	outside := filepath.Join(t.TempDir(), "sdk.js")
	os.WriteFile(outside, []byte(marker), 0o644)
	if err := os.Symlink(outside, cached); err != nil {
		t.Fatal(err)
	}
	linked, err := kit.CompileCachedForTest(kit.SDK(), true, acceptMarker)
	if err != nil || string(linked.JS) != string(first.JS) {
		t.Fatalf("the cache was read through a link: %v %q", err, linked.JS[:min(20, len(linked.JS))])
	}
	// Without the disk cache, it compiles.
	fourth, err := kit.CompileCachedForTest(kit.SDK(), false, nil)
	if err != nil || string(fourth.JS) != string(first.JS) {
		t.Fatalf("uncached compile differs: %v", err)
	}
}

// TestCompiledSum: the hash the binary carries is the embedded SDK's compiled script's, so the
// disk cache is used (-update rewrites kit/compiled.sha256 after the SDK changed).
func TestCompiledSum(t *testing.T) {
	c, err := kit.CompileCachedForTest(kit.SDK(), false, nil)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(c.JS)
	got := hex.EncodeToString(sum[:])
	if *update {
		if err := os.WriteFile("compiled.sha256", []byte(got+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want := strings.TrimSpace(kit.CompiledSumForTest()); got != want {
		t.Fatalf("kit/compiled.sha256 is %s, the SDK compiles to %s: run go test ./kit -run TestCompiledSum -update", want, got)
	}
}
