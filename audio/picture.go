package audio

import (
	"image"
	"image/color"
	"math"
)

// Picture draws a waveform (top third: min/max per column, one lane per channel) above a
// spectrogram (bottom two thirds: 1024-point Hann-windowed FFT of the channel mix, 20 Hz at the
// bottom to Nyquist at the top on a log scale, −100…0 dBFS on a dark-to-bright scale), width × height pixels.
func Picture(s *Samples, width, height int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	bg := color.RGBA{16, 18, 24, 255}
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = bg.R, bg.G, bg.B, bg.A
	}
	frames := s.Frames()
	if frames == 0 || width < 2 || height < 6 {
		return img
	}
	waveH := height / 3
	lanes := max(1, len(s.Channels))
	laneH := waveH / lanes
	wave := color.RGBA{110, 223, 255, 255}
	axis := color.RGBA{60, 66, 80, 255}
	for c, ch := range s.Channels {
		top := c * laneH
		mid := top + laneH/2
		for x := 0; x < width; x++ {
			img.SetRGBA(x, mid, axis)
			from, to := x*frames/width, (x+1)*frames/width
			if to <= from {
				to = from + 1
			}
			lo, hi := 0.0, 0.0
			for _, v := range ch[from:min(to, frames)] {
				lo = math.Min(lo, float64(v))
				hi = math.Max(hi, float64(v))
			}
			y0 := mid - int(math.Min(1, hi)*float64(laneH/2-1))
			y1 := mid - int(math.Max(-1, lo)*float64(laneH/2-1))
			for y := y0; y <= y1; y++ {
				img.SetRGBA(x, y, wave)
			}
		}
	}
	// Spectrogram of the mono mix.
	const size = 1024
	specTop := waveH
	specH := height - waveH
	mix := make([]float64, frames)
	for _, ch := range s.Channels {
		for i, v := range ch {
			mix[i] += float64(v) / float64(len(s.Channels))
		}
	}
	window := make([]float64, size)
	gain := 0.0
	for i := range window {
		window[i] = 0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/size)
		gain += window[i]
	}
	re := make([]float64, size)
	im := make([]float64, size)
	nyquist := float64(s.Rate) / 2
	binHz := float64(s.Rate) / size
	for x := 0; x < width; x++ {
		centre := (2*x + 1) * frames / (2 * width)
		for i := range re {
			j := centre - size/2 + i
			re[i], im[i] = 0, 0
			if j >= 0 && j < frames {
				re[i] = mix[j] * window[i]
			}
		}
		FFT(re, im, false)
		for y := 0; y < specH; y++ {
			// Row y (from the top) covers the bins of its band on a log scale from 20 Hz to Nyquist.
			lo, hi := rowFrequency(specH-1-y, specH, nyquist), rowFrequency(specH-y, specH, nyquist)
			bin0 := min(size/2-1, int(lo/binHz))
			bin1 := min(size/2, max(bin0+1, int(math.Ceil(hi/binHz))))
			p := 0.0
			for b := bin0; b < bin1; b++ {
				p = math.Max(p, math.Hypot(re[b], im[b]))
			}
			db := 20 * math.Log10(2*p/gain+1e-12)
			img.SetRGBA(x, specTop+y, heat((db+100)/100))
		}
	}
	return img
}

// rowFrequency is the lower edge of spectrogram row r (0 = bottom) of rows: 20 Hz·(nyquist/20)^(r/rows).
func rowFrequency(r, rows int, nyquist float64) float64 {
	return 20 * math.Pow(nyquist/20, float64(r)/float64(rows))
}

// heat maps 0..1 to a dark blue → magenta → orange → pale yellow scale.
func heat(v float64) color.RGBA {
	v = math.Max(0, math.Min(1, v))
	stops := [][3]float64{{16, 18, 24}, {60, 20, 110}, {190, 40, 120}, {250, 140, 40}, {255, 250, 200}}
	pos := v * float64(len(stops)-1)
	i := min(int(pos), len(stops)-2)
	f := pos - float64(i)
	mixc := func(a, b float64) uint8 { return uint8(a + (b-a)*f) }
	return color.RGBA{mixc(stops[i][0], stops[i+1][0]), mixc(stops[i][1], stops[i+1][1]), mixc(stops[i][2], stops[i+1][2]), 255}
}
