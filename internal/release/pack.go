package release

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"
)

// Every byte of an archive is decided by its inputs (the binary, the platform and mtime), never
// by the machine or the moment that packs it: one entry with a fixed mode 0755, owner 0:0 and no
// user or group names; a gzip header with no name and no time. Two runs over the same binaries
// give the same files, which is what lets anyone check a release by rebuilding it.
//
// Both formats deflate at flate's default level, stated here rather than left to archive/zip's
// own choice: on the 29.7 MiB linux/amd64 binary the best level saved 0.3% (11.70 MiB against
// 11.73) for 1.5 times the time (3.9 s against 2.7), and the release packs six.

// SumsFile is the checksum file of a release folder, in the format `sha256sum -c` reads.
const SumsFile = "SHA256SUMS"

// Pack returns the platform's archive holding binary as its one entry, Exe(): a gzip tar, or a
// zip for Windows (the format its Explorer opens). mtime is the entry's modification time; the
// release uses the commit's time, so the same commit packs to the same bytes.
func Pack(p Platform, binary []byte, mtime time.Time) ([]byte, error) {
	mtime = mtime.UTC().Truncate(time.Second)
	if p.OS == "windows" {
		return packZip(p.Exe(), binary, mtime)
	}
	return packTarGz(p.Exe(), binary, mtime)
}

func packTarGz(name string, data []byte, mtime time.Time) ([]byte, error) {
	return TarGz([]TarEntry{{Name: name, Mode: 0o755, Data: data, ModTime: mtime}}, gzip.DefaultCompression)
}

// TarEntry is one regular file of a TarGz archive.
type TarEntry struct {
	Name    string
	Mode    int64
	Data    []byte
	ModTime time.Time
}

// TarGz packs entries, in the order given, into a gzip tar whose bytes depend on them alone:
// regular files owned by 0:0 with no user or group names, USTAR headers (PAX only for a name
// over 100 bytes, whose records then hold no access or change times), and a zero gzip header
// (no file name, modification time 0). The release's archives and the SDK's npm tarball
// (scaffold) are written here.
func TarGz(entries []TarEntry, level int) ([]byte, error) {
	var buf bytes.Buffer
	gz, err := gzip.NewWriterLevel(&buf, level)
	if err != nil {
		return nil, err
	}
	tw := tar.NewWriter(gz)
	for _, e := range entries {
		hdr := &tar.Header{
			Typeflag: tar.TypeReg,
			Name:     e.Name,
			Mode:     e.Mode,
			Size:     int64(len(e.Data)),
			ModTime:  e.ModTime,
			Format:   tar.FormatUSTAR,
		}
		if len(hdr.Name) > 100 {
			hdr.Format = tar.FormatPAX
		}
		if err := tw.WriteHeader(hdr); err != nil {
			return nil, err
		}
		if _, err := tw.Write(e.Data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func packZip(name string, data []byte, mtime time.Time) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(w, flate.DefaultCompression)
	})
	hdr := &zip.FileHeader{Name: name, Method: zip.Deflate, Modified: mtime}
	// Unix permissions in the entry (unzip on macOS or Linux restores the executable bit);
	// Windows ignores them.
	hdr.SetMode(0o755)
	w, err := zw.CreateHeader(hdr)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Sums is a SHA256SUMS file for files (name → contents): one "<hex>  <name>" line each, sorted
// by name.
func Sums(files map[string][]byte) []byte {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, name := range names {
		sum := sha256.Sum256(files[name])
		fmt.Fprintf(&b, "%s  %s\n", hex.EncodeToString(sum[:]), name)
	}
	return []byte(b.String())
}

// parseSums reads a SHA256SUMS file into name → lowercase hex digest. Both of sha256sum's
// separators are accepted ("  " text mode, " *" binary mode).
func parseSums(data []byte) (map[string]string, error) {
	sums := map[string]string{}
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSuffix(line, "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		digest, name, ok := strings.Cut(line, " ")
		name = strings.TrimPrefix(strings.TrimPrefix(name, " "), "*")
		if _, err := hex.DecodeString(digest); !ok || err != nil || len(digest) != 2*sha256.Size || name == "" {
			return nil, fmt.Errorf("%s line %d is not \"<sha256>  <file>\": %q", SumsFile, i+1, line)
		}
		sums[name] = strings.ToLower(digest)
	}
	return sums, nil
}
