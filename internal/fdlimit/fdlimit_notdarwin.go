//go:build unix && !darwin

package fdlimit

// ceiling is the hard limit itself: Linux and the BSDs accept any soft limit up to it.
func ceiling(hard uint64) uint64 { return hard }

// retry: no fallback; the error stands.
func retry(uint64, error) (uint64, bool) { return 0, false }
