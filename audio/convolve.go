package audio

import (
	"math"
	"sync"
)

var twiddleCache sync.Map // n → stageTwiddles

// stageTwiddles holds, for every stage size s = 2, 4, …, n, the twiddles cos and sin of 2πk/s
// for k < s/2, laid out contiguously from offset s/2 − 1 so each stage reads them in order. The
// values are exactly those of the table cos(2πk/n) strided by n/s, so the result is bit for bit
// that of the SDK's fft(), which reads the strided table.
type stageTwiddles struct{ cos, sin []float64 }

func twiddles(n int) stageTwiddles {
	if v, ok := twiddleCache.Load(n); ok {
		return v.(stageTwiddles)
	}
	half := n >> 1
	cosT := make([]float64, half)
	sinT := make([]float64, half)
	for k := 0; k < half; k++ {
		angle := 2 * math.Pi * float64(k) / float64(n)
		cosT[k] = math.Cos(angle)
		sinT[k] = math.Sin(angle)
	}
	t := stageTwiddles{cos: make([]float64, max(n-1, 0)), sin: make([]float64, max(n-1, 0))}
	for size := 2; size <= n; size <<= 1 {
		h, step := size>>1, n/size
		for k := 0; k < h; k++ {
			t.cos[h-1+k] = cosT[k*step]
			t.sin[h-1+k] = sinT[k*step]
		}
	}
	twiddleCache.Store(n, t)
	return t
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
	tw := twiddles(n)
	sign := -1.0
	if inverse {
		sign = 1
	}
	for size := 2; size <= n; size <<= 1 {
		h := size >> 1
		wc := tw.cos[h-1 : size-1]
		ws := tw.sin[h-1 : size-1]
		for start := 0; start < n; start += size {
			a, ai := re[start:start+h], im[start:start+h]
			b, bi := re[start+h:start+size], im[start+h:start+size]
			for k := range a {
				wr, wi := wc[k], sign*ws[k]
				tr := float64(b[k]*wr) - float64(bi[k]*wi)
				ti := float64(b[k]*wi) + float64(bi[k]*wr)
				b[k] = a[k] - tr
				bi[k] = ai[k] - ti
				a[k] += tr
				ai[k] += ti
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
