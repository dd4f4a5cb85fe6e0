package audio

import (
	"os"
	"path/filepath"
	"testing"
)

// TestReadCachedRefusesLinks: a cached render is read only from a regular file of its expected
// size; a link planted under its name (to a genuine-looking WAV, or to a device) is not followed.
func TestReadCachedRefusesLinks(t *testing.T) {
	dir := t.TempDir()
	wav, err := EncodeWAV(&Samples{Channels: [][]float32{make([]float32, 480)}, Rate: 48000}, false)
	if err != nil {
		t.Fatal(err)
	}
	real := filepath.Join(dir, "real.wav")
	if err := os.WriteFile(real, wav, 0o600); err != nil {
		t.Fatal(err)
	}
	if got := readCached(real, len(wav)); got == nil {
		t.Fatal("a regular cached WAV was not read")
	}
	link := filepath.Join(dir, "key.wav")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	if got := readCached(link, len(wav)); got != nil {
		t.Fatal("a cached WAV was read through a link")
	}
	if got := readCached("/dev/zero", len(wav)); got != nil {
		t.Fatal("a device was read as a cached WAV")
	}
}
