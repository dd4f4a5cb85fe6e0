package audio

import "math"

// DefaultFade is the fade (seconds, each end) of a constant-gain voice without `fade`.
const DefaultFade = 0.005

// DefaultFrequency is an oscillator's frequency when the recipe gives none (Web Audio's).
const DefaultFrequency = 440.0

// firstFrameAtOrAfter is the first frame n with n/rate ≥ seconds.
func firstFrameAtOrAfter(seconds, rate float64) int {
	n := int(math.Ceil(seconds * rate))
	for n > 0 && float64(n-1)/rate >= seconds {
		n--
	}
	for float64(n)/rate < seconds {
		n++
	}
	return n
}

// VoiceSeed seeds the generator of voice i: seed + (i+1)·0x9E3779B9 (mod 2^32).
func VoiceSeed(seed uint32, index int) uint32 { return seed + uint32(index+1)*0x9e3779b9 }

// ReverbSeed seeds the unseeded `reverb` effect at position index: seed XOR (0x52455642 + index).
func ReverbSeed(seed uint32, index int) uint32 { return seed ^ (0x52455642 + uint32(index)) }

// voiceLevel fills a block with gain(t) × fades, multiplied in the SDK's order.
func voiceLevel(v *Voice, clock Clock) func(dst []float64, k0 int) {
	fadeIn, fadeOut := 0.0, 0.0
	if v.Fade != nil {
		fadeIn, fadeOut = v.Fade[0], v.Fade[1]
	} else if v.Gain.IsConst() {
		fadeIn = math.Min(DefaultFade, v.Duration/2)
		fadeOut = fadeIn
	}
	gain := v.Gain.Filler(clock)
	// The fades touch only their zones: [0, inEnd) and [outFrom, ∞) in voice frames (the same
	// tests as per sample, found once: t increases with k).
	limit := int(v.Duration*clock.Rate) + 2
	inEnd, outFrom := 0, limit
	if fadeIn > 0 {
		inEnd = firstFrom(func(k int) bool { return clock.At(k) >= fadeIn }, int(fadeIn*clock.Rate), limit)
	}
	if fadeOut > 0 {
		outFrom = firstFrom(func(k int) bool { return v.Duration-clock.At(k) < fadeOut }, int((v.Duration-fadeOut)*clock.Rate), limit)
	}
	return func(dst []float64, k0 int) {
		gain(dst, k0)
		if fadeIn == 0 && fadeOut == 0 {
			return
		}
		for i := range dst {
			k := k0 + i
			if k >= inEnd && k < outFrom {
				continue
			}
			t := clock.At(k)
			if fadeIn > 0 && t < fadeIn {
				dst[i] *= t / fadeIn
			}
			left := v.Duration - t
			if fadeOut > 0 && left < fadeOut {
				dst[i] *= left / fadeOut
			}
		}
	}
}

// VoiceSource composes one voice: oscillator or noise loop → Take(span) → level → filter.
// It starts at the voice's first frame (`from`) and runs to the end of the sound, so a filter
// rings on after the voice stops.
func VoiceSource(v *Voice, index int, seed uint32, rate float64, frames int) (src Source, from int) {
	from = firstFrameAtOrAfter(v.Start, rate)
	end := min(frames, firstFrameAtOrAfter(v.Start+v.Duration, rate))
	clock := Clock{From: from, Start: v.Start, Rate: rate}
	if v.Wave == NoiseWave {
		noiseRate := rate
		if v.NoiseRate != nil {
			noiseRate = *v.NoiseRate
		}
		noiseDuration := v.Duration
		if v.NoiseDuration != nil {
			noiseDuration = *v.NoiseDuration
		}
		src = NoiseLoop(VoiceSeed(seed, index), max(1, FramesFor(noiseDuration, noiseRate)), noiseRate, rate)
	} else {
		frequency := Envelope{Const: DefaultFrequency}
		if v.Frequency != nil {
			frequency = *v.Frequency
		}
		src = Oscillator(v.Wave, frequency, clock)
	}
	src = GainBlock(Take(src, end-from), voiceLevel(v, clock))
	if v.Filter != nil {
		src = Biquad(src, NewBiquadCoefficients(v.Filter.Type, v.Filter.Frequency, v.Filter.Q, rate, false))
	}
	return src, from
}

// NoiseReverbResponse is u·(1 − k/L)^decay·√(3(2·decay + 1)/L) with u from mulberry32(seed).
func NoiseReverbResponse(duration, decay float64, seed uint32, rate float64) []float64 {
	length := max(1, FramesFor(duration, rate))
	rng := NewMulberry32(seed)
	scale := math.Sqrt(3 * (2*decay + 1) / float64(length))
	h := make([]float64, length)
	for k := range h {
		h[k] = flush(rng.Sample() * math.Pow(1-float64(k)/float64(length), decay) * scale)
	}
	return h
}

// ReverbResponse is u·10^(−3k/(decay·rate)) with unit expected energy (−60 dB at decay seconds).
func ReverbResponse(decay float64, seed uint32, rate float64) []float64 {
	length := max(1, FramesFor(decay, rate))
	rng := NewMulberry32(seed)
	r2 := math.Pow(10, -6/(decay*rate))
	scale := math.Sqrt(3 * (1 - r2) / (1 - math.Pow(r2, float64(length))))
	h := make([]float64, length)
	for k := range h {
		h[k] = flush(rng.Sample() * math.Pow(10, -3*float64(k)/(decay*rate)) * scale)
	}
	return h
}

func applyEffect(e *Effect, index int, channels [][]float64, seed uint32, rate float64) {
	frames := len(channels[0])
	var wet [][]float64
	parallel := false
	switch e.Type {
	case "lowpass", "highpass", "bandpass":
		c := NewBiquadCoefficients(FilterType(e.Type), e.Frequency, e.Q, rate, false)
		for _, ch := range channels {
			biquadInPlace(c, ch)
		}
		return
	case "delay":
		dry := 1 - e.Mix
		if e.Parallel {
			dry = 1
		}
		history := make([]float64, frames)
		for _, ch := range channels {
			delayMix(ch, history, e.Time*rate, e.Feedback, dry, e.Mix)
		}
		return
	case "noise-reverb":
		wet = ConvolveReal(channels, NoiseReverbResponse(e.Duration, e.Decay, uint32(e.Seed), rate), frames)
		parallel = e.Parallel
	case "reverb":
		wet = ConvolveReal(channels, ReverbResponse(e.Decay, ReverbSeed(seed, index), rate), frames)
	default:
		return
	}
	dry := 1 - e.Mix
	if parallel {
		dry = 1
	}
	for c, x := range channels {
		w := wet[c]
		for n := range x {
			x[n] = float64(dry*x[n]) + float64(e.Mix*w[n])
		}
	}
}

// stereo reports whether the synth renders two channels: some voice sets `pan`.
func (s *Synth) stereo() bool {
	for _, v := range s.Voices {
		if v.Pan != nil {
			return true
		}
	}
	return false
}

// Render renders the synth at 48 kHz (docs/audio.md, "Synth").
func (s *Synth) Render() (*Samples, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	rate := float64(Rate)
	frames := FramesFor(s.Duration, rate)
	seed := uint32(0)
	if s.Seed != nil {
		seed = uint32(*s.Seed)
	}
	stereo := s.stereo()
	channels := [][]float64{make([]float64, frames)}
	if stereo {
		channels = append(channels, make([]float64, frames))
	}
	block := make([]float64, 4096)
	for i := range s.Voices {
		v := &s.Voices[i]
		src, from := VoiceSource(v, i, seed, rate, frames)
		if from >= frames {
			continue // starts within the last half frame: nothing to play
		}
		left, right := 1.0, 1.0
		if v.Pan != nil {
			angle := (*v.Pan + 1) * math.Pi / 4
			left, right = math.Cos(angle), math.Sin(angle)
		}
		// Block by block (the 4,096-frame blocks ReadAll would use) into one reused buffer.
		for i := from; i < frames; i += len(block) {
			data := block[:min(len(block), frames-i)]
			src.Read(data)
			if !stereo {
				out := channels[0][i : i+len(data)]
				for k, x := range data {
					out[k] += x
				}
				continue
			}
			l, r := channels[0][i:i+len(data)], channels[1][i:i+len(data)]
			for k, x := range data {
				l[k] += x * left
				r[k] += x * right
			}
		}
	}
	for i := range s.Effects {
		applyEffect(&s.Effects[i], i, channels, seed, rate)
	}
	return toSamples(channels, Rate), nil
}

// flush returns 0 for |v| < Tiny.
func flush(v float64) float64 {
	if v < Tiny && v > -Tiny {
		return 0
	}
	return v
}
