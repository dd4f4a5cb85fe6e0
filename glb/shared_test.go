package glb_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/scapeworld/scape/glb"
	"github.com/scapeworld/scape/glb/glbtest"
)

// sharedDir is the shared GLB test files (real exports with expected verdicts), found beside the
// repository or its worktree (glbtest.SharedDir); a clone of the project alone does not have it.
var sharedDir = func() string {
	if d := glbtest.SharedDir(); d != "" {
		return d
	}
	return filepath.Join("..", "..", "shared", "testdata", "glb")
}()

// sharedFiles lists every .glb under the shared folder, or skips with a visible message.
func sharedFiles(t testing.TB) []string {
	t.Helper()
	if _, err := os.Stat(sharedDir); err != nil {
		t.Skipf("skipping: %s is absent (it sits beside the repository in the project's workspace, not in a clone)", sharedDir)
	}
	var files []string
	err := filepath.WalkDir(sharedDir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".glb") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

// expectedReasons are the codes behind each README verdict that is not a plain "pass": a
// refusal's reasons (all of them among its problems) or an accepted model's warnings (all of
// them among its warnings). Which of the two is read from the README's verdict column.
var expectedReasons = map[string][]glb.Code{
	"BoxMeshopt.glb":          {glb.CodeCompressionExt},
	"BoxTextured.glb":         {glb.CodeTextures},
	"Box_Draco.glb":           {glb.CodeCompressionExt},
	"CubeNoBuffer.glb":        {glb.CodeDataURI},
	"Cubes.glb":               {glb.CodeUnsupportedExt},
	"DenseSphere-decoded.glb": {glb.CodeTriangles},
	"Fox.glb":                 {glb.CodeSkins, glb.CodeAnimations},
	"WrongJsonLength.glb":     {glb.CodeChunkTooBig},
	"WrongReportedLength.glb": {glb.CodeLengthMismatch},
	"cakeBirthday.glb":        {glb.CodeHierarchy},
	"quad_skin.glb":           {glb.CodeSkins},
}

// expectedWarnings are the warnings a refused file carries beside its reasons (cakeBirthday's
// 42 draw calls: a warning, not one of the reasons it is refused).
var expectedWarnings = map[string][]glb.Code{
	"cakeBirthday.glb": {glb.CodeDrawCalls},
}

// verdict is a README verdict: "pass", "reject: …" or "accept with a warning: …".
type verdict int

const (
	verdictPass verdict = iota
	verdictReject
	verdictWarn
)

// readmeVerdicts reads the verdict column of the shared folder's README table (file name →
// verdict), so a verdict changed there changes what the tests expect.
func readmeVerdicts(t testing.TB) map[string]verdict {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(sharedDir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]verdict{}
	for _, line := range strings.Split(string(text), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 7 || !strings.HasSuffix(strings.TrimSpace(cells[1]), ".glb") {
			continue
		}
		name := strings.TrimSpace(cells[1])
		v := strings.ToLower(strings.TrimSpace(strings.ReplaceAll(cells[5], "*", "")))
		switch {
		case v == "pass":
			out[name] = verdictPass
		case strings.HasPrefix(v, "reject"):
			out[name] = verdictReject
		case strings.HasPrefix(v, "accept with a warning"):
			out[name] = verdictWarn
		default:
			t.Fatalf("README.md: unknown verdict %q for %s", cells[5], name)
		}
	}
	if len(out) == 0 {
		t.Fatal("README.md: no verdict table found")
	}
	return out
}

// khronosReasons: the validator's own GLB inputs. None is an acceptable model; each is refused
// for the reason its name (and the validator's report) gives, or, where the validator finds
// the file valid, for our product rule (no scene, images, a second buffer).
var khronosReasons = map[string]glb.Code{
	"buffer/data_uri.glb":            glb.CodeDataURI,
	"buffer/extra_padding.glb":       glb.CodeBuffers,
	"buffer/invalid_uri_data.glb":    glb.CodeDataURI,
	"buffer/no_bin_chunk.glb":        glb.CodeBuffers,
	"buffer/valid.glb":               glb.CodeScene,
	"buffer/valid_placeholder.glb":   glb.CodeBuffers,
	"buffer/wrong_bytelength.glb":    glb.CodeBuffers,
	"glb/bom.glb":                    glb.CodeJSONText,
	"glb/chunk_too_big.glb":          glb.CodeLengthMismatch,
	"glb/empty_file.glb":             glb.CodeTooShort,
	"glb/empty_json_chunk.glb":       glb.CodeChunkLayout,
	"glb/empty_json_object.glb":      glb.CodeSchema,
	"glb/extra_data.glb":             glb.CodeLengthMismatch,
	"glb/invalid_json_chunk.glb":     glb.CodeJSONText,
	"glb/invalid_magic.glb":          glb.CodeBadMagic,
	"glb/invalid_version.glb":        glb.CodeBadVersion,
	"glb/json_and_two_buffers.glb":   glb.CodeChunkLayout,
	"glb/length_mismatch.glb":        glb.CodeLengthMismatch,
	"glb/misplaced_bin_chunk.glb":    glb.CodeChunkLayout,
	"glb/no_header.glb":              glb.CodeTooShort,
	"glb/only_bin_chunk.glb":         glb.CodeChunkLayout,
	"glb/only_header.glb":            glb.CodeChunkLayout,
	"glb/truncated_chunk_data.glb":   glb.CodeLengthMismatch,
	"glb/truncated_chunk_header.glb": glb.CodeChunkHeader,
	"glb/two_bin_chunks.glb":         glb.CodeChunkLayout,
	"glb/two_empty_bin_chunks.glb":   glb.CodeChunkLayout,
	"glb/two_empty_json_chunks.glb":  glb.CodeChunkLayout,
	"glb/two_images.glb":             glb.CodeTextures,
	"glb/two_valid_json_chunks.glb":  glb.CodeChunkLayout,
	"glb/unaligned_chunk.glb":        glb.CodeChunkUnaligned,
	"glb/unknown_chunk.glb":          glb.CodeChunkLayout,
	"glb/valid.glb":                  glb.CodeScene,
	"glb/valid_buffer.glb":           glb.CodeScene,
	"glb/zero_chunk_header.glb":      glb.CodeChunkLayout,
	"glb/zero_length.glb":            glb.CodeLengthMismatch,
	"image/data_uri.glb":             glb.CodeTextures,
	"image/valid.glb":                glb.CodeTextures,
}

// TestSharedFiles: every shared file gets the verdict its README row gives (the khronos
// validator's own inputs, which have no row, are all refused), with the expected reasons and
// warnings. A new file without an expectation fails, so the tables stay complete.
func TestSharedFiles(t *testing.T) {
	files := sharedFiles(t)
	verdicts := readmeVerdicts(t)
	for _, path := range files {
		rel, _ := filepath.Rel(sharedDir, path)
		rel = filepath.ToSlash(rel)
		t.Run(rel, func(t *testing.T) {
			r, err := glb.CheckFile(path)
			if err != nil {
				t.Fatal(err)
			}
			dir, file, _ := strings.Cut(rel, "/")
			if dir == "khronos-validator-tests" {
				c, ok := khronosReasons[file]
				if !ok {
					t.Fatalf("no expected verdict for %s: add it to khronosReasons", rel)
				}
				if r.OK() || !r.Has(c) {
					t.Fatalf("want refusal for %s; problems %v", c, r.Problems)
				}
				return
			}
			v, ok := verdicts[file]
			if !ok {
				t.Fatalf("%s has no row in %s/README.md", rel, sharedDir)
			}
			want := expectedReasons[file]
			if v != verdictPass && want == nil {
				t.Fatalf("no expected reasons for %s: add them to expectedReasons in shared_test.go", rel)
			}
			switch v {
			case verdictPass:
				if !r.OK() || len(r.Warnings) != 0 {
					t.Fatalf("README says pass; problems %v, warnings %v", r.Problems, r.Warnings)
				}
				if r.Facts.Triangles == 0 || r.Facts.DrawCalls == 0 || r.Facts.DrawCalls > glb.AvatarMaxDrawCalls || r.Facts.Triangles > glb.AvatarMaxTriangles {
					t.Errorf("facts out of range for an accepted model: %+v", r.Facts)
				}
			case verdictWarn:
				if !r.OK() {
					t.Fatalf("README says accept with a warning; refused: %v", r.Problems)
				}
				for _, c := range want {
					if !r.HasWarning(c) {
						t.Errorf("accepted without warning %s: %v", c, r.Warnings)
					}
				}
				if len(r.Warnings) != len(want) {
					t.Errorf("warnings %v, want exactly %v", r.Warnings, want)
				}
			case verdictReject:
				if r.OK() {
					t.Fatalf("README says reject; accepted (warnings %v), want refusal for %v", r.Warnings, want)
				}
				for _, c := range want {
					if !r.Has(c) {
						t.Errorf("refused without reason %s: %v", c, r.Problems)
					}
				}
				for _, c := range expectedWarnings[file] {
					if !r.HasWarning(c) {
						t.Errorf("no warning %s: %v", c, r.Warnings)
					}
				}
			}
		})
	}
}

// The README's DenseSphere row says why it is accepted: its 30,720 triangles. The warning says
// so in the words of the docs.
func TestDenseSphereWarning(t *testing.T) {
	sharedFiles(t) // skips without the shared folder
	path := filepath.Join(sharedDir, "reject", "DenseSphere-decoded.glb")
	r, err := glb.CheckFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const want = "the model has 30,720 triangles (meshes[0] × 1 instance); the docs bound agent avatars at 20,000 triangles, Scape may draw a Gizmo model this large slowly or refuse it"
	if !r.OK() || len(r.Warnings) != 1 || r.Warnings[0].Message != want {
		t.Fatalf("problems %v, warnings %v; want accepted with %q", r.Problems, r.Warnings, want)
	}
}

// BenchmarkSharedFiles times Check on each shared file (goal: under 2 ms for any model that
// fits the bundle).
func BenchmarkSharedFiles(b *testing.B) {
	for _, path := range sharedFiles(b) {
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		rel, _ := filepath.Rel(sharedDir, path)
		b.Run(filepath.ToSlash(rel), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				glb.Check(data)
			}
		})
	}
}
