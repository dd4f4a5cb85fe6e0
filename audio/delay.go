package audio

// delayMix replaces x by dry·x + mix·w, w the wet signal of a feedback delay, in place and in
// one pass; history (len(x)) is work space.
func delayMix(x, history []float64, delayFrames, feedback, dry, mix float64) {
	s := history[:len(x)] // s[n] = x[n] + feedback·w[n]
	for i, xi := range x {
		v := delayTap(s, i, delayFrames)
		s[i] = xi + float64(feedback*v)
		x[i] = float64(dry*xi) + float64(mix*v)
	}
}

// delayTap is w[i] of the feedback delay w[n] = x[n−D] + feedback·w[n−D]: the history s
// (s[n] = x[n] + feedback·w[n], filled below i) read delayFrames back with linear
// interpolation; 0 before the first echo, and tiny values flushed to 0.
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
