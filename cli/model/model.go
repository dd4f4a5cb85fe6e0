// Package model implements `scape gizmo model FILE.glb [--json]`: the facts and the verdict for
// one model file, so a modeller can check an export without a project.
package model

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/glb"
)

// Options are the command's inputs after flag parsing.
type Options struct {
	IO   *cmdutil.IOStreams
	Path string
	JSON bool
}

// NewCmd returns the `model` command. runF replaces the behaviour in tests of flag parsing.
func NewCmd(f *cmdutil.Factory) *cobra.Command { return NewCmdModel(f, nil) }

// NewCmdModel is NewCmd with a replaceable run function.
func NewCmdModel(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "model FILE.glb",
		Short: "Check a GLB model the way the host will",
		Long: `Check one binary glTF (.glb) file against the Gizmo model rule: static and
self-contained, material or vertex colors, at most 20,000 triangles and 32 draw calls; no
textures, skins, animations, morph targets, compression or external resources.

Prints the model's facts and every problem, each with what to change in the exporter.
Exit status: 0 accepted, 1 refused, 2 the file cannot be read.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return cmdutil.Usagef("expected one .glb file (got %d arguments)", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Path = args[0]
			if runF != nil {
				return runF(opts)
			}
			return Run(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the facts and problems as JSON")
	return cmd
}

// Report is the --json output.
type Report struct {
	File     string        `json:"file"`
	OK       bool          `json:"ok"`
	Facts    glb.Facts     `json:"facts"`
	Problems []glb.Problem `json:"problems"`
}

// Run checks the file and prints the report; the returned error carries the exit status.
func Run(opts *Options) error {
	res, err := glb.CheckFile(opts.Path)
	if err != nil {
		if errors.Is(err, glb.ErrUnreadable) {
			return cmdutil.Usage(fmt.Errorf("%s: %w", opts.Path, err))
		}
		return cmdutil.Usage(err)
	}
	if opts.JSON {
		enc := json.NewEncoder(opts.IO.Out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(Report{File: opts.Path, OK: res.OK(), Facts: res.Facts, Problems: res.Problems}); err != nil {
			return err
		}
	} else {
		printText(opts.IO.Out, filepath.Base(opts.Path), res)
	}
	if !res.OK() {
		return cmdutil.Silent(cmdutil.ExitInvalid)
	}
	return nil
}

func plural(n int64, noun string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, noun)
	}
	if strings.HasSuffix(noun, "h") {
		return fmt.Sprintf("%d %ses", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func printText(w io.Writer, name string, res *glb.Result) {
	f := res.Facts
	if res.OK() {
		fmt.Fprintf(w, "%s: accepted\n", name)
	} else {
		fmt.Fprintf(w, "%s: refused (%s)\n", name, plural(int64(len(res.Problems)), "problem"))
	}
	if f.Counted {
		fmt.Fprintf(w, "  %s, %s in the default scene (limits %d and %d)\n",
			plural(f.Triangles, "triangle"), plural(f.DrawCalls, "draw call"), glb.MaxTriangles, glb.MaxDrawCalls)
	}
	if f.JSONBytes > 0 {
		fmt.Fprintf(w, "  %s, %s, %s, %s\n", plural(int64(f.Meshes), "mesh"), plural(int64(f.Primitives), "primitive"),
			plural(int64(f.Nodes), "node"), plural(int64(f.Materials), "material"))
	}
	fmt.Fprintf(w, "  %d bytes (limit %d)", f.Bytes, glb.MaxFileBytes)
	if f.Generator != "" {
		fmt.Fprintf(w, ", written by %s", f.Generator)
	}
	fmt.Fprintln(w)
	if len(f.Extensions) > 0 {
		fmt.Fprintf(w, "  extensions: %s\n", strings.Join(f.Extensions, ", "))
	}
	for _, p := range res.Problems {
		fmt.Fprintf(w, "  ✗ %s\n", p.Message)
	}
}
