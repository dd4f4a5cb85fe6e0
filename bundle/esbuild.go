package bundle

import (
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// Loaders are how a project's non-script imports load, in builds and test runs alike (package
// testrun compiles test files with them): models and sounds as base64 strings, JSON as data.
func Loaders() map[string]api.Loader {
	return map[string]api.Loader{
		".glb":  api.LoaderBase64,
		".wav":  api.LoaderBase64,
		".json": api.LoaderJSON,
	}
}

// Outputs picks the script and its external source map out of an esbuild result written to
// memory (Write: false); either is nil when esbuild produced none.
func Outputs(files []api.OutputFile) (js, sourceMap []byte) {
	for _, f := range files {
		switch {
		case strings.HasSuffix(f.Path, ".map"):
			sourceMap = f.Contents
		case strings.HasSuffix(f.Path, ".js"):
			js = f.Contents
		}
	}
	return js, sourceMap
}
