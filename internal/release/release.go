// Package release names, packs and reads scape's release archives: the six platforms a release
// builds for, each packed as scape_<version>_<os>_<arch>.tar.gz (.zip for Windows) beside a
// SHA256SUMS. scripts/release writes them; `scape gizmo kit export --platform` reads them back.
// Both sides live here so that a name or a layout cannot drift between the writer and the reader.
package release

import (
	"fmt"
	"runtime"
	"strings"
)

// Platform is one target of a release, in Go's names (GOOS, GOARCH).
type Platform struct{ OS, Arch string }

// Platforms are the targets `make release` builds, in the order it builds and lists them.
var Platforms = []Platform{
	{"darwin", "amd64"}, {"darwin", "arm64"},
	{"linux", "amd64"}, {"linux", "arm64"},
	{"windows", "amd64"}, {"windows", "arm64"},
}

// Host is the platform this binary was built for.
func Host() Platform { return Platform{runtime.GOOS, runtime.GOARCH} }

// String is the platform's name for people and flags: "darwin-arm64".
func (p Platform) String() string { return p.OS + "-" + p.Arch }

// Exe is the binary's name inside the platform's archive: "scape", or "scape.exe" on Windows,
// where a program needs the extension to run.
func (p Platform) Exe() string {
	if p.OS == "windows" {
		return "scape.exe"
	}
	return "scape"
}

// Standalone is the name of the platform's bare binary, as a kit vendors it and as a release
// folder may hold it unpacked: "scape-darwin-arm64", "scape-windows-amd64.exe". One name for
// both means a kit's vendor/ folder can serve as the release folder of the next export.
func (p Platform) Standalone() string {
	name := "scape-" + p.String()
	if p.OS == "windows" {
		return name + ".exe"
	}
	return name
}

// Archive is the name of the platform's archive in a release of version:
// scape_0.3.0_linux_amd64.tar.gz, scape_0.3.0_windows_amd64.zip.
func (p Platform) Archive(version string) string {
	return "scape_" + version + archiveSuffix(p, p.OS == "windows")
}

// archiveSuffix is what an archive's name ends with after its version: "_linux_amd64.tar.gz",
// or "_windows_amd64.zip" when zip.
func archiveSuffix(p Platform, zip bool) string {
	if zip {
		return "_" + p.OS + "_" + p.Arch + ".zip"
	}
	return "_" + p.OS + "_" + p.Arch + ".tar.gz"
}

// Names lists every platform's name: "darwin-amd64, darwin-arm64, …".
func Names() string {
	names := make([]string, len(Platforms))
	for i, p := range Platforms {
		names[i] = p.String()
	}
	return strings.Join(names, ", ")
}

// ParsePlatforms turns names ("darwin-arm64", or "all" for every platform), each possibly a
// comma-separated list, into platforms in the order of Platforms, each once. An unknown name is
// an error that lists the valid ones.
func ParsePlatforms(names []string) ([]Platform, error) {
	want := map[Platform]bool{}
	for _, arg := range names {
		for _, name := range strings.Split(arg, ",") {
			name = strings.TrimSpace(name)
			if name == "all" {
				for _, p := range Platforms {
					want[p] = true
				}
				continue
			}
			p, ok := lookup(name)
			if !ok {
				return nil, fmt.Errorf("unknown platform %q; choose from %s, or all", name, Names())
			}
			want[p] = true
		}
	}
	var out []Platform
	for _, p := range Platforms {
		if want[p] {
			out = append(out, p)
		}
	}
	return out, nil
}

func lookup(name string) (Platform, bool) {
	for _, p := range Platforms {
		if p.String() == name {
			return p, true
		}
	}
	return Platform{}, false
}
