package audio

// Mulberry32 is the seeded generator of every noise in a recipe (rule 11 of the semantics): one
// uint32 of state and 32-bit integer multiplies only, so its stream is bit-identical to the
// SDK's `Math.imul` implementation.
type Mulberry32 struct{ state uint32 }

// NewMulberry32 seeds a generator.
func NewMulberry32(seed uint32) *Mulberry32 { return &Mulberry32{state: seed} }

// Uint32 returns the next value of the stream.
func (m *Mulberry32) Uint32() uint32 {
	m.state += 0x6d2b79f5
	t := m.state
	t = (t ^ (t >> 15)) * (t | 1)
	t ^= t + (t^(t>>7))*(t|61)
	return t ^ (t >> 14)
}

// Uniform returns x / 2^32 in [0, 1).
func (m *Mulberry32) Uniform() float64 { return float64(m.Uint32()) / 4294967296 }

// Sample returns the noise sample float32(x/2^32 × 2 − 1) as float64.
func (m *Mulberry32) Sample() float64 {
	return float64(float32(float64(m.Uint32())/4294967296*2 - 1))
}
