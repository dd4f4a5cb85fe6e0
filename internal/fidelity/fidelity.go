// Package fidelity loads the fidelity corpus, testdata/fidelity: Gizmo projects written from the
// published documentation alone, each using values the documentation leaves open while keeping
// every bound it states. The corpus proves that the toolchain refuses only what the contract
// refuses: every case must build, validate and be accepted by the reference host with no error
// (warnings allowed). See testdata/fidelity/README.md.
//
// A case is one file, testdata/fidelity/<name>.ts: a project entry that imports only
// '@scape/sdk' and default-exports defineProject({ objects: [...] }) or one definition. Assets a
// case imports (./<stem>.glb, ./<stem>.wav) are not committed: Project writes them next to the
// entry (a glbtest cube, a short PCM16 tone), so the corpus stays text.
package fidelity

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/scapeworld/scape/audio"
	"github.com/scapeworld/scape/glb/glbtest"
	"github.com/scapeworld/scape/internal/nodetest"
)

// Case is one project of the corpus.
type Case struct {
	// Name is the file's stem ("metronome" for metronome.ts).
	Name string
	// File is the entry's name inside the project directory Project writes ("metronome.ts"),
	// so diagnostics read metronome.ts:LINE.
	File string
	// Path is the committed file's absolute path.
	Path string
	// Source is the file's text.
	Source string
}

// Dir is the corpus directory, testdata/fidelity at the repository root.
func Dir(t testing.TB) string {
	t.Helper()
	return filepath.Join(nodetest.Root(t), "testdata", "fidelity")
}

// Cases lists the corpus in name order. A corpus with no case fails the test.
func Cases(t testing.TB) []Case {
	t.Helper()
	return CasesIn(t, Dir(t))
}

// CasesIn lists the cases of another corpus of the same layout (one entry file per case, e.g.
// testdata/explore) in name order. A corpus with no case fails the test.
func CasesIn(t testing.TB, dir string) []Case {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.ts"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)
	var cases []Case
	for _, p := range paths {
		if strings.HasSuffix(p, ".d.ts") {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(p)
		cases = append(cases, Case{Name: strings.TrimSuffix(base, ".ts"), File: base, Path: p, Source: string(data)})
	}
	if len(cases) == 0 {
		t.Fatalf("no cases in %s", dir)
	}
	return cases
}

// assetRE finds the relative .glb and .wav imports of a case.
var assetRE = regexp.MustCompile(`from\s+'\./([A-Za-z0-9_-]+\.(?:glb|wav))'`)

// Assets are the asset files the case imports (relative names, e.g. "die.glb").
func (c Case) Assets() []string {
	var out []string
	for _, m := range assetRE.FindAllStringSubmatch(c.Source, -1) {
		out = append(out, m[1])
	}
	return out
}

// Project writes the case as a project in a new temporary directory and returns it:
// package.json (scape.entry = the case's file), the entry, and its generated assets.
func (c Case) Project(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), c.Name)
	if err := c.WriteTo(dir, c.File); err != nil {
		t.Fatal(err)
	}
	return dir
}

// WriteTo writes the case into dir with the entry named entry (a slash path inside dir), for a
// dev loop that saves one case after another into the same project. package.json is written
// only when missing, so a running watcher sees one changed file per save; the entry is written
// atomically (temporary file, then rename), as editors save.
func (c Case) WriteTo(dir, entry string) error {
	if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(filepath.FromSlash(entry))), 0o755); err != nil {
		return err
	}
	pkg := filepath.Join(dir, "package.json")
	if _, err := os.Stat(pkg); os.IsNotExist(err) {
		manifest := `{ "name": "fidelity-` + c.Name + `", "private": true, "scape": { "entry": "` + entry + `" } }` + "\n"
		if err := os.WriteFile(pkg, []byte(manifest), 0o644); err != nil {
			return err
		}
	}
	entryDir := filepath.Dir(filepath.Join(dir, filepath.FromSlash(entry)))
	for _, name := range c.Assets() {
		data, err := asset(name)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(entryDir, name), data, 0o644); err != nil {
			return err
		}
	}
	dst := filepath.Join(dir, filepath.FromSlash(entry))
	tmp := dst + ".tmp"
	if err := os.WriteFile(tmp, []byte(c.Source), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, dst)
}

// asset makes the bytes of an imported asset: any .glb is a valid cube (glbtest); any .wav is
// 0.4 s of a decaying 440 Hz tone, mono PCM16 at 44.1 kHz (a rate a recording would have).
func asset(name string) ([]byte, error) {
	if strings.HasSuffix(name, ".glb") {
		return glbtest.Cube().GLB(), nil
	}
	const rate = 44100
	n := rate * 4 / 10
	ch := make([]float32, n)
	for i := range ch {
		s := float64(i) / rate
		ch[i] = float32(0.5 * math.Exp(-6*s) * math.Sin(2*math.Pi*440*s))
	}
	return audio.EncodeWAV(&audio.Samples{Channels: [][]float32{ch}, Rate: rate}, false)
}

// Header is the case's leading comment block (what it is and which open values it uses).
func (c Case) Header() string {
	s := strings.TrimSpace(c.Source)
	if !strings.HasPrefix(s, "/**") && !strings.HasPrefix(s, "/*") {
		return ""
	}
	end := strings.Index(s, "*/")
	if end < 0 {
		return ""
	}
	return s[:end+2]
}
