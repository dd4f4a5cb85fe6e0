package fdlibm

import "math"

const (
	two54 = 1.80143985094819840000e+16 // 0x43500000, 0x00000000
	lg1   = 6.666666666666735130e-01   // 3FE55555 55555593
	lg2   = 3.999999999940941908e-01   // 3FD99999 9997FA04
	lg3   = 2.857142874366239149e-01   // 3FD24924 94229359
	lg4   = 2.222219843214978396e-01   // 3FCC71C5 1D8E78AF
	lg5   = 1.818357216161805012e-01   // 3FC74664 96CB03DE
	lg6   = 1.531383769920937332e-01   // 3FC39A09 D078C69F
	lg7   = 1.479819860511658591e-01   // 3FC2F112 DF3E5244
)

func withHigh(x float64, hi uint32) float64 {
	return math.Float64frombits(uint64(hi)<<32 | math.Float64bits(x)&0xffffffff)
}

// Log is fdlibm's e_log.c, as V8 has it.
func Log(x float64) float64 {
	hx := int32(high(x))
	lx := low(x)
	k := int32(0)
	if hx < 0x00100000 { // x < 2^-1022
		if (hx&0x7fffffff)|int32(lx) == 0 {
			return math.Inf(-1)
		}
		if hx < 0 {
			return math.NaN()
		}
		k -= 54
		x = float64(x * two54)
		hx = int32(high(x))
	}
	if hx >= 0x7ff00000 {
		return x + x
	}
	k += (hx >> 20) - 1023
	hx &= 0x000fffff
	i := (hx + 0x95f64) & 0x100000
	x = withHigh(x, uint32(hx|(i^0x3ff00000))) // normalize x or x/2
	k += i >> 20
	f := x - 1.0
	if (0x000fffff & (2 + hx)) < 3 { // |f| < 2^-20
		if f == 0 {
			if k == 0 {
				return 0
			}
			dk := float64(k)
			return float64(dk*ln2Hi) + float64(dk*ln2Lo)
		}
		r := float64(float64(f*f) * (0.5 - float64(0.33333333333333333*f)))
		if k == 0 {
			return f - r
		}
		dk := float64(k)
		return float64(dk*ln2Hi) - ((r - float64(dk*ln2Lo)) - f)
	}
	s := f / (2.0 + f)
	dk := float64(k)
	z := float64(s * s)
	i = hx - 0x6147a
	w := float64(z * z)
	j := 0x6b851 - hx
	t1 := lg4 + float64(w*lg6)
	t1 = lg2 + float64(w*t1)
	t1 = float64(w * t1)
	t2 := lg5 + float64(w*lg7)
	t2 = lg3 + float64(w*t2)
	t2 = lg1 + float64(w*t2)
	t2 = float64(z * t2)
	i |= j
	r := t2 + t1
	if i > 0 {
		hfsq := float64(float64(0.5*f) * f)
		if k == 0 {
			return f - (hfsq - float64(s*(hfsq+r)))
		}
		return float64(dk*ln2Hi) - ((hfsq - (float64(s*(hfsq+r)) + float64(dk*ln2Lo))) - f)
	}
	if k == 0 {
		return f - float64(s*(f-r))
	}
	return float64(dk*ln2Hi) - ((float64(s*(f-r)) - float64(dk*ln2Lo)) - f)
}

// Log10 is V8's log10 (fdlibm's e_log10.c).
func Log10(x float64) float64 {
	const (
		ivln10   = 4.34294481903251816668e-01
		log102Hi = 3.01029995663611771306e-01 // 0x3FD34413, 0x509F6000
		log102Lo = 3.69423907715893078616e-13 // 0x3D59FEF3, 0x11F12B36
	)
	hx := int32(high(x))
	lx := low(x)
	k := int32(0)
	if hx < 0x00100000 {
		if (hx&0x7fffffff)|int32(lx) == 0 {
			return math.Inf(-1)
		}
		if hx < 0 {
			return math.NaN()
		}
		k -= 54
		x = float64(x * two54)
		hx = int32(high(x))
	}
	if hx >= 0x7ff00000 {
		return x + x
	}
	if hx == 0x3ff00000 && low(x) == 0 {
		return 0
	}
	k += (hx >> 20) - 1023
	i := int32((uint32(k) & 0x80000000) >> 31)
	hx = (hx & 0x000fffff) | ((0x3ff - i) << 20)
	y := float64(k + i)
	x = withHigh(x, uint32(hx))
	z := float64(y*log102Lo) + float64(ivln10*Log(x))
	return z + float64(y*log102Hi)
}

// Log2 is V8's log2 (FreeBSD's e_log2.c).
func Log2(x float64) float64 {
	const (
		ivln2Hi = 1.44269504072144627571e+00 // 0x3ff71547, 0x65200000
		ivln2Lo = 1.67517131648865118353e-10 // 0x3de705fc, 0x2eefa200
	)
	hx := int32(high(x))
	lx := low(x)
	k := int32(0)
	if hx < 0x00100000 {
		if (hx&0x7fffffff)|int32(lx) == 0 {
			return math.Inf(-1)
		}
		if hx < 0 {
			return math.NaN()
		}
		k -= 54
		x = float64(x * two54)
		hx = int32(high(x))
	}
	if hx >= 0x7ff00000 {
		return x + x
	}
	if hx == 0x3ff00000 && lx == 0 {
		return 0
	}
	k += (hx >> 20) - 1023
	hx &= 0x000fffff
	i := (hx + 0x95f64) & 0x100000
	x = withHigh(x, uint32(hx|(i^0x3ff00000)))
	k += i >> 20
	y := float64(k)
	f := x - 1.0
	hfsq := float64(float64(0.5*f) * f)
	r := kLog1p(f)
	hi := f - hfsq
	hi = math.Float64frombits(math.Float64bits(hi) &^ 0xffffffff)
	lo := (f - hi) - hfsq + r
	valHi := float64(hi * ivln2Hi)
	valLo := float64((lo+hi)*ivln2Lo) + float64(lo*ivln2Hi)
	w := y + valHi
	valLo += (y - w) + valHi
	valHi = w
	return valLo + valHi
}

// kLog1p is fdlibm's k_log1p: log(1+f) - f + f*f/2, for f in [sqrt(2)/2-1, sqrt(2)-1].
func kLog1p(f float64) float64 {
	s := f / (2.0 + f)
	z := float64(s * s)
	w := float64(z * z)
	t1 := lg4 + float64(w*lg6)
	t1 = lg2 + float64(w*t1)
	t1 = float64(w * t1)
	t2 := lg5 + float64(w*lg7)
	t2 = lg3 + float64(w*t2)
	t2 = lg1 + float64(w*t2)
	t2 = float64(z * t2)
	r := t2 + t1
	hfsq := float64(float64(0.5*f) * f)
	return float64(s * (hfsq + r))
}
