package fdlibm

// sin, cos and tan: fdlibm's s_sin.c, s_cos.c, s_tan.c and their kernels k_sin.c, k_cos.c,
// k_tan.c as V8 11 has them (src/base/ieee754.cc; V8 switched sin and cos to a port of glibc's
// only later, behind V8_USE_LIBM_TRIG_FUNCTIONS, which Node 20's V8 11.3 does not have: its
// results are these, bit for bit, testdata/v8.txt).
//
// Copyright (C) 1993 by Sun Microsystems, Inc. (see the package comment for the notice).

import "math"

const (
	sinS1 = -1.66666666666666324348e-01 // 0xBFC55555, 0x55555549
	sinS2 = 8.33333333332248946124e-03  // 0x3F811111, 0x1110F8A6
	sinS3 = -1.98412698298579493134e-04 // 0xBF2A01A0, 0x19C161D5
	sinS4 = 2.75573137070700676789e-06  // 0x3EC71DE3, 0x57B1FE7D
	sinS5 = -2.50507602534068634195e-08 // 0xBE5AE5E6, 0x8A2B9CEB
	sinS6 = 1.58969099521155010221e-10  // 0x3DE5D93A, 0x5ACFD57C

	cosC1 = 4.16666666666666019037e-02  // 0x3FA55555, 0x5555554C
	cosC2 = -1.38888888888741095749e-03 // 0xBF56C16C, 0x16C15177
	cosC3 = 2.48015872894767294178e-05  // 0x3EFA01A0, 0x19CB1590
	cosC4 = -2.75573143513906633035e-07 // 0xBE927E4F, 0x809C52AD
	cosC5 = 2.08757232129817482790e-09  // 0x3E21EE9E, 0xBDB4B1C4
	cosC6 = -1.13596475577881948265e-11 // 0xBDA8FAE9, 0xBE8838D4
)

// kernelSin is sin(x+y) on [-π/4, π/4], y the tail of x (0 when iy is 0): __kernel_sin.
func kernelSin(x, y float64, iy int) float64 {
	if high(x)&0x7fffffff < 0x3e400000 { // |x| < 2^-27
		return x
	}
	z := float64(x * x)
	v := float64(z * x)
	r := sinS5 + float64(z*sinS6)
	r = sinS4 + float64(z*r)
	r = sinS3 + float64(z*r)
	r = sinS2 + float64(z*r)
	if iy == 0 {
		return x + float64(v*(sinS1+float64(z*r)))
	}
	return x - ((float64(z*(float64(0.5*y)-float64(v*r))) - y) - float64(v*sinS1))
}

// kernelCos is cos(x+y) on [-π/4, π/4], y the tail of x: __kernel_cos.
func kernelCos(x, y float64) float64 {
	ix := high(x) & 0x7fffffff
	if ix < 0x3e400000 { // |x| < 2^-27
		return 1
	}
	z := float64(x * x)
	r := cosC5 + float64(z*cosC6)
	r = cosC4 + float64(z*r)
	r = cosC3 + float64(z*r)
	r = cosC2 + float64(z*r)
	r = cosC1 + float64(z*r)
	r = float64(z * r)
	if ix < 0x3fd33333 { // |x| < 0.3
		return 1 - (float64(0.5*z) - (float64(z*r) - float64(x*y)))
	}
	var qx float64
	if ix > 0x3fe90000 { // |x| > 0.78125
		qx = 0.28125
	} else {
		qx = math.Float64frombits(uint64(ix-0x00200000) << 32) // |x|/4, low word cleared
	}
	hz := float64(0.5*z) - qx
	a := 1 - qx
	return a - (hz - (float64(z*r) - float64(x*y)))
}

// tanT: the odd polynomial of tan on [0, 0.67434].
var tanT = [13]float64{
	3.33333333333334091986e-01,  // 3FD55555, 55555563
	1.33333333333201242699e-01,  // 3FC11111, 1110FE7A
	5.39682539762260521377e-02,  // 3FABA1BA, 1BB341FE
	2.18694882948595424599e-02,  // 3F9664F4, 8406D637
	8.86323982359930005737e-03,  // 3F8226E3, E96E8493
	3.59207910759131235356e-03,  // 3F6D6D22, C9560328
	1.45620945432529025516e-03,  // 3F57DBC8, FEE08315
	5.88041240820264096874e-04,  // 3F4344D8, F2F26501
	2.46463134818469906812e-04,  // 3F3026F7, 1A8D1068
	7.81794442939557092300e-05,  // 3F147E88, A03792A6
	7.14072491382608190305e-05,  // 3F12B80F, 32F0A7E9
	-1.85586374855275456654e-05, // BEF375CB, DB605373
	2.59073051863633712884e-05,  // 3EFB2A70, 74BF7AD4
}

const (
	pio4   = 7.85398163397448278999e-01 // 3FE921FB, 54442D18
	pio4lo = 3.06161699786838301793e-17 // 3C81A626, 33145C07
)

// kernelTan is tan(x+y) (iy 1) or -1/tan(x+y) (iy -1) on [-π/4, π/4]: __kernel_tan, the
// fdlibm 5.3 version V8 has.
func kernelTan(x, y float64, iy int) float64 {
	hx := int32(high(x))
	ix := uint32(hx) & 0x7fffffff
	if ix < 0x3e300000 { // |x| < 2^-28
		if ix|low(x) == 0 && iy == -1 {
			return 1 / math.Abs(x)
		}
		if iy == 1 {
			return x
		}
		return negInverse(x, y, x+y)
	}
	if ix >= 0x3fe59428 { // |x| >= 0.6744: tan(π/4 - x')
		if hx < 0 {
			x, y = -x, -y
		}
		z := pio4 - x
		w := pio4lo - y
		x = z + w
		y = 0
	}
	z := float64(x * x)
	w := float64(z * z)
	// x^5·(T[1]+x^4·T[3]+…+x^20·T[11]) + x^5·(x^2·(T[2]+x^4·T[4]+…+x^22·T[12]))
	r := tanT[9] + float64(w*tanT[11])
	r = tanT[7] + float64(w*r)
	r = tanT[5] + float64(w*r)
	r = tanT[3] + float64(w*r)
	r = tanT[1] + float64(w*r)
	v := tanT[10] + float64(w*tanT[12])
	v = tanT[8] + float64(w*v)
	v = tanT[6] + float64(w*v)
	v = tanT[4] + float64(w*v)
	v = tanT[2] + float64(w*v)
	v = float64(z * v)
	s := float64(z * x)
	r = y + float64(z*(float64(s*(r+v))+y))
	r += float64(tanT[0] * s)
	w = x + r
	if ix >= 0x3fe59428 {
		v = float64(iy)
		sign := float64(1 - (hx>>30)&2) // 1 or -1, from x's sign before it was flipped
		return float64(sign * (v - float64(2.0*(x-(float64(w*w)/(w+v)-r)))))
	}
	if iy == 1 {
		return w
	}
	return negInverse(x, r, w)
}

// negInverse is -1/w for w = x+r, computed carefully (to under 1 ulp) from x and r.
func negInverse(x, r, w float64) float64 {
	z := highWord(w)
	v := r - (z - x) // z+v = r+x
	a := -1 / w
	t := highWord(a)
	s := 1 + float64(t*z)
	return t + float64(a*(s+float64(t*v)))
}

// Sin is fdlibm's sin, as V8 11 has it.
func Sin(x float64) float64 {
	ix := high(x) & 0x7fffffff
	if ix <= 0x3fe921fb { // |x| ~<= π/4
		return kernelSin(x, 0, 0)
	}
	if ix >= 0x7ff00000 { // Inf or NaN
		return math.NaN()
	}
	n, y0, y1 := remPio2(x)
	switch n & 3 {
	case 0:
		return kernelSin(y0, y1, 1)
	case 1:
		return kernelCos(y0, y1)
	case 2:
		return -kernelSin(y0, y1, 1)
	default:
		return -kernelCos(y0, y1)
	}
}

// Cos is fdlibm's cos, as V8 11 has it.
func Cos(x float64) float64 {
	ix := high(x) & 0x7fffffff
	if ix <= 0x3fe921fb {
		return kernelCos(x, 0)
	}
	if ix >= 0x7ff00000 {
		return math.NaN()
	}
	n, y0, y1 := remPio2(x)
	switch n & 3 {
	case 0:
		return kernelCos(y0, y1)
	case 1:
		return -kernelSin(y0, y1, 1)
	case 2:
		return -kernelCos(y0, y1)
	default:
		return kernelSin(y0, y1, 1)
	}
}

// Tan is fdlibm's tan, as V8 11 has it.
func Tan(x float64) float64 {
	ix := high(x) & 0x7fffffff
	if ix <= 0x3fe921fb {
		return kernelTan(x, 0, 1)
	}
	if ix >= 0x7ff00000 {
		return math.NaN()
	}
	n, y0, y1 := remPio2(x)
	return kernelTan(y0, y1, 1-int(n&1)<<1) // 1: n even; -1: n odd
}
