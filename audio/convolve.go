package audio

import (
	"math"
	"sync"
)

var twiddleCache sync.Map // n → [2][]float64{cos, sin}

// twiddles returns cos and sin of 2πk/n for k < n/2, computed once per size.
func twiddles(n int) (cosT, sinT []float64) {
	if v, ok := twiddleCache.Load(n); ok {
		t := v.([2][]float64)
		return t[0], t[1]
	}
	half := n >> 1
	cosT = make([]float64, half)
	sinT = make([]float64, half)
	for k := 0; k < half; k++ {
		angle := 2 * math.Pi * float64(k) / float64(n)
		cosT[k] = math.Cos(angle)
		sinT[k] = math.Sin(angle)
	}
	twiddleCache.Store(n, [2][]float64{cosT, sinT})
	return cosT, sinT
}

// FFT transforms re+i·im in place (iterative radix-2; len must be a power of two). The inverse
// uses +i and does not scale. Same algorithm and twiddles as the SDK's fft().
func FFT(re, im []float64, inverse bool) {
	n := len(re)
	for i, j := 1, 0; i < n; i++ {
		bit := n >> 1
		for ; j&bit != 0; bit >>= 1 {
			j ^= bit
		}
		j ^= bit
		if i < j {
			re[i], re[j] = re[j], re[i]
			im[i], im[j] = im[j], im[i]
		}
	}
	cosT, sinT := twiddles(n)
	sign := -1.0
	if inverse {
		sign = 1
	}
	for size := 2; size <= n; size <<= 1 {
		halfSize := size >> 1
		step := n / size
		for start := 0; start < n; start += size {
			for k := 0; k < halfSize; k++ {
				wr, wi := cosT[k*step], sign*sinT[k*step]
				a, b := start+k, start+k+halfSize
				tr := float64(re[b]*wr) - float64(im[b]*wi)
				ti := float64(re[b]*wi) + float64(im[b]*wr)
				re[b] = re[a] - tr
				im[b] = im[a] - ti
				re[a] += tr
				im[a] += ti
			}
		}
	}
}

// ConvolveChannels convolves one or two channels with a real impulse response by FFT and returns
// the first `length` samples of each. Two channels share one complex transform (real and
// imaginary parts), exactly as in the SDK.
func ConvolveChannels(channels [][]float64, response []float64, length int) [][]float64 {
	size := 1
	for size < length+len(response)-1 {
		size <<= 1
	}
	re := make([]float64, size)
	im := make([]float64, size)
	copy(re, channels[0][:length])
	if len(channels) > 1 {
		copy(im, channels[1][:length])
	}
	hr := make([]float64, size)
	hi := make([]float64, size)
	copy(hr, response)
	FFT(re, im, false)
	FFT(hr, hi, false)
	for k := range re {
		r := float64(re[k]*hr[k]) - float64(im[k]*hi[k])
		i := float64(re[k]*hi[k]) + float64(im[k]*hr[k])
		re[k], im[k] = r, i
	}
	FFT(re, im, true)
	out := [][]float64{make([]float64, length)}
	for n := range out[0] {
		out[0][n] = re[n] / float64(size)
	}
	if len(channels) > 1 {
		b := make([]float64, length)
		for n := range b {
			b[n] = im[n] / float64(size)
		}
		out = append(out, b)
	}
	return out
}

// Convolve is the Source form of ConvolveChannels for one channel: it reads `length` samples of
// src on first use, convolves them with response, then plays the result (then silence).
func Convolve(src Source, response []float64, length int) Source {
	var played Source
	return SourceFunc(func(dst []float64) {
		if played == nil {
			played = Slice(ConvolveChannels([][]float64{ReadAll(src, length)}, response, length)[0])
		}
		played.Read(dst)
	})
}
