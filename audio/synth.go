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

// voiceLevel fills a block with gain(t) × fades, multiplied in the SDK's order, for a voice that
// sounds `count` frames (after them its signal is zero, so the level there does not matter).
func voiceLevel(v *Voice, clock Clock, count int) func(dst []float64, k0 int) {
	fadeIn, fadeOut := 0.0, 0.0
	if v.Fade != nil {
		fadeIn, fadeOut = v.Fade[0], v.Fade[1]
	} else if v.Gain.IsConst() {
		fadeIn = math.Min(DefaultFade, v.Duration/2)
		fadeOut = fadeIn
	}
	gain := v.Gain.Or(0).Filler(clock)
	// The fades touch only their zones: [0, inEnd) and [outFrom, ∞) in voice frames (the same
	// tests as per sample, found once: t increases with k).
	limit := count + 2
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

// VoiceSpan is the frames [from, end) a voice sounds in a sound of `duration` s and `frames`
// frames (the SDK's voiceSpan); ok is false when it sounds in none. Frames before 0 and from the
// sound's end on are cut, so firstFrameAtOrAfter only sees times inside the sound.
func VoiceSpan(start, length, duration float64, frames int, rate float64) (from, end int, ok bool) {
	if !(length > 0) || start >= duration || start+length <= 0 {
		return 0, 0, false
	}
	if start > 0 {
		from = firstFrameAtOrAfter(start, rate)
	}
	end = frames
	if stop := start + length; stop < duration {
		end = min(frames, firstFrameAtOrAfter(stop, rate))
	}
	return from, end, from < frames && end > from
}

// NoiseBufferLength is a noise voice's buffer length (the SDK's noiseBufferLength): only the
// samples a voice of `count` frames reads, computed in float64 so no length overflows an int.
func NoiseBufferLength(noiseDuration, noiseRate float64, count int, rate float64) int {
	full := math.Max(1, math.Floor(noiseDuration*noiseRate+0.5))
	read := math.Floor(float64(count-1)*noiseRate/rate) + 2
	return int(math.Max(1, math.Min(full, read)))
}

// VoiceSource composes one voice sounding frames [from, end) (VoiceSpan): oscillator or noise
// loop → Take(span) → level → filter. It runs from `from` to the end of the sound, so a filter
// rings on after the voice stops.
func VoiceSource(v *Voice, index int, seed uint32, rate float64, from, end int) Source {
	clock := Clock{From: from, Start: v.Start, Rate: rate}
	count := end - from
	var src Source
	if v.Wave == NoiseWave {
		noiseRate := rate
		if v.NoiseRate != nil {
			noiseRate = *v.NoiseRate
		}
		noiseRate = math.Min(math.Max(noiseRate, 0), NoiseRateLimit)
		noiseDuration := v.Duration
		if v.NoiseDuration != nil {
			noiseDuration = *v.NoiseDuration
		}
		src = NoiseLoop(VoiceSeed(seed, index), NoiseBufferLength(noiseDuration, noiseRate, count, rate), noiseRate, rate)
	} else {
		frequency := Envelope{Const: DefaultFrequency}
		if v.Frequency != nil {
			frequency = v.Frequency.Or(DefaultFrequency)
		}
		src = Oscillator(v.Wave, frequency, clock)
	}
	src = GainBlock(Take(src, count), voiceLevel(v, clock, count))
	if v.Filter != nil {
		src = Biquad(src, NewBiquadCoefficients(v.Filter.Type, v.Filter.Frequency, v.Filter.Q, rate, false))
	}
	return src
}

// NoiseRateLimit: a noise voice's buffer rate is clamped to 0…48,000 Hz (above the output rate it
// would only skip samples of white noise; SYNTH_LIMITS.noiseRate).
const NoiseRateLimit = 48000.0

// responseLength is a response's length L = max(1, round(seconds·rate)) as a float64 (no int
// overflow) and the part of it a sound of `limit` frames hears, at least 1.
func responseLength(seconds, rate float64, limit int) (float64, int) {
	length := math.Max(1, math.Floor(seconds*rate+0.5))
	return length, int(math.Max(1, math.Min(length, float64(limit))))
}

// NoiseReverbResponse is u·(1 − k/L)^decay·√(3(2·decay + 1)/L) with u from mulberry32(seed): its
// first `limit` samples (the convolution is cut at the sound's end).
func NoiseReverbResponse(duration, decay float64, seed uint32, rate float64, limit int) []float64 {
	length, n := responseLength(duration, rate, limit)
	rng := NewMulberry32(seed)
	scale := math.Sqrt(3 * (2*decay + 1) / length)
	h := make([]float64, n)
	for k := range h {
		h[k] = flush(rng.Sample() * math.Pow(1-float64(k)/length, decay) * scale)
	}
	return h
}

// ReverbResponse is u·10^(−3k/(decay·rate)) with unit expected energy (−60 dB at decay seconds),
// its first `limit` samples; a decay of 0 or less is one impulse u·√3 (the limit as decay → 0).
func ReverbResponse(decay float64, seed uint32, rate float64, limit int) []float64 {
	rng := NewMulberry32(seed)
	if !(decay > 0) {
		return []float64{flush(rng.Sample() * math.Sqrt(3))}
	}
	length, n := responseLength(decay, rate, limit)
	r2 := math.Pow(10, -6/(decay*rate))
	// (1 − r²)/(1 − r^(2L)); for a decay so long that r² rounds to 1, its limit 1/L.
	ratio := 3 / length
	if r2 < 1 {
		ratio = 3 * (1 - r2) / (1 - math.Pow(r2, length))
	}
	scale := math.Sqrt(ratio)
	h := make([]float64, n)
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
		// D is at least one sample (audio-semantics rule 9).
		d := e.Time * rate
		if !(d >= 1) {
			d = 1
		}
		for _, ch := range channels {
			delayMix(ch, history, d, e.Feedback, dry, e.Mix)
		}
		return
	case "noise-reverb":
		wet = ConvolveReal(channels, NoiseReverbResponse(e.Duration, e.Decay, uint32(e.Seed), rate, frames), frames)
		parallel = e.Parallel
	case "reverb":
		wet = ConvolveReal(channels, ReverbResponse(e.Decay, ReverbSeed(seed, index), rate, frames), frames)
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
	frames := max(0, FramesFor(s.Duration, rate))
	seed := uint32(0)
	if s.Seed != nil {
		seed = uint32(*s.Seed)
	}
	stereo := s.stereo()
	channels := [][]float64{output(frames, true)}
	if stereo {
		channels = append(channels, output(frames, true))
	}
	block := make([]float64, 4096)
	for i := range s.Voices {
		v := &s.Voices[i]
		from, end, ok := VoiceSpan(v.Start, v.Duration, s.Duration, frames, rate)
		if !ok {
			continue // sounds in no frame of the sound
		}
		src := VoiceSource(v, i, seed, rate, from, end)
		left, right := 1.0, 1.0
		if v.Pan != nil {
			// Clamped to −1…1, as Web Audio clamps StereoPannerNode.pan.
			angle := (math.Min(math.Max(*v.Pan, -1), 1) + 1) * math.Pi / 4
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
	res := toSamples(channels, Rate)
	recycle(channels...)
	return res, nil
}

// flush returns 0 for |v| < Tiny.
func flush(v float64) float64 {
	if v < Tiny && v > -Tiny {
		return 0
	}
	return v
}
