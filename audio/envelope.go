package audio

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
)

// Point is one envelope point; Curve shapes the segment that ends at it.
type Point struct {
	Time  float64 `json:"time"`
	Value float64 `json:"value"`
	Curve string  `json:"curve,omitempty"`
}

// Envelope is a constant (Points == nil) or a list of points (rules 5 and 6 of docs/audio.md).
type Envelope struct {
	Const  float64
	Points []Point
}

// IsConst reports whether the envelope is a plain number.
func (e Envelope) IsConst() bool { return e.Points == nil }

// Or is the envelope itself, or the constant fallback when it is an empty point list: no
// automation, so the parameter keeps its default (docs/audio.md).
func (e Envelope) Or(fallback float64) Envelope {
	if e.Points != nil && len(e.Points) == 0 {
		return Envelope{Const: fallback}
	}
	return e
}

// UnmarshalJSON accepts a number or a list of points (unknown point fields are refused).
func (e *Envelope) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '[' {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		var points []Point
		if err := dec.Decode(&points); err != nil {
			return err
		}
		if points == nil {
			points = []Point{} // an empty list: no automation (the parameter's default)
		}
		*e = Envelope{Points: points}
		return nil
	}
	var v float64
	if err := json.Unmarshal(data, &v); err != nil {
		return errors.New("must be a number or a list of envelope points")
	}
	*e = Envelope{Const: v}
	return nil
}

// MarshalJSON writes the number or the list.
func (e Envelope) MarshalJSON() ([]byte, error) {
	if e.IsConst() {
		return json.Marshal(e.Const)
	}
	return json.Marshal(e.Points)
}

// segmentValue is the value of the segment p → q at t (p.Time ≤ t < q.Time).
func segmentValue(p, q Point, t, logRatio float64) float64 {
	switch q.Curve {
	case "step":
		return p.Value
	case "exponential":
		if p.Value == 0 || q.Value == 0 || (p.Value < 0) != (q.Value < 0) {
			return p.Value
		}
		// Web Audio's v0·(v1/v0)^x as v0·exp(x·ln(v1/v0)), the log computed once per segment.
		x := (t - p.Time) / (q.Time - p.Time)
		return p.Value * math.Exp(x*logRatio)
	default:
		x := (t - p.Time) / (q.Time - p.Time)
		return p.Value + float64((q.Value-p.Value)*x)
	}
}

// At evaluates the envelope t seconds from the voice's start (stateless form of Evaluator).
func (e Envelope) At(t float64) float64 {
	if e.IsConst() {
		return e.Const
	}
	pts := e.Points
	idx := 0
	for idx < len(pts) && pts[idx].Time <= t {
		idx++
	}
	if idx == 0 {
		return pts[0].Value
	}
	if idx == len(pts) {
		return pts[len(pts)-1].Value
	}
	return segmentValue(pts[idx-1], pts[idx], t, math.Log(pts[idx].Value/pts[idx-1].Value))
}

// Evaluator returns At as a function for non-decreasing t (one voice's frames): it keeps its
// segment and the segment's log ratio between calls, giving the same values as At.
func (e Envelope) Evaluator() func(t float64) float64 {
	if e.IsConst() {
		c := e.Const
		return func(float64) float64 { return c }
	}
	pts := e.Points
	idx := 0
	logRatio := math.NaN()
	return func(t float64) float64 {
		moved := false
		for idx < len(pts) && pts[idx].Time <= t {
			idx++
			moved = true
		}
		if idx == 0 {
			return pts[0].Value
		}
		if idx == len(pts) {
			return pts[len(pts)-1].Value
		}
		if moved || math.IsNaN(logRatio) {
			logRatio = math.Log(pts[idx].Value / pts[idx-1].Value)
		}
		return segmentValue(pts[idx-1], pts[idx], t, logRatio)
	}
}

// Filler returns a function that fills dst with the envelope at clock.At(k0), clock.At(k0+1), …
// for successive, increasing blocks: the block form of Evaluator used by the renderers. Inside
// an exponential segment it multiplies by the per-frame ratio instead of calling exp each frame
// (recomputed exactly at each block start), which agrees with At to ~1e-12 relative — far
// inside the 1e-6 tolerance against the SDK — at a fraction of the cost.
func (e Envelope) Filler(clock Clock) func(dst []float64, k0 int) {
	if e.IsConst() {
		c := e.Const
		return func(dst []float64, _ int) {
			for i := range dst {
				dst[i] = c
			}
		}
	}
	pts := e.Points
	idx := 0
	// Segment by segment: find the segment of the next sample, then fill the run of samples
	// that stay in it with that segment's own loop (no search or switch per sample).
	return func(dst []float64, k0 int) {
		i := 0
		for i < len(dst) {
			t := clock.At(k0 + i)
			for idx < len(pts) && pts[idx].Time <= t {
				idx++
			}
			switch {
			case idx == len(pts):
				v := pts[len(pts)-1].Value
				for ; i < len(dst); i++ {
					dst[i] = v
				}
			case idx == 0:
				i = fillHold(dst, i, k0, clock, pts[0].Value, pts[0].Time)
			default:
				p, q := pts[idx-1], pts[idx]
				// The run ends at the first sample at or after q.Time: found once (clock.At
				// increases with k, so it is the first the per-sample test would stop at), not
				// by a division and a comparison per sample.
				end := runEnd(clock, k0, i, len(dst), q.Time)
				switch {
				case q.Curve == "exponential" && p.Value != 0 && q.Value != 0 && (p.Value < 0) == (q.Value < 0):
					// Anchored exactly at the run's first sample (so at least once per block),
					// then the per-frame ratio.
					logRatio := math.Log(q.Value / p.Value)
					v := segmentValue(p, q, t, logRatio)
					r := math.Exp(logRatio / ((q.Time - p.Time) * clock.Rate))
					dst[i] = v
					for i++; i < end; i++ {
						v *= r
						dst[i] = v
					}
				case q.Curve == "exponential" || q.Curve == "step":
					for ; i < end; i++ {
						dst[i] = p.Value
					}
				default:
					v0, dv, t0, dt := p.Value, q.Value-p.Value, p.Time, q.Time-p.Time
					for ; i < end; i++ {
						t := clock.At(k0 + i)
						dst[i] = v0 + float64(dv*((t-t0)/dt))
					}
				}
			}
		}
	}
}

// runEnd is the first j in (i, n] with clock.At(k0+j) ≥ until, n when none: sample i is known to
// be before until, and clock.At is non-decreasing in k (an exact integer over the rate, minus
// the start: both correctly rounded, so monotone), so it is where the per-sample test
// `clock.At(k0+j) < until` first fails.
func runEnd(clock Clock, k0, i, n int, until float64) int {
	guess := i + 1
	if g := (until+clock.Start)*clock.Rate - float64(clock.From+k0); g > float64(guess) {
		guess = int(math.Min(g, float64(n)))
	}
	return i + 1 + firstFrom(func(j int) bool { return clock.At(k0+i+1+j) >= until }, guess-i-1, n-i-1)
}

// fillHold writes v from dst[i] while the sample's time is before `until`, returning the index
// reached (at least i+1: the caller found sample i inside the run).
func fillHold(dst []float64, i, k0 int, clock Clock, v, until float64) int {
	dst[i] = v
	for i++; i < len(dst) && clock.At(k0+i) < until; i++ {
		dst[i] = v
	}
	return i
}
