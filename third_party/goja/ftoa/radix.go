package ftoa

import "math"

// scape: FToRadixStr writes num in radix the way V8 does (Number.prototype.toString(radix),
// V8's DoubleToRadixCString): fraction digits only up to the double's own precision (half the
// gap to the next double), the last one rounded half to even with the carry written back, and
// integer digits past 2^53 written as zeros. goja's FToBaseStr (SpiderMonkey's algorithm) gave
// other last digits for a third of fractions, and lost the sign of a negative number above -1.
// num is finite; radix is 2–36.
func FToRadixStr(num float64, radix int) string {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	negative := num < 0
	if negative {
		num = -num
	}
	integer := math.Floor(num)
	fraction := num - integer
	// Half the distance to the next double: digits finer than this say nothing of num.
	delta := math.Max(0.5*(math.Nextafter(num, math.Inf(1))-num), math.SmallestNonzeroFloat64)
	r := float64(radix)

	var frac []byte
	if fraction >= delta {
		frac = append(frac, '.')
		for {
			fraction *= r
			delta *= r
			digit := int(fraction)
			frac = append(frac, digits[digit])
			fraction -= float64(digit)
			if fraction > 0.5 || (fraction == 0.5 && digit&1 == 1) {
				if fraction+delta > 1 {
					// Round up: carry into the digits written, and past the point into the
					// integer part when every fraction digit was the radix's last.
					for {
						last := len(frac) - 1
						if last == 0 {
							integer++
							break
						}
						d := digitValue(frac[last])
						frac = frac[:last]
						if d+1 < radix {
							frac = append(frac, digits[d+1])
							break
						}
					}
					break
				}
			}
			if fraction < delta {
				break
			}
		}
		if len(frac) == 1 {
			frac = frac[:0] // only the point is left after a carry into the integer part
		}
	}

	// Integer digits, last first. Digits beyond the double's precision are zeros.
	var rev []byte
	for exponentOf(integer/r) > 0 {
		integer /= r
		rev = append(rev, '0')
	}
	for {
		rem := math.Mod(integer, r)
		rev = append(rev, digits[int(rem)])
		integer = (integer - rem) / r
		if integer <= 0 {
			break
		}
	}
	out := make([]byte, 0, len(rev)+len(frac)+1)
	if negative {
		out = append(out, '-')
	}
	for i := len(rev) - 1; i >= 0; i-- {
		out = append(out, rev[i])
	}
	return string(append(out, frac...))
}

func digitValue(c byte) int {
	if c > '9' {
		return int(c-'a') + 10
	}
	return int(c - '0')
}

// exponentOf is V8's Double::Exponent: e such that d = f × 2^e with f the 53-bit significand
// (denormals: f without its hidden bit, e the least).
func exponentOf(d float64) int {
	bits := math.Float64bits(d)
	biased := int(bits>>52) & 0x7ff
	if biased == 0 {
		return -1074
	}
	return biased - 1075
}
