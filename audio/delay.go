package audio

// DelayWet is the wet signal of a feedback delay: w[n] = x[n−D] + feedback·w[n−D], read with
// linear interpolation for a fractional D (≥ 1 sample). It keeps the whole history, which is
// bounded by the sound's length.
func DelayWet(src Source, delayFrames, feedback float64) Source {
	s := make([]float64, 0, 1<<16) // s[n] = x[n] + feedback·w[n]
	return SourceFunc(func(dst []float64) {
		src.Read(dst)
		for k, x := range dst {
			i := len(s)
			m := float64(i) - delayFrames
			v := 0.0
			if m >= 0 {
				j := int(m) // m ≥ 0: truncation is floor
				frac := m - float64(j)
				a := s[j]
				b := 0.0
				if j+1 < i {
					b = s[j+1]
				}
				v = a + float64((b-a)*frac)
			}
			dst[k] = v
			s = append(s, x+float64(feedback*v))
		}
	})
}
