package scaffold

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"github.com/scapeworld/scape/internal/release"
	"github.com/scapeworld/scape/templates"
)

// packageJSON is the project's manifest. Key order is fixed (a struct, not a map) so the file
// reads the same in every project.
//
// The scripts call the vendored launcher by path (`node vendor/scape-cli/scape.cjs …`), not a
// bare `scape`: npm and yarn put node_modules/.bin on the PATH only after an install, and a bare
// name would otherwise need a global install. The launcher is also a devDependency by file:
// path, so after `npm install` the bin `scape` serves `npm exec scape …` and `yarn scape …`
// without a registry.
func packageJSON(name string, tmpl templates.Template, kit bool) ([]byte, error) {
	type scapeField struct {
		Entry string `json:"entry"`
	}
	type scripts struct {
		Build     string `json:"build"`
		Dev       string `json:"dev"`
		Test      string `json:"test"`
		Typecheck string `json:"typecheck"`
		Scape     string `json:"scape"`
	}
	manifest := struct {
		Name            string            `json:"name"`
		Version         string            `json:"version"`
		Private         bool              `json:"private"`
		Description     string            `json:"description"`
		Type            string            `json:"type"`
		Scape           scapeField        `json:"scape"`
		Scripts         scripts           `json:"scripts"`
		Dependencies    map[string]string `json:"dependencies"`
		DevDependencies map[string]string `json:"devDependencies"`
	}{
		Name:        name,
		Version:     "0.1.0",
		Private:     true,
		Description: tmpl.Summary,
		Type:        "module",
		Scape:       scapeField{Entry: "src/project.ts"},
		Scripts: scripts{
			Build:     scriptLaunchPath + " gizmo build",
			Dev:       scriptLaunchPath + " gizmo dev",
			Test:      scriptLaunchPath + " gizmo test",
			Typecheck: "tsc -p .",
			Scape:     scriptLaunchPath,
		},
		Dependencies:    map[string]string{"@scape/sdk": "file:" + VendorSDK},
		DevDependencies: map[string]string{cliPackageName: "file:" + VendorCLI},
	}
	if kit {
		manifest.Dependencies["@scape/sdk"] = "file:" + VendorSDKTarball
	}
	data, err := json.MarshalIndent(manifest, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// tsconfigJSON is strict, and maps @scape/sdk (and the test subset) to the vendored sources, so
// an editor resolves every type right after init, with nothing installed. lib is ES2022 with no
// DOM and no Node types (neither exists where a Gizmo runs); vendor/scape-env declares what the
// runtime adds (console).
func tsconfigJSON(testTypes, globals bool) string {
	paths := []string{
		`"@scape/sdk": ["./` + VendorSDK + `/src/index.ts"]`,
		`"@scape/sdk/runtime": ["./` + VendorSDK + `/src/runtime.ts"]`,
	}
	if testTypes {
		paths = append(paths,
			`"node:test": ["./`+VendorTestTypes+`/node-test.d.ts"]`,
			`"node:assert/strict": ["./`+VendorTestTypes+`/node-assert-strict.d.ts"]`,
		)
	}
	include := `"src", "test"`
	if globals {
		include += `, "` + path.Dir(VendorGlobals) + `"`
	}
	return fmt.Sprintf(`{
  "compilerOptions": {
    "target": "ES2022",
    "module": "ESNext",
    "moduleResolution": "Bundler",
    "lib": ["ES2022"],
    "strict": true,
    "noEmit": true,
    "isolatedModules": true,
    "verbatimModuleSyntax": true,
    "skipLibCheck": true,
    "types": [],
    "paths": {
      %s
    }
  },
  "include": [%s]
}
`, strings.Join(paths, ",\n      "), include)
}

// readme is the project's README.md; platforms are a kit's per-platform binaries (none: the kit
// carries the exporting machine's binary as vendor/scape).
func readme(name string, tmpl templates.Template, kit bool, platforms []release.Platform) string {
	var b strings.Builder
	title := tmpl.Title
	fmt.Fprintf(&b, "# %s\n\n%s\n", name, tmpl.Summary)
	if tmpl.Demonstrates != "" {
		fmt.Fprintf(&b, "\nFrom the Scape %s example. **What it demonstrates:** %s.\n", title, tmpl.Demonstrates)
	}
	test := ""
	if tmpl.HasTests() {
		test = "| `npm test` | `scape gizmo test`: run every `*.test.ts` in scape's own engine, no Node.js needed |\n"
	} else {
		test = "| `npm test` | `scape gizmo test`: run every `*.test.ts` (add your own under `test/`) in scape's own engine |\n"
	}
	b.WriteString(`
## Start

` + "```sh\nnpm run dev      # or: yarn dev, or scape gizmo dev\n```" + `

builds the project, starts a local world on this machine (no account, no host to set up), prints
its link and live-updates it on every save. Open the link in a browser; Ctrl-C stops.

## Commands

No global install is needed: the scripts run scape through ` + "`" + VendorCLIScript + "`" + ` (see below).

| Command | What it does |
| --- | --- |
| ` + "`npm run dev`" + ` | ` + "`scape gizmo dev`" + `: build, watch and live-update into a local world |
| ` + "`npm run build`" + ` | ` + "`scape gizmo build`" + `: bundle, type-check (when TypeScript is installed) and validate into ` + "`dist/`" + ` |
` + test + `| ` + "`npm run typecheck`" + ` | ` + "`tsc -p .`" + ` over ` + "`src/`" + ` and ` + "`test/`" + ` (after ` + "`npm install --save-dev typescript`" + `) |
| ` + "`npm run scape -- …`" + ` | any scape command, e.g. ` + "`npm run scape -- gizmo sound`" + ` |

Yarn works the same way (` + "`yarn dev`, `yarn build`, `yarn test`, `yarn scape gizmo sound`" + `), and after
` + "`npm install`" + ` so do ` + "`npm exec scape -- …`" + ` and ` + "`yarn scape …`" + `: the bin comes from this project,
never from a registry.

To develop against your own Scape host instead of the local world:
` + "`npm run dev -- --origin https://your-scape-host`" + `.

**Types.** ` + "`scape gizmo build`" + ` runs ` + "`tsc`" + ` first when TypeScript is installed in this project
(` + "`node_modules/typescript`" + `) and reports type errors as build errors; otherwise it says
"types not checked" and why. ` + "`npm install --save-dev typescript`" + ` once (it needs a registry or a
cache) turns it on; ` + "`scape gizmo build --no-typecheck`" + ` skips it. That compiler is a program from
` + "`node_modules`" + `, so it runs only in a directory you trust: the one scape created is; a clone or copy
of the project is trusted with ` + "`scape gizmo trust`" + ` (until then its build says "types not checked:
this project's TypeScript is not trusted").

**Which scape runs.** ` + "`" + VendorCLIScript + "`" + ` runs the first of: ` + "`$SCAPE_BIN`" + `; a kit's own binary (from
` + "`scape gizmo kit export`" + `: ` + "`vendor/scape-<os>-<arch>`" + ` for the machine it runs on, else
` + "`" + VendorBinary + "`" + `); the binary that created this project (recorded in
` + "`" + VendorCLIBinary + "`" + `, git-ignored); ` + "`scape`" + ` on your PATH. When none exists it says how to install
one.
`)
	fmt.Fprintf(&b, `
## Layout

- `+"`src/definition.ts`"+` — the Gizmo definition; `+"`src/project.ts`"+` — the entry (`+"`scape.entry`"+` in
  package.json) that default-exports up to 16 definitions.
- `+"`test/`"+` — tests (`+"`*.test.ts`"+`) written with `+"`node:test`"+` and `+"`node:assert/strict`"+`; the subset
  scape supplies is declared in `+"`"+VendorTestTypes+"/`"+` (no timers or I/O).
- `+"`%s/`"+` — the @scape/sdk package, vendored so that editors resolve its types and
  `+"`npm install`"+` works with no registry serving it. Do not edit it: `+"`scape gizmo build`"+` and
  `+"`test`"+` use the SDK built into scape itself.
- `+"`%s`"+` — what the runtime gives besides ES2022 (`+"`console`"+`), for the editor and tsc.
- `+"`%s/`"+` — the `+"`scape`"+` launcher of the scripts above.
`, VendorSDK, VendorGlobals, VendorCLI)
	switch {
	case kit && len(platforms) == 0:
		fmt.Fprintf(&b, "- `%s` — the same SDK as an npm archive (the dependency), `%s` — the scape CLI\n  the scripts run (built for the machine that exported the kit).\n", VendorSDKTarball, VendorBinary)
	case kit:
		names, files := make([]string, len(platforms)), make([]string, len(platforms))
		for i, p := range platforms {
			names[i], files[i] = p.String(), "`"+VendorPlatformBinary(p)+"`"
		}
		fmt.Fprintf(&b, "- `%s` — the same SDK as an npm archive (the dependency); %s — the scape CLI\n  for %s: the scripts run the one for the machine they run on, and name it when the kit\n  has none for it.\n", VendorSDKTarball, strings.Join(files, ", "), strings.Join(names, ", "))
	}
	b.WriteString("\nThe `scape.` namespace and built-in emojis are reserved: give a new Gizmo your own type and a\nunique emoji.\n")
	return b.String()
}
