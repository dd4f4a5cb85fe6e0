package bundle

import "github.com/scapeworld/scape/diag"

// GojaSupported is the esbuild Supported map for any script goja runs: the goja target plus the
// regex features goja gets wrong marked unsupported, so they surface as `new RegExp(…)` calls
// that UnfaithfulRegexps finds. `scape gizmo test` (package testrun) compiles test files with it.
func GojaSupported() map[string]bool { return supported() }

// UnfaithfulRegexps reports the regular expressions in a script compiled with GojaSupported that
// goja would run wrongly (`\p{…}`, flags d and v), at their TypeScript positions when sourceMap
// is given. One rule for builds and test runs.
func UnfaithfulRegexps(js, sourceMap []byte) diag.List { return unfaithfulRegexps(js, sourceMap) }
