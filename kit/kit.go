// Package kit carries the @scape/sdk TypeScript package inside the scape binary (go:embed of
// kit/sdk: package.json, src/**, and its documents) and compiles the SDK's toolchain entry
// (src/toolchain.ts) into the one JavaScript program that goja runs before any author bundle.
//
// The SDK is compiled at run time, not committed as generated JavaScript, because the SDK changes
// with every commit of its authors and a committed artefact would go stale. See Program.
package kit

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"sync"
)

// sdkFiles is the SDK package as published: manifest, sources, documents. Tests and the Go file
// of kit/sdk are left out on purpose.
//
//go:embed sdk/package.json sdk/src sdk/LIMITS.md sdk/README.md
var sdkFiles embed.FS

// SDK returns the embedded @scape/sdk package as a file system rooted at the package directory
// (package.json, src/index.ts, …). Scaffolding vendors it into projects from here.
func SDK() fs.FS {
	sub, err := fs.Sub(sdkFiles, "sdk")
	if err != nil {
		panic(err) // a constant path into an embed.FS cannot fail
	}
	return sub
}

var (
	versionOnce sync.Once
	version     string
	versionErr  error
)

// SDKVersion is the version in the embedded SDK's package.json (the contract the toolchain
// checks against), e.g. "0.1.0".
func SDKVersion() string {
	versionOnce.Do(func() { version, versionErr = readVersion(SDK()) })
	if versionErr != nil {
		panic(versionErr) // the embedded manifest is part of the binary; a test keeps it readable
	}
	return version
}

func readVersion(fsys fs.FS) (string, error) {
	data, err := fs.ReadFile(fsys, "package.json")
	if err != nil {
		return "", fmt.Errorf("kit: embedded SDK: %w", err)
	}
	var manifest struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	}
	if err := json.Unmarshal(data, &manifest); err != nil {
		return "", fmt.Errorf("kit: embedded SDK package.json: %w", err)
	}
	if manifest.Version == "" {
		return "", fmt.Errorf("kit: embedded SDK package.json has no version")
	}
	return manifest.Version, nil
}
