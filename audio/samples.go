package audio

import (
	"fmt"
	"hash/fnv"
	"math"
	"sync"
	"sync/atomic"
)

// outputs recycles the renderers' full-length float64 buffers, which toSamples copies into the
// float32 result: allocating (and zeroing) a fresh one per render was a few per cent of a short
// render, in the allocation and the garbage collections it brings.
var outputs sync.Pool // of *[]float64

// output is a buffer of n float64s, zeroed when zero is set (otherwise its contents are left
// over from an earlier render: for a caller that writes every element).
func output(n int, zero bool) []float64 {
	if p, ok := outputs.Get().(*[]float64); ok && cap(*p) >= n {
		b := (*p)[:n]
		if zero {
			clear(b)
		}
		return b
	}
	return make([]float64, n)
}

// recycle returns buffers from output once nothing reads them.
func recycle(bufs ...[]float64) {
	for _, b := range bufs {
		if cap(b) > 0 {
			outputs.Put(&b)
		}
	}
}

// Samples is rendered or decoded audio: one float32 slice per channel.
type Samples struct {
	Channels [][]float32
	Rate     int
}

// Frames is the length of each channel.
func (s *Samples) Frames() int {
	if len(s.Channels) == 0 {
		return 0
	}
	return len(s.Channels[0])
}

// Duration is Frames/Rate in seconds.
func (s *Samples) Duration() float64 { return float64(s.Frames()) / float64(s.Rate) }

// nonFinite counts values toSamples had to replace: recipes the SDK warns about (an unstable
// filter, a growing feedback) can overflow; the worst-case tests assert that it stays zero.
var nonFinite atomic.Int64

// toSamples converts float64 channels to float32 (rule 12: no NaN or infinity), writing any
// non-finite value as 0 and one beyond the float32 range as ±MaxFloat32 (the SDK's toSamples).
func toSamples(channels [][]float64, rate int) *Samples {
	out := &Samples{Rate: rate}
	for _, ch := range channels {
		f := make([]float32, len(ch))
		for i, v := range ch {
			if v >= -math.MaxFloat32 && v <= math.MaxFloat32 { // the usual case (false for NaN)
				f[i] = float32(v)
				continue
			}
			switch {
			case v-v != 0: // not finite (NaN − NaN and ∞ − ∞ are NaN)
				nonFinite.Add(1)
			case v > math.MaxFloat32:
				f[i] = math.MaxFloat32
			case v < -math.MaxFloat32:
				f[i] = -math.MaxFloat32
			default:
				f[i] = float32(v)
			}
		}
		out.Channels = append(out.Channels, f)
	}
	return out
}

// Stats summarises samples for goldens and `scape gizmo sound --json`.
type Stats struct {
	Channels int     `json:"channels"`
	Frames   int     `json:"frames"`
	Duration float64 `json:"duration"`
	Peak     float64 `json:"peak"`
	RMS      float64 `json:"rms"`
	// Hash is FNV-1a (32-bit) of the float32 little-endian bits, channel after channel: the same
	// hash the SDK's tests compute.
	Hash string `json:"hash"`
}

// Stats computes peak, RMS and hash.
func (s *Samples) Stats() Stats {
	h := fnv.New32a()
	peak, sum := 0.0, 0.0
	var buf [4]byte
	for _, ch := range s.Channels {
		for _, v := range ch {
			bits := math.Float32bits(v)
			buf[0], buf[1], buf[2], buf[3] = byte(bits), byte(bits>>8), byte(bits>>16), byte(bits>>24)
			h.Write(buf[:])
			a := math.Abs(float64(v))
			peak = math.Max(peak, a)
			sum += float64(v) * float64(v)
		}
	}
	n := len(s.Channels) * s.Frames()
	rms := 0.0
	if n > 0 {
		rms = math.Sqrt(sum / float64(n))
	}
	return Stats{Channels: len(s.Channels), Frames: s.Frames(), Duration: s.Duration(), Peak: peak, RMS: rms, Hash: fmt.Sprintf("%08x", h.Sum32())}
}
