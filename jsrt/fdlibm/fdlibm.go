// Package fdlibm has the functions of fdlibm (Sun's Freely Distributable LIBM, as FreeBSD and
// musl carry it) that V8 computes Math's with (src/base/ieee754.cc): sin, cos, tan, atan, atan2,
// asin, acos, cbrt, exp, expm1, sinh, cosh, tanh, log, log10, log2, log1p, asinh, acosh, atanh
// and pow (also the ** operator's, in V8). Go's math package uses other algorithms or constants
// (Cephes; exp's P1; assembly on amd64) whose results differ from V8's in the last bit for up to
// a third of arguments (pow: 71 %), a difference a verdict comparing numbers exactly would show
// (docs/sdk.md, "The differential corpus"). atan, atan2, asin, acos and cbrt are ported from
// musl's C (src/math), the others from fdlibm's C as V8 11 has it; testdata/v8.txt holds V8's
// results, which every function gives bit for bit.
//
// Every product is written float64(a*b): Go may fuse a*b+c into one FMA on arm64 and other
// platforms, which rounds once where fdlibm rounds twice; the conversion forbids it (the Go
// spec, "Floating-point operators"), so the results are the same on every platform.
//
// ====================================================
// Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
//
// Developed at SunPro, a Sun Microsystems, Inc. business.
// Permission to use, copy, modify, and distribute this
// software is freely granted, provided that this notice
// is preserved.
// ====================================================
package fdlibm

import "math"

func high(x float64) uint32 { return uint32(math.Float64bits(x) >> 32) }
func low(x float64) uint32  { return uint32(math.Float64bits(x)) }

// tiny is 0x1p-120: added to a result to raise "inexact" in C; it does not change the value.
const tiny = 7.52316384526264e-37

var (
	atanHi = [4]float64{4.63647609000806093515e-01, 7.85398163397448278999e-01, 9.82793723247329054082e-01, 1.57079632679489655800e+00}
	atanLo = [4]float64{2.26987774529616870924e-17, 3.06161699786838301793e-17, 1.39033110312309984516e-17, 6.12323399573676603587e-17}
	aT     = [11]float64{
		3.33333333333329318027e-01, -1.99999999998764832476e-01, 1.42857142725034663711e-01, -1.11111104054623557880e-01,
		9.09088713343650656196e-02, -7.69187620504482999495e-02, 6.66107313738753120669e-02, -5.83357013379057348645e-02,
		4.97687799461593236017e-02, -3.65315727442169155270e-02, 1.62858201153657823623e-02,
	}
)

// Atan is fdlibm's atan.
func Atan(x float64) float64 {
	ix := high(x)
	sign := ix >> 31
	ix &= 0x7fffffff
	if ix >= 0x44100000 { // |x| >= 2^66
		if math.IsNaN(x) {
			return x
		}
		z := atanHi[3] + tiny
		if sign != 0 {
			return -z
		}
		return z
	}
	id := -1
	if ix < 0x3fdc0000 { // |x| < 0.4375
		if ix < 0x3e400000 { // |x| < 2^-27
			return x
		}
	} else {
		x = math.Abs(x)
		switch {
		case ix < 0x3fe60000: // 7/16 <= |x| < 11/16
			id = 0
			x = (float64(2*x) - 1) / (2 + x)
		case ix < 0x3ff30000: // 11/16 <= |x| < 19/16
			id = 1
			x = (x - 1) / (x + 1)
		case ix < 0x40038000: // |x| < 2.4375
			id = 2
			x = (x - 1.5) / (1 + float64(1.5*x))
		default: // 2.4375 <= |x| < 2^66
			id = 3
			x = -1 / x
		}
	}
	z := float64(x * x)
	w := float64(z * z)
	// The odd and even halves of the sum of aT[i]*z^(i+1).
	s1 := aT[8] + float64(w*aT[10])
	s1 = aT[6] + float64(w*s1)
	s1 = aT[4] + float64(w*s1)
	s1 = aT[2] + float64(w*s1)
	s1 = aT[0] + float64(w*s1)
	s1 = float64(z * s1)
	s2 := aT[7] + float64(w*aT[9])
	s2 = aT[5] + float64(w*s2)
	s2 = aT[3] + float64(w*s2)
	s2 = aT[1] + float64(w*s2)
	s2 = float64(w * s2)
	if id < 0 {
		return x - float64(x*(s1+s2))
	}
	z = atanHi[id] - (float64(x*(s1+s2)) - atanLo[id] - x)
	if sign != 0 {
		return -z
	}
	return z
}

const (
	pi   = 3.14159265358979311600e+00
	piLo = 1.22464679914735317723e-16
)

// Atan2 is fdlibm's atan2(y, x).
func Atan2(y, x float64) float64 {
	if math.IsNaN(x) || math.IsNaN(y) {
		return x + y
	}
	ix, lx := high(x), low(x)
	iy, ly := high(y), low(y)
	if (ix-0x3ff00000)|lx == 0 { // x = 1.0
		return Atan(y)
	}
	m := (iy>>31)&1 | (ix>>30)&2 // 2*sign(x) + sign(y)
	ix &= 0x7fffffff
	iy &= 0x7fffffff
	if iy|ly == 0 { // y = 0
		switch m {
		case 0, 1:
			return y
		case 2:
			return pi
		default:
			return -pi
		}
	}
	if ix|lx == 0 { // x = 0
		if m&1 != 0 {
			return -pi / 2
		}
		return pi / 2
	}
	if ix == 0x7ff00000 { // x is ±Infinity
		if iy == 0x7ff00000 {
			switch m {
			case 0:
				return pi / 4
			case 1:
				return -pi / 4
			case 2:
				return float64(3*pi) / 4
			default:
				return float64(-3*pi) / 4
			}
		}
		switch m {
		case 0:
			return 0
		case 1:
			return math.Copysign(0, -1)
		case 2:
			return pi
		default:
			return -pi
		}
	}
	if ix+(64<<20) < iy || iy == 0x7ff00000 { // |y/x| > 2^64
		if m&1 != 0 {
			return -pi / 2
		}
		return pi / 2
	}
	var z float64
	if m&2 != 0 && iy+(64<<20) < ix { // |y/x| < 2^-64, x < 0
		z = 0
	} else {
		z = Atan(math.Abs(y / x))
	}
	switch m {
	case 0:
		return z
	case 1:
		return -z
	case 2:
		return pi - (z - piLo)
	default:
		return z - piLo - pi
	}
}

const (
	pio2Hi = 1.57079632679489655800e+00
	pio2Lo = 6.12323399573676603587e-17
	pS0    = 1.66666666666666657415e-01
	pS1    = -3.25565818622400915405e-01
	pS2    = 2.01212532134862925881e-01
	pS3    = -4.00555345006794114027e-02
	pS4    = 7.91534994289814532176e-04
	pS5    = 3.47933107596021167570e-05
	qS1    = -2.40339491173441421878e+00
	qS2    = 2.02094576023350569471e+00
	qS3    = -6.88283971605453293030e-01
	qS4    = 7.70381505559019352791e-02
)

func rational(z float64) float64 {
	p := pS4 + float64(z*pS5)
	p = pS3 + float64(z*p)
	p = pS2 + float64(z*p)
	p = pS1 + float64(z*p)
	p = pS0 + float64(z*p)
	p = float64(z * p)
	q := qS3 + float64(z*qS4)
	q = qS2 + float64(z*q)
	q = qS1 + float64(z*q)
	q = 1 + float64(z*q)
	return p / q
}

// highWord is x with its low 32 bits cleared.
func highWord(x float64) float64 {
	return math.Float64frombits(math.Float64bits(x) >> 32 << 32)
}

// Asin is fdlibm's asin.
func Asin(x float64) float64 {
	hx := high(x)
	ix := hx & 0x7fffffff
	if ix >= 0x3ff00000 { // |x| >= 1 or NaN
		if (ix-0x3ff00000)|low(x) == 0 {
			return float64(x*pio2Hi) + tiny
		}
		return math.NaN()
	}
	if ix < 0x3fe00000 { // |x| < 0.5
		if ix < 0x3e500000 && ix >= 0x00100000 {
			return x
		}
		return x + float64(x*rational(float64(x*x)))
	}
	z := float64((1 - math.Abs(x)) * 0.5)
	s := math.Sqrt(z)
	r := rational(z)
	if ix >= 0x3fef3333 { // |x| > 0.975
		x = pio2Hi - (float64(2*(s+float64(s*r))) - pio2Lo)
	} else {
		f := highWord(s)
		c := (z - float64(f*f)) / (s + f)
		x = float64(0.5*pio2Hi) - (float64(float64(2*s)*r) - (pio2Lo - float64(2*c)) - (float64(0.5*pio2Hi) - float64(2*f)))
	}
	if hx>>31 != 0 {
		return -x
	}
	return x
}

// Acos is fdlibm's acos.
func Acos(x float64) float64 {
	hx := high(x)
	ix := hx & 0x7fffffff
	if ix >= 0x3ff00000 { // |x| >= 1 or NaN
		if (ix-0x3ff00000)|low(x) == 0 {
			if hx>>31 != 0 {
				return float64(2*pio2Hi) + tiny
			}
			return 0
		}
		return math.NaN()
	}
	if ix < 0x3fe00000 { // |x| < 0.5
		if ix <= 0x3c600000 { // |x| < 2^-57
			return pio2Hi + tiny
		}
		return pio2Hi - (x - (pio2Lo - float64(x*rational(float64(x*x)))))
	}
	if hx>>31 != 0 { // x < -0.5
		z := float64((1 + x) * 0.5)
		s := math.Sqrt(z)
		w := float64(rational(z)*s) - pio2Lo
		return float64(2 * (pio2Hi - (s + w)))
	}
	z := float64((1 - x) * 0.5) // x > 0.5
	s := math.Sqrt(z)
	df := highWord(s)
	c := (z - float64(df*df)) / (s + df)
	w := float64(rational(z)*s) + c
	return float64(2 * (df + w))
}

const (
	cbrtB1 = 715094163 // (1023-1023/3-0.03306235651)*2**20
	cbrtB2 = 696219795 // (1023-1023/3-54/3-0.03306235651)*2**20
	cbrtP0 = 1.87595182427177009643
	cbrtP1 = -1.88497979543377169875
	cbrtP2 = 1.621429720105354466140
	cbrtP3 = -0.758397934778766047437
	cbrtP4 = 0.145996192886612446982
)

// Cbrt is fdlibm's cbrt (FreeBSD's s_cbrt.c, as musl has it).
func Cbrt(x float64) float64 {
	bits := math.Float64bits(x)
	hx := uint32(bits>>32) & 0x7fffffff
	if hx >= 0x7ff00000 { // NaN, ±Infinity
		return x + x
	}
	if hx < 0x00100000 { // zero or subnormal
		bits = math.Float64bits(float64(x * 1.8014398509481984e+16)) // 0x1p54
		hx = uint32(bits>>32) & 0x7fffffff
		if hx == 0 {
			return x
		}
		hx = hx/3 + cbrtB2
	} else {
		hx = hx/3 + cbrtB1
	}
	bits &= 1 << 63
	bits |= uint64(hx) << 32
	t := math.Float64frombits(bits)
	r := float64(float64(t*t) * (t / x))
	t = float64(t * (cbrtP0 + float64(r*(cbrtP1+float64(r*cbrtP2))) + float64(float64(float64(r*r)*r)*(cbrtP3+float64(r*cbrtP4)))))
	t = math.Float64frombits((math.Float64bits(t) + 0x80000000) & 0xffffffffc0000000)
	s := float64(t * t)
	r = x / s
	w := t + t
	r = (r - t) / (w + r)
	return t + float64(t*r)
}
