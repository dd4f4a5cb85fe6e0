package root

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
	"github.com/scapeworld/scape/testrun"
)

// madeByCommands are the paths help texts may name although no new project holds them yet:
// each is written by the command named beside it, so the author has it once they ran that.
var madeByCommands = map[string]string{
	"dist/<name>.js":           "scape gizmo build",
	".scape/":                  "scape gizmo dev",
	"dist/sounds/":             "scape gizmo sound",
	"./my-gizmo":               "an example argument to init",
	"./my-lamp":                "an example argument to init",
	"./my-chime":               "an example directory argument",
	"./world":                  "an example --data directory for host",
	"lamp.glb":                 "an example argument to model: the author's own file",
	"assets/lamp.glb":          "an example argument to model: the author's own file",
	"sounds.json":              "an example --recipes file: the author's own",
	"./team-lamp":              "an example argument to kit export",
	"./my-clone":               "an example argument to trust: a project the user cloned",
	"dist/release":             "make release, in the scape repository (kit export --platform reads it)",
	"vendor/scape-<os>-<arch>": "kit export --platform",
}

// notPaths are words the pattern takes for file names that are not.
var notPaths = map[string]bool{"Node.js": true}

// reachable reports whether tok (DIR/ and ./ removed) is, is under, or is a parent of a path in
// madeByCommands; a bare placeholder file (FILE.glb, NAME.wav: the author's own name) is too.
func reachable(tok string) bool {
	rel := strings.TrimPrefix(strings.TrimPrefix(tok, "DIR/"), "./")
	if notPaths[tok] || regexp.MustCompile(`^[A-Z]+(\.[a-z]+)?$`).MatchString(rel) {
		return true
	}
	for made := range madeByCommands {
		m := strings.TrimPrefix(made, "./")
		if tok == made || rel == m {
			return true
		}
		if strings.HasSuffix(m, "/") && (strings.HasPrefix(rel, m) || strings.HasPrefix(m, strings.TrimSuffix(rel, "/")+"/")) {
			return true
		}
	}
	return false
}

// pathToken finds what reads as a file path in help text: words with a slash, or ending in a
// file extension. URLs, npm package names (@scape/sdk) and node: modules are not paths.
var pathToken = regexp.MustCompile(`[A-Za-z0-9_.<>*-]*(?:/[A-Za-z0-9_.<>*-]*)+|[A-Za-z0-9_<>*-]+(?:\.[A-Za-z0-9_-]+)*\.(?:md|ts|js|json|glb|wav|png|tgz)\b`)

// TestHelpNamesOnlyReachablePaths: every path a help text names exists for the author, in a
// project init or kit export creates, or is one a command writes (madeByCommands). Help used to
// send authors to docs/build.md and docs/projects.md, files of this repository that neither a
// project nor the binary has.
func TestHelpNamesOnlyReachablePaths(t *testing.T) {
	project := filepath.Join(t.TempDir(), "p")
	exe := filepath.Join(t.TempDir(), "scape")
	if err := os.WriteFile(exe, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := scaffold.Create(scaffold.Options{Dir: project, SDK: kit.SDK(), TestTypes: testrun.Types(), Kit: true, Executable: exe}); err != nil {
		t.Fatal(err)
	}
	ios, _, _, _ := cmdutil.Test()
	checked := 0
	walk(NewCmd(cmdutil.New(ios, "test")), func(c *cobra.Command) {
		texts := []string{c.Short, c.Long, c.Example, c.Use}
		c.Flags().VisitAll(func(f *pflag.Flag) { texts = append(texts, f.Usage, f.DefValue) })
		for _, text := range texts {
			for _, tok := range pathTokens(text) {
				checked++
				if reachable(tok) {
					continue
				}
				rel := strings.TrimPrefix(strings.TrimPrefix(tok, "DIR/"), "./")
				if _, err := os.Lstat(filepath.Join(project, filepath.FromSlash(strings.TrimSuffix(rel, "/")))); err != nil {
					t.Errorf("%s: help names %q, which a new project does not have and no command writes", c.CommandPath(), tok)
				}
			}
		}
	})
	if checked < 5 {
		t.Fatalf("only %d paths found in the help texts: the pattern no longer matches them", checked)
	}
}

func pathTokens(text string) []string {
	var out []string
	for _, tok := range pathToken.FindAllString(text, -1) {
		tok = strings.TrimRight(tok, ".")
		switch {
		case tok == "" || tok == "/" || strings.HasPrefix(tok, "/"): // URL paths such as /login
		case strings.Contains(text, "://"+tok) || strings.Contains(text, "@"+tok) || strings.Contains(text, ":"+tok):
			// part of a URL, an npm package name or a node: module
		case strings.Contains(tok, "//"), strings.Contains(tok, "*"): // globs such as *.test.ts
		case !strings.ContainsAny(tok, "/") && !strings.Contains(tok, "."):
		default:
			out = append(out, tok)
		}
	}
	return out
}

func walk(c *cobra.Command, fn func(*cobra.Command)) {
	fn(c)
	for _, sub := range c.Commands() {
		walk(sub, fn)
	}
}

// The pattern itself: what it must and must not take for a path.
func TestPathTokens(t *testing.T) {
	got := strings.Join(pathTokens("See docs/build.md. Open https://x.example/y, import @scape/sdk/runtime and node:assert/strict; "+
		"write DIR/dist/<name>.js or vendor/scape-sdk.tgz; sign in at /login; 1,048,576 bytes; sounds.json"), " ")
	want := "docs/build.md DIR/dist/<name>.js vendor/scape-sdk.tgz sounds.json"
	if got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// Every scape command a user runs shows examples in its help (dev, host, sound and model had
// none).
func TestEveryCommandHasExamples(t *testing.T) {
	ios, _, _, _ := cmdutil.Test()
	n := 0
	walk(NewCmd(cmdutil.New(ios, "test")), func(c *cobra.Command) {
		if c.Hidden || !c.HasParent() || c.Name() == "help" || c.Name() == "completion" || (c.HasParent() && c.Parent().Name() == "completion") {
			return
		}
		n++
		if strings.TrimSpace(c.Example) == "" {
			t.Errorf("%s has no examples", c.CommandPath())
			return
		}
		for _, line := range strings.Split(c.Example, "\n") {
			if !strings.HasPrefix(strings.TrimSpace(line), "scape ") && !strings.HasPrefix(strings.TrimSpace(line), "cd ") {
				t.Errorf("%s: example line %q does not run scape", c.CommandPath(), line)
			}
		}
	})
	if n < 10 {
		t.Fatalf("only %d commands walked", n)
	}
}
