package audio

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"math"
	"strings"
	"testing"
)

type chunk struct {
	id   string
	body []byte
}

// buildWAV assembles a RIFF file chunk by chunk (with pad bytes), so each case breaks one thing.
func buildWAV(chunks []chunk, riffSize int64) []byte {
	var b bytes.Buffer
	b.WriteString("RIFF")
	b.Write(make([]byte, 4))
	b.WriteString("WAVE")
	for _, c := range chunks {
		b.WriteString(c.id)
		binary.Write(&b, binary.LittleEndian, uint32(len(c.body)))
		b.Write(c.body)
		if len(c.body)%2 == 1 {
			b.WriteByte(0)
		}
	}
	out := b.Bytes()
	size := int64(len(out) - 8)
	if riffSize >= 0 {
		size = riffSize
	}
	binary.LittleEndian.PutUint32(out[4:], uint32(size))
	return out
}

func fmtChunk(channels, rate, bits, tag int) chunk {
	b := make([]byte, 16)
	le := binary.LittleEndian
	le.PutUint16(b[0:], uint16(tag))
	le.PutUint16(b[2:], uint16(channels))
	le.PutUint32(b[4:], uint32(rate))
	le.PutUint32(b[8:], uint32(rate*channels*bits/8))
	le.PutUint16(b[12:], uint16(channels*bits/8))
	le.PutUint16(b[14:], uint16(bits))
	return chunk{"fmt ", b}
}

func extensibleChunk(channels, rate, subformat int) chunk {
	b := make([]byte, 40)
	copy(b, fmtChunk(channels, rate, 16, 0xfffe).body)
	le := binary.LittleEndian
	le.PutUint16(b[16:], 22)
	le.PutUint16(b[18:], 16)
	le.PutUint32(b[20:], 3)
	le.PutUint16(b[24:], uint16(subformat))
	copy(b[26:], pcmGUIDTail)
	return chunk{"fmt ", b}
}

func dataChunk(n int) chunk {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i * 37)
	}
	return chunk{"data", b}
}

func TestWAVRoundTrip(t *testing.T) {
	s := &Samples{Rate: 44100, Channels: [][]float32{make([]float32, 100), make([]float32, 100)}}
	for i := range 100 {
		s.Channels[0][i] = float32(math.Sin(float64(i) / 5))
		s.Channels[1][i] = float32(i%7)/7 - 0.5
	}
	b, err := EncodeWAV(s, false)
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeWAV(b)
	if err != nil {
		t.Fatal(err)
	}
	if back.Rate != 44100 || len(back.Channels) != 2 || back.Frames() != 100 {
		t.Fatalf("got %d Hz %d×%d", back.Rate, len(back.Channels), back.Frames())
	}
	for c := range 2 {
		for i := range 100 {
			if d := math.Abs(float64(back.Channels[c][i] - s.Channels[c][i])); d > 2.0/32767 {
				t.Fatalf("channel %d sample %d off by %g", c, i, d)
			}
		}
	}
}

func TestPCM16(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want int16
	}{{2, 32767}, {-2, -32767}, {math.NaN(), 0}, {0.5, 16384}, {-1, -32767}, {0, 0}} {
		if got := PCM16(c.x); got != c.want {
			t.Errorf("PCM16(%g) = %d, want %d", c.x, got, c.want)
		}
	}
}

// TestEncodeMatchesSDK: the SDK's encodeGizmoWav of the same samples gives the same bytes (the
// base64 below was produced by it for [0, 0.5, -0.25, 1] at 48 kHz mono).
func TestEncodeMatchesSDK(t *testing.T) {
	b, err := EncodeWAV(&Samples{Rate: 48000, Channels: [][]float32{{0, 0.5, -0.25, 1}}}, false)
	if err != nil {
		t.Fatal(err)
	}
	const sdk = "UklGRiwAAABXQVZFZm10IBAAAAABAAEAgLsAAAB3AQACABAAZGF0YQgAAAAAAABAAOD/fw=="
	if got := base64.StdEncoding.EncodeToString(b); got != sdk {
		t.Fatalf("got %s\nwant %s", got, sdk)
	}
}

func TestParseWAVAcceptsSkippedChunksAndExtensible(t *testing.T) {
	b := buildWAV([]chunk{{"JUNK", make([]byte, 3)}, extensibleChunk(2, 44100, 1), {"LIST", make([]byte, 5)}, dataChunk(8), {"fact", make([]byte, 4)}}, -1)
	info, err := ParseWAV(b)
	if err != nil {
		t.Fatal(err)
	}
	want := WAVInfo{Channels: 2, Rate: 44100, Frames: 2, DataOffset: 12 + 12 + 48 + 14 + 8}
	if info != want {
		t.Fatalf("got %+v, want %+v", info, want)
	}
}

func TestParseWAVRefusals(t *testing.T) {
	ok := func() []chunk { return []chunk{fmtChunk(1, 48000, 16, 1), dataChunk(4)} }
	hugeData := buildWAV(ok(), -1)
	binary.LittleEndian.PutUint32(hugeData[40:], 0xfffffff0)
	cases := []struct {
		name string
		b    []byte
		want string
	}{
		{"riff size", buildWAV(ok(), 0xfffffff0), "declares a RIFF size of 4,294,967,280 bytes"},
		{"chunk size", hugeData, `chunk "data" at byte 36 declares 4,294,967,280 bytes but only 4 remain`},
		{"8-bit", buildWAV([]chunk{fmtChunk(1, 48000, 8, 1), dataChunk(4)}, -1), "must be 16-bit PCM"},
		{"3 channels", buildWAV([]chunk{fmtChunk(3, 48000, 16, 1), dataChunk(6)}, -1), "mono or stereo (got 3 channels)"},
		{"0 Hz", buildWAV([]chunk{fmtChunk(1, 0, 16, 1), dataChunk(4)}, -1), "sample rate above 0 Hz"},
		{"float", buildWAV([]chunk{fmtChunk(1, 48000, 16, 3), dataChunk(4)}, -1), "is not PCM (format 3)"},
		{"extensible float", buildWAV([]chunk{extensibleChunk(2, 44100, 3), dataChunk(4)}, -1), "not PCM (extensible subformat)"},
		{"partial frame", buildWAV([]chunk{fmtChunk(2, 48000, 16, 1), dataChunk(6)}, -1), "not a whole number of 2-channel frames"},
		{"data first", buildWAV([]chunk{dataChunk(4), fmtChunk(1, 48000, 16, 1)}, -1), "data chunk before the fmt chunk"},
		{"no data", buildWAV([]chunk{fmtChunk(1, 48000, 16, 1)}, -1), "has no data chunk"},
		{"two fmt", buildWAV([]chunk{fmtChunk(1, 48000, 16, 1), fmtChunk(1, 48000, 16, 1), dataChunk(2)}, -1), "more than one fmt chunk"},
		{"not riff", []byte("RIFX\x00\x00\x00\x00WAVE"), "not a RIFF/WAVE file"},
		{"truncated", buildWAV(ok(), -1)[:30], "declares a RIFF size"},
		{"too big", append(buildWAV(ok(), -1), make([]byte, MaxWAVBytes)...), "at most 960,044 bytes"},
		{"empty", nil, "not a RIFF/WAVE file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseWAV(c.b)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error containing %q", err, c.want)
			}
		})
	}
	// What the SDK only warns about is read: an unusual rate, a wrong byte rate, no samples.
	badRate := buildWAV(ok(), -1)
	binary.LittleEndian.PutUint32(badRate[28:], 1)
	for name, b := range map[string][]byte{
		"4 kHz":      buildWAV([]chunk{fmtChunk(1, 4000, 16, 1), dataChunk(4)}, -1),
		"192 kHz":    buildWAV([]chunk{fmtChunk(1, 192000, 16, 1), dataChunk(4)}, -1),
		"byte rate":  badRate,
		"empty data": buildWAV([]chunk{fmtChunk(1, 48000, 16, 1), dataChunk(0)}, -1),
	} {
		if _, err := DecodeWAV(b); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestMaxBytes(t *testing.T) {
	largest := &Samples{Rate: 48000, Channels: [][]float32{make([]float32, (MaxWAVBytes-44)/2)}}
	b, err := EncodeWAV(largest, false)
	if err != nil || len(b) != MaxWAVBytes {
		t.Fatalf("largest: %d bytes, %v", len(b), err)
	}
	if _, err := ParseWAV(b); err != nil {
		t.Fatal(err)
	}
	largest.Channels[0] = append(largest.Channels[0], 0)
	if _, err := EncodeWAV(largest, false); err == nil {
		t.Fatal("one frame more than the limit was encoded")
	}
	if _, err := EncodeWAV(largest, true); err != nil {
		t.Fatalf("unbounded: %v", err)
	}
}

func TestRecorded(t *testing.T) {
	b, _ := EncodeWAV(&Samples{Rate: 48000, Channels: [][]float32{{0.25, -0.25}}}, false)
	for _, text := range []string{base64.StdEncoding.EncodeToString(b), "data:audio/wav;base64," + base64.StdEncoding.EncodeToString(b), base64.RawStdEncoding.EncodeToString(b)} {
		s, err := Recorded(text).Render()
		if err != nil || s.Frames() != 2 {
			t.Fatalf("%q: %v", text[:10], err)
		}
	}
	if _, err := Recorded("@@@@").Render(); err == nil || !strings.Contains(err.Error(), "must be base64") {
		t.Fatalf("got %v", err)
	}
	if _, err := Recorded(strings.Repeat("A", 2_000_000)).Render(); err == nil || !strings.Contains(err.Error(), "at most 960,044 bytes") {
		t.Fatalf("got %v", err)
	}
}
