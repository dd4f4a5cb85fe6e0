package glb_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/scapeworld/scape/glb"
)

// sharedDir is the shared GLB test files (real exports with expected verdicts); a clone of the
// project alone does not have it.
const sharedDir = "../../shared/testdata/glb"

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

// expectedReasons is the README's verdict table for reject/: the codes each file must be
// refused with (all of them present among its problems).
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
	"cakeBirthday.glb":        {glb.CodeHierarchy, glb.CodeDrawCalls},
	"quad_skin.glb":           {glb.CodeSkins},
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

// TestSharedFiles: every shared file gets its expected verdict, and each rejection the
// expected reason. A new file without an expectation fails, so the table stays complete.
func TestSharedFiles(t *testing.T) {
	for _, path := range sharedFiles(t) {
		rel, _ := filepath.Rel(sharedDir, path)
		rel = filepath.ToSlash(rel)
		t.Run(rel, func(t *testing.T) {
			r, err := glb.CheckFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var want []glb.Code
			switch dir, file, _ := strings.Cut(rel, "/"); dir {
			case "pass":
				if !r.OK() {
					t.Fatalf("refused: %v", r.Problems)
				}
				if r.Facts.Triangles == 0 || r.Facts.DrawCalls == 0 || r.Facts.DrawCalls > glb.MaxDrawCalls || r.Facts.Triangles > glb.MaxTriangles {
					t.Errorf("facts out of range for an accepted model: %+v", r.Facts)
				}
				return
			case "reject":
				want = expectedReasons[file]
			case "khronos-validator-tests":
				if c, ok := khronosReasons[file]; ok {
					want = []glb.Code{c}
				}
			}
			if want == nil {
				t.Fatalf("no expected verdict for %s: add it to the tables in shared_test.go", rel)
			}
			if r.OK() {
				t.Fatalf("accepted; want refusal for %v", want)
			}
			for _, c := range want {
				if !r.Has(c) {
					t.Errorf("refused without reason %s: %v", c, r.Problems)
				}
			}
		})
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
