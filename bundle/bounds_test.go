package bundle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNestingBoundBothSides: MaxNesting levels pass the scan, one more is refused (a bare
// array literal: an assignment around it would count as a level of its own).
func TestNestingBoundBothSides(t *testing.T) {
	at := func(n int) int {
		return nestingOffset([]byte(strings.Repeat("[", n)+strings.Repeat("]", n)+";\n"), MaxNesting)
	}
	if off := at(MaxNesting); off >= 0 {
		t.Errorf("%d levels refused at offset %d", MaxNesting, off)
	}
	if off := at(MaxNesting + 1); off < 0 {
		t.Errorf("%d levels passed", MaxNesting+1)
	}
}

// TestInputSizeBoundBothSides: a file of MaxInputBytes is read whole, one byte more is refused.
func TestInputSizeBoundBothSides(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "data.json")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if err := os.Truncate(path, MaxInputBytes); err != nil { // sparse: costs no disk
		t.Fatal(err)
	}
	if data, err := readInput(path, MaxInputBytes); err != nil || len(data) != MaxInputBytes {
		t.Fatalf("at the bound: %d bytes, %v", len(data), err)
	}
	if err := os.Truncate(path, MaxInputBytes+1); err != nil {
		t.Fatal(err)
	}
	if _, err := readInput(path, MaxInputBytes); err == nil {
		t.Fatal("one byte over the bound was read")
	}
}
