package model

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/host/web"
	"github.com/scapeworld/scape/internal/chromium"
)

// testGLB is the model Gizmo's cube (testdata/world/model-gizmo), a real exporter's file.
func testGLB(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "world", "model-gizmo", "models", "cube.glb"))
	if err != nil {
		t.Fatal(err)
	}
	return write(t, "cube.glb", data)
}

// --png draws the model with the world page's renderer in headless Chromium: a 256 × 256 PNG,
// not blank, written to the named path only; an existing file is kept without --force.
// Skips without Chromium (fails under SCAPE_REQUIRE_CHROMIUM=1).
func TestPNGDrawsTheModel(t *testing.T) {
	if _, err := chromium.Find(); err != nil {
		if chromium.Required() {
			t.Fatal("Chromium is required (SCAPE_REQUIRE_CHROMIUM=1) but not installed")
		}
		t.Skip("SKIP: Chromium not installed; scape gizmo model --png was not drawn")
	}
	glbPath := testGLB(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "cube.png")
	stdout, stderr, code := run(t, glbPath, "--png", out)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	opaque := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if _, _, _, a := img.At(x, y).RGBA(); a > 0x8000 {
				opaque++
			}
		}
	}
	if b.Dx() != 256 || b.Dy() != 256 || opaque < 2000 {
		t.Fatalf("picture %v with %d opaque pixels: want 256 × 256, not blank", b, opaque)
	}
	if !strings.Contains(stdout, "picture     "+out+" (256 × 256") {
		t.Errorf("output does not name the picture:\n%s", stdout)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the directory holds %d entries, want only cube.png", len(entries))
	}
	if err := os.WriteFile(out, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, code := run(t, glbPath, "--png", out); code != 2 {
		t.Fatalf("an existing file: exit %d, want 2", code)
	}
	if got, _ := os.ReadFile(out); string(got) != "mine" {
		t.Fatal("an existing file was overwritten without --force")
	}
	if _, _, code := run(t, glbPath, "--png", out, "--force"); code != 0 {
		t.Fatalf("--force: exit %d", code)
	}
	if got, _ := os.ReadFile(out); !bytes.HasPrefix(got, []byte("\x89PNG")) {
		t.Fatal("--force did not replace the file with the picture")
	}
}

// Without Chromium the command says what is missing and writes nothing.
func TestPNGWithoutChromium(t *testing.T) {
	ios, _, _, _ := cmdutil.Test()
	out := filepath.Join(t.TempDir(), "cube.png")
	opts := &Options{IO: ios, Path: testGLB(t), PNG: out, Picture: func(context.Context, []byte, web.PictureOptions) ([]byte, error) {
		return nil, web.ErrNoChromium
	}}
	err := Run(opts)
	if cmdutil.ExitCode(err) != 2 || err == nil || !strings.Contains(err.Error(), "--png needs headless Chromium") || !strings.Contains(err.Error(), "apt-get install chromium") || !strings.Contains(err.Error(), "no picture written") {
		t.Fatalf("error %v", err)
	}
	if _, serr := os.Stat(out); !os.IsNotExist(serr) {
		t.Fatal("a picture was written without Chromium")
	}
	if entries, _ := os.ReadDir(filepath.Dir(out)); len(entries) != 0 {
		t.Fatalf("left %d files behind", len(entries))
	}
}
