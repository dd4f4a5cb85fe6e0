package scaffold

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/scapeworld/scape/templates"
)

// packageJSON is the project's manifest. Key order is fixed (a struct, not a map) so the file
// reads the same in every project.
func packageJSON(name string, tmpl templates.Template, kit bool) ([]byte, error) {
	type scapeField struct {
		Entry string `json:"entry"`
	}
	type scripts struct {
		Build string `json:"build"`
		Dev   string `json:"dev"`
		Test  string `json:"test"`
		Scape string `json:"scape,omitempty"`
	}
	manifest := struct {
		Name         string            `json:"name"`
		Version      string            `json:"version"`
		Private      bool              `json:"private"`
		Description  string            `json:"description"`
		Type         string            `json:"type"`
		Scape        scapeField        `json:"scape"`
		Scripts      scripts           `json:"scripts"`
		Dependencies map[string]string `json:"dependencies"`
	}{
		Name:        name,
		Version:     "0.1.0",
		Private:     true,
		Description: tmpl.Summary,
		Type:        "module",
		Scape:       scapeField{Entry: "src/project.ts"},
		Scripts: scripts{
			Build: "scape gizmo build",
			Dev:   "scape gizmo dev",
			Test:  "scape gizmo test",
		},
		Dependencies: map[string]string{"@scape/sdk": "file:" + VendorSDK},
	}
	if kit {
		// The launcher prefers a scape on the PATH and falls back to the kit's own binary.
		run := "sh " + VendorLauncher
		manifest.Scripts = scripts{
			Build: run + " gizmo build",
			Dev:   run + " gizmo dev",
			Test:  run + " gizmo test",
			Scape: run,
		}
		manifest.Dependencies["@scape/sdk"] = "file:" + VendorSDKTarball
	}
	data, err := json.MarshalIndent(manifest, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// tsconfigJSON is strict, and maps @scape/sdk (and the test subset) to the vendored sources, so
// an editor resolves every type right after init, with nothing installed.
func tsconfigJSON(testTypes bool) string {
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
  "include": ["src", "test"]
}
`, strings.Join(paths, ",\n      "))
}

func readme(name string, tmpl templates.Template, kit bool) string {
	var b strings.Builder
	title := tmpl.Title
	fmt.Fprintf(&b, "# %s\n\n%s\n", name, tmpl.Summary)
	if tmpl.Demonstrates != "" {
		fmt.Fprintf(&b, "\nFrom the Scape %s example. **What it demonstrates:** %s.\n", title, tmpl.Demonstrates)
	}
	via := ""
	if kit {
		via = " (through `vendor/scape.sh`)"
	}
	fmt.Fprintf(&b, `
## Commands

| Command | What it does |
| --- | --- |
| `+"`npm run build`"+` | `+"`scape gizmo build`"+`%[1]s: bundle and validate the project into `+"`dist/`"+` |
| `+"`npm test`"+` | `+"`scape gizmo test`"+`%[1]s: run every `+"`*.test.ts`"+` in scape's own engine, no Node.js needed |
| `+"`npm run dev -- --origin https://your-scape-host`"+` | `+"`scape gizmo dev`"+`%[1]s: build, watch and connect to your developer world |

Yarn works the same way (`+"`yarn build`, `yarn test`, `yarn dev --origin …`"+`).
`, via)
	fmt.Fprintf(&b, `
## Layout

- `+"`src/definition.ts`"+` — the Gizmo definition; `+"`src/project.ts`"+` — the entry (`+"`scape.entry`"+` in
  package.json) that default-exports up to 16 definitions.
- `+"`test/`"+` — tests (`+"`*.test.ts`"+`) written with `+"`node:test`"+` and `+"`node:assert/strict`"+`; the subset
  scape supplies is declared in `+"`"+VendorTestTypes+"/`"+` (no timers or I/O), and the same files run
  under Node's own runner once compiled.
- `+"`%s/`"+` — the @scape/sdk package, vendored so that editors resolve its types and
  `+"`npm install`"+` works with no registry serving it. Do not edit it: `+"`scape gizmo build`"+` and
  `+"`test`"+` use the SDK built into scape itself.
`, VendorSDK)
	if kit {
		fmt.Fprintf(&b, "- `%s` — the same SDK as an npm archive (the dependency), `%s` — the scape CLI\n  used by the package scripts when no `scape` is on your PATH.\n", VendorSDKTarball, VendorBinary)
	}
	b.WriteString("\nThe `scape.` namespace and built-in emojis are reserved: give a new Gizmo your own type and a\nunique emoji.\n")
	return b.String()
}
