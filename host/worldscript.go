package host

import (
	"fmt"
	"net/http"
	"sync"

	"github.com/evanw/esbuild/pkg/api"
)

// The panel's TypeScript (ui/world.ts) is compiled by the esbuild already in the binary, once,
// on the first request for it (a few milliseconds): plain `go build` needs no generated file and
// nothing is fetched at run time.
var (
	worldJSOnce sync.Once
	worldJS     []byte
	worldJSErr  error
)

func worldScript() ([]byte, error) {
	worldJSOnce.Do(func() {
		src, err := uiFiles.ReadFile("ui/world.ts")
		if err != nil {
			worldJSErr = err
			return
		}
		res := api.Transform(string(src), api.TransformOptions{Loader: api.LoaderTS, Target: api.ES2020,
			Format: api.FormatIIFE, Sourcefile: "world.ts", MinifySyntax: true})
		if len(res.Errors) > 0 {
			e := res.Errors[0]
			line := 0
			if e.Location != nil {
				line = e.Location.Line
			}
			worldJSErr = fmt.Errorf("compiling the world page (world.ts:%d): %s", line, e.Text)
			return
		}
		worldJS = res.Code
	})
	return worldJS, worldJSErr
}

func (s *Server) handleWorldScript(w http.ResponseWriter, r *http.Request) {
	js, err := worldScript()
	if err != nil {
		s.unavailable(w, "world script", err)
		return
	}
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(js)
}
