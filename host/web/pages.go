package web

import (
	"embed"
	"html/template"
	"time"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/human"
	"github.com/scapeworld/scape/protocol"
)

//go:embed ui
var uiFiles embed.FS

// Pages are the server-rendered pages (ui/pages.html): sign-in, the sidebar, the world page's shell.

var Pages = template.Must(template.New("").Funcs(template.FuncMap{
	"stamp": func(t time.Time) string { return t.Local().Format("15:04:05") },
	"size":  human.Bytes,
	// problem renders a diagnostic for the sidebar: positions inside the bundle mean nothing to
	// the owner (the host has no source map), so only project files are shown.
	"problem": OwnerProblem,
	"short": func(h string) string {
		if len(h) > 12 {
			return h[:12]
		}
		return h
	},
}).ParseFS(uiFiles, "ui/pages.html"))

// OwnerProblem renders a diagnostic for the owner: positions inside the bundle mean nothing to
// the owner (the host has no source map), so only project files are shown.
func OwnerProblem(d diag.Diagnostic) string {
	if d.File == protocol.ScriptName {
		d.File, d.Line, d.Column = "", 0, 0
	}
	return d.String()
}

// Style is the pages' style sheet (ui/style.css).
func Style() []byte {
	b, _ := uiFiles.ReadFile("ui/style.css")
	return b
}
