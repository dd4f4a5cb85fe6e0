//go:build !unix

package fdlimit

// raise does nothing: Windows has no per-process soft limit on handles that a watcher of a
// project could reach (ReadDirectoryChangesW holds one handle per watched directory).
func raise() (uint64, error) { return 0, nil }
