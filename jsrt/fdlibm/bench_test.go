package fdlibm

import (
	"math"
	"testing"
)

// The cost of V8's results: each function against Go's math package on the same arguments,
// alternated in one run (go test ./jsrt/fdlibm -bench . -count 5). The arguments are an
// author's usual ones (angles within a few turns, a tenth of them up to 1e6; bases and
// exponents of everyday size) and, for the trig functions, a separate set of huge arguments
// that need the Payne–Hanek reduction.
var (
	benchAngles = func() []float64 {
		xs := make([]float64, 1024)
		for i := range xs {
			xs[i] = float64(i%97)*0.131 - 6
			if i%10 == 0 {
				xs[i] = float64(i) * 977.3
			}
		}
		return xs
	}()
	benchHuge = func() []float64 {
		xs := make([]float64, 1024)
		for i := range xs {
			xs[i] = math.Ldexp(1+float64(i)/1024, 30+i%900)
		}
		return xs
	}()
	benchPow = func() [][2]float64 {
		ps := make([][2]float64, 1024)
		for i := range ps {
			ps[i] = [2]float64{0.01 + float64(i%89)*0.37, float64(i%41)*0.29 - 6}
		}
		return ps
	}()
	benchSink float64
)

func benchOne(b *testing.B, xs []float64, f func(float64) float64) {
	s := 0.0
	for i := 0; i < b.N; i++ {
		s += f(xs[i&1023])
	}
	benchSink = s
}

func BenchmarkTrig(b *testing.B) {
	for _, c := range []struct {
		name    string
		v8, std func(float64) float64
	}{{"Sin", Sin, math.Sin}, {"Cos", Cos, math.Cos}, {"Tan", Tan, math.Tan}} {
		for _, set := range []struct {
			name string
			xs   []float64
		}{{"usual", benchAngles}, {"huge", benchHuge}} {
			b.Run(c.name+"/"+set.name+"/fdlibm", func(b *testing.B) { benchOne(b, set.xs, c.v8) })
			b.Run(c.name+"/"+set.name+"/gomath", func(b *testing.B) { benchOne(b, set.xs, c.std) })
		}
	}
}

func BenchmarkPow(b *testing.B) {
	for _, c := range []struct {
		name string
		f    func(float64, float64) float64
	}{{"fdlibm", Pow}, {"gomath", math.Pow}} {
		b.Run(c.name, func(b *testing.B) {
			s := 0.0
			for i := 0; i < b.N; i++ {
				p := benchPow[i&1023]
				s += c.f(p[0], p[1])
			}
			benchSink = s
		})
	}
}
