package fdlibm

import "math"

// Expm1 is fdlibm's expm1 (Go's math.Expm1 is the same port, but Go may fuse its products
// into FMAs on arm64: here every product is rounded, as in C).
func Expm1(x float64) float64 {
	const (
		oThreshold = 7.09782712893383973096e+02 // 0x40862E42FEFA39EF
		ln2X56     = 3.88162421113569373274e+01 // 0x4043687a9f1af2b1
		ln2HalfX3  = 1.03972077083991796413e+00 // 0x3ff0a2b23f3bab73
		ln2Half    = 3.46573590279972654709e-01 // 0x3fd62e42fefa39ef
		tiny54     = 1.0 / (1 << 54)
		q1         = -3.33333333333331316428e-02 // 0xBFA11111111110F4
		q2         = 1.58730158725481460165e-03  // 0x3F5A01A019FE5585
		q3         = -7.93650757867487942473e-05 // 0xBF14CE199EAADBB7
		q4         = 4.00821782732936239552e-06  // 0x3ED0CFCA86E65239
		q5         = -2.01099218183624371326e-07 // 0xBE8AFDB76E09C32D
	)
	switch {
	case math.IsInf(x, 1) || math.IsNaN(x):
		return x
	case math.IsInf(x, -1):
		return -1
	}
	absx, sign := x, false
	if x < 0 {
		absx, sign = -x, true
	}
	if absx >= ln2X56 {
		if sign {
			return -1
		}
		if absx >= oThreshold {
			return math.Inf(1)
		}
	}
	var c float64
	var k int
	switch {
	case absx > ln2Half:
		var hi, lo float64
		if absx < ln2HalfX3 {
			if !sign {
				hi, lo, k = x-ln2Hi, ln2Lo, 1
			} else {
				hi, lo, k = x+ln2Hi, -ln2Lo, -1
			}
		} else {
			if !sign {
				k = int(float64(invLn2*x) + 0.5)
			} else {
				k = int(float64(invLn2*x) - 0.5)
			}
			t := float64(k)
			hi = x - float64(t*ln2Hi)
			lo = float64(t * ln2Lo)
		}
		x = hi - lo
		c = (hi - x) - lo
	case absx < tiny54:
		return x
	}
	hfx := float64(0.5 * x)
	hxs := float64(x * hfx)
	r1 := q4 + float64(hxs*q5)
	r1 = q3 + float64(hxs*r1)
	r1 = q2 + float64(hxs*r1)
	r1 = q1 + float64(hxs*r1)
	r1 = 1 + float64(hxs*r1)
	t := 3 - float64(r1*hfx)
	e := float64(hxs * ((r1 - t) / (6.0 - float64(x*t))))
	if k == 0 {
		return x - (float64(x*e) - hxs)
	}
	e = float64(x*(e-c)) - c
	e -= hxs
	switch {
	case k == -1:
		return float64(0.5*(x-e)) - 0.5
	case k == 1:
		if x < -0.25 {
			return float64(-2 * (e - (x + 0.5)))
		}
		return 1 + float64(2*(x-e))
	case k <= -2 || k > 56:
		y := 1 - (e - x)
		y = math.Float64frombits(math.Float64bits(y) + uint64(k)<<52)
		return y - 1
	}
	if k < 20 {
		t := math.Float64frombits(0x3ff0000000000000 - (0x20000000000000 >> uint(k)))
		y := t - (e - x)
		return math.Float64frombits(math.Float64bits(y) + uint64(k)<<52)
	}
	t = math.Float64frombits(uint64(0x3ff-k) << 52)
	y := x - (e + t)
	y++
	return math.Float64frombits(math.Float64bits(y) + uint64(k)<<52)
}

const (
	logMaxD       = 709.7822265625
	sinhOverflow  = 710.4758600739439
	twoM28        = 3.725290298461914e-9
	hyperbolicBig = 22
)

// Sinh is V8's sinh (fdlibm's e_sinh.c).
func Sinh(x float64) float64 {
	h := 0.5
	if x < 0 {
		h = -0.5
	}
	ax := math.Abs(x)
	if ax < hyperbolicBig {
		if ax < twoM28 {
			return x
		}
		t := Expm1(ax)
		if ax < 1 {
			return float64(h * (float64(2.0*t) - float64(t*t)/(t+1.0)))
		}
		return float64(h * (t + t/(t+1.0)))
	}
	if ax < logMaxD {
		return float64(h * Exp(ax))
	}
	if ax <= sinhOverflow {
		w := Exp(float64(0.5 * ax))
		t := float64(h * w)
		return float64(t * w)
	}
	return float64(x * 1.0e307)
}

// Cosh is V8's cosh (fdlibm's e_cosh.c).
func Cosh(x float64) float64 {
	ix := high(x) & 0x7fffffff
	if ix < 0x3fd62e43 { // |x| < 0.5 ln2
		t := Expm1(math.Abs(x))
		w := 1 + t
		if ix < 0x3c800000 {
			return w
		}
		return 1 + float64(t*t)/(w+w)
	}
	if ix < 0x40360000 { // |x| < 22
		t := Exp(math.Abs(x))
		return float64(0.5*t) + 0.5/t
	}
	if ix < 0x40862e42 { // |x| < log(maxdouble)
		return float64(0.5 * Exp(math.Abs(x)))
	}
	if math.Abs(x) <= sinhOverflow {
		w := Exp(float64(0.5 * math.Abs(x)))
		t := float64(0.5 * w)
		return float64(t * w)
	}
	if ix >= 0x7ff00000 {
		return float64(x * x)
	}
	return math.Inf(1)
}

// Tanh is V8's tanh (fdlibm's s_tanh.c).
func Tanh(x float64) float64 {
	jx := high(x)
	ix := jx & 0x7fffffff
	if ix >= 0x7ff00000 { // ±Infinity, NaN
		if jx>>31 == 0 {
			return 1/x + 1
		}
		return 1/x - 1
	}
	var z float64
	if ix < 0x40360000 { // |x| < 22
		if ix < 0x3e300000 { // |x| < 2^-28
			return x
		}
		if ix >= 0x3ff00000 { // |x| >= 1
			t := Expm1(float64(2 * math.Abs(x)))
			z = 1 - 2/(t+2)
		} else {
			t := Expm1(float64(-2 * math.Abs(x)))
			z = -t / (t + 2)
		}
	} else {
		z = 1 // 1 - tiny, rounded
	}
	if jx>>31 == 0 {
		return z
	}
	return -z
}
