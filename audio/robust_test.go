package audio

import (
	"encoding/json"
	"math"
	"testing"
	"time"
)

// TestRenderAnyAcceptedValue: the SDK's rules leave most fields open (any finite number the type
// allows), so the renderer must give every value a meaning. Random recipes built from the former
// ranges' edges, values far outside them, −0 and empty lists: whatever Decode accepts renders
// without panicking, in bounded time, to finite samples of the stated length. (The SDK's wav.test.ts
// runs the same kind of recipes through its own renderers and validators.)
func TestRenderAnyAcceptedValue(t *testing.T) {
	rng := NewMulberry32(20240917)
	u := rng.Uniform
	edges := []float64{-1e300, -1e6, -100, -1, -0.5, math.Copysign(0, -1), 0, 1e-300, 0.001, 0.3, 1, 2, 100, 24000, 1e6, 1e300}
	num := func() float64 {
		if u() < 0.6 {
			return edges[int(u()*float64(len(edges)))]
		}
		return u()*4 - 2
	}
	pick := func(list ...any) any { return list[int(u()*float64(len(list)))] }
	maybe := func(m map[string]any, key string, value func() any) {
		if u() < 0.5 {
			m[key] = value()
		}
	}
	list := func(max int, item func() any) []any {
		out := []any{}
		for range int(u() * float64(max+1)) {
			out = append(out, item())
		}
		return out
	}
	seed := func() any { return pick(0.0, 1.0, 4294967295.0, 12345.0) }
	short := func() any { return pick(0.001, 0.01, 0.03, 0.05) }
	envelope := func() any {
		if u() < 0.5 {
			return num()
		}
		return list(4, func() any {
			p := map[string]any{"time": pick(num(), u()*0.05), "value": num()}
			maybe(p, "curve", func() any { return pick("linear", "exponential", "step") })
			return p
		})
	}
	filter := func() any {
		return map[string]any{"type": pick("lowpass", "highpass", "bandpass"), "frequency": num(), "q": num()}
	}
	stage := func() any {
		switch int(u() * 3) {
		case 0:
			s := map[string]any{"kind": "pole", "frequency": num()}
			maybe(s, "subtract", func() any { return num() })
			return s
		case 1:
			return map[string]any{"kind": "noise", "seed": seed(), "gain": num(), "decay": num()}
		}
		return map[string]any{"kind": pick("soft-clip", "hard-clip"), "drive": num()}
	}
	families := map[string]func() any{
		"synth": func() any {
			s := map[string]any{"kind": "synth", "duration": short(), "voices": list(4, func() any {
				v := map[string]any{"wave": pick("sine", "triangle", "square", "sawtooth", "noise"), "start": pick(num(), u()*0.05), "duration": pick(num(), u()*0.05), "gain": envelope()}
				maybe(v, "frequency", envelope)
				maybe(v, "pan", func() any { return num() })
				maybe(v, "fade", func() any { return []any{num(), num()} })
				maybe(v, "noiseDuration", func() any { return num() })
				maybe(v, "noiseRate", func() any { return num() })
				maybe(v, "filter", filter)
				return v
			})}
			maybe(s, "seed", seed)
			maybe(s, "effects", func() any {
				return list(3, func() any {
					switch int(u() * 4) {
					case 0:
						return filter()
					case 1:
						return map[string]any{"type": "delay", "time": num(), "feedback": pick(0.5, -0.9, 1.0, num()), "mix": num(), "parallel": u() < 0.5}
					case 2:
						return map[string]any{"type": "noise-reverb", "duration": num(), "decay": pick(0.0, 2.0, num()), "seed": seed(), "mix": num()}
					}
					return map[string]any{"type": "reverb", "decay": num(), "mix": num()}
				})
			})
			return s
		},
		"noise": func() any {
			s := map[string]any{"kind": "noise", "duration": pick(0.1, 0.12), "seed": seed(), "fade": num(),
				"layers":     list(3, func() any { return map[string]any{"frequency": num(), "gain": u()} }),
				"modulation": map[string]any{"base": 0.5, "waves": list(2, func() any { return map[string]any{"speed": num(), "amount": u()*0.25 - 0.125} })}}
			maybe(s, "grains", func() any {
				return map[string]any{"start": num(), "end": num(), "interval": []any{num(), num()}, "duration": []any{num(), num()}, "amplitude": []any{num(), num()},
					"bias": num(), "smoothing": u(), "attack": num(), "decay": u()}
			})
			return s
		},
		"partials": func() any {
			amplitude := map[string]any{"gain": num(), "attack": num(), "fadeOut": num()}
			maybe(amplitude, "attackCurve", func() any { return pick("linear", "sine-squared") })
			maybe(amplitude, "decay", func() any { return num() })
			maybe(amplitude, "release", func() any { return map[string]any{"at": num(), "time": num()} })
			s := map[string]any{"kind": "partials", "duration": short(), "amplitude": amplitude, "layers": list(2, func() any {
				l := map[string]any{"frequency": num(), "gain": num(), "partials": list(3, func() any { return map[string]any{"ratio": num(), "gain": num(), "decay": num()} })}
				maybe(l, "vibrato", func() any { return map[string]any{"depth": num(), "rate": num()} })
				maybe(l, "stages", func() any { return list(2, stage) })
				return l
			})}
			maybe(s, "oversample", func() any { return pick(1, 2, 4) })
			maybe(s, "stages", func() any { return list(2, stage) })
			maybe(s, "echoes", func() any { return list(2, func() any { return map[string]any{"time": num(), "gain": num()} }) })
			maybe(s, "tailFade", func() any { return num() })
			return s
		},
	}
	for name, gen := range families {
		rendered := 0
		for i := range 150 {
			raw, err := json.Marshal(gen())
			if err != nil {
				t.Fatal(err)
			}
			r, err := Decode(raw)
			if err != nil {
				continue
			}
			start := time.Now()
			s, err := r.Render()
			if err != nil {
				t.Fatalf("%s #%d: %v\n%s", name, i, err, raw)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("%s #%d: took %v\n%s", name, i, d, raw)
			}
			want, _ := estimate(r)
			for _, ch := range s.Channels {
				if len(ch) != want {
					t.Fatalf("%s #%d: %d frames, want %d\n%s", name, i, len(ch), want, raw)
				}
				for _, v := range ch {
					if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
						t.Fatalf("%s #%d: a non-finite sample\n%s", name, i, raw)
					}
				}
			}
			rendered++
		}
		if rendered < 40 {
			t.Errorf("%s: only %d of 150 random recipes decoded", name, rendered)
		}
	}
}
