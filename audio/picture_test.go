package audio

import (
	"fmt"
	"image"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/scapeworld/scape/internal/pixfont"
)

// The two ends of what authors render: a 0.1 s click and a 12 s ambience. Before, the picture
// had no axes and a quiet sound's waveform was a 20-pixel stripe of an 800×300 image.
var pictureCases = []struct {
	name, recipe string
	unit         string // what the time labels end with
}{
	{"click", `{"kind": "synth", "duration": 0.1, "voices": [{"wave": "square", "start": 0, "duration": 0.01, "frequency": 2000, "gain": 0.5}]}`, " ms"},
	{"ambience", `{"kind": "noise", "duration": 12, "seed": 3, "layers": [{"frequency": 400, "gain": 0.3}], "modulation": {"base": 0.5, "waves": [{"speed": 1, "amount": 0.4}]}, "fade": 1}`, " s"},
	{"pad", `{"kind": "synth", "duration": 0.35, "voices": [{"wave": "sine", "start": 0, "duration": 0.3, "frequency": 523.25, "gain": 0.1, "pan": -0.3}]}`, " ms"},
}

func TestPictureFacts(t *testing.T) {
	for _, tc := range pictureCases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := DefaultBudget.Render([]byte(tc.recipe))
			if err != nil {
				t.Fatal(err)
			}
			img, lay := Picture(s, tc.name, PictureWidth, PictureHeight)
			st := s.Stats()

			// The waveform is scaled to the peak: in its loudest lane it spans (almost) the
			// whole lane height, whatever the sound's level (the click peaks at −6 dBFS, the
			// ambience at −20).
			if len(lay.Lanes) != len(s.Channels) {
				t.Fatalf("%d lanes for %d channels", len(lay.Lanes), len(s.Channels))
			}
			best := 0.0
			for _, lane := range lay.Lanes {
				best = math.Max(best, float64(waveRows(img, lane))/float64(lane.Dy()))
			}
			if best < 0.9 {
				t.Errorf("the waveform spans %.0f%% of its lane, want ≥ 90%%", 100*best)
			}
			if lay.Scale != st.Peak {
				t.Errorf("scale %g, peak %g", lay.Scale, st.Peak)
			}

			byKind := map[string][]PictureLabel{}
			for _, l := range lay.Labels {
				byKind[l.Kind] = append(byKind[l.Kind], l)
			}
			title := ""
			for _, l := range byKind["title"] {
				title += l.Text + " "
			}
			for _, want := range []string{tc.name, DBFS(st.Peak), DBFS(st.RMS), "48 kHz"} {
				if !strings.Contains(title, want) {
					t.Errorf("title %q lacks %q", title, want)
				}
			}

			// Time: at least 5 labelled ticks in the sound's unit, from 0 to near its end.
			times := byKind["time"]
			if len(times) < 5 {
				t.Fatalf("%d time labels: %+v", len(times), times)
			}
			last := times[len(times)-1].Text
			if times[0].Text != "0" || !strings.HasSuffix(last, tc.unit) {
				t.Errorf("time labels %q … %q, want 0 … %s", times[0].Text, last, tc.unit)
			}
			v, err := strconv.ParseFloat(strings.TrimSuffix(last, tc.unit), 64)
			if tc.unit == " ms" {
				v /= 1000
			}
			if err != nil || v < 0.75*s.Duration() || v > s.Duration()*1.0001 {
				t.Errorf("last time label %q for a %.3f s sound", last, s.Duration())
			}

			// Level: the peak in dBFS at each lane's top and bottom; the unit named.
			peakText := strings.TrimSuffix(DBFS(st.Peak), " dBFS")
			if n := count(byKind["level"], peakText); n < 2*len(lay.Lanes) {
				t.Errorf("%d level labels read %q, want %d: %+v", n, peakText, 2*len(lay.Lanes), byKind["level"])
			}
			if count(byKind["unit"], "dBFS") != len(lay.Lanes) || count(byKind["unit"], "Hz") != 1 || count(byKind["unit"], "dB") != 1 {
				t.Errorf("units: %+v", byKind["unit"])
			}
			// Frequency and the colour scale.
			for _, want := range []string{"100", "1k", "10k"} {
				if count(byKind["frequency"], want) != 1 {
					t.Errorf("no %s Hz tick: %+v", want, byKind["frequency"])
				}
			}
			for _, want := range []string{"0", "−50", "−100"} {
				if count(byKind["colour"], want) != 1 {
					t.Errorf("no %s dB on the colour scale: %+v", want, byKind["colour"])
				}
			}

			// Every label is really drawn, inside the picture, in the margins (not over the
			// data), and no two overlap.
			for i, l := range lay.Labels {
				if !l.Rect.In(img.Bounds()) {
					t.Errorf("label %q at %v is outside the picture", l.Text, l.Rect)
				}
				if l.Kind != "title" && (l.Rect.Overlaps(lay.Wave) || l.Rect.Overlaps(lay.Spectrum)) {
					t.Errorf("label %q at %v covers a panel", l.Text, l.Rect)
				}
				if err := drawn(img, l); err != nil {
					t.Error(err)
				}
				for _, o := range lay.Labels[i+1:] {
					if l.Rect.Overlaps(o.Rect) {
						t.Errorf("labels %q %v and %q %v overlap", l.Text, l.Rect, o.Text, o.Rect)
					}
				}
			}
		})
	}
}

// waveRows counts the rows of lane holding a waveform pixel.
func waveRows(img *image.RGBA, lane image.Rectangle) int {
	n := 0
	for y := lane.Min.Y; y < lane.Max.Y; y++ {
		for x := lane.Min.X; x < lane.Max.X; x++ {
			if img.RGBAAt(x, y) == picWave {
				n++
				break
			}
		}
	}
	return n
}

func count(ls []PictureLabel, text string) int {
	n := 0
	for _, l := range ls {
		if l.Text == text {
			n++
		}
	}
	return n
}

// drawn checks that every ink pixel of l's glyphs has a text colour and every blank one does
// not, at the label's scale (its height over the glyph height).
func drawn(img *image.RGBA, l PictureLabel) error {
	scale := l.Rect.Dy() / pixfont.GlyphH
	ink := map[bool]bool{}
	for i, r := range []rune(l.Text) {
		for gy := 0; gy < pixfont.GlyphH; gy++ {
			for gx := 0; gx < pixfont.GlyphW; gx++ {
				c := img.RGBAAt(l.Rect.Min.X+(i*pixfont.Advance+gx)*scale, l.Rect.Min.Y+gy*scale)
				isText := c == picText || c == picTitle
				if pixfont.Ink(r, gx, gy) != isText {
					return fmt.Errorf("label %q: glyph %q pixel (%d,%d) is %v", l.Text, r, gx, gy, c)
				}
				ink[isText] = true
			}
		}
	}
	if l.Text != "" && !ink[true] {
		return fmt.Errorf("label %q has no ink", l.Text)
	}
	return nil
}
