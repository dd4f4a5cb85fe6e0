//go:build !windows

package bundle

// foldPath is path as compared: exactly, as esbuild and EvalSymlinks both spell the paths they
// report from the same directory entries.
func foldPath(path string) string { return path }
