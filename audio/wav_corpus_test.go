package audio

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// wavCase is one case of testdata/wav/cases.json, the byte-level corpus both WAV readers run
// (this file for ParseWAV, kit/sdk/test/wavCorpus.test.ts for the SDK's parseWav).
type wavCase struct {
	Name     string   `json:"name"`
	Bytes    []string `json:"bytes"`
	OK       bool     `json:"ok"`
	Channels int      `json:"channels"`
	Rate     int      `json:"rate"`
	Frames   int      `json:"frames"`
	Message  string   `json:"message"`
}

func loadWAVCases(t testing.TB) []wavCase {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "wav", "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []wavCase `json:"cases"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Cases
}

// assembleWAV concatenates a case's parts: ascii:TEXT, u16:N, u32:N (little-endian), hex:BYTES,
// zeros:N.
func assembleWAV(parts []string) ([]byte, error) {
	var out []byte
	for _, p := range parts {
		kind, v, ok := strings.Cut(p, ":")
		if !ok {
			return nil, fmt.Errorf("part %q has no kind", p)
		}
		switch kind {
		case "ascii":
			out = append(out, v...)
		case "u16", "u32", "zeros":
			n, err := strconv.ParseUint(v, 10, 32)
			if err != nil {
				return nil, fmt.Errorf("part %q: %v", p, err)
			}
			switch kind {
			case "u16":
				if n > 0xffff {
					return nil, fmt.Errorf("part %q does not fit 16 bits", p)
				}
				out = binary.LittleEndian.AppendUint16(out, uint16(n))
			case "u32":
				out = binary.LittleEndian.AppendUint32(out, uint32(n))
			default:
				out = append(out, make([]byte, n)...)
			}
		case "hex":
			b, err := hex.DecodeString(v)
			if err != nil {
				return nil, fmt.Errorf("part %q: %v", p, err)
			}
			out = append(out, b...)
		default:
			return nil, fmt.Errorf("part %q: unknown kind %q", p, kind)
		}
	}
	return out, nil
}

// TestWAVCorpus: ParseWAV reads each accepted case's layout and refuses each refused case with
// the message the SDK's parseWav gives, word for word.
func TestWAVCorpus(t *testing.T) {
	cases := loadWAVCases(t)
	verdicts := map[bool]int{}
	for _, c := range cases {
		b, err := assembleWAV(c.Bytes)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		verdicts[c.OK]++
		info, err := ParseWAV(b)
		switch {
		case c.OK && err != nil:
			t.Errorf("%s: refused: %v", c.Name, err)
		case c.OK && (info.Channels != c.Channels || info.Rate != c.Rate || info.Frames != c.Frames):
			t.Errorf("%s: read %+v, want %d channels, %d Hz, %d frames", c.Name, info, c.Channels, c.Rate, c.Frames)
		case !c.OK && err == nil:
			t.Errorf("%s: accepted, want %q", c.Name, c.Message)
		case !c.OK && err.Error() != c.Message:
			t.Errorf("%s:\n got %q\nwant %q", c.Name, err.Error(), c.Message)
		}
	}
	if verdicts[true] < 5 || verdicts[false] < 20 {
		t.Fatalf("the corpus holds %d accepted and %d refused cases", verdicts[true], verdicts[false])
	}
}
