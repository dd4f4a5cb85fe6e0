package fdlibm

import "math"

// Log1p is fdlibm's s_log1p.c (Go's math.Log1p is the same port, here with every product
// rounded, so that no platform fuses them).
func Log1p(x float64) float64 {
	const (
		sqrt2M1     = 4.142135623730950488017e-01  // 0x3fda827999fcef34
		sqrt2HalfM1 = -2.928932188134524755992e-01 // 0xbfd2bec333018866
		small       = 1.0 / (1 << 29)
		tiny54      = 1.0 / (1 << 54)
		two53       = 1 << 53
	)
	switch {
	case x < -1 || math.IsNaN(x):
		return math.NaN()
	case x == -1:
		return math.Inf(-1)
	case math.IsInf(x, 1):
		return math.Inf(1)
	}
	absx := math.Abs(x)
	var f float64
	var iu uint64
	k := 1
	if absx < sqrt2M1 {
		if absx < small {
			if absx < tiny54 {
				return x
			}
			return x - float64(float64(x*x)*0.5)
		}
		if x > sqrt2HalfM1 {
			k, f, iu = 0, x, 1
		}
	}
	var c float64
	if k != 0 {
		var u float64
		if absx < two53 {
			u = 1.0 + x
			iu = math.Float64bits(u)
			k = int((iu >> 52) - 1023)
			if k > 0 {
				c = 1.0 - (u - x)
			} else {
				c = x - (u - 1.0)
			}
			c /= u
		} else {
			u = x
			iu = math.Float64bits(u)
			k = int((iu >> 52) - 1023)
			c = 0
		}
		iu &= 0x000fffffffffffff
		if iu < 0x0006a09e667f3bcd {
			u = math.Float64frombits(iu | 0x3ff0000000000000)
		} else {
			k++
			u = math.Float64frombits(iu | 0x3fe0000000000000)
			iu = (0x0010000000000000 - iu) >> 2
		}
		f = u - 1.0
	}
	hfsq := float64(float64(0.5*f) * f)
	dk := float64(k)
	if iu == 0 { // |f| < 2^-20
		if f == 0 {
			if k == 0 {
				return 0
			}
			c += float64(dk * ln2Lo)
			return float64(dk*ln2Hi) + c
		}
		r := float64(hfsq * (1.0 - float64(0.66666666666666666*f)))
		if k == 0 {
			return f - r
		}
		return float64(dk*ln2Hi) - ((r - (float64(dk*ln2Lo) + c)) - f)
	}
	s := f / (2.0 + f)
	z := float64(s * s)
	r := lg6 + float64(z*lg7)
	r = lg5 + float64(z*r)
	r = lg4 + float64(z*r)
	r = lg3 + float64(z*r)
	r = lg2 + float64(z*r)
	r = lg1 + float64(z*r)
	r = float64(z * r)
	if k == 0 {
		return f - (hfsq - float64(s*(hfsq+r)))
	}
	return float64(dk*ln2Hi) - ((hfsq - (float64(s*(hfsq+r)) + (float64(dk*ln2Lo) + c))) - f)
}

const ln2 = 6.93147180559945286227e-01

// Asinh is fdlibm's s_asinh.c.
func Asinh(x float64) float64 {
	hx := high(x)
	ix := hx & 0x7fffffff
	if ix >= 0x7ff00000 {
		return x + x
	}
	if ix < 0x3e300000 { // |x| < 2^-28
		return x
	}
	var w float64
	switch {
	case ix > 0x41b00000: // |x| > 2^28
		w = Log(math.Abs(x)) + ln2
	case ix > 0x40000000: // 2^28 > |x| > 2
		t := math.Abs(x)
		w = Log(float64(2*t) + 1/(math.Sqrt(float64(x*x)+1)+t))
	default: // 2 > |x| > 2^-28
		t := float64(x * x)
		w = Log1p(math.Abs(x) + t/(1+math.Sqrt(1+t)))
	}
	if hx>>31 == 0 {
		return w
	}
	return -w
}

// Acosh is fdlibm's e_acosh.c.
func Acosh(x float64) float64 {
	hx := int32(high(x))
	switch {
	case hx < 0x3ff00000: // x < 1
		return math.NaN()
	case hx >= 0x41b00000: // x > 2^28
		if hx >= 0x7ff00000 {
			return x + x
		}
		return Log(x) + ln2
	case (uint32(hx)-0x3ff00000)|low(x) == 0:
		return 0
	case hx > 0x40000000: // 2^28 > x > 2
		t := float64(x * x)
		return Log(float64(2*x) - 1/(x+math.Sqrt(t-1)))
	}
	t := x - 1 // 1 < x < 2
	return Log1p(t + math.Sqrt(float64(2*t)+float64(t*t)))
}

// Atanh is fdlibm's e_atanh.c.
func Atanh(x float64) float64 {
	hx := high(x)
	ix := hx & 0x7fffffff
	if math.IsNaN(x) || ix > 0x3ff00000 || (ix == 0x3ff00000 && low(x) != 0) { // |x| > 1
		return math.NaN()
	}
	if ix == 0x3ff00000 {
		return x / 0
	}
	if ix < 0x3e300000 { // |x| < 2^-28
		return x
	}
	x = math.Abs(x)
	var t float64
	if ix < 0x3fe00000 { // |x| < 0.5
		t = x + x
		t = float64(0.5 * Log1p(t+float64(t*x)/(1-x)))
	} else {
		t = float64(0.5 * Log1p((x+x)/(1-x)))
	}
	if hx>>31 == 0 {
		return t
	}
	return -t
}
