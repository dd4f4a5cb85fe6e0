package audio

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/scapeworld/scape/internal/pixfont"
)

// PictureWidth and PictureHeight are the size of the pictures `scape gizmo sound --png` writes.
const (
	PictureWidth  = 800
	PictureHeight = 400
)

// Picture geometry. The margins hold the axis labels: a level axis (dBFS) and a frequency axis
// (Hz) on the left, the spectrogram's colour scale (dB) on the right, time ticks below.
const (
	picMarginL   = 44
	picMarginR   = 40
	picTitleH    = 26 // title band at the top
	picGap       = 14 // between the waveform and the spectrogram: the "Hz" and "dB" units sit here
	picTimeAxisH = 22 // time tick labels at the bottom
)

// PictureLayout says where Picture put each part, so tests (and anything else that reads the
// picture) can check it without parsing pixels blindly.
type PictureLayout struct {
	Wave     image.Rectangle   // the waveform panel, all channels
	Lanes    []image.Rectangle // one per channel, top to bottom, inside Wave
	Spectrum image.Rectangle   // the spectrogram panel
	Scale    float64           // the waveform's full lane height is ±Scale (the peak; 1 when silent)
	Labels   []PictureLabel
}

// PictureLabel is one text drawn in the picture.
type PictureLabel struct {
	Kind string // "title", "time", "level", "frequency", "colour", "unit"
	Text string
	Rect image.Rectangle
}

var (
	picBG    = color.RGBA{16, 18, 24, 255}
	picPanel = color.RGBA{22, 25, 33, 255}
	picGrid  = color.RGBA{44, 49, 62, 255}
	picZero  = color.RGBA{70, 76, 92, 255}
	picWave  = color.RGBA{110, 223, 255, 255}
	picText  = color.RGBA{200, 206, 218, 255}
	picTitle = color.RGBA{255, 255, 255, 255}
)

// Picture draws a labelled picture of s named name, width × height pixels: a title (name,
// duration, layout, rate, peak and RMS in dBFS); a waveform (min/max per column, one lane per
// channel) scaled to the sound's peak, so a quiet sound fills its lanes, with a level axis in
// dBFS; under it a spectrogram (1024-point Hann-windowed FFT of the channel mix, 20 Hz to Nyquist
// on a log scale with a frequency axis, −100…0 dBFS on a dark-to-bright scale shown at the
// right); and a time axis in ms (sounds under a second) or s with gridlines through both panels.
func Picture(s *Samples, name string, width, height int) (*image.RGBA, PictureLayout) {
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	fill(img, img.Bounds(), picBG)
	var lay PictureLayout
	plotL, plotR := picMarginL, width-picMarginR
	bottom := height - picTimeAxisH
	if plotR-plotL < 16 || bottom-picTitleH-picGap < 24 {
		return img, lay // too small for anything readable
	}
	avail := bottom - picTitleH - picGap
	waveH := avail * 2 / 5
	lay.Wave = image.Rect(plotL, picTitleH, plotR, picTitleH+waveH)
	lay.Spectrum = image.Rect(plotL, lay.Wave.Max.Y+picGap, plotR, bottom)
	fill(img, lay.Wave, picPanel)
	fill(img, lay.Spectrum, picPanel)

	st := s.Stats()
	frames := s.Frames()
	lay.title(img, name, s, st, width)

	// Time gridlines first, so the waveform and the spectrogram draw over them.
	duration := float64(frames) / float64(max(1, s.Rate))
	lay.timeAxis(img, duration, bottom)

	lay.Scale = st.Peak
	if lay.Scale <= 0 {
		lay.Scale = 1
	}
	lanes := max(1, len(s.Channels))
	for c := 0; c < lanes; c++ {
		top := lay.Wave.Min.Y + c*waveH/lanes
		lane := image.Rect(plotL, top, plotR, lay.Wave.Min.Y+(c+1)*waveH/lanes)
		lay.Lanes = append(lay.Lanes, lane)
		lay.levelAxis(img, lane, st.Peak)
		if c < len(s.Channels) && frames > 0 {
			drawWave(img, lane, s.Channels[c], lay.Scale)
		}
	}
	lay.frequencyAxis(img, float64(s.Rate)/2)
	lay.colourScale(img, width)
	if frames > 0 {
		drawSpectrogram(img, lay.Spectrum, s)
	}
	return img, lay
}

func (lay *PictureLayout) label(img *image.RGBA, kind, text string, x, y int, c color.RGBA, scale int) {
	r := pixfont.Draw(img, x, y, text, c, scale)
	lay.Labels = append(lay.Labels, PictureLabel{Kind: kind, Text: text, Rect: r})
}

func (lay *PictureLayout) title(img *image.RGBA, name string, s *Samples, st Stats, width int) {
	layout := "mono"
	if len(s.Channels) == 2 {
		layout = "stereo"
	} else if len(s.Channels) > 2 {
		layout = fmt.Sprintf("%d channels", len(s.Channels))
	}
	details := fmt.Sprintf("%s  %s  %s  peak %s  rms %s", formatSeconds(s.Duration()), layout, formatRate(s.Rate), DBFS(st.Peak), DBFS(st.RMS))
	// The name takes what the details leave, cut with an ellipsis rather than overflowing.
	room := width - picMarginL - pixfont.Width(details, 1) - 16
	runes := []rune(name)
	for len(runes) > 1 && pixfont.Width(string(runes), 2) > room {
		runes = runes[:len(runes)-1]
		name = string(runes) + "…"
	}
	y := (picTitleH - pixfont.Height(2)) / 2
	lay.label(img, "title", name, picMarginL, y, picTitle, 2)
	x := picMarginL + pixfont.Width(name, 2) + 16
	lay.label(img, "title", details, x, y+pixfont.Height(2)-pixfont.Height(1), picText, 1)
}

// timeAxis draws a tick, a gridline and a label per step, the step being the smallest of 1, 2
// or 5 × 10^k giving at most 10 ticks.
func (lay *PictureLayout) timeAxis(img *image.RGBA, duration float64, bottom int) {
	if duration <= 0 {
		return
	}
	step := niceStep(duration, 10)
	plot := lay.Wave.Union(lay.Spectrum)
	w := float64(plot.Dx())
	lastRight := math.MinInt
	for i := 0; ; i++ {
		t := float64(i) * step
		if t > duration*(1+1e-9) {
			break
		}
		x := plot.Min.X + int(math.Round(t/duration*(w-1)))
		for y := lay.Wave.Min.Y; y < lay.Wave.Max.Y; y++ {
			img.SetRGBA(x, y, picGrid)
		}
		for y := lay.Spectrum.Min.Y; y < lay.Spectrum.Max.Y; y++ {
			img.SetRGBA(x, y, picGrid)
		}
		for y := bottom; y < bottom+4; y++ {
			img.SetRGBA(x, y, picText)
		}
		text := formatTick(t, step, duration)
		tw := pixfont.Width(text, 1)
		lx := min(max(x-tw/2, plot.Min.X), plot.Max.X-tw)
		if lx <= lastRight+6 {
			continue // the last tick can crowd its neighbour; keep the earlier label
		}
		lay.label(img, "time", text, lx, bottom+7, picText, 1)
		lastRight = lx + tw
	}
}

// levelAxis labels one lane: its top and bottom are ±peak, the quarter lines ±peak/2 (6 dB
// lower); the centre line carries the unit.
func (lay *PictureLayout) levelAxis(img *image.RGBA, lane image.Rectangle, peak float64) {
	mid := (lane.Min.Y + lane.Max.Y) / 2
	half := float64(lane.Dy()/2 - 1)
	for x := lane.Min.X; x < lane.Max.X; x++ {
		img.SetRGBA(x, mid, picZero)
	}
	if peak <= 0 {
		lay.label(img, "unit", "silent", 2, mid-3, picText, 1)
		return
	}
	lay.label(img, "unit", "dBFS", 4, mid-3, picText, 1)
	for _, f := range []float64{1, 0.5} {
		text := strings.TrimSuffix(DBFS(peak*f), " dBFS")
		for _, sign := range []float64{1, -1} {
			y := mid - int(math.Round(sign*f*half))
			for x := lane.Min.X - 4; x < lane.Min.X; x++ {
				img.SetRGBA(x, y, picText)
			}
			ly := min(max(y-3, lane.Min.Y), lane.Max.Y-pixfont.Height(1))
			if f == 0.5 && lane.Dy() < 80 {
				continue // a short lane (many channels) keeps only its peak labels
			}
			lay.label(img, "level", text, lane.Min.X-6-pixfont.Width(text, 1), ly, picText, 1)
		}
	}
}

// frequencyAxis ticks 50 Hz … 20 kHz at 1-2-5 steps on the spectrogram's log scale.
func (lay *PictureLayout) frequencyAxis(img *image.RGBA, nyquist float64) {
	sp := lay.Spectrum
	rows := sp.Dy()
	lay.label(img, "unit", "Hz", sp.Min.X-6-pixfont.Width("Hz", 1), sp.Min.Y-picGap+3, picText, 1)
	lastTop := math.MaxInt
	for _, f := range []float64{50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000} {
		if f >= nyquist {
			break
		}
		r := math.Log(f/20) / math.Log(nyquist/20) * float64(rows)
		y := sp.Max.Y - 1 - int(math.Round(r))
		for x := sp.Min.X - 4; x < sp.Min.X; x++ {
			img.SetRGBA(x, y, picText)
		}
		text := fmt.Sprintf("%g", f)
		if f >= 1000 {
			text = fmt.Sprintf("%gk", f/1000)
		}
		ly := max(y-3, sp.Min.Y)
		if ly+pixfont.Height(1)+2 > lastTop {
			continue
		}
		lay.label(img, "frequency", text, sp.Min.X-6-pixfont.Width(text, 1), ly, picText, 1)
		lastTop = ly
	}
}

// colourScale draws the spectrogram's −100…0 dBFS colour bar in the right margin.
func (lay *PictureLayout) colourScale(img *image.RGBA, width int) {
	sp := lay.Spectrum
	x0 := sp.Max.X + 6
	for y := sp.Min.Y; y < sp.Max.Y; y++ {
		c := heat(float64(sp.Max.Y-1-y) / float64(max(1, sp.Dy()-1)))
		for x := x0; x < x0+6; x++ {
			img.SetRGBA(x, y, c)
		}
	}
	lay.label(img, "unit", "dB", x0, sp.Min.Y-picGap+3, picText, 1)
	for _, db := range []int{0, -50, -100} {
		y := sp.Max.Y - 1 - int(math.Round(float64(db+100)/100*float64(sp.Dy()-1)))
		ly := min(max(y-3, sp.Min.Y), sp.Max.Y-pixfont.Height(1))
		text := strings.Replace(fmt.Sprint(db), "-", "−", 1)
		lay.label(img, "colour", text, x0+9, ly, picText, 1)
	}
}

func drawWave(img *image.RGBA, lane image.Rectangle, ch []float32, scale float64) {
	frames := len(ch)
	width := lane.Dx()
	mid := (lane.Min.Y + lane.Max.Y) / 2
	half := float64(lane.Dy()/2 - 1)
	for x := 0; x < width; x++ {
		from, to := x*frames/width, (x+1)*frames/width
		if to <= from {
			to = from + 1
		}
		lo, hi := 0.0, 0.0
		for _, v := range ch[min(from, frames-1):min(to, frames)] {
			lo = math.Min(lo, float64(v))
			hi = math.Max(hi, float64(v))
		}
		y0 := mid - int(math.Round(math.Min(1, hi/scale)*half))
		y1 := mid - int(math.Round(math.Max(-1, lo/scale)*half))
		for y := y0; y <= y1; y++ {
			img.SetRGBA(lane.Min.X+x, y, picWave)
		}
	}
}

func drawSpectrogram(img *image.RGBA, sp image.Rectangle, s *Samples) {
	const size = 1024
	frames := s.Frames()
	width, specH := sp.Dx(), sp.Dy()
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
			if db > -100 {
				img.SetRGBA(sp.Min.X+x, sp.Min.Y+y, heat((db+100)/100))
			}
		}
	}
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

func fill(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetRGBA(x, y, c)
		}
	}
}

// niceStep is the smallest of 1, 2, 5 × 10^k for which span needs at most n steps.
func niceStep(span float64, n int) float64 {
	p := math.Pow(10, math.Floor(math.Log10(span/float64(n))))
	for {
		for _, m := range []float64{1, 2, 5} {
			if span/(m*p) <= float64(n)+1e-9 {
				return m * p
			}
		}
		p *= 10
	}
}

// formatTick labels a time tick: ms for sounds under a second, else seconds with as many
// decimals as the step needs.
func formatTick(t, step, duration float64) string {
	if t == 0 {
		return "0"
	}
	if duration < 1 {
		ms := t * 1000
		decimals := max(0, int(math.Ceil(-math.Log10(step*1000)-1e-9)))
		return fmt.Sprintf("%.*f ms", decimals, ms)
	}
	decimals := max(0, int(math.Ceil(-math.Log10(step)-1e-9)))
	return fmt.Sprintf("%.*f s", decimals, t)
}

func formatSeconds(d float64) string {
	if d < 1 {
		return fmt.Sprintf("%.0f ms", d*1000)
	}
	return fmt.Sprintf("%.3g s", d)
}

func formatRate(hz int) string { return fmt.Sprintf("%g kHz", float64(hz)/1000) }

// DBFS renders a linear level as dBFS with a real minus sign: "−14.0 dBFS", "−∞ dBFS" for
// silence.
func DBFS(v float64) string {
	if v <= 0 {
		return "−∞ dBFS"
	}
	return strings.Replace(fmt.Sprintf("%.1f dBFS", 20*math.Log10(v)), "-", "−", 1)
}
