package audio

// Source is the one interface every signal piece implements: it fills dst with its next
// len(dst) samples. Sources are infinite (silence after their natural end) and mono; stereo is
// two sources. Pieces compose through constructors (Gain(Take(Osc…)), Biquad(…)) in the style
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

// Slice plays a buffer, then silence.
func Slice(data []float64) Source {
	pos := 0
	return SourceFunc(func(dst []float64) {
		k := copy(dst, data[min(pos, len(data)):])
		clear(dst[k:])
		pos += len(dst)
	})
}

// Silence is an endless zero source.
func Silence() Source { return SourceFunc(func(dst []float64) { clear(dst) }) }

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

// Gain multiplies src by level(k), k counting samples from the first Read.
func Gain(src Source, level func(k int) float64) Source {
	k := 0
	return SourceFunc(func(dst []float64) {
		src.Read(dst)
		for i := range dst {
			dst[i] *= level(k)
			k++
		}
	})
}

// Map applies f to each sample of src (a memoryless stage: clipping, scaling).
func Map(src Source, f func(x float64) float64) Source {
	return SourceFunc(func(dst []float64) {
		src.Read(dst)
		for i, x := range dst {
			dst[i] = f(x)
		}
	})
}

// GainBlock multiplies src by a level filled a block at a time: fill(levels, k0) writes the
// levels of samples k0… (k counting from the first Read). The block form of Gain.
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
