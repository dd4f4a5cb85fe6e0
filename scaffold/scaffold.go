// Package scaffold creates Gizmo projects: `scape gizmo init` (a project with the SDK vendored
// into it) and `scape gizmo kit export` (the same, made self-sufficient with an npm-installable
// SDK archive and a copy of the scape binary).
//
// Safety rules, from the product's developer guide: the target must not exist and its parent
// must; nothing is ever overwritten; nothing is written outside the target; a failure leaves no
// half-written directory. Everything is written into a temporary directory beside the target,
// which is renamed into place at the end with a no-replace rename.
package scaffold

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"github.com/scapeworld/scape/internal/release"
	"github.com/scapeworld/scape/templates"
)

// Options says what to create.
type Options struct {
	// Dir is the new project directory. It must not exist; its parent must.
	Dir string
	// Template is a templates name; empty means blank.
	Template string
	// SDK is the @scape/sdk package tree (package.json, src/**, optionally LIMITS.md and
	// README.md), normally kit.SDK().
	SDK fs.FS
	// TestTypes holds node-test.d.ts and node-assert-strict.d.ts, the declarations of the test
	// subset `scape gizmo test` supplies (normally testrun.Types()). Optional.
	TestTypes fs.FS
	// Globals is the ambient declaration of the runtime's non-standard globals (console),
	// normally jsrt.GlobalTypes(); written to vendor/scape-env/globals.d.ts. Optional.
	Globals []byte
	// Kit makes a self-sufficient kit: vendor/scape-sdk.tgz and a copy of Executable, which the
	// package scripts' launcher runs first.
	Kit bool
	// Executable is the scape binary creating the project: copied into a kit, and recorded for
	// the launcher (vendor/scape-cli/binary.json). Optional for init.
	Executable string
	// Platforms, for a kit shared by a team on several machines, are scape binaries for those
	// machines: each is written to vendor/scape-<os>-<arch>[.exe] (VendorPlatformBinary) instead
	// of Executable's copy at vendor/scape, and the launcher runs the one for the machine it is
	// on.
	Platforms []PlatformBinary
}

// PlatformBinary is one platform's scape binary for a kit. Load reads it while the kit is
// written, one platform at a time: each is tens of megabytes.
type PlatformBinary struct {
	Platform release.Platform
	Load     func() ([]byte, error)
}

// Result describes what was created.
type Result struct {
	// Dir is the absolute path of the new project.
	Dir string
	// Name is the package name written to package.json.
	Name string
	// Template is the template used.
	Template templates.Template
	// Files lists every file created, slash-separated and relative to Dir, in lexical order.
	Files []string
}

// Problem is a refusal caused by the request (exit status 2), not by the machine.
type Problem struct{ msg string }

func (p *Problem) Error() string { return p.msg }

func problemf(format string, args ...any) error { return &Problem{fmt.Sprintf(format, args...)} }

// Vendor paths inside a project.
const (
	VendorSDK        = "vendor/scape-sdk"
	VendorSDKTarball = "vendor/scape-sdk.tgz"
	VendorTestTypes  = "vendor/scape-test"
	VendorBinary     = "vendor/scape"
	VendorGlobals    = "vendor/scape-env/globals.d.ts"
)

// VendorPlatformBinary is where a kit keeps p's scape binary: vendor/scape-darwin-arm64,
// vendor/scape-windows-amd64.exe. The launcher looks for the same names.
func VendorPlatformBinary(p release.Platform) string {
	return path.Dir(VendorBinary) + "/" + p.Standalone()
}

// Create makes the project described by opts.
func Create(opts Options) (*Result, error) {
	name := opts.Template
	if name == "" {
		name = templates.Blank
	}
	tmpl, err := templates.Lookup(name)
	if err != nil {
		return nil, &Problem{err.Error()}
	}
	if opts.Dir == "" {
		return nil, problemf("a new project directory is required")
	}
	if opts.SDK == nil {
		return nil, errors.New("scaffold: no SDK to vendor")
	}
	if opts.Kit && opts.Executable == "" && len(opts.Platforms) == 0 {
		return nil, errors.New("scaffold: a kit needs the scape executable to copy")
	}
	if !opts.Kit && len(opts.Platforms) > 0 {
		return nil, errors.New("scaffold: platform binaries are for a kit")
	}
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return nil, err
	}
	parent := filepath.Dir(dir)
	if _, err := os.Lstat(dir); err == nil {
		return nil, problemf("%s already exists; choose a new directory (nothing was changed)", opts.Dir)
	} else if errors.Is(err, syscall.ENOTDIR) {
		return nil, problemf("%s is not a directory", parent)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, problemf("cannot use %s: %v", opts.Dir, err)
	}
	info, err := os.Stat(parent)
	if err != nil {
		return nil, problemf("the parent directory %s does not exist; create it first", parent)
	}
	if !info.IsDir() {
		return nil, problemf("%s is not a directory", parent)
	}

	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".scape-*")
	if err != nil {
		return nil, fmt.Errorf("cannot write in %s: %w", parent, err)
	}
	// MkdirTemp creates 0700; a project is an ordinary directory.
	if err := os.Chmod(tmp, 0o755); err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	w := &writer{root: tmp}
	pkgName := PackageName(filepath.Base(dir))
	if err := populate(w, tmpl, pkgName, opts); err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	if err := renameNoReplace(tmp, dir); err != nil {
		os.RemoveAll(tmp)
		if errors.Is(err, fs.ErrExist) {
			return nil, problemf("%s appeared while the project was being written; nothing was changed", opts.Dir)
		}
		return nil, fmt.Errorf("cannot move the new project into place: %w", err)
	}
	sort.Strings(w.files)
	return &Result{Dir: dir, Name: pkgName, Template: tmpl, Files: w.files}, nil
}

func populate(w *writer, tmpl templates.Template, pkgName string, opts Options) error {
	// The author's sources.
	if err := w.copyFS(tmpl.Files(), "."); err != nil {
		return err
	}
	// Generated project files.
	manifest, err := packageJSON(pkgName, tmpl, opts.Kit)
	if err != nil {
		return err
	}
	for _, f := range []struct {
		path string
		data []byte
	}{
		{"package.json", manifest},
		{"tsconfig.json", []byte(tsconfigJSON(opts.TestTypes != nil, opts.Globals != nil))},
		{".gitignore", []byte(gitignore)},
		{"README.md", []byte(readme(pkgName, tmpl, opts.Kit, platformsOf(opts.Platforms)))},
	} {
		if err := w.write(f.path, f.data, 0o644); err != nil {
			return err
		}
	}
	// The vendored SDK: sources for editors and the toolchain, dist/ for Node.
	pkg, err := vendorSDK(w, opts.SDK)
	if err != nil {
		return err
	}
	if opts.TestTypes != nil {
		for _, name := range []string{"node-test.d.ts", "node-assert-strict.d.ts"} {
			data, err := fs.ReadFile(opts.TestTypes, name)
			if err != nil {
				return fmt.Errorf("scaffold: test declarations: %w", err)
			}
			if err := w.write(VendorTestTypes+"/"+name, data, 0o644); err != nil {
				return err
			}
		}
	}
	if opts.Globals != nil {
		if err := w.write(VendorGlobals, opts.Globals, 0o644); err != nil {
			return err
		}
	}
	if err := writeLauncher(w, opts.Executable); err != nil {
		return err
	}
	if !opts.Kit {
		return nil
	}
	// Kit: an npm-installable archive of the vendored SDK and the binary with its launcher.
	tgz, err := packTarball(pkg)
	if err != nil {
		return fmt.Errorf("scaffold: packing the SDK: %w", err)
	}
	if err := w.write(VendorSDKTarball, tgz, 0o644); err != nil {
		return err
	}
	if len(opts.Platforms) == 0 {
		if err := w.copyFile(opts.Executable, VendorBinary, 0o755); err != nil {
			return fmt.Errorf("scaffold: copying the scape binary: %w", err)
		}
		return nil
	}
	for _, b := range opts.Platforms {
		data, err := b.Load()
		if err != nil {
			return fmt.Errorf("the kit's binary for %s: %w", b.Platform, err)
		}
		if err := w.write(VendorPlatformBinary(b.Platform), data, 0o755); err != nil {
			return err
		}
	}
	return nil
}

func platformsOf(bins []PlatformBinary) []release.Platform {
	out := make([]release.Platform, len(bins))
	for i, b := range bins {
		out[i] = b.Platform
	}
	return out
}

// PackageName turns a directory name into a valid npm package name: lowercase, URL-safe
// characters only, no leading dot or underscore, at most 214 characters.
func PackageName(base string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(base) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '.', r == '_', r == '~':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	name := strings.TrimLeft(b.String(), "._-")
	name = strings.TrimRight(name, "-")
	if len(name) > 214 {
		name = name[:214]
	}
	if name == "" || name == "node_modules" || name == "favicon.ico" {
		return "gizmo-project"
	}
	return name
}

const gitignore = `node_modules/
dist/
.scape/
` + VendorCLIBinary + `
`
