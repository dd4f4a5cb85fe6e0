package fdlibm

import (
	"math"
	"testing"
)

// TestPowJavaScript: Pow has the special cases of JavaScript's ** and Math.pow (ECMA-262
// Number::exponentiate), not C's pow (which Go's math.Pow follows): the lead routes goja's **
// operator here, so these are the operator's semantics too.
func TestPowJavaScript(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	negZero := math.Copysign(0, -1)
	for _, c := range []struct {
		x, y, want float64
		why        string
	}{
		{1, nan, nan, "an exponent NaN is NaN, even for base 1 (C: 1)"},
		{nan, 0, 1, "an exponent ±0 is 1, even for base NaN"},
		{nan, negZero, 1, "an exponent ±0 is 1, even for base NaN"},
		{1, inf, nan, "1 ** Infinity is NaN (C: 1)"},
		{1, -inf, nan, "1 ** -Infinity is NaN (C: 1)"},
		{-1, inf, nan, "-1 ** Infinity is NaN (C: 1)"},
		{-1, -inf, nan, "-1 ** -Infinity is NaN (C: 1)"},
		{nan, 1, nan, "a base NaN is NaN for any other exponent"},
		{-8, 1.0 / 3, nan, "a negative finite base with a non-integer exponent is NaN"},
		{-8, 3, -512, "a negative base with an odd integer exponent is negative"},
		{-2, -1, -0.5, "base ** -1 is 1/base"},
		{negZero, -1, -inf, "-0 ** odd negative integer is -Infinity"},
		{negZero, -2, inf, "-0 ** even negative integer is +Infinity"},
		{negZero, 3, negZero, "-0 ** odd positive integer is -0"},
		{negZero, 0.5, 0, "-0 ** 0.5 is +0, not sqrt(-0)"},
		{-inf, 0.5, inf, "-Infinity ** 0.5 is +Infinity, not sqrt(-Infinity)"},
		{-inf, -1, negZero, "-Infinity ** -1 is -0"},
		{-inf, 3, -inf, "-Infinity ** odd is -Infinity"},
		{0.5, inf, 0, "|base| < 1 ** Infinity is +0"},
		{0.5, -inf, inf, "|base| < 1 ** -Infinity is +Infinity"},
		{2, 1024, inf, "overflow is +Infinity"},
		{-2, 1025, -inf, "overflow with an odd exponent is -Infinity"},
		{2, -1074, 5e-324, "the smallest subnormal is exact"},
		{2, -1075, 0, "underflow is +0"},
		{-2, -1075, negZero, "underflow with an odd exponent is -0"},
		{2, 0.5, math.Sqrt2, "x ** 0.5 is sqrt(x) for x >= +0"},
		{1.0000001, 1e15, inf, "|y| > 2^31 with x not near 1 overflows"},
	} {
		got := Pow(c.x, c.y)
		if math.Float64bits(got) != math.Float64bits(c.want) && !(math.IsNaN(got) && math.IsNaN(c.want)) {
			t.Errorf("Pow(%v, %v) = %v, want %v: %s", c.x, c.y, got, c.want, c.why)
		}
	}
}
