package scaffold

import (
	_ "embed"
	"encoding/json"
)

// launcherJS is vendor/scape-cli/scape.cjs: the `scape` command of the project's package scripts
// and its npm/yarn bin. scape is a Go binary, not an npm package, so the project carries this
// small Node script that finds the binary (SCAPE_BIN, a kit's vendor/scape, the binary recorded
// at creation, then PATH) and runs it; `npx scape` would otherwise ask the public registry.
//
//go:embed launcher/scape.cjs
var launcherJS []byte

// Launcher paths inside a project. The package is a devDependency by file: path, so installing
// it never asks a registry, and the scripts call it by path, so they work before any install.
const (
	VendorCLI        = "vendor/scape-cli"
	VendorCLIScript  = VendorCLI + "/scape.cjs"
	VendorCLIBinary  = VendorCLI + "/binary.json" // the recorded binary (git-ignored: it is this machine's)
	cliPackageName   = "@scape/cli"
	scriptLaunchPath = "node " + VendorCLIScript
)

func cliPackageJSON() []byte {
	data, _ := json.MarshalIndent(struct {
		Name        string            `json:"name"`
		Version     string            `json:"version"`
		Private     bool              `json:"private"`
		Description string            `json:"description"`
		Bin         map[string]string `json:"bin"`
		Files       []string          `json:"files"`
	}{
		Name:        cliPackageName,
		Version:     "0.0.0-local",
		Private:     true,
		Description: "Runs the scape binary for this project's scripts; never fetched from a registry.",
		Bin:         map[string]string{"scape": "scape.cjs"},
		Files:       []string{"scape.cjs", "binary.json"},
	}, "", "  ")
	return append(data, '\n')
}

// binaryJSON records the binary that created the project: the launcher's third choice.
func binaryJSON(exe string) []byte {
	data, _ := json.MarshalIndent(struct {
		Recorded string `json:"recorded"`
	}{exe}, "", "  ")
	return append(data, '\n')
}

func writeLauncher(w *writer, exe string) error {
	if err := w.write(VendorCLI+"/package.json", cliPackageJSON(), 0o644); err != nil {
		return err
	}
	if err := w.write(VendorCLIScript, launcherJS, 0o755); err != nil {
		return err
	}
	if exe == "" {
		return nil
	}
	return w.write(VendorCLIBinary, binaryJSON(exe), 0o644)
}
