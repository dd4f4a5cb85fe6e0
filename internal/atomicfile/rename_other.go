//go:build !linux && !darwin && !windows

package atomicfile

// Other systems (the BSDs) have no one-step no-replace rename this toolchain uses.
func renameNoReplace(from, to string) error { return checkThenRename(from, to) }
