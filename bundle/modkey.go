package bundle

import (
	"os"
	"time"
)

// modKey is what says a file is unchanged since it was read: esbuild's own file cache keys on
// the same (internal/fs/modkey_unix.go), and so does git's index.
type modKey struct {
	size  int64
	mtime int64 // nanoseconds
	mode  os.FileMode
	id    uint64 // the inode where the platform has one (fileID)
}

// modKeySafetyGap: a file modified this shortly before it is read may change again within the
// same modification-time tick, so it is read again next time rather than trusted (esbuild waits
// the same; ImportCase's racyWindow is the same idea).
const modKeySafetyGap = 3 * time.Second

// modKeyOf is path's key, and whether it may be trusted: not when the file system keeps no
// modification time, or it is too recent.
func modKeyOf(path string) (modKey, bool) {
	info, err := os.Lstat(path)
	if err != nil || info.ModTime().IsZero() || info.ModTime().Unix() == 0 || time.Since(info.ModTime()) < modKeySafetyGap {
		return modKey{}, false
	}
	return modKey{size: info.Size(), mtime: info.ModTime().UnixNano(), mode: info.Mode(), id: fileID(info)}, true
}
