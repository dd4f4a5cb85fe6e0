package audio_test

import (
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/scapeworld/scape/audio"
	"github.com/scapeworld/scape/validate"
)

// TestWAVReadersAgreeOnMutants widens the WAV corpus: every header field of every accepted case
// (each u16/u32 part, each byte of each four-letter tag) is set to values that cross the rules
// (0, 1, 2, 3, 16, 22, 40, 0xFFFE, one off either way, doubled, the largest) and each mutant is
// read by Go's DecodeWAV and by the SDK (its recorded-sound check, run in goja). Both must accept
// it, or both refuse it with the same message.
func TestWAVReadersAgreeOnMutants(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "wav", "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []struct {
			Name  string   `json:"name"`
			Bytes []string `json:"bytes"`
			OK    bool     `json:"ok"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	sdk, err := validate.NewRecipeChecker()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	total, refused := 0, 0
	for _, c := range doc.Cases {
		if !c.OK {
			continue
		}
		for i, part := range c.Bytes {
			kind, v, _ := strings.Cut(part, ":")
			var repl []string
			switch kind {
			case "u16", "u32":
				n, _ := strconv.ParseUint(v, 10, 32)
				top := uint64(0xffff)
				if kind == "u32" {
					top = 0xffffffff
				}
				for _, m := range []uint64{0, 1, 2, 3, 16, 22, 40, 0xfffe, n - 1, n + 1, 2 * n, top} {
					if m != n && m <= top {
						repl = append(repl, fmt.Sprintf("%s:%d", kind, m))
					}
				}
			case "ascii":
				for j := range v {
					b := []byte(v)
					b[j] ^= 0x20 // case flip ('f' → 'F', ' ' → NUL)
					repl = append(repl, "ascii:"+string(b))
				}
			}
			for _, r := range repl {
				parts := append(append(append([]string{}, c.Bytes[:i]...), r), c.Bytes[i+1:]...)
				b, err := assemble(parts)
				if err != nil {
					t.Fatal(err)
				}
				if seen[string(b)] {
					continue
				}
				seen[string(b)] = true
				total++
				raw, _ := json.Marshal(base64.StdEncoding.EncodeToString(b))
				want, err := sdk.Problem(context.Background(), raw)
				if err != nil {
					t.Fatal(err)
				}
				// The build's message ends with the value it refused (the base64, cut short).
				if at := strings.LastIndex(want, ` (got "`); at >= 0 {
					want = want[:at]
				}
				got := ""
				if _, err := audio.DecodeWAV(b); err != nil {
					got = err.Error()
				}
				if got != "" {
					refused++
				}
				if got != want {
					t.Errorf("%s, part %d %s → %s:\n   Go: %q\n  SDK: %q", c.Name, i, part, r, got, want)
				}
			}
		}
	}
	t.Logf("%d mutants, %d refused", total, refused)
	if total < 200 || refused == 0 || refused == total {
		t.Fatalf("%d mutants, %d refused: the mutation no longer reaches the rules", total, refused)
	}
}

// assemble is the corpus' byte notation (audio's wav_corpus_test.go reads it the same way).
func assemble(parts []string) ([]byte, error) {
	var out []byte
	for _, p := range parts {
		kind, v, _ := strings.Cut(p, ":")
		switch kind {
		case "ascii":
			out = append(out, v...)
		case "u16", "u32", "zeros":
			n, err := strconv.ParseUint(v, 10, 32)
			if err != nil {
				return nil, err
			}
			switch kind {
			case "u16":
				out = binary.LittleEndian.AppendUint16(out, uint16(n))
			case "u32":
				out = binary.LittleEndian.AppendUint32(out, uint32(n))
			default:
				out = append(out, make([]byte, n)...)
			}
		case "hex":
			for i := 0; i+1 < len(v); i += 2 {
				n, err := strconv.ParseUint(v[i:i+2], 16, 8)
				if err != nil {
					return nil, err
				}
				out = append(out, byte(n))
			}
		default:
			return nil, fmt.Errorf("unknown part %q", p)
		}
	}
	return out, nil
}
