package scaffold

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/scapeworld/scape/templates"
)

// What init and kit export tell the author after creating a project: the same text for both,
// decided here so neither command depends on the other.

// Invocation is how the author can run this scape from inside the new project: "scape" when
// the scape on PATH is this binary (exe), else inProject (a kit's "./vendor/scape") when given,
// else exe's path quoted for the shell. Printing a bare "scape" that is not on PATH, or is
// another build, would make the very first step fail.
func Invocation(exe, inProject string, lookPath func(string) (string, error)) string {
	if exe != "" && lookPath != nil {
		if p, err := lookPath("scape"); err == nil && sameFile(p, exe) {
			return "scape"
		}
	}
	if inProject != "" {
		return inProject
	}
	if exe == "" {
		return "scape"
	}
	return shellQuote(exe)
}

func sameFile(a, b string) bool {
	ai, err := os.Stat(a)
	if err != nil {
		return false
	}
	bi, err := os.Stat(b)
	return err == nil && os.SameFile(ai, bi)
}

// NextSteps lists build, test (when the template has tests) and dev, run as scape (an
// Invocation), then the npm equivalents and how to reach a real host. The local world comes
// first: it needs no account and no host.
func NextSteps(res *Result, scape string) []string {
	steps := []string{scape + " gizmo build"}
	if res.Template.HasTests() {
		steps = append(steps, scape+" gizmo test")
	}
	steps = append(steps, scape+" gizmo dev      # a local world: prints its link, live-updates on save; Ctrl-C stops")
	npm := "npm run build"
	if res.Template.HasTests() {
		npm += ", npm test"
	}
	return append(steps, "",
		"The same with npm or yarn (no global install): "+npm+", npm run dev.",
		"Against your own Scape host: "+scape+" gizmo dev --origin https://<your-host>")
}

// Created is the report of a new project: what was made and where, then how to get into it (the
// directory as the author typed it, arg: relative stays relative, from where they stand) and
// the next steps, an empty one a blank line.
func Created(arg string, res *Result, next []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Created %s from the %s template (%d files) in %s\n", res.Name, res.Template.Name, len(res.Files), res.Dir)
	fmt.Fprintf(&b, "\nNext:\n  cd %s\n", shellQuote(filepath.Clean(arg)))
	for _, line := range next {
		if line == "" {
			b.WriteString("\n")
			continue
		}
		fmt.Fprintf(&b, "  %s\n", line)
	}
	return b.String()
}

// TemplateList is the templates for help texts: "blank (default), counter, …".
func TemplateList() string {
	names := templates.Names()
	names[0] += " (default)"
	return strings.Join(names, ", ") + "."
}

func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
