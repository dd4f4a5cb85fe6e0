//go:build !darwin && !windows

package chromium

// candidates are Linux's (and other Unix systems'): names on PATH, then the snap (candidates.go).
var candidates = unixCandidates

// installHint says how to get a browser on Linux.
const installHint = "install one (e.g. `apt-get install chromium`), or set CHROME_PATH to the browser's executable"
