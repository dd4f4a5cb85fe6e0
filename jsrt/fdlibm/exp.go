package fdlibm

import "math"

const (
	expOverflow  = 7.09782712893383973096e+02  // 0x40862E42, 0xFEFA39EF
	expUnderflow = -7.45133219101941108420e+02 // 0xc0874910, 0xD52D3051
	ln2Hi        = 6.93147180369123816490e-01  // 0x3fe62e42, 0xfee00000
	ln2Lo        = 1.90821492927058770002e-10  // 0x3dea39ef, 0x35793c76
	invLn2       = 1.44269504088896338700e+00  // 0x3ff71547, 0x652b82fe
	expP1        = 1.66666666666666019037e-01  // 0x3FC55555, 0x5555553E
	expP2        = -2.77777777770155933842e-03 // 0xBF66C16C, 0x16BEBD93
	expP3        = 6.61375632143793436117e-05  // 0x3F11566A, 0xAF25DE2C
	expP4        = -1.65339022054652515390e-06 // 0xBEBBBD41, 0xC5D26BF1
	expP5        = 4.13813679705723846039e-08  // 0x3E663769, 0x72BEA4D0
	twoM1000     = 9.33263618503218878990e-302 // 2^-1000
	two1023      = 8.988465674311579539e307    // 2^1023
)

// Exp is fdlibm's exp as V8 has it (src/base/ieee754.cc), exp(1) being E exactly.
func Exp(x float64) float64 {
	hx := high(x)
	xsb := int(hx>>31) & 1
	hx &= 0x7fffffff
	if hx >= 0x40862e42 { // |x| >= 709.78…
		if hx >= 0x7ff00000 {
			if math.IsNaN(x) {
				return x
			}
			if xsb == 0 {
				return x
			}
			return 0
		}
		if x > expOverflow {
			return math.Inf(1)
		}
		if x < expUnderflow {
			return 0
		}
	}
	var hi, lo float64
	k := 0
	switch {
	case hx > 0x3fd62e42: // |x| > 0.5 ln2
		if hx < 0x3ff0a2b2 { // and |x| < 1.5 ln2
			if x == 1 {
				return math.E
			}
			if xsb == 0 {
				hi, lo, k = x-ln2Hi, ln2Lo, 1
			} else {
				hi, lo, k = x+ln2Hi, -ln2Lo, -1
			}
		} else {
			half := 0.5
			if xsb != 0 {
				half = -0.5
			}
			k = int(float64(invLn2*x) + half)
			t := float64(k)
			hi = x - float64(t*ln2Hi) // exact
			lo = float64(t * ln2Lo)
		}
		x = hi - lo
	case hx < 0x3e300000: // |x| < 2^-28
		return 1 + x
	}
	t := float64(x * x)
	var twopk float64
	if k >= -1021 {
		twopk = math.Float64frombits(uint64(0x3ff00000+(k<<20)) << 32)
	} else {
		twopk = math.Float64frombits(uint64(0x3ff00000+((k+1000)<<20)) << 32)
	}
	p := expP4 + float64(t*expP5)
	p = expP3 + float64(t*p)
	p = expP2 + float64(t*p)
	p = expP1 + float64(t*p)
	c := x - float64(t*p)
	if k == 0 {
		return 1 - (float64(x*c)/(c-2) - x)
	}
	y := 1 - ((lo - float64(x*c)/(2-c)) - hi)
	if k >= -1021 {
		if k == 1024 {
			return float64(float64(y*2) * two1023)
		}
		return float64(y * twopk)
	}
	return float64(float64(y*twopk) * twoM1000)
}
