package audio

import (
	"encoding/base64"
	"fmt"
	"math"
	"testing"
	"time"
)

// FuzzParseWAV: untrusted WAV bytes never panic, never allocate beyond the input, and whatever
// is accepted decodes to whole frames within MaxWAVBytes.
func FuzzParseWAV(f *testing.F) {
	ok := buildWAV([]chunk{fmtChunk(1, 48000, 16, 1), dataChunk(8)}, -1)
	f.Add(ok)
	f.Add(buildWAV([]chunk{{"JUNK", make([]byte, 3)}, extensibleChunk(2, 44100, 1), {"LIST", make([]byte, 5)}, dataChunk(8)}, -1))
	f.Add(buildWAV([]chunk{fmtChunk(2, 96000, 16, 1), dataChunk(6)}, -1))
	f.Add(buildWAV(nil, 0xfffffff0))
	f.Add([]byte("RIFF\xf0\xff\xff\xffWAVEfmt \xf0\xff\xff\xff"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		info, err := ParseWAV(b)
		if err != nil {
			return
		}
		if len(b) > MaxWAVBytes || info.Channels < 1 || info.Channels > 2 || info.Frames < 0 || info.Rate < 1 {
			t.Fatalf("accepted %+v from %d bytes", info, len(b))
		}
		if info.DataOffset+info.Frames*info.Channels*2 > len(b) {
			t.Fatalf("data runs past the input: %+v, %d bytes", info, len(b))
		}
		s, err := DecodeWAV(b)
		if err != nil || s.Frames() != info.Frames {
			t.Fatalf("parse accepted but decode: %v", err)
		}
		if _, err := Recorded(base64.StdEncoding.EncodeToString(b)).Render(); err != nil {
			t.Fatalf("base64 form refused: %v", err)
		}
	})
}

// FuzzRender: any recipe Decode accepts (the SDK's rules, checked again in Go) renders without
// panicking, with finite samples of the expected length, in bounded time. (A recipe the SDK only
// warns about — an unstable filter, a growing feedback — may overflow; toSamples writes those
// values as 0.)
func FuzzRender(f *testing.F) {
	for _, v := range loadVectors(f) {
		f.Add([]byte(v.Recipe))
	}
	// The worst cases' shapes, short (the worst cases themselves take seconds: longer than the
	// fuzzer lets one input run under its instrumentation).
	f.Add([]byte(fmt.Sprintf(`{"kind": "synth", "duration": 0.3, "seed": 4294967295, "voices": [%s], "effects": [{"type": "noise-reverb", "duration": 0.3, "decay": 1, "seed": 1, "mix": 0.3}, {"type": "delay", "time": 0.001, "feedback": 0.95, "mix": 0.5}, {"type": "bandpass", "frequency": 1000, "q": 0.1}]}`, sweptVoices(6, 0.3))))
	f.Add([]byte(`{"kind": "noise", "duration": 0.5, "seed": 1, ` + noiseLayers + `, "grains": {"start": -0.1, "end": 1, "interval": [0.01, -0.005], "duration": [0.2, 0.01], "amplitude": [1, 0], "bias": -1, "smoothing": 0.5, "attack": 0.5, "decay": 1}, "fade": 0.3}`))
	f.Add([]byte(partialsSound(0.2, partialsLayer(5, 1000, 2, `{"kind": "soft-clip", "drive": 100}`)+","+partialsLayer(1, -1000, 0.5, ""), `{"kind": "noise", "seed": 9, "gain": -1, "decay": 0}`)))
	f.Add([]byte(`{"kind": "synth", "duration": 0.0104, "voices": [{"wave": "sine", "start": 0.0103, "duration": 0.001, "gain": 1}]}`))
	f.Add([]byte(`{"kind": "partials", "duration": 0.01, "oversample": 4, "layers": [{"frequency": 20000, "gain": 1, "partials": [{"ratio": 32, "gain": 1, "decay": 200}]}], "amplitude": {"gain": 1, "attack": 0.01, "fadeOut": 0.01}, "echoes": [{"time": 2, "gain": 1}], "tailFade": 0.01}`))
	f.Add([]byte(`"UklGRiwAAABXQVZFZm10IBAAAAABAAEAgLsAAAB3AQACABAAZGF0YQgAAAAAAABAAOD/fw=="`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		r, err := Decode(raw)
		if err != nil {
			return
		}
		start := time.Now()
		s, err := r.Render()
		if err != nil {
			if _, recorded := r.(Recorded); recorded {
				return
			}
			t.Fatalf("decoded recipe failed to render: %v", err)
		}
		if elapsed := time.Since(start); elapsed > 30*time.Second {
			t.Fatalf("render took %v", elapsed)
		}
		for _, ch := range s.Channels {
			for _, v := range ch {
				if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
					t.Fatalf("non-finite float32 sample %v", v)
				}
			}
		}
		if frames, _ := estimate(r); frames != 0 && s.Frames() != frames {
			t.Fatalf("%d frames, estimated %d", s.Frames(), frames)
		}
	})
}
