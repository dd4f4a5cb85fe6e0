package root

import (
	"fmt"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
)

// Version and Commit identify a release build. scripts/release (make release) sets both:
//
//	-ldflags "-X github.com/scapeworld/scape/cli/root.Version=0.3.0 -X github.com/scapeworld/scape/cli/root.Commit=<git rev-parse HEAD>"
//
// Other builds leave them empty, and BuildVersion and the --version line use what the Go
// toolchain recorded instead (a module version from `go install …@v0.3.0`, the VCS revision of
// a checkout), else "dev" and "unknown".
var (
	Version string
	Commit  string
)

// BuildVersion is this binary's version: Version when stamped, else the module version Go
// recorded when it is a real release tag, else "dev".
func BuildVersion() string {
	info, _ := debug.ReadBuildInfo()
	v, _ := resolve(Version, Commit, info)
	return v
}

// versionLine is what `scape --version` prints: "scape 0.3.0 (commit abc1234def56, darwin/arm64)".
// version comes from the factory (BuildVersion in the real binary), the commit from the stamp
// or the build info.
func versionLine(version string) string {
	info, _ := debug.ReadBuildInfo()
	_, commit := resolve(Version, Commit, info)
	return fmt.Sprintf("scape %s (commit %s, %s/%s)", version, commit, runtime.GOOS, runtime.GOARCH)
}

// pseudoVersion matches Go's pseudo-versions (v0.0.0-20260301120000-abcdef123456), which
// `go build` records for an untagged checkout since Go 1.24: a commit, not a release, so it is
// shown as the commit rather than as a version.
var pseudoVersion = regexp.MustCompile(`[0-9]{14}-[0-9a-f]{12}(\+dirty)?$`)

// resolve picks the version and the commit to show from the stamped values and the build info
// (nil when the binary has none).
func resolve(version, commit string, info *debug.BuildInfo) (string, string) {
	if info != nil {
		if mv := info.Main.Version; version == "" && mv != "" && mv != "(devel)" && !pseudoVersion.MatchString(mv) {
			version = strings.TrimPrefix(mv, "v")
		}
		if commit == "" {
			var modified bool
			for _, s := range info.Settings {
				switch s.Key {
				case "vcs.revision":
					commit = s.Value
				case "vcs.modified":
					modified = s.Value == "true"
				}
			}
			if commit != "" && modified {
				commit = short(commit) + "-dirty"
			}
		}
	}
	if version == "" {
		version = "dev"
	}
	if commit == "" {
		return version, "unknown"
	}
	return version, short(commit)
}

// short cuts a full commit hash to 12 hex digits, the length Go's pseudo-versions use; enough
// for `git show` in any repository this size.
func short(commit string) string {
	if len(commit) > 12 && strings.Trim(commit, "0123456789abcdef") == "" {
		return commit[:12]
	}
	return commit
}
