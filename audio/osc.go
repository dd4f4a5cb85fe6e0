package audio

import (
	"math"
	"sync"
)

// Wave is an oscillator shape.
type Wave string

// Oscillator shapes (the voice's `wave`).
const (
	Sine      Wave = "sine"
	Square    Wave = "square"
	Sawtooth  Wave = "sawtooth"
	Triangle  Wave = "triangle"
	NoiseWave Wave = "noise"
)

// TableSize is the length of every band-limited wavetable.
const TableSize = 4096

// Harmonics lists the harmonic counts of the tables: 2047, then ×4/5 (integer floor) to 1.
var Harmonics = func() []int {
	list := []int{2047}
	for list[len(list)-1] > 1 {
		list = append(list, list[len(list)-1]*4/5)
	}
	return list
}()

var (
	tableMu    sync.Mutex
	tables     = map[Wave][]([]float64){}
	tableScale = map[Wave]float64{}
	sineTable  []float64
)

func harmonicCoefficient(wave Wave, h int) float64 {
	hf := float64(h)
	if wave == Sawtooth {
		if h%2 == 1 {
			return 2 / (math.Pi * hf)
		}
		return -2 / (math.Pi * hf)
	}
	if h%2 == 0 {
		return 0
	}
	if wave == Square {
		return 4 / (math.Pi * hf)
	}
	if ((h-1)/2)%2 == 0 {
		return 8 / (math.Pi * math.Pi * hf * hf)
	}
	return -8 / (math.Pi * math.Pi * hf * hf)
}

func rawTable(wave Wave, harmonics int) []float64 {
	if sineTable == nil {
		sineTable = make([]float64, TableSize)
		for j := range sineTable {
			sineTable[j] = math.Sin(2 * math.Pi * float64(j) / TableSize)
		}
	}
	table := make([]float64, TableSize)
	for h := 1; h <= harmonics; h++ {
		b := harmonicCoefficient(wave, h)
		if b == 0 {
			continue
		}
		for j := range table {
			table[j] += float64(b * sineTable[(h*j)&(TableSize-1)])
		}
	}
	return table
}

// WaveTable returns the table of wave at Harmonics[index], scaled by 1/peak of the richest table
// (Web Audio's normalisation), building it on first use.
func WaveTable(wave Wave, index int) []float64 {
	tableMu.Lock()
	defer tableMu.Unlock()
	if tables[wave] == nil {
		tables[wave] = make([][]float64, len(Harmonics))
	}
	if t := tables[wave][index]; t != nil {
		return t
	}
	scale, ok := tableScale[wave]
	if !ok {
		peak := 0.0
		for _, v := range rawTable(wave, Harmonics[0]) {
			peak = math.Max(peak, math.Abs(v))
		}
		scale = 1 / peak
		tableScale[wave] = scale
	}
	t := rawTable(wave, Harmonics[index])
	for j := range t {
		t[j] *= scale
	}
	tables[wave][index] = t
	return t
}

// TableIndex picks the richest table whose top harmonic stays strictly below Nyquist, or -1
// when even the fundamental does not. A negative frequency (the wave run backwards) reads the
// table of its magnitude.
func TableIndex(frequency, rate float64) int {
	frequency = math.Abs(frequency)
	if frequency <= 0 {
		return 0
	}
	nyquist := rate / 2
	most := math.Floor(nyquist / frequency)
	if most*frequency >= nyquist {
		most--
	}
	if most < 1 {
		return -1
	}
	// Harmonics is decreasing: binary search for the first entry ≤ most.
	lo, hi := 0, len(Harmonics)-1
	for lo < hi {
		mid := (lo + hi) >> 1
		if float64(Harmonics[mid]) <= most {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// Clock turns a voice's k-th frame into seconds from the voice's start: (from+k)/rate − start,
// as the SDK computes it.
type Clock struct {
	From  int
	Start float64
	Rate  float64
}

// At is the voice time of frame k.
func (c Clock) At(k int) float64 { return float64(c.From+k)/c.Rate - c.Start }

// tableValid reports whether table index idx is still TableIndex(f): the same integer test,
// without the search.
func tableValid(idx int, f, rate float64) bool {
	f = math.Abs(f)
	if idx < 0 || f <= 0 {
		return false
	}
	nyquist := rate / 2
	most := math.Floor(nyquist / f)
	if most*f >= nyquist {
		most--
	}
	return float64(Harmonics[idx]) <= most && (idx == 0 || float64(Harmonics[idx-1]) > most)
}

// Oscillator is a phase-accumulating oscillator: output wave(phase), then advance the phase by
// frequency(t)/rate. Square, sawtooth and triangle are band-limited wavetables; sine reads the
// 16,384-point sine table (error < 2e-8 against sin, inside the tolerance against the SDK's
// Math.sin and several times cheaper).
func Oscillator(wave Wave, frequency Envelope, clock Clock) Source {
	phase := 0.0
	k := 0
	lastF := math.NaN()
	idx := -1
	lo, hi := tableRange(idx, clock.Rate)
	inc := 0.0 // lastF/rate
	var table *[TableSize]float64
	cache := make([]*[TableSize]float64, len(Harmonics))
	fill := frequency.Filler(clock)
	var freq []float64
	rate := clock.Rate
	nyquist := rate / 2
	return SourceFunc(func(dst []float64) {
		if cap(freq) < len(dst) {
			freq = make([]float64, len(dst))
		}
		freq = freq[:len(dst)]
		fill(freq, k)
		// Clamped to ±Nyquist, as Web Audio clamps OscillatorNode.frequency.
		for i, f := range freq {
			if f > nyquist {
				freq[i] = nyquist
			} else if f < -nyquist {
				freq[i] = -nyquist
			}
		}
		k += len(dst)
		if wave == Sine {
			phase = sineRun(dst, freq, phase, rate)
			return
		}
		// One loop over the block: a swept frequency changes every sample, so a run of one
		// frequency is often one sample long. The table stays the one TableIndex picks as long
		// as |f| is inside [lo, hi] (a range strictly inside the table's, see tableRange);
		// outside it the exact test decides, as before.
		tab := table
		for i, f := range freq {
			if f != lastF {
				if af := math.Abs(f); !(af >= lo && af <= hi) && !tableValid(idx, f, rate) {
					idx = TableIndex(f, rate)
					tab = nil
					if idx >= 0 {
						if cache[idx] == nil {
							cache[idx] = (*[TableSize]float64)(WaveTable(wave, idx))
						}
						tab = cache[idx]
					}
					lo, hi = tableRange(idx, rate)
				}
				lastF = f
				inc = f / rate
			}
			v := 0.0
			if tab != nil {
				x := phase * TableSize
				j := int(x) // phase ≥ 0: truncation is floor
				a := tab[j&(TableSize-1)]
				b := tab[(j+1)&(TableSize-1)]
				v = a + float64((b-a)*(x-float64(j)))
			}
			dst[i] = v
			phase += inc
			if phase >= 1 {
				phase -= math.Floor(phase)
			} else if phase < 0 {
				phase -= math.Floor(phase)
			}
		}
		table = tab
	})
}

// tableRange is a range [lo, hi] of |frequency| inside which table idx is certainly the one
// TableIndex picks (tableValid holds), so a swept oscillator skips that test: |f| ≤ ny/(H+1)
// makes floor(ny/|f|) ≥ H + 1, so the richest count below Nyquist is at least H, and |f| ≥
// ny/(H' − 1) (H' the next richer table's count) keeps it below H'. Both are pulled in by 1e-9
// relative, far more than the rounding of either division. An empty range (lo > hi) for no
// table or one this test cannot vouch for: the exact test runs on every change.
func tableRange(idx int, rate float64) (lo, hi float64) {
	if idx < 0 {
		return math.Inf(1), math.Inf(-1)
	}
	nyquist := rate / 2
	hi = nyquist / float64(Harmonics[idx]+1) * (1 - 1e-9)
	lo = math.SmallestNonzeroFloat64 // tableValid also needs |f| > 0
	if idx > 0 {
		lo = nyquist / float64(Harmonics[idx-1]-1) * (1 + 1e-9)
	}
	return lo, hi
}

// sineRun writes sin(2π·phase) from the partials' sine table (value+step pairs), advancing the
// phase by freq[i]/rate per sample; it returns the phase.
func sineRun(dst, freq []float64, phase, rate float64) float64 {
	tab := sineSteps
	freq = freq[:len(dst)]
	for i := range dst {
		x := phase * SineSize
		j := int(x) // phase ≥ 0: truncation is floor
		e := &tab[j&(SineSize-1)]
		dst[i] = e[0] + e[1]*(x-float64(j))
		phase += freq[i] / rate
		if phase >= 1 {
			phase -= math.Floor(phase)
		} else if phase < 0 {
			phase -= math.Floor(phase)
		}
	}
	return phase
}

// NoiseLoop plays a buffer of `length` seeded noise samples recorded at bufferRate, looped, at
// `rate` with linear interpolation (a looped Web Audio buffer source).
func NoiseLoop(seed uint32, length int, bufferRate, rate float64) Source {
	rng := NewMulberry32(seed)
	buffer := make([]float64, length)
	for i := range buffer {
		buffer[i] = rng.Sample()
	}
	k := 0
	return SourceFunc(func(dst []float64) {
		for i := range dst {
			position := float64(k) * bufferRate / rate
			j := int(math.Floor(position))
			frac := position - float64(j)
			a := buffer[j%length]
			b := buffer[(j+1)%length]
			dst[i] = a + float64((b-a)*frac)
			k++
		}
	})
}
