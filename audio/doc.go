// Package audio renders Gizmo sound recipes to PCM, deterministically, exactly as the SDK's
// TypeScript renderers do (kit/sdk/src/{synthesis,noiseSound,partials}.ts), and reads and writes
// PCM16 WAV. Every semantic decision is written in docs/audio.md.
//
// Recipes:
//
//	r, err := audio.Decode(rawJSON)   // *Synth, *NoiseSound, *PartialsSound or Recorded (a WAV string)
//	s, err := r.Render()              // *Samples: float32 channels at 48 kHz
//
// The renderers are built from small composable pieces: a Source interface (Read(dst)) and
// constructors such as Oscillator, NoiseLoop, Take, GainBlock, Biquad and OnePole, plus the
// whole-buffer ConvolveChannels (FFT) and in-place effects. Pieces work a block
// (4,096 samples) at a time; where a hot path needed it, a renderer runs a few steps in one loop
// (noise layers, a layer's leading pole) with the same arithmetic in the same order. Measured
// speed and what made it: docs/audio.md, "Performance".
//
// Render budget: validation (package validate) renders every declared sound once through
// Budget.Render under DefaultBudget (10 s wall time as a backstop, 12 s of stereo samples),
// which refuses recipes that fail to decode, exceed the bounds of docs/audio.md or the budget,
// or (for recorded sounds) are not acceptable PCM16 WAV.
//
// WAV: EncodeWAV writes PCM16 mono/stereo; ParseWAV/DecodeWAV read untrusted bytes with every
// chunk size checked against the remaining bytes and at most MaxWAVBytes (GIZMO_AUDIO_MAX_BYTES).
package audio
