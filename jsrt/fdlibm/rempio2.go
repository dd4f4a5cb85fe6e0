package fdlibm

// The argument reduction of sin, cos and tan: fdlibm's __ieee754_rem_pio2 and
// __kernel_rem_pio2 (e_rem_pio2.c, k_rem_pio2.c) as V8 11 has them (src/base/ieee754.cc), the
// fdlibm 5.3 versions: the medium range to 2^19·π/2 by up to three rounds of a 33+33+33+53-bit
// π/2, larger arguments by Payne–Hanek with 24-bit chunks of 2/π, asked for "extended"
// precision (prec 2, four chunks to start) as V8 asks. Newer FreeBSD and musl ask for double
// (prec 1) and round the medium range differently; their y[1] can differ in the last bit.
//
// Copyright (C) 1993 by Sun Microsystems, Inc. (see the package comment for the notice).

import "math"

// twoOverPi is 2/π in 24-bit chunks, 396 hex digits.
var twoOverPi = [...]int32{
	0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62, 0x95993C,
	0x439041, 0xFE5163, 0xABDEBB, 0xC561B7, 0x246E3A, 0x424DD2, 0xE00649,
	0x2EEA09, 0xD1921C, 0xFE1DEB, 0x1CB129, 0xA73EE8, 0x8235F5, 0x2EBB44,
	0x84E99C, 0x7026B4, 0x5F7E41, 0x3991D6, 0x398353, 0x39F49C, 0x845F8B,
	0xBDF928, 0x3B1FF8, 0x97FFDE, 0x05980F, 0xEF2F11, 0x8B5A0A, 0x6D1F6D,
	0x367ECF, 0x27CB09, 0xB74F46, 0x3F669E, 0x5FEA2D, 0x7527BA, 0xC7EBE5,
	0xF17B3D, 0x0739F7, 0x8A5292, 0xEA6BFB, 0x5FB11F, 0x8D5D08, 0x560330,
	0x46FC7B, 0x6BABF0, 0xCFBC20, 0x9AF436, 0x1DA9E3, 0x91615E, 0xE61B08,
	0x659985, 0x5F14A0, 0x68408D, 0xFFD880, 0x4D7327, 0x310606, 0x1556CA,
	0x73A8C9, 0x60E27B, 0xC08C6B,
}

// npio2HW: the high words of n·π/2 for n = 1…32, where the first round may cancel.
var npio2HW = [32]uint32{
	0x3FF921FB, 0x400921FB, 0x4012D97C, 0x401921FB, 0x401F6A7A, 0x4022D97C,
	0x4025FDBB, 0x402921FB, 0x402C463A, 0x402F6A7A, 0x4031475C, 0x4032D97C,
	0x40346B9C, 0x4035FDBB, 0x40378FDB, 0x403921FB, 0x403AB41B, 0x403C463A,
	0x403DD85A, 0x403F6A7A, 0x40407E4C, 0x4041475C, 0x4042106C, 0x4042D97C,
	0x4043A28C, 0x40446B9C, 0x404534AC, 0x4045FDBB, 0x4046C6CB, 0x40478FDB,
	0x404858EB, 0x404921FB,
}

const (
	two24   = 1.67772160000000000000e+07 // 0x41700000, 0x00000000
	twon24  = 5.96046447753906250000e-08 // 0x3E700000, 0x00000000
	invpio2 = 6.36619772367581382433e-01 // 0x3FE45F30, 0x6DC9C883: 53 bits of 2/π
	pio2_1  = 1.57079632673412561417e+00 // 0x3FF921FB, 0x54400000: first 33 bits of π/2
	pio2_1t = 6.07710050650619224932e-11 // 0x3DD0B461, 0x1A626331: π/2 - pio2_1
	pio2_2  = 6.07710050630396597660e-11 // 0x3DD0B461, 0x1A600000: second 33 bits
	pio2_2t = 2.02226624879595063154e-21 // 0x3BA3198A, 0x2E037073: π/2 - (pio2_1+pio2_2)
	pio2_3  = 2.02226624871116645580e-21 // 0x3BA3198A, 0x2E000000: third 33 bits
	pio2_3t = 8.47842766036889956997e-32 // 0x397B839A, 0x252049C1: π/2 - (pio2_1+pio2_2+pio2_3)
)

// remPio2 returns n and y0+y1 = x - n·π/2 with |y0+y1| <= π/4 (about): fdlibm's
// __ieee754_rem_pio2. x is finite and |x| > π/4 (the callers check).
func remPio2(x float64) (n int32, y0, y1 float64) {
	hx := int32(high(x))
	ix := uint32(hx) & 0x7fffffff
	if ix < 0x4002d97c { // |x| < 3π/4: n = ±1
		if hx > 0 {
			z := x - pio2_1
			if ix != 0x3ff921fb { // 33+53 bits of π are enough
				y0 = z - pio2_1t
				return 1, y0, (z - y0) - pio2_1t
			}
			z -= pio2_2 // near π/2: 33+33+53 bits
			y0 = z - pio2_2t
			return 1, y0, (z - y0) - pio2_2t
		}
		z := x + pio2_1
		if ix != 0x3ff921fb {
			y0 = z + pio2_1t
			return -1, y0, (z - y0) + pio2_1t
		}
		z += pio2_2
		y0 = z + pio2_2t
		return -1, y0, (z - y0) + pio2_2t
	}
	if ix <= 0x413921fb { // |x| <= 2^19·π/2: medium
		t := math.Abs(x)
		n = int32(float64(t*invpio2) + 0.5)
		fn := float64(n)
		r := t - float64(fn*pio2_1)
		w := float64(fn * pio2_1t) // first round: 85 bits
		if n < 32 && ix != npio2HW[n-1] {
			y0 = r - w // no cancellation
		} else {
			j := ix >> 20
			y0 = r - w
			i := j - (high(y0)>>20)&0x7ff
			if int32(i) > 16 { // second round: 118 bits
				t = r
				w = float64(fn * pio2_2)
				r = t - w
				w = float64(fn*pio2_2t) - ((t - r) - w)
				y0 = r - w
				i = j - (high(y0)>>20)&0x7ff
				if int32(i) > 49 { // third round: 151 bits, every case
					t = r
					w = float64(fn * pio2_3)
					r = t - w
					w = float64(fn*pio2_3t) - ((t - r) - w)
					y0 = r - w
				}
			}
		}
		y1 = (r - y0) - w
		if hx < 0 {
			return -n, -y0, -y1
		}
		return n, y0, y1
	}
	// Large: z = scalbn(|x|, -e0) in three 24-bit chunks.
	e0 := int32(ix>>20) - 1046 // ilogb(x) - 23
	z := math.Float64frombits(uint64(ix-uint32(e0<<20))<<32 | uint64(low(x)))
	var tx [3]float64
	for i := 0; i < 2; i++ {
		tx[i] = float64(int32(z))
		z = float64((z - tx[i]) * two24)
	}
	tx[2] = z
	nx := 3
	for tx[nx-1] == 0 { // skip zero chunks
		nx--
	}
	var y [2]float64
	n = kernelRemPio2(tx[:nx], &y, e0)
	if hx < 0 {
		return -n, -y[0], -y[1]
	}
	return n, y[0], y[1]
}

// piO2 is π/2 in 24-bit chunks.
var piO2 = [8]float64{
	1.57079625129699707031e+00, // 0x3FF921FB, 0x40000000
	7.54978941586159635335e-08, // 0x3E74442D, 0x00000000
	5.39030252995776476554e-15, // 0x3CF84698, 0x80000000
	3.28200341580791294123e-22, // 0x3B78CC51, 0x60000000
	1.27065575308067607349e-29, // 0x39F01B83, 0x80000000
	1.22933308981111328932e-36, // 0x387A2520, 0x40000000
	2.73370053816464559624e-44, // 0x36E38222, 0x80000000
	2.16741683877804819444e-51, // 0x3569F31D, 0x00000000
}

// kernelRemPio2 is fdlibm's __kernel_rem_pio2 with prec 2 (jk = 4), as V8 calls it: the last
// three bits of n and y = x·2^e0 - n·π/2 in y[0]+y[1], x given in 24-bit chunks. It computes
// the integer (mod 8) and fraction parts of x·2/π skipping the part of the product that is a
// multiple of 8.
func kernelRemPio2(x []float64, y *[2]float64, e0 int32) int32 {
	const jk = 4 // init_jk[prec 2]
	const jp = jk
	var (
		iq        [20]int32
		f, fq, q  [20]float64
		z, fw     float64
		n, ih     int32
		jx        = int32(len(x)) - 1
		jv        = (e0 - 3) / 24
		jz        int32
		carry     int32
		i, j, k   int32
		q0        int32
		ipio2     = twoOverPi[:]
		recompute = true
	)
	if jv < 0 {
		jv = 0
	}
	q0 = e0 - 24*(jv+1)
	// f[0] to f[jx+jk], f[jx+jk] = ipio2[jv+jk]
	j = jv - jx
	for i = 0; i <= jx+jk; i, j = i+1, j+1 {
		if j < 0 {
			f[i] = 0
		} else {
			f[i] = float64(ipio2[j])
		}
	}
	for i = 0; i <= jk; i++ {
		fw = 0
		for j = 0; j <= jx; j++ {
			fw += float64(x[j] * f[jx+i-j])
		}
		q[i] = fw
	}
	jz = jk
	for recompute {
		recompute = false
		// distill q[] into iq[] reversingly
		z = q[jz]
		for i, j = 0, jz; j > 0; i, j = i+1, j-1 {
			fw = float64(int32(float64(twon24 * z)))
			iq[i] = int32(z - float64(two24*fw))
			z = q[j-1] + fw
		}
		// compute n
		z = math.Ldexp(z, int(q0))
		z -= float64(8 * math.Floor(float64(z*0.125))) // trim off the integer >= 8
		n = int32(z)
		z -= float64(n)
		ih = 0
		if q0 > 0 { // iq[jz-1] holds bits of n
			i = iq[jz-1] >> (24 - q0)
			n += i
			iq[jz-1] -= i << (24 - q0)
			ih = iq[jz-1] >> (23 - q0)
		} else if q0 == 0 {
			ih = iq[jz-1] >> 23
		} else if z >= 0.5 {
			ih = 2
		}
		if ih > 0 { // q > 0.5
			n++
			carry = 0
			for i = 0; i < jz; i++ { // 1 - q
				j = iq[i]
				if carry == 0 {
					if j != 0 {
						carry = 1
						iq[i] = 0x1000000 - j
					}
				} else {
					iq[i] = 0xffffff - j
				}
			}
			switch q0 { // rare: 1 in 12
			case 1:
				iq[jz-1] &= 0x7fffff
			case 2:
				iq[jz-1] &= 0x3fffff
			}
			if ih == 2 {
				z = 1 - z
				if carry != 0 {
					z -= math.Ldexp(1, int(q0))
				}
			}
		}
		// recompute with more chunks of 2/π if the fraction cancelled
		if z == 0 {
			j = 0
			for i = jz - 1; i >= jk; i-- {
				j |= iq[i]
			}
			if j == 0 {
				for k = 1; jk >= k && iq[jk-k] == 0; k++ {
				}
				for i = jz + 1; i <= jz+k; i++ {
					f[jx+i] = float64(ipio2[jv+i])
					fw = 0
					for j = 0; j <= jx; j++ {
						fw += float64(x[j] * f[jx+i-j])
					}
					q[i] = fw
				}
				jz += k
				recompute = true
			}
		}
	}
	// chop off zero terms
	if z == 0 {
		jz--
		q0 -= 24
		for iq[jz] == 0 {
			jz--
			q0 -= 24
		}
	} else { // break z into 24-bit chunks if necessary
		z = math.Ldexp(z, -int(q0))
		if z >= two24 {
			fw = float64(int32(float64(twon24 * z)))
			iq[jz] = int32(z - float64(two24*fw))
			jz++
			q0 += 24
			iq[jz] = int32(fw)
		} else {
			iq[jz] = int32(z)
		}
	}
	// the integer chunks as floating point
	fw = math.Ldexp(1, int(q0))
	for i = jz; i >= 0; i-- {
		q[i] = float64(fw * float64(iq[i]))
		fw = float64(fw * twon24)
	}
	// piO2[0…jp]·q[jz…0]
	for i = jz; i >= 0; i-- {
		fw = 0
		for k = 0; k <= jp && k <= jz-i; k++ {
			fw += float64(piO2[k] * q[i+k])
		}
		fq[jz-i] = fw
	}
	// compress fq[] into y[] (prec 1 and 2 alike)
	fw = 0
	for i = jz; i >= 0; i-- {
		fw += fq[i]
	}
	if ih == 0 {
		y[0] = fw
	} else {
		y[0] = -fw
	}
	fw = fq[0] - fw
	for i = 1; i <= jz; i++ {
		fw += fq[i]
	}
	if ih == 0 {
		y[1] = fw
	} else {
		y[1] = -fw
	}
	return n & 7
}
