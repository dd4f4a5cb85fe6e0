package diag

import (
	"testing"
)

// FuzzFromByteColumn: any line text and byte column give a 1-based column, and rendering the
// code frame never panics.
func FuzzFromByteColumn(f *testing.F) {
	f.Add("  emoji: '🏮', x: 1", 12, 3)
	f.Add("", 0, 0)
	f.Add("\xff\xfe", 1, 40)
	f.Fuzz(func(t *testing.T, line string, byteCol, length int) {
		p := FromByteColumn("a.ts", 3, byteCol, line)
		if p.Column < 1 {
			t.Fatalf("column %d", p.Column)
		}
		if byteCol >= 0 && byteCol <= len(line) && p.Column > UTF16Len(line)+1 {
			t.Fatalf("column %d past the line", p.Column)
		}
		d := Diagnostic{Message: "m", Length: length}.At(p)
		_ = Text(d, TextOptions{Frame: true, Color: true})
	})
}
