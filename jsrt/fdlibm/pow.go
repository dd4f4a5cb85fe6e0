package fdlibm

// pow: fdlibm's e_pow.c as V8 has it (src/base/ieee754.cc, ieee754::legacy::pow), which V8 11
// computes both Math.pow and the ** operator with. Its special cases are JavaScript's, not C's:
// x ** NaN is NaN (also for x = 1), ±1 ** ±Infinity is NaN, x ** ±0 is 1 (also for x = NaN).
//
// Copyright (C) 1993 by Sun Microsystems, Inc. (see the package comment for the notice).

import "math"

const (
	powTwo53 = 9007199254740992.0 // 0x43400000, 0x00000000
	powHuge  = 1.0e300
	powTiny  = 1.0e-300
	// polynomial of (3/2)·(log(x) - 2s - 2/3·s^3)
	powL1 = 5.99999999999994648725e-01 // 0x3FE33333, 0x33333303
	powL2 = 4.28571428578550184252e-01 // 0x3FDB6DB6, 0xDB6FABFF
	powL3 = 3.33333329818377432918e-01 // 0x3FD55555, 0x518F264D
	powL4 = 2.72728123808534006489e-01 // 0x3FD17460, 0xA91D4101
	powL5 = 2.30660745775561754067e-01 // 0x3FCD864A, 0x93C9DB65
	powL6 = 2.06975017800338417784e-01 // 0x3FCA7E28, 0x4A454EEF

	powLg2   = 6.93147180559945286227e-01  // 0x3FE62E42, 0xFEFA39EF
	powLg2H  = 6.93147182464599609375e-01  // 0x3FE62E43, 0x00000000
	powLg2L  = -1.90465429995776804525e-09 // 0xBE205C61, 0x0CA86C39
	powOvt   = 8.0085662595372944372e-17   // -(1024-log2(ovfl+.5ulp))
	powCp    = 9.61796693925975554329e-01  // 0x3FEEC709, 0xDC3A03FD = 2/(3 ln2)
	powCpH   = 9.61796700954437255859e-01  // 0x3FEEC709, 0xE0000000 = (float)cp
	powCpL   = -7.02846165095275826516e-09 // 0xBE3E2FE0, 0x145B01F5 = tail of cp_h
	powIvln2 = 1.44269504088896338700e+00  // 0x3FF71547, 0x652B82FE = 1/ln2
	// 1/ln2 in 24 bits and its tail
	powIvln2H = 1.44269502162933349609e+00 // 0x3FF71547, 0x60000000
	powIvln2L = 1.92596299112661746887e-08 // 0x3E54AE0B, 0xF85DDF44
)

var (
	powBp  = [2]float64{1.0, 1.5}
	powDpH = [2]float64{0.0, 5.84962487220764160156e-01} // 0x3FE2B803, 0x40000000
	powDpL = [2]float64{0.0, 1.35003920212974897128e-08} // 0x3E4CFDEB, 0x43CFD006
)

// withLowZero is x with its low 32 bits cleared (SET_LOW_WORD(x, 0)).
func withLowZero(x float64) float64 { return highWord(x) }

// fromHigh is the double whose high word is hi and low word 0.
func fromHigh(hi uint32) float64 { return math.Float64frombits(uint64(hi) << 32) }

// Pow is x ** y as V8 computes it (Math.pow and the ** operator alike): fdlibm's pow with
// JavaScript's special cases. With x = 2^k·(1+f), it computes log2(x) in two pieces, then
// y·log2(x) = n + y' in simulated extra precision (|y'| <= 0.5), then 2^n·exp(y'·ln2).
func Pow(x, y float64) float64 {
	hx, lx := int32(high(x)), low(x)
	hy, ly := int32(high(y)), low(y)
	ix, iy := hx&0x7fffffff, hy&0x7fffffff

	if iy|int32(ly) == 0 { // x ** ±0 is 1, NaN ** 0 too
		return 1
	}
	if ix > 0x7ff00000 || (ix == 0x7ff00000 && lx != 0) || iy > 0x7ff00000 || (iy == 0x7ff00000 && ly != 0) {
		return math.NaN() // NaN ** y, x ** NaN (1 ** NaN too)
	}

	// yisint: 0 y is not an integer, 1 an odd integer, 2 an even one (only when x < 0)
	yisint := 0
	if hx < 0 {
		if iy >= 0x43400000 {
			yisint = 2 // |y| >= 2^53: even
		} else if iy >= 0x3ff00000 {
			k := (iy >> 20) - 0x3ff // exponent
			if k > 20 {
				j := ly >> uint(52-k)
				if j<<uint(52-k) == ly {
					yisint = 2 - int(j&1)
				}
			} else if ly == 0 {
				j := iy >> uint(20-k)
				if j<<uint(20-k) == iy {
					yisint = 2 - int(j&1)
				}
			}
		}
	}

	// special values of y
	if ly == 0 {
		if iy == 0x7ff00000 { // y is ±Infinity
			switch {
			case (ix-0x3ff00000)|int32(lx) == 0:
				return math.NaN() // ±1 ** ±Infinity is NaN in JavaScript
			case ix >= 0x3ff00000: // |x| > 1
				if hy >= 0 {
					return y
				}
				return 0
			default: // |x| < 1
				if hy < 0 {
					return -y
				}
				return 0
			}
		}
		if iy == 0x3ff00000 { // y is ±1
			if hy < 0 {
				return 1 / x
			}
			return x
		}
		if hy == 0x40000000 { // y is 2
			return float64(x * x)
		}
		if hy == 0x3fe00000 && hx >= 0 { // y is 0.5, x >= +0
			return math.Sqrt(x)
		}
	}

	ax := math.Abs(x)
	// special values of x: ±0, ±Infinity, ±1
	if lx == 0 && (ix == 0x7ff00000 || ix == 0 || ix == 0x3ff00000) {
		z := ax
		if hy < 0 {
			z = 1 / z
		}
		if hx < 0 {
			if (ix-0x3ff00000)|int32(yisint) == 0 {
				z = math.NaN() // (-1) ** non-integer
			} else if yisint == 1 {
				z = -z // (x<0) ** odd = -(|x| ** odd)
			}
		}
		return z
	}

	n := (hx >> 31) + 1 // 0 for x < 0
	if n|int32(yisint) == 0 {
		return math.NaN() // (x<0) ** non-integer
	}
	s := 1.0 // sign of the result
	if n|int32(yisint-1) == 0 {
		s = -1 // (x<0) ** odd integer
	}

	var t1, t2 float64
	if iy > 0x41e00000 { // |y| > 2^31
		if iy > 0x43f00000 { // |y| > 2^64: must over- or underflow
			if ix <= 0x3fefffff {
				if hy < 0 {
					return math.Inf(1)
				}
				return 0
			}
			if ix >= 0x3ff00000 {
				if hy > 0 {
					return math.Inf(1)
				}
				return 0
			}
		}
		// over- or underflow if x is not close to one
		if ix < 0x3fefffff {
			if hy < 0 {
				return s * math.Inf(1)
			}
			return s * 0
		}
		if ix > 0x3ff00000 {
			if hy > 0 {
				return s * math.Inf(1)
			}
			return s * 0
		}
		// |1-x| <= 2^-20: log(x) by x - x^2/2 + x^3/3 - x^4/4
		t := ax - 1 // 20 trailing zeros
		w := float64(float64(t*t) * (0.5 - float64(t*(0.3333333333333333333333-float64(t*0.25)))))
		u := float64(powIvln2H * t) // ivln2_h has 21 significant bits
		v := float64(t*powIvln2L) - float64(w*powIvln2)
		t1 = withLowZero(u + v)
		t2 = v - (t1 - u)
	} else {
		t1, t2 = powLog2(ax, ix)
	}

	// split y into y1+y2 and compute (y1+y2)·(t1+t2)
	y1 := withLowZero(y)
	pl := float64((y-y1)*t1) + float64(y*t2)
	ph := float64(y1 * t1)
	z := pl + ph
	j, i := int32(high(z)), low(z)
	if j >= 0x40900000 { // z >= 1024
		if (j-0x40900000)|int32(i) != 0 || pl+powOvt > z-ph {
			return s * math.Inf(1) // overflow
		}
	} else if j&0x7fffffff >= 0x4090cc00 { // z <= -1075
		if (uint32(j)-0xc090cc00)|i != 0 || pl <= z-ph {
			return s * 0 // underflow
		}
	}
	return s * powExp2(ph, pl, j)
}

// powLog2 is log2(ax) = t1 + t2, t1 with 29 trailing zero bits, for |y| <= 2^31 (ix is ax's
// high word).
func powLog2(ax float64, ix int32) (t1, t2 float64) {
	n := int32(0)
	if ix < 0x00100000 { // subnormal
		ax = float64(ax * powTwo53)
		n -= 53
		ix = int32(high(ax))
	}
	n += (ix >> 20) - 0x3ff
	j := ix & 0x000fffff
	ix = j | 0x3ff00000 // normalize
	k := 0
	switch {
	case j <= 0x3988e: // |x| < sqrt(3/2)
	case j < 0xbb67a: // |x| < sqrt(3)
		k = 1
	default:
		n++
		ix -= 0x00100000
	}
	ax = withHigh(ax, uint32(ix))

	// ss = s_h + s_l = (x-1)/(x+1) or (x-1.5)/(x+1.5)
	u := ax - powBp[k]
	v := 1 / (ax + powBp[k])
	ss := float64(u * v)
	sh := withLowZero(ss)
	th := fromHigh(uint32((ix>>1)|0x20000000) + 0x00080000 + uint32(k<<18)) // ax+bp[k], high part
	tl := ax - (th - powBp[k])
	sl := float64(v * ((u - float64(sh*th)) - float64(sh*tl)))
	// log(ax)
	s2 := float64(ss * ss)
	r := powL5 + float64(s2*powL6)
	r = powL4 + float64(s2*r)
	r = powL3 + float64(s2*r)
	r = powL2 + float64(s2*r)
	r = powL1 + float64(s2*r)
	r = float64(float64(s2*s2) * r)
	r += float64(sl * (sh + ss))
	s2 = float64(sh * sh)
	th = withLowZero(3.0 + s2 + r)
	tl = r - ((th - 3.0) - s2)
	// u+v = ss·(1+…)
	u = float64(sh * th)
	v = float64(sl*th) + float64(tl*ss)
	// 2/(3 log2)·(ss+…)
	ph := withLowZero(u + v)
	pl := v - (ph - u)
	zh := float64(powCpH * ph) // cp_h+cp_l = 2/(3 log2)
	zl := float64(powCpL*ph) + float64(pl*powCp) + powDpL[k]
	// log2(ax) = (ss+…)·2/(3 log2) = n + dp_h + z_h + z_l
	t := float64(n)
	t1 = withLowZero(((zh + zl) + powDpH[k]) + t)
	t2 = zl - (((t1 - t) - powDpH[k]) - zh)
	return t1, t2
}

// powExp2 is 2^(ph+pl), j being the high word of ph+pl, which is within the range of a
// finite, non-zero result (or about).
func powExp2(ph, pl float64, j int32) float64 {
	i := j & 0x7fffffff
	k := (i >> 20) - 0x3ff
	n := int32(0)
	if i > 0x3fe00000 { // |z| > 0.5: n = [z+0.5]
		n = j + (0x00100000 >> uint(k+1))
		k = ((n & 0x7fffffff) >> 20) - 0x3ff // new k for n
		t := fromHigh(uint32(n) &^ (0x000fffff >> uint(k)))
		n = ((n & 0x000fffff) | 0x00100000) >> uint(20-k)
		if j < 0 {
			n = -n
		}
		ph -= t
	}
	t := withLowZero(pl + ph)
	u := float64(t * powLg2H)
	v := float64((pl-(t-ph))*powLg2) + float64(t*powLg2L)
	z := u + v
	w := v - (z - u)
	t = float64(z * z)
	t1 := expP4 + float64(t*expP5)
	t1 = expP3 + float64(t*t1)
	t1 = expP2 + float64(t*t1)
	t1 = expP1 + float64(t*t1)
	t1 = z - float64(t*t1)
	r := float64(z*t1) / ((t1 - 2) - (w + float64(z*w)))
	z = 1 - (r - z)
	hz := int32(high(z)) + int32(uint32(n)<<20)
	if hz>>20 <= 0 {
		return math.Ldexp(z, int(n)) // subnormal result
	}
	return withHigh(z, uint32(hz))
}
