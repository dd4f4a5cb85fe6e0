package validate

import (
	"context"
	"os"
	"testing"

	"github.com/dop251/goja"
	"github.com/scapeworld/scape/bundle"
)

func BenchmarkZZProf(b *testing.B) {
	res, err := bundle.Build(bundle.Options{Dir: "/tmp/tpl/" + os.Getenv("ZZ")})
	if err != nil || !res.OK() {
		b.Fatal(err)
	}
	on := Options{SourceMap: res.SourceMap}
	Check(context.Background(), res.JS, on)
	f, _ := os.Create("/tmp/js.prof")
	goja.StartProfile(f)
	for i := 0; i < b.N; i++ {
		Check(context.Background(), res.JS, on)
	}
	goja.StopProfile()
	f.Close()
}
