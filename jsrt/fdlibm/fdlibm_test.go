package fdlibm

import (
	"bufio"
	"bytes"
	"flag"
	"math"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/scapeworld/scape/internal/nodetest"
)

var update = flag.Bool("update", false, "rewrite testdata/v8.txt from the Node on PATH")

// TestAgainstV8: every function gives V8's result, bit for bit (NaN's payload aside), on the
// arguments of testdata/v8.txt: edge cases and 1,500 random ones each across the ranges the
// algorithms split at; for sin, cos and tan 3,000 more each (huge arguments, neighbours of
// multiples of π/2, random bit patterns), for pow 5,800 pairs (its special cases, negative bases,
// the edges of overflow and underflow). Go's math package differs on about a fifth of them.
func TestAgainstV8(t *testing.T) {
	data, err := os.ReadFile("testdata/v8.txt")
	if err != nil {
		t.Fatal(err)
	}
	one := map[string]func(float64) float64{"atan": Atan, "asin": Asin, "acos": Acos, "cbrt": Cbrt, "exp": Exp, "expm1": Expm1, "sinh": Sinh, "cosh": Cosh, "tanh": Tanh, "log": Log, "log10": Log10, "log2": Log2, "log1p": Log1p, "asinh": Asinh, "acosh": Acosh, "atanh": Atanh, "sin": Sin, "cos": Cos, "tan": Tan}
	goMath := map[string]func(float64) float64{"atan": math.Atan, "asin": math.Asin, "acos": math.Acos, "cbrt": math.Cbrt, "exp": math.Exp, "expm1": math.Expm1, "sinh": math.Sinh, "cosh": math.Cosh, "tanh": math.Tanh, "log": math.Log, "log10": math.Log10, "log2": math.Log2, "log1p": math.Log1p, "asinh": math.Asinh, "acosh": math.Acosh, "atanh": math.Atanh, "sin": math.Sin, "cos": math.Cos, "tan": math.Tan}
	two := map[string][2]func(float64, float64) float64{"atan2": {Atan2, math.Atan2}, "pow": {Pow, math.Pow}}
	hex := func(s string) float64 {
		u, err := strconv.ParseUint(s, 16, 64)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		return math.Float64frombits(u)
	}
	same := func(a, b float64) bool {
		return math.Float64bits(a) == math.Float64bits(b) || (math.IsNaN(a) && math.IsNaN(b))
	}
	n, goDiffers := 0, 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || f[0] == "#" {
			continue
		}
		n++
		var got, viaGo, want float64
		if fs, ok := two[f[0]]; ok {
			a, b := hex(f[1]), hex(f[2])
			got, viaGo, want = fs[0](a, b), fs[1](a, b), hex(f[3])
		} else {
			x := hex(f[1])
			got, viaGo, want = one[f[0]](x), goMath[f[0]](x), hex(f[2])
		}
		if !same(got, want) {
			t.Errorf("%s(%s): %v, V8 %v", f[0], strings.Join(f[1:len(f)-1], ", "), got, want)
		}
		if !same(viaGo, want) {
			goDiffers++
		}
	}
	t.Logf("%d arguments; Go's math package differs from V8 on %d", n, goDiffers)
}

// TestV8DataCurrent: testdata/v8.txt is what gen.mjs writes under the Node on this machine
// (with -update, rewrites it). Skips without Node unless SCAPE_REQUIRE_NODE=1.
func TestV8DataCurrent(t *testing.T) {
	node := nodetest.Node(t)
	out, err := exec.Command(node, "testdata/gen.mjs").Output()
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("testdata/v8.txt", out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, _ := os.ReadFile("testdata/v8.txt")
	if !bytes.Equal(out, data) {
		t.Fatal("testdata/v8.txt is not what gen.mjs gives under this Node (go test ./jsrt/fdlibm -update)")
	}
}
