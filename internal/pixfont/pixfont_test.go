package pixfont

import (
	"image"
	"image/color"
	"strings"
	"testing"
)

// Every glyph is a 5×7 picture of '#' and '.', and no two runes share a picture unless they
// are meant to (the ASCII and Unicode minus): a mistyped row would make two labels unreadable
// or alike.
func TestGlyphs(t *testing.T) {
	seen := map[string]rune{}
	for r, g := range glyphs {
		for i, row := range g {
			if len(row) != GlyphW || strings.Trim(row, "#.") != "" {
				t.Errorf("%q row %d is %q", r, i, row)
			}
		}
		key := strings.Join(g[:], "")
		if other, ok := seen[key]; ok && !(r == '-' && other == '−' || r == '−' && other == '-') {
			t.Errorf("%q and %q look the same", r, other)
		}
		seen[key] = r
	}
	for _, r := range "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-−:()/ " {
		if !Has(r) {
			t.Errorf("no glyph for %q", r)
		}
	}
}

func TestDraw(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 40, 20))
	white := color.RGBA{255, 255, 255, 255}
	r := Draw(img, 2, 3, "1k", white, 2)
	if r != image.Rect(2, 3, 2+Width("1k", 2), 3+14) || Width("1k", 2) != 22 {
		t.Fatalf("rect %v", r)
	}
	// '1' has ink at its top centre (column 2, row 0): a 2×2 square at (2+4, 3).
	for _, p := range []image.Point{{6, 3}, {7, 4}} {
		if img.RGBAAt(p.X, p.Y) != white {
			t.Errorf("no ink at %v", p)
		}
	}
	if img.RGBAAt(2, 3) == white {
		t.Error("ink at the blank top-left of '1'")
	}
	// An unknown rune is the box: ink at its corner.
	Draw(img, 30, 0, "λ", white, 1)
	if img.RGBAAt(30, 0) != white || Has('λ') {
		t.Error("unknown rune not drawn as a box")
	}
}
