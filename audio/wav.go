package audio

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/scapeworld/scape/internal/human"
)

// MaxWAVBytes is GIZMO_AUDIO_MAX_BYTES: a 44-byte header and 960,000 bytes of PCM16.
const MaxWAVBytes = 960044

// WAV sample rates: the reader accepts any rate above 0 (the SDK warns outside MinWAVRate–
// MaxWAVRate, the rates every Web Audio implementation must play); the writer any rate a header
// can hold (WAV_MAX_RATE: the byte rate of stereo stays below 2^32).
const (
	MinWAVRate    = 8000
	MaxWAVRate    = 96000
	MaxWAVRateAny = 1073741823
)

// EncodeWAV writes PCM16 mono or stereo: each sample clamped to [−1, 1] (NaN → 0) and written as
// floor(x·32767 + 0.5), the same bytes as the SDK's encodeGizmoWav. It refuses more than
// MaxWAVBytes unless unbounded is set (the `sound` command writes longer files for listening).
func EncodeWAV(s *Samples, unbounded bool) ([]byte, error) {
	ch := len(s.Channels)
	if ch < 1 || ch > 2 {
		return nil, fmt.Errorf("WAV: %d channels (1 or 2 supported)", ch)
	}
	if s.Rate < 1 || s.Rate > MaxWAVRateAny {
		return nil, fmt.Errorf("WAV: rate must be 1–%d Hz (got %d)", MaxWAVRateAny, s.Rate)
	}
	frames := s.Frames()
	for _, c := range s.Channels {
		if len(c) != frames {
			return nil, errors.New("WAV: channels differ in length")
		}
	}
	block := ch * 2
	data := frames * block
	total := 44 + data
	if !unbounded && total > MaxWAVBytes {
		return nil, fmt.Errorf("WAV: %d bytes; at most %d are allowed", total, MaxWAVBytes)
	}
	out := make([]byte, total)
	le := binary.LittleEndian
	copy(out[0:], "RIFF")
	le.PutUint32(out[4:], uint32(total-8))
	copy(out[8:], "WAVEfmt ")
	le.PutUint32(out[16:], 16)
	le.PutUint16(out[20:], 1)
	le.PutUint16(out[22:], uint16(ch))
	le.PutUint32(out[24:], uint32(s.Rate))
	le.PutUint32(out[28:], uint32(s.Rate*block))
	le.PutUint16(out[32:], uint16(block))
	le.PutUint16(out[34:], 16)
	copy(out[36:], "data")
	le.PutUint32(out[40:], uint32(data))
	at := 44
	for n := 0; n < frames; n++ {
		for c := 0; c < ch; c++ {
			le.PutUint16(out[at:], uint16(PCM16(float64(s.Channels[c][n]))))
			at += 2
		}
	}
	return out, nil
}

// PCM16 converts one sample: clamp to [−1, 1] (NaN → 0), then floor(x·32767 + 0.5).
func PCM16(x float64) int16 {
	switch {
	case math.IsNaN(x):
		x = 0
	case x > 1:
		x = 1
	case x < -1:
		x = -1
	}
	return int16(math.Floor(x*32767 + 0.5))
}

// WAVInfo is the layout of a PCM16 WAV.
type WAVInfo struct {
	Channels, Rate, Frames int
	// DataOffset is the byte offset of the first sample.
	DataOffset int
}

var pcmGUIDTail = []byte{0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71}

// ParseWAV reads the layout of untrusted WAV bytes. Every chunk size is checked against the
// bytes that remain before anything is read (a declared size of 0xFFFFFFF0 allocates nothing);
// LIST, fact, JUNK and other chunks are skipped with their pad byte; only PCM or extensible PCM,
// 16-bit, 1–2 channels, a rate above 0, whole frames and at most MaxWAVBytes are accepted (the
// SDK's WAV_RULES errors; what it only warns about — an unusual rate, an inconsistent block align
// or byte rate, no samples — is accepted). The messages are the SDK's parseWav's, word for word
// (numbers grouped as its formatNumber groups them): testdata/wav/cases.json holds both to it.
func ParseWAV(b []byte) (WAVInfo, error) {
	le := binary.LittleEndian
	if len(b) > MaxWAVBytes {
		return WAVInfo{}, fmt.Errorf("must be at most %s bytes (got %d)", human.Int(MaxWAVBytes), len(b))
	}
	if len(b) < 12 || string(b[0:4]) != "RIFF" || string(b[8:12]) != "WAVE" {
		return WAVInfo{}, errors.New("is not a RIFF/WAVE file")
	}
	riff := uint64(le.Uint32(b[4:]))
	if riff < 4 || riff > uint64(len(b)-8) {
		return WAVInfo{}, fmt.Errorf("declares a RIFF size of %s bytes but only %s follow", human.Int(int(riff)), human.Int(len(b)-8))
	}
	end := 8 + int(riff)
	pos := 12
	var format *WAVInfo
	var dataOffset, dataSize int
	haveData := false
	for pos < end {
		if end-pos < 8 {
			return WAVInfo{}, fmt.Errorf("has a truncated chunk header at byte %s", human.Int(pos))
		}
		id := string(b[pos : pos+4])
		size := uint64(le.Uint32(b[pos+4:]))
		body := pos + 8
		if size > uint64(end-body) {
			return WAVInfo{}, fmt.Errorf("chunk %s at byte %s declares %s bytes but only %s remain", quoteChunkID(id), human.Int(pos), human.Int(int(size)), human.Int(end-body))
		}
		n := int(size)
		switch id {
		case "fmt ":
			if format != nil {
				return WAVInfo{}, errors.New("has more than one fmt chunk")
			}
			if n < 16 {
				return WAVInfo{}, fmt.Errorf("has a fmt chunk of %d bytes (at least 16 expected)", n)
			}
			f := b[body : body+n]
			tag := le.Uint16(f[0:])
			channels := int(le.Uint16(f[2:]))
			rate := int(le.Uint32(f[4:]))
			bits := le.Uint16(f[14:])
			if tag == 0xfffe {
				if n < 40 || le.Uint16(f[16:]) < 22 {
					return WAVInfo{}, errors.New("has an extensible fmt chunk that is too short")
				}
				if le.Uint16(f[24:]) != 1 || string(f[26:40]) != string(pcmGUIDTail) {
					return WAVInfo{}, errors.New("is not PCM (extensible subformat)")
				}
				// Valid bits below 16 are still 16-bit words (left-justified); 0 is unspecified.
				if le.Uint16(f[18:]) > 16 {
					return WAVInfo{}, errors.New("must hold 16-bit samples (extensible valid bits)")
				}
			} else if tag != 1 {
				return WAVInfo{}, fmt.Errorf("is not PCM (format %d)", tag)
			}
			if bits != 16 {
				return WAVInfo{}, fmt.Errorf("must be 16-bit PCM (got %d bits)", bits)
			}
			if channels < 1 || channels > 2 {
				return WAVInfo{}, fmt.Errorf("must be mono or stereo (got %d channels)", channels)
			}
			if rate == 0 {
				return WAVInfo{}, errors.New("must have a sample rate above 0 Hz")
			}
			format = &WAVInfo{Channels: channels, Rate: rate}
		case "data":
			if haveData {
				return WAVInfo{}, errors.New("has more than one data chunk")
			}
			if format == nil {
				return WAVInfo{}, errors.New("has its data chunk before the fmt chunk")
			}
			if n%(format.Channels*2) != 0 {
				return WAVInfo{}, fmt.Errorf("has %s data bytes, not a whole number of %d-channel frames", human.Int(n), format.Channels)
			}
			haveData, dataOffset, dataSize = true, body, n
		}
		pos = body + n + n&1
	}
	if format == nil {
		return WAVInfo{}, errors.New("has no fmt chunk")
	}
	if !haveData {
		return WAVInfo{}, errors.New("has no data chunk")
	}
	format.Frames = dataSize / (format.Channels * 2)
	format.DataOffset = dataOffset
	return *format, nil
}

// quoteChunkID quotes a chunk id for a message as the SDK's parseWav does: printable ASCII as
// is, `"` and `\` escaped, any other byte as \xHH, so a corrupt id never puts control bytes on
// the author's terminal and both readers word it alike.
func quoteChunkID(id string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(id); i++ {
		c := id[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= 0x20 && c <= 0x7e:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "\\x%02x", c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// DecodeWAV parses untrusted bytes and returns the samples (int16/32768).
func DecodeWAV(b []byte) (*Samples, error) {
	info, err := ParseWAV(b)
	if err != nil {
		return nil, fmt.Errorf("WAV %w", err)
	}
	s := &Samples{Rate: info.Rate}
	for c := 0; c < info.Channels; c++ {
		s.Channels = append(s.Channels, make([]float32, info.Frames))
	}
	at := info.DataOffset
	for n := 0; n < info.Frames; n++ {
		for c := 0; c < info.Channels; c++ {
			s.Channels[c][n] = float32(int16(binary.LittleEndian.Uint16(b[at:]))) / 32768
			at += 2
		}
	}
	return s, nil
}

var dataURL = regexp.MustCompile(`^data:audio/(?:wav|wave|x-wav|vnd\.wave);base64,`)

// maxBase64 is the base64 length of MaxWAVBytes bytes.
const maxBase64 = 4 * ((MaxWAVBytes + 2) / 3)

// DecodeRecorded decodes a recorded sound string (base64, optionally a data: URL) to bytes,
// refusing anything longer than MaxWAVBytes before decoding.
func DecodeRecorded(encoded string) ([]byte, error) {
	text := dataURL.ReplaceAllString(encoded, "")
	if len(text) > maxBase64 {
		return nil, fmt.Errorf("must be at most %s bytes of WAV (got about %d)", human.Int(MaxWAVBytes), len(text)*3/4)
	}
	enc := base64.StdEncoding
	if len(text)%4 != 0 {
		enc = base64.RawStdEncoding
	}
	b, err := enc.Strict().DecodeString(text)
	if err != nil {
		return nil, errors.New("must be base64 (A–Z, a–z, 0–9, +, / and = padding)")
	}
	return b, nil
}

// Render decodes the recorded WAV.
func (r Recorded) Render() (*Samples, error) {
	b, err := DecodeRecorded(string(r))
	if err != nil {
		return nil, err
	}
	return DecodeWAV(b)
}
