package audio

// DelayWet is the wet signal of a feedback delay: w[n] = x[n−D] + feedback·w[n−D], read with
// linear interpolation for a fractional D (≥ 1 sample). It keeps the whole history, which is
// bounded by the sound's length.
func DelayWet(src Source, delayFrames, feedback float64) Source {
	return DelayWetSized(src, delayFrames, feedback, 0)
}

// DelayWetSized is DelayWet with the history allocated for `frames` samples up front.
func DelayWetSized(src Source, delayFrames, feedback float64, frames int) Source {
	s := make([]float64, 0, frames) // s[n] = x[n] + feedback·w[n]
	return SourceFunc(func(dst []float64) {
		src.Read(dst)
		base := len(s)
		if base+len(dst) <= cap(s) {
			s = s[:base+len(dst)]
		} else {
			s = append(s, make([]float64, len(dst))...)
		}
		for k, x := range dst {
			i := base + k
			v := delayTap(s, i, delayFrames)
			dst[k] = v
			s[i] = x + float64(feedback*v)
		}
	})
}

// delayTap is w[i]: the history s (s[n] = x[n] + feedback·w[n], filled below i) read delayFrames
// back with linear interpolation; 0 before the first echo, and tiny values flushed to 0.
func delayTap(s []float64, i int, delayFrames float64) float64 {
	m := float64(i) - delayFrames
	if m < 0 {
		return 0
	}
	j := int(m) // m ≥ 0: truncation is floor
	frac := m - float64(j)
	a := s[j]
	b := 0.0
	if j+1 < i {
		b = s[j+1]
	}
	v := a + float64((b-a)*frac)
	if v < Tiny && v > -Tiny {
		return 0
	}
	return v
}
