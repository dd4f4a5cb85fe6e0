//go:build !unix

package trust

import "io/fs"

// checkOwnedInfo has nothing to check where permissions are ACLs (Windows): the record lives in
// the user's own profile (%AppData%), which other users cannot write by default.
func checkOwnedInfo(fs.FileInfo) error { return nil }
