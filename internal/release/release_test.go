package release

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

var mtime = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func TestParsePlatforms(t *testing.T) {
	got, err := ParsePlatforms([]string{"linux-amd64,darwin-arm64", "linux-amd64"})
	if want := []Platform{{"darwin", "arm64"}, {"linux", "amd64"}}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("two platforms: %v, %v; want %v", got, err, want)
	}
	if got, err := ParsePlatforms([]string{"all"}); err != nil || !reflect.DeepEqual(got, Platforms) {
		t.Errorf("all: %v, %v", got, err)
	}
	_, err = ParsePlatforms([]string{"darwin-arm64,macos-arm64"})
	if err == nil || !strings.Contains(err.Error(), `"macos-arm64"`) || !strings.Contains(err.Error(), Names()) {
		t.Errorf("unknown platform: %v", err)
	}
	if Names() != "darwin-amd64, darwin-arm64, linux-amd64, linux-arm64, windows-amd64, windows-arm64" {
		t.Errorf("Names() = %s", Names())
	}
}

func TestNames(t *testing.T) {
	win, mac := Platform{"windows", "arm64"}, Platform{"darwin", "amd64"}
	for got, want := range map[string]string{
		win.Archive("0.3.0"): "scape_0.3.0_windows_arm64.zip",
		mac.Archive("0.3.0"): "scape_0.3.0_darwin_amd64.tar.gz",
		win.Standalone():     "scape-windows-arm64.exe",
		mac.Standalone():     "scape-darwin-amd64",
		win.Exe():            "scape.exe",
		mac.Exe():            "scape",
	} {
		if got != want {
			t.Errorf("%s, want %s", got, want)
		}
	}
}

// TestPackIsReproducible: the same inputs give the same bytes, and each entry carries only
// what the inputs decide (name, mode 0755, owner 0, the given time).
func TestPackIsReproducible(t *testing.T) {
	bin := bytes.Repeat([]byte("scape binary "), 1000)
	for _, p := range []Platform{{"linux", "arm64"}, {"windows", "amd64"}} {
		a, err := Pack(p, bin, mtime)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Pack(p, bin, mtime.In(time.FixedZone("elsewhere", 5*3600)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two packs differ", p)
		}
		if c, _ := Pack(p, bin, mtime.Add(time.Hour)); bytes.Equal(a, c) {
			t.Errorf("%s: the time is not in the archive", p)
		}
	}
	tgz, _ := Pack(Platform{"linux", "amd64"}, bin, mtime)
	if tgz[4]|tgz[5]|tgz[6]|tgz[7] != 0 || tgz[3]&0x08 != 0 {
		t.Errorf("gzip header carries a time or a name: % x", tgz[:10])
	}
	gz, err := gzip.NewReader(bytes.NewReader(tgz))
	if err != nil {
		t.Fatal(err)
	}
	hdr, err := tar.NewReader(gz).Next()
	if err != nil {
		t.Fatal(err)
	}
	if hdr.Name != "scape" || hdr.Mode != 0o755 || hdr.Uid != 0 || hdr.Gid != 0 || hdr.Uname != "" || !hdr.ModTime.Equal(mtime) {
		t.Errorf("tar entry %+v", hdr)
	}
	z, _ := Pack(Platform{"windows", "arm64"}, bin, mtime)
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	if len(zr.File) != 1 || zr.File[0].Name != "scape.exe" || zr.File[0].Mode().Perm() != 0o755 || !zr.File[0].Modified.Equal(mtime) {
		t.Errorf("zip entries %+v", zr.File[0].FileHeader)
	}
}

// writeRelease writes a release folder of fake binaries ("bin <platform>") for platforms, with
// a SHA256SUMS, as scripts/release lays it out.
func writeRelease(t *testing.T, dir string, platforms ...Platform) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	for _, p := range platforms {
		data, err := Pack(p, []byte("bin "+p.String()), mtime)
		if err != nil {
			t.Fatal(err)
		}
		files[p.Archive("1.2.3")] = data
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, SumsFile), Sums(files), 0o644); err != nil {
		t.Fatal(err)
	}
	return files
}

func TestFolder(t *testing.T) {
	dir := t.TempDir()
	linux, win, mac := Platform{"linux", "amd64"}, Platform{"windows", "arm64"}, Platform{"darwin", "arm64"}
	writeRelease(t, dir, linux, win)
	f, err := OpenFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Has(); !reflect.DeepEqual(got, []Platform{linux, win}) {
		t.Errorf("Has() = %v", got)
	}
	for _, p := range []Platform{linux, win} {
		if bin, err := f.Binary(p); err != nil || string(bin) != "bin "+p.String() {
			t.Errorf("%s: %q, %v", p, bin, err)
		}
	}
	if _, err := f.Binary(mac); err == nil || !strings.Contains(err.Error(), dir+" has no scape for darwin-arm64") {
		t.Errorf("missing platform: %v", err)
	}

	// A damaged archive is refused by its checksum.
	damaged := filepath.Join(dir, linux.Archive("1.2.3"))
	data, _ := os.ReadFile(damaged)
	data[len(data)/2] ^= 1
	if err := os.WriteFile(damaged, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var sumErr *ChecksumError
	if _, err := f.Binary(linux); !errors.As(err, &sumErr) || sumErr.File != damaged {
		t.Errorf("damaged archive: %v", err)
	}

	// A bare binary the checksums do not list is refused; without SHA256SUMS it is used.
	if err := os.WriteFile(filepath.Join(dir, mac.Standalone()), []byte("bare"), 0o755); err != nil {
		t.Fatal(err)
	}
	if f, _ = OpenFolder(dir); f == nil {
		t.Fatal("reopen failed")
	}
	if _, err := f.Binary(mac); err == nil || !strings.Contains(err.Error(), "does not list it") {
		t.Errorf("unlisted binary: %v", err)
	}
	if err := os.Remove(filepath.Join(dir, SumsFile)); err != nil {
		t.Fatal(err)
	}
	f, _ = OpenFolder(dir)
	if bin, err := f.Binary(mac); err != nil || string(bin) != "bare" {
		t.Errorf("bare binary: %q, %v", bin, err)
	}
	// Two versions of one platform: which to use is not guessed.
	writeRelease(t, filepath.Join(dir, "new"), win)
	if err := os.Rename(filepath.Join(dir, "new", win.Archive("1.2.3")), filepath.Join(dir, win.Archive("1.2.4"))); err != nil {
		t.Fatal(err)
	}
	f, _ = OpenFolder(dir)
	if _, err := f.Binary(win); err == nil || !strings.Contains(err.Error(), "several builds for windows-arm64") {
		t.Errorf("two versions: %v", err)
	}
	if _, err := OpenFolder(filepath.Join(dir, "nope")); err == nil || !strings.Contains(err.Error(), "no release folder") {
		t.Errorf("missing folder: %v", err)
	}
}

func TestParseSums(t *testing.T) {
	d := strings.Repeat("ab", 32)
	sums, err := parseSums([]byte(d + "  a.tar.gz\r\n" + strings.ToUpper(d) + " *b.zip\n\n"))
	if err != nil || sums["a.tar.gz"] != d || sums["b.zip"] != d {
		t.Errorf("%v, %v", sums, err)
	}
	if _, err := parseSums([]byte("abc  a.tar.gz\n")); err == nil {
		t.Error("a short digest was accepted")
	}
}
