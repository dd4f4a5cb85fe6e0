// Package cachedir is the one way the toolchain reaches its cache directory
// (os.UserCacheDir()/scape and the folders under it: the build servers' sockets, the compiled SDK,
// rendered sounds). What is read from there is run or served as the toolchain's own, so nothing
// is trusted by name: as ssh-agent and tmux do with their socket directories, each level from
// scape/ down is checked with Lstat before use — a real directory, not a link; owned by this user;
// no access for group or others — and created 0700 where missing. A directory this user owns
// that is merely too open (an older scape made it 0755) is tightened; anything else is refused,
// and the caller goes without its cache.
package cachedir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Name is the toolchain's folder in the user cache directory.
const Name = "scape"

// Dir returns the checked cache folder sub ("" for the toolchain's root folder; sub may have
// several elements, joined with filepath.Join), creating what is missing.
func Dir(sub string) (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	if base == "" {
		return "", errors.New("cachedir: no user cache directory")
	}
	return under(base, sub)
}

// under checks and creates base/scape/sub, level by level from scape/ (base itself is the
// user's: ~/.cache may well be a link to another disk).
func under(base, sub string) (string, error) {
	if err := os.MkdirAll(base, 0o700); err != nil { // a fresh account may have no ~/.cache yet
		return "", err
	}
	dir := filepath.Join(base, Name)
	if err := ensure(dir); err != nil {
		return "", err
	}
	if sub == "" {
		return dir, nil
	}
	for _, part := range strings.FieldsFunc(sub, func(r rune) bool { return r == '/' || r == filepath.Separator }) {
		if part == ".." || part == "." {
			return "", fmt.Errorf("cachedir: %q is not a folder name", sub)
		}
		dir = filepath.Join(dir, part)
		if err := ensure(dir); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// ensure makes dir exist as a private directory of this user, or says why it cannot be used.
func ensure(dir string) error {
	info, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		// Mkdir, not MkdirAll: the parent was checked, and Mkdir never follows a link at dir.
		if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
			return err
		}
		info, err = os.Lstat(dir)
	}
	if err != nil {
		return err
	}
	if info.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("cachedir: %s is a link; the cache is not used", dir)
	}
	if !info.IsDir() {
		return fmt.Errorf("cachedir: %s is not a directory; the cache is not used", dir)
	}
	if err := ownedByMe(info); err != nil {
		return fmt.Errorf("cachedir: %s: %w; the cache is not used", dir, err)
	}
	if info.Mode().Perm()&0o077 != 0 && private {
		// This user's own directory, made by an older scape or a umask: tighten it. Only this user
		// (or root) could have replaced it since the Lstat, through a parent it owns.
		if err := os.Chmod(dir, 0o700); err != nil {
			return err
		}
	}
	return nil
}
