package audio

// Source is the one interface every signal piece implements: it fills dst with its next
// len(dst) samples. Sources are infinite (silence after their natural end) and mono; stereo is
// two sources. Pieces compose through constructors (GainBlock(Take(Oscillator(…)), …), Biquad(…)) in the style
// of gopxl/beep, and each piece does its arithmetic in the same order as the SDK's TypeScript
// renderer so the two agree to ~1e-6 per sample (docs/audio.md).
type Source interface {
	Read(dst []float64)
}

// SourceFunc adapts a per-block function to Source.
type SourceFunc func(dst []float64)

// Read implements Source.
func (f SourceFunc) Read(dst []float64) { f(dst) }

// ReadAll reads n samples of src into a new slice.
func ReadAll(src Source, n int) []float64 {
	out := make([]float64, n)
	const block = 4096
	for i := 0; i < n; i += block {
		end := min(i+block, n)
		src.Read(out[i:end])
	}
	return out
}

// Take plays the first n samples of src, then exact zeros (src is no longer read).
func Take(src Source, n int) Source {
	left := n
	return SourceFunc(func(dst []float64) {
		k := min(max(left, 0), len(dst))
		if k > 0 {
			src.Read(dst[:k])
		}
		clear(dst[k:])
		left -= len(dst)
	})
}

// GainBlock multiplies src by a level filled a block at a time: fill(levels, k0) writes the
// levels of samples k0… (k counting from the first Read).
func GainBlock(src Source, fill func(levels []float64, k0 int)) Source {
	k := 0
	var levels []float64
	return SourceFunc(func(dst []float64) {
		src.Read(dst)
		if cap(levels) < len(dst) {
			levels = make([]float64, len(dst))
		}
		levels = levels[:len(dst)]
		fill(levels, k)
		for i := range dst {
			dst[i] *= levels[i]
		}
		k += len(dst)
	})
}
