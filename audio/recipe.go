package audio

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
)

// Rate is the sample rate of every rendered recipe (GIZMO_SOUND_RATE).
const Rate = 48000

// Synth is a `kind: 'synth'` recipe.
type Synth struct {
	Kind     string   `json:"kind"`
	Duration float64  `json:"duration"`
	Seed     *float64 `json:"seed,omitempty"`
	Voices   []Voice  `json:"voices"`
	Effects  []Effect `json:"effects,omitempty"`
}

// Voice is one oscillator or noise voice of a Synth.
type Voice struct {
	Wave          Wave        `json:"wave"`
	Start         float64     `json:"start"`
	Duration      float64     `json:"duration"`
	Frequency     *Envelope   `json:"frequency,omitempty"`
	Gain          Envelope    `json:"gain"`
	Pan           *float64    `json:"pan,omitempty"`
	Fade          *[2]float64 `json:"fade,omitempty"`
	NoiseDuration *float64    `json:"noiseDuration,omitempty"`
	NoiseRate     *float64    `json:"noiseRate,omitempty"`
	Filter        *Filter     `json:"filter,omitempty"`
}

// Filter is a biquad of a voice or of the effect chain.
type Filter struct {
	Type      FilterType `json:"type"`
	Frequency float64    `json:"frequency"`
	Q         float64    `json:"q"`
}

// Effect is one entry of the effect chain; Type selects which fields apply.
type Effect struct {
	Type      string  `json:"type"`
	Frequency float64 `json:"frequency,omitempty"`
	Q         float64 `json:"q,omitempty"`
	Time      float64 `json:"time,omitempty"`
	Feedback  float64 `json:"feedback,omitempty"`
	Mix       float64 `json:"mix,omitempty"`
	Parallel  bool    `json:"parallel,omitempty"`
	Duration  float64 `json:"duration,omitempty"`
	Decay     float64 `json:"decay,omitempty"`
	Seed      float64 `json:"seed,omitempty"`
}

// NoiseSound is a `kind: 'noise'` recipe.
type NoiseSound struct {
	Kind       string       `json:"kind"`
	Duration   float64      `json:"duration"`
	Seed       float64      `json:"seed"`
	Layers     []NoiseLayer `json:"layers"`
	Modulation Modulation   `json:"modulation"`
	Grains     *Grains      `json:"grains,omitempty"`
	Fade       float64      `json:"fade"`
}

// NoiseLayer is a one-pole low-pass of the shared source.
type NoiseLayer struct {
	Frequency float64 `json:"frequency"`
	Gain      float64 `json:"gain"`
}

// Modulation is base + Σ amount·sin(speed·t).
type Modulation struct {
	Base  float64 `json:"base"`
	Waves []struct {
		Speed  float64 `json:"speed"`
		Amount float64 `json:"amount"`
	} `json:"waves"`
}

// Grains are sparse filtered noise bursts.
type Grains struct {
	Start     float64    `json:"start"`
	End       float64    `json:"end"`
	Interval  [2]float64 `json:"interval"`
	Duration  [2]float64 `json:"duration"`
	Amplitude [2]float64 `json:"amplitude"`
	Bias      float64    `json:"bias"`
	Smoothing float64    `json:"smoothing"`
	Attack    float64    `json:"attack"`
	Decay     float64    `json:"decay"`
}

// PartialsSound is a `kind: 'partials'` recipe.
type PartialsSound struct {
	Kind       string         `json:"kind"`
	Duration   float64        `json:"duration"`
	Oversample *int           `json:"oversample,omitempty"`
	Layers     []PartialLayer `json:"layers"`
	Stages     []Stage        `json:"stages,omitempty"`
	Amplitude  Amplitude      `json:"amplitude"`
	Echoes     []struct {
		Time float64 `json:"time"`
		Gain float64 `json:"gain"`
	} `json:"echoes,omitempty"`
	TailFade *float64 `json:"tailFade,omitempty"`
}

// PartialLayer is a group of partials over one fundamental.
type PartialLayer struct {
	Frequency float64 `json:"frequency"`
	Partials  []struct {
		Ratio float64 `json:"ratio"`
		Gain  float64 `json:"gain"`
		Decay float64 `json:"decay"`
	} `json:"partials"`
	Vibrato *struct {
		Depth float64 `json:"depth"`
		Rate  float64 `json:"rate"`
	} `json:"vibrato,omitempty"`
	Stages []Stage `json:"stages,omitempty"`
	Gain   float64 `json:"gain"`
}

// Stage is one signal stage; Kind selects which fields apply.
type Stage struct {
	Kind      string   `json:"kind"`
	Frequency float64  `json:"frequency,omitempty"`
	Subtract  *float64 `json:"subtract,omitempty"`
	Seed      float64  `json:"seed,omitempty"`
	Gain      float64  `json:"gain,omitempty"`
	Decay     float64  `json:"decay,omitempty"`
	Drive     float64  `json:"drive,omitempty"`
}

// Amplitude is the partials' multiplicative envelope.
type Amplitude struct {
	Gain        float64 `json:"gain"`
	Attack      float64 `json:"attack"`
	AttackCurve string  `json:"attackCurve,omitempty"`
	Decay       float64 `json:"decay,omitempty"`
	Release     *struct {
		At   float64 `json:"at"`
		Time float64 `json:"time"`
	} `json:"release,omitempty"`
	FadeOut float64 `json:"fadeOut"`
}

// Recipe is a decoded, bounds-checked sound: *Synth, *NoiseSound, *PartialsSound or Recorded.
type Recipe interface {
	// Render produces the samples: 48 kHz float32 for recipes (PartialsSound.RenderAt renders
	// partials at another rate), the file's own rate for a Recorded WAV.
	Render() (*Samples, error)
}

// Recorded is a base64 PCM16 WAV string.
type Recorded string

// Decode parses one sound as the SDK's validators accepted it (an object recipe or a WAV
// string) and checks it again. The rules are the SDK's (synthProblem, noiseSoundProblem and
// partialsProblem in kit/sdk/src): this is the renderer's own guard, so a recipe that did not
// come through the SDK (fuzz targets, any other caller) still renders in bounded time or is
// refused. It is kept identical to the SDK's rules by conformance_test.go (the SDK's
// conformance corpus) and sdk_mutation_test.go (mutants judged by the SDK in goja): Decode
// accepts exactly what the SDK accepts. Authors read the SDK's messages, not these.
func Decode(raw []byte) (Recipe, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, err
		}
		return Recorded(s), nil
	}
	var head struct {
		Kind string `json:"kind"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return nil, fmt.Errorf("a sound must be a recipe object or a WAV string: %v", err)
	}
	var r interface {
		Recipe
		check() error
	}
	switch head.Kind {
	case "synth":
		r = &Synth{}
	case "noise":
		r = &NoiseSound{}
	case "partials":
		r = &PartialsSound{}
	default:
		return nil, fmt.Errorf("kind: must be one of \"synth\", \"noise\", \"partials\" (got %q)", head.Kind)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(r); err != nil {
		return nil, fmt.Errorf("%s recipe: %v", head.Kind, err)
	}
	var tree any
	if err := json.Unmarshal(raw, &tree); err != nil {
		return nil, fmt.Errorf("%s recipe: %v", head.Kind, err)
	}
	if err := shapeProblem(head.Kind, tree); err != nil {
		return nil, err
	}
	if err := r.check(); err != nil {
		return nil, err
	}
	return r, nil
}

// The SDK's error rules (SYNTH_RULES, NOISE_RULES, PARTIALS_RULES in kit/sdk/src): the bounds the
// docs state and the toolchain's render budgets (cost). Warnings (the SDK's guess rules) accept,
// so they have no counterpart here. conformance_test.go and sdk_mutation_test.go keep these
// numbers equal to the SDK's.
const (
	// Synth (SYNTH_LIMITS).
	MaxSynthDuration = 60.0
	MaxVoices        = 128
	MaxEffects       = 64
	// MaxSynthWork bounds duration × (voices + other effects) + ReverbRate × (duration +
	// min(response, duration)) per reverb (Synth.Work).
	MaxSynthWork = 2400.0
	ReverbRate   = 25.0
	// Noise (NOISE_LIMITS): duration is the docs' 0.1–12 s.
	MinNoiseDuration = 0.1
	MaxNoiseDuration = 12.0
	MaxNoiseLayers   = 64
	MaxNoiseWaves    = 64
	MaxGrainStarts   = 100000.0
	MaxGrainWork     = 1200.0
	// Partials (PARTIALS_LIMITS).
	MaxPartialsDuration = 60.0
	MaxPartialLayers    = 64
	MaxPartials         = 256
	MaxStages           = 32
	MaxEchoes           = 64
	MaxPartialsWork     = 6000.0
)

// checker collects the first bound violation with its path.
type checker struct{ err error }

func (c *checker) fail(path, format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("%s: %s", path, fmt.Sprintf(format, args...))
	}
}

func (c *checker) in(path string, v, lo, hi float64) {
	if math.IsNaN(v) || v < lo || v > hi {
		c.fail(path, "must be %g–%g (got %g)", lo, hi, v)
	}
}

func (c *checker) atMost(path string, v, hi float64) {
	if math.IsNaN(v) || v > hi {
		c.fail(path, "must be at most %g (got %g)", hi, v)
	}
}

func (c *checker) count(path string, n, lo, hi int) {
	if n < lo || n > hi {
		c.fail(path, "must have %d–%d items (got %d)", lo, hi, n)
	}
}

func (c *checker) seed(path string, v float64) {
	if v != math.Trunc(v) || v < 0 || v > math.MaxUint32 {
		c.fail(path, "must be an integer 0–4294967295 (got %g)", v)
	}
}

func (c *checker) oneOf(path, v string, allowed ...string) {
	for _, a := range allowed {
		if v == a {
			return
		}
	}
	c.fail(path, "must be one of %s (got %q)", strings.Join(allowed, ", "), v)
}

func (c *checker) envelope(path string, e Envelope) {
	for i, p := range e.Points {
		if p.Curve != "" {
			c.oneOf(fmt.Sprintf("%s[%d].curve", path, i), p.Curve, "linear", "exponential", "step")
		}
	}
}

func (c *checker) filter(path string, f Filter) {
	c.oneOf(path+".type", string(f.Type), "lowpass", "highpass", "bandpass")
}

// Work is the synth's render work in voice-seconds (the SDK's synthWork, in its order).
func (s *Synth) Work() float64 {
	d := s.Duration
	units := len(s.Voices)
	span := 0.0
	for _, e := range s.Effects {
		switch e.Type {
		case "reverb":
			span += d + math.Max(0, math.Min(e.Decay, d))
		case "noise-reverb":
			span += d + math.Max(0, math.Min(e.Duration, d))
		default:
			units++
		}
	}
	return d*float64(units) + ReverbRate*span
}

func (s *Synth) check() error {
	c := &checker{}
	c.oneOf("kind", s.Kind, "synth")
	c.atMost("duration", s.Duration, MaxSynthDuration)
	if s.Seed != nil {
		c.seed("seed", *s.Seed)
	}
	c.count("voices", len(s.Voices), 0, MaxVoices)
	for i, v := range s.Voices {
		at := fmt.Sprintf("voices[%d]", i)
		c.oneOf(at+".wave", string(v.Wave), "sine", "triangle", "square", "sawtooth", "noise")
		if v.Frequency != nil {
			c.envelope(at+".frequency", *v.Frequency)
		}
		c.envelope(at+".gain", v.Gain)
		if v.Filter != nil {
			c.filter(at+".filter", *v.Filter)
		}
	}
	c.count("effects", len(s.Effects), 0, MaxEffects)
	for i, e := range s.Effects {
		at := fmt.Sprintf("effects[%d]", i)
		switch e.Type {
		case "lowpass", "highpass", "bandpass", "delay", "reverb":
		case "noise-reverb":
			c.seed(at+".seed", e.Seed)
		default:
			c.fail(at+".type", "must be one of lowpass, highpass, bandpass, delay, noise-reverb, reverb (got %q)", e.Type)
		}
	}
	if w := s.Work(); w > MaxSynthWork {
		c.fail("voices", "would take %g voice-seconds to render; at most %g", w, MaxSynthWork)
	}
	return c.err
}

// GrainStep is the mean step between grain starts (the SDK's grainStep): a draw between the
// interval's values, clamped at 0.
func GrainStep(interval [2]float64) float64 {
	lo, hi := math.Min(interval[0], interval[1]), math.Max(interval[0], interval[1])
	switch {
	case hi <= 0:
		return 0
	case lo >= 0:
		return (lo + hi) / 2
	}
	return (hi * hi) / (2 * (hi - lo))
}

func (s *NoiseSound) check() error {
	c := &checker{}
	c.oneOf("kind", s.Kind, "noise")
	c.in("duration", s.Duration, MinNoiseDuration, MaxNoiseDuration)
	c.seed("seed", s.Seed)
	c.count("layers", len(s.Layers), 0, MaxNoiseLayers)
	for i, l := range s.Layers {
		c.in(fmt.Sprintf("layers[%d].gain", i), l.Gain, 0, 1)
	}
	c.in("modulation.base", s.Modulation.Base, 0, 1)
	c.count("modulation.waves", len(s.Modulation.Waves), 0, MaxNoiseWaves)
	swing := 0.0
	for _, w := range s.Modulation.Waves {
		if w.Speed != 0 {
			swing += math.Abs(w.Amount)
		}
	}
	if s.Modulation.Base-swing < 0 || s.Modulation.Base+swing > 1 {
		c.fail("modulation", "must stay within 0–1")
	}
	if g := s.Grains; g != nil {
		c.in("grains.smoothing", g.Smoothing, 0, 1)
		c.in("grains.decay", g.Decay, 0, 1)
		if span := math.Min(g.End, s.Duration) - g.Start; span > 0 {
			step := GrainStep(g.Interval)
			if !(step > 0) {
				c.fail("grains.interval", "never moves on: the grains would never end")
			} else if starts := 1 + span/step; starts > MaxGrainStarts {
				c.fail("grains.interval", "would start about %g grains; at most %g", starts, MaxGrainStarts)
			} else if work := starts * math.Min(math.Max(math.Max(g.Duration[0], g.Duration[1]), 0), s.Duration-math.Min(g.Start, 0)); work > MaxGrainWork {
				c.fail("grains.duration", "would render about %g grain-seconds; at most %g", work, MaxGrainWork)
			}
		}
	}
	return c.err
}

func (c *checker) stages(path string, stages []Stage) {
	c.count(path, len(stages), 0, MaxStages)
	for i, s := range stages {
		at := fmt.Sprintf("%s[%d]", path, i)
		switch s.Kind {
		case "pole", "soft-clip", "hard-clip":
		case "noise":
			c.seed(at+".seed", s.Seed)
		default:
			c.fail(at+".kind", "must be one of pole, noise, soft-clip, hard-clip (got %q)", s.Kind)
		}
	}
}

// Units are the partials, layers and stages of the sound (the SDK's partialsUnits).
func (s *PartialsSound) Units() (partials, units int) {
	stages := len(s.Stages)
	for _, l := range s.Layers {
		partials += len(l.Partials)
		stages += len(l.Stages)
	}
	return partials, partials + len(s.Layers) + stages
}

func (s *PartialsSound) check() error {
	c := &checker{}
	c.oneOf("kind", s.Kind, "partials")
	c.atMost("duration", s.Duration, MaxPartialsDuration)
	if s.Oversample != nil && *s.Oversample != 1 && *s.Oversample != 2 && *s.Oversample != 4 {
		c.fail("oversample", "must be one of 1, 2, 4 (got %d)", *s.Oversample)
	}
	c.count("layers", len(s.Layers), 0, MaxPartialLayers)
	for i, l := range s.Layers {
		c.stages(fmt.Sprintf("layers[%d].stages", i), l.Stages)
	}
	c.stages("stages", s.Stages)
	if a := s.Amplitude; a.AttackCurve != "" {
		c.oneOf("amplitude.attackCurve", a.AttackCurve, "linear", "sine-squared")
	}
	c.count("echoes", len(s.Echoes), 0, MaxEchoes)
	partials, units := s.Units()
	if partials > MaxPartials {
		c.fail("layers", "must have at most %d partials in all", MaxPartials)
	}
	os := 1
	if s.Oversample != nil {
		os = *s.Oversample
	}
	if w := float64(os) * s.Duration * float64(units); w > MaxPartialsWork {
		c.fail("layers", "would take %g oscillator-seconds to render; at most %g", w, MaxPartialsWork)
	}
	return c.err
}

// FramesFor rounds seconds to frames as floor(seconds·rate + 0.5).
func FramesFor(seconds, rate float64) int { return int(math.Floor(seconds*rate + 0.5)) }

// The typed decode cannot see which keys a recipe spelled: a missing field decodes as zero, a
// null as nothing, a short or long [2]float64 as padded or cut, a key of another effect or
// stage type as a field of the union struct, and encoding/json matches keys case-insensitively.
// shapeProblem walks the JSON tree for those, with the SDK's knownKeys/requiredKeys lists
// (kit/sdk/src/{synthesis,noiseSound,partials}.ts) and its refusal of null (no SDK check
// accepts one).

func shapeProblem(kind string, tree any) error {
	c := &checker{}
	c.noNull("", tree)
	switch kind {
	case "synth":
		c.synthShape(tree)
	case "noise":
		c.noiseShape(tree)
	case "partials":
		c.partialsShape(tree)
	}
	return c.err
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func item(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i) }

func (c *checker) noNull(path string, v any) {
	switch v := v.(type) {
	case nil:
		c.fail(path, "must not be null")
	case map[string]any:
		for _, k := range sortedKeys(v) {
			c.noNull(join(path, k), v[k])
		}
	case []any:
		for i, x := range v {
			c.noNull(item(path, i), x)
		}
	}
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// object checks v's keys against known (exact spelling) and required, and returns it; a
// non-object returns nil (the typed decode has refused it already).
func (c *checker) object(path string, v any, known, required []string) map[string]any {
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	for _, k := range sortedKeys(m) {
		if !slices.Contains(known, k) {
			c.fail(join(path, k), "is not a known field (expected one of %s)", strings.Join(known, ", "))
		}
	}
	for _, k := range required {
		if _, ok := m[k]; !ok {
			c.fail(join(path, k), "is required")
		}
	}
	return m
}

// each runs f on every item of a list (nothing for a non-list: the typed decode refused it).
func each(path string, v any, f func(string, any)) {
	list, _ := v.([]any)
	for i, x := range list {
		f(item(path, i), x)
	}
}

func (c *checker) pairShape(path string, v any) {
	if list, ok := v.([]any); ok && len(list) != 2 {
		c.fail(path, "must be a list of exactly 2 numbers (got %d)", len(list))
	}
}

func (c *checker) envelopeShape(path string, v any) {
	each(path, v, func(at string, p any) {
		c.object(at, p, []string{"time", "value", "curve"}, []string{"time", "value"})
	})
}

var filterKeys = []string{"type", "frequency", "q"}

func (c *checker) synthShape(tree any) {
	s := c.object("", tree, []string{"kind", "duration", "seed", "voices", "effects"}, []string{"kind", "duration", "voices"})
	each("voices", s["voices"], func(at string, v any) {
		voice := c.object(at, v, []string{"wave", "start", "duration", "frequency", "gain", "pan", "fade", "noiseDuration", "noiseRate", "filter"}, []string{"wave", "start", "duration", "gain"})
		c.envelopeShape(join(at, "frequency"), voice["frequency"])
		c.envelopeShape(join(at, "gain"), voice["gain"])
		if fade, ok := voice["fade"]; ok {
			c.pairShape(join(at, "fade"), fade)
		}
		if f, ok := voice["filter"]; ok {
			c.object(join(at, "filter"), f, filterKeys, filterKeys)
		}
	})
	each("effects", s["effects"], func(at string, v any) {
		e := c.object(at, v, []string{"type", "frequency", "q", "time", "feedback", "mix", "parallel", "duration", "decay", "seed"}, []string{"type"})
		switch e["type"] {
		case "delay":
			c.object(at, v, []string{"type", "time", "feedback", "mix", "parallel"}, []string{"time", "feedback", "mix"})
		case "noise-reverb":
			c.object(at, v, []string{"type", "duration", "decay", "seed", "mix", "parallel"}, []string{"duration", "decay", "seed", "mix"})
		case "reverb":
			c.object(at, v, []string{"type", "decay", "mix"}, []string{"decay", "mix"})
		default:
			c.object(at, v, filterKeys, filterKeys)
		}
	})
}

func (c *checker) noiseShape(tree any) {
	s := c.object("", tree, []string{"kind", "duration", "seed", "layers", "modulation", "grains", "fade"}, []string{"kind", "duration", "seed", "layers", "modulation", "fade"})
	each("layers", s["layers"], func(at string, v any) {
		c.object(at, v, []string{"frequency", "gain"}, []string{"frequency", "gain"})
	})
	if m, ok := s["modulation"]; ok {
		mod := c.object("modulation", m, []string{"base", "waves"}, []string{"base", "waves"})
		each("modulation.waves", mod["waves"], func(at string, v any) {
			c.object(at, v, []string{"speed", "amount"}, []string{"speed", "amount"})
		})
	}
	if g, ok := s["grains"]; ok {
		keys := []string{"start", "end", "interval", "duration", "amplitude", "bias", "smoothing", "attack", "decay"}
		grains := c.object("grains", g, keys, keys)
		for _, k := range []string{"interval", "duration", "amplitude"} {
			if p, ok := grains[k]; ok {
				c.pairShape("grains."+k, p)
			}
		}
	}
}

func (c *checker) stagesShape(path string, v any) {
	each(path, v, func(at string, v any) {
		st := c.object(at, v, []string{"kind", "frequency", "subtract", "seed", "gain", "decay", "drive"}, []string{"kind"})
		switch st["kind"] {
		case "pole":
			c.object(at, v, []string{"kind", "frequency", "subtract"}, []string{"frequency"})
		case "noise":
			c.object(at, v, []string{"kind", "seed", "gain", "decay"}, []string{"seed", "gain", "decay"})
		case "soft-clip", "hard-clip":
			c.object(at, v, []string{"kind", "drive"}, []string{"drive"})
		}
	})
}

func (c *checker) partialsShape(tree any) {
	s := c.object("", tree, []string{"kind", "duration", "oversample", "layers", "stages", "amplitude", "echoes", "tailFade"}, []string{"kind", "duration", "layers", "amplitude"})
	each("layers", s["layers"], func(at string, v any) {
		layer := c.object(at, v, []string{"frequency", "partials", "vibrato", "stages", "gain"}, []string{"frequency", "partials", "gain"})
		each(join(at, "partials"), layer["partials"], func(pat string, p any) {
			c.object(pat, p, []string{"ratio", "gain", "decay"}, []string{"ratio", "gain", "decay"})
		})
		if vib, ok := layer["vibrato"]; ok {
			c.object(join(at, "vibrato"), vib, []string{"depth", "rate"}, []string{"depth", "rate"})
		}
		c.stagesShape(join(at, "stages"), layer["stages"])
	})
	c.stagesShape("stages", s["stages"])
	if a, ok := s["amplitude"]; ok {
		amp := c.object("amplitude", a, []string{"gain", "attack", "attackCurve", "decay", "release", "fadeOut"}, []string{"gain", "attack", "fadeOut"})
		if r, ok := amp["release"]; ok {
			c.object("amplitude.release", r, []string{"at", "time"}, []string{"at", "time"})
		}
	}
	each("echoes", s["echoes"], func(at string, v any) {
		c.object(at, v, []string{"time", "gain"}, []string{"time", "gain"})
	})
}
