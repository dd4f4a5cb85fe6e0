// Package model implements `scape gizmo model FILE.glb [--json]`: the facts and the verdict for
// one model file, so a modeller can check an export without a project.
package model

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/glb"
	"github.com/scapeworld/scape/host/web"
	"github.com/scapeworld/scape/internal/atomicfile"
	"github.com/scapeworld/scape/internal/human"
	"github.com/scapeworld/scape/internal/termtext"
)

// Options are the command's inputs after flag parsing.
type Options struct {
	IO   *cmdutil.IOStreams
	Path string
	JSON bool
	// PNG, when set, is where to write a picture of the model as the world draws it; Force
	// lets it replace an existing file.
	PNG   string
	Force bool
	// Picture draws the PNG (web.ModelPicture; tests replace it).
	Picture func(ctx context.Context, glb []byte, o web.PictureOptions) ([]byte, error)
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
self-contained, material or vertex colors; no textures, skins, animations, morph targets,
compression or external resources.

Prints the model's facts, every problem (each with what to change in the exporter) and every
warning. A warning does not refuse the model: more than 20,000 triangles or 32 draw calls (the
bounds the docs state for agent avatars, not for Gizmo models) is one.
The size limit is the contract's: a model is embedded in the bundle as base64, and the bundle
may be 1 MiB, so a model may be 768 KiB (786,432 bytes). Each line names its rule; the SDK's
vendor/scape-sdk/LIMITS.md ("Models") lists every model rule and where the docs state it.

With --png OUT.png, an accepted model is also drawn as the local world draws it (the world
page's own renderer, three, in headless Chromium: the model's largest extent fitted to 0.8 of
a cell, the identity rest pose, neutral lights) into a 256 × 256 PNG written to OUT.png only
(atomically; an existing file is replaced only with --force). The browser is CHROME_PATH when
set, else Chrome, Chromium, Edge or Brave where this platform installs them; without one it
says where it looked and writes nothing.

Exit status: 0 accepted (with or without warnings), 1 refused, 2 the file cannot be read or
the picture cannot be made (no Chromium, OUT.png exists without --force).`,
		Example: `  scape gizmo model lamp.glb
  scape gizmo model assets/lamp.glb --json
  scape gizmo model lamp.glb --png OUT.png`,
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
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the facts, problems and warnings as JSON")
	cmd.Flags().StringVar(&opts.PNG, "png", "", "also write a picture of the model as the world draws it (needs Chromium)")
	cmd.Flags().BoolVar(&opts.Force, "force", false, "let --png replace an existing file")
	return cmd
}

// Report is the --json output.
type Report struct {
	File     string    `json:"file"`
	OK       bool      `json:"ok"` // no problems; warnings allowed
	Facts    glb.Facts `json:"facts"`
	Problems []Finding `json:"problems"` // why the model is refused, each with "severity": "error"
	Warnings []Finding `json:"warnings"` // each with "severity": "warning"; they never refuse
}

// Finding is one of glb's problems or warnings with its severity, so each entry of --json says
// whether it refuses the model.
type Finding struct {
	Severity string `json:"severity"` // "error" or "warning"
	glb.Problem
}

func findings(severity string, ps []glb.Problem) []Finding {
	out := make([]Finding, len(ps))
	for i, p := range ps {
		out[i] = Finding{severity, p}
	}
	return out
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
		rep := Report{File: opts.Path, OK: res.OK(), Facts: res.Facts, Problems: findings("error", res.Problems), Warnings: findings("warning", res.Warnings)}
		if err := cmdutil.WriteJSON(opts.IO.Out, rep); err != nil {
			return err
		}
	} else {
		// The model's own strings (its generator, extension names, values its problems quote)
		// are the file's: cleaned for the terminal.
		printText(termtext.Writer(opts.IO.Out), filepath.Base(opts.Path), res)
	}
	if !res.OK() {
		return cmdutil.Silent(cmdutil.ExitInvalid)
	}
	if opts.PNG != "" {
		return writePicture(opts)
	}
	return nil
}

// writePicture draws the (accepted) model and writes it to opts.PNG, atomically, and nowhere
// else: a temporary file beside it, renamed over it only when complete.
func writePicture(opts *Options) error {
	if _, err := os.Lstat(opts.PNG); err == nil && !opts.Force {
		return cmdutil.Usagef("%s exists: no picture written (use --force to replace it)", opts.PNG)
	}
	data, err := os.ReadFile(opts.Path)
	if err != nil {
		return cmdutil.Usage(err)
	}
	draw := opts.Picture
	if draw == nil {
		draw = web.ModelPicture
	}
	png, err := draw(context.Background(), data, web.DefaultPicture)
	if errors.Is(err, web.ErrNoChromium) {
		return cmdutil.Usage(fmt.Errorf("--png needs headless Chromium to draw the model: %w; no picture written", err))
	}
	if err != nil {
		return cmdutil.Usage(fmt.Errorf("drawing %s: %w; no picture written", filepath.Base(opts.Path), err))
	}
	write := atomicfile.WriteNew // a file created meanwhile is not overwritten either
	if opts.Force {
		write = atomicfile.Write
	}
	if err := write(opts.PNG, png, 0o644); err != nil {
		if errors.Is(err, os.ErrExist) {
			return cmdutil.Usagef("%s exists: no picture written (use --force to replace it)", opts.PNG)
		}
		return err
	}
	if !opts.JSON {
		fmt.Fprintf(opts.IO.Out, "  picture     %s (%d × %d, the world's renderer)\n", opts.PNG, web.DefaultPicture.TextureSize, web.DefaultPicture.TextureSize)
	}
	return nil
}

// plural renders "1 mesh", "3 meshes", "20,001 triangles".
func plural(n int64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "h") {
		return human.Int(int(n)) + " " + noun + "es"
	}
	return human.Int(int(n)) + " " + noun + "s"
}

func printText(w io.Writer, name string, res *glb.Result) {
	f := res.Facts
	warnings := ""
	if n := len(res.Warnings); n > 0 {
		warnings = plural(int64(n), "warning")
	}
	switch {
	case res.OK() && warnings == "":
		fmt.Fprintf(w, "%s: accepted\n", name)
	case res.OK():
		fmt.Fprintf(w, "%s: accepted with %s\n", name, warnings)
	case warnings == "":
		fmt.Fprintf(w, "%s: refused (%s)\n", name, plural(int64(len(res.Problems)), "problem"))
	default:
		fmt.Fprintf(w, "%s: refused (%s, %s)\n", name, plural(int64(len(res.Problems)), "problem"), warnings)
	}
	// Each limit says whose it is: the size is the contract's (a refusal); the triangle and
	// draw-call bounds are the docs' bounds for agent avatars, which only warn for a Gizmo model.
	fmt.Fprintf(w, "  size        %s (%s bytes); at most %s (%s bytes), the contract's limit (rule model.size)\n",
		human.Bytes(int(f.Bytes)), human.Int(int(f.Bytes)), human.Bytes(glb.MaxFileBytes), human.Int(glb.MaxFileBytes))
	if f.Counted {
		fmt.Fprintf(w, "  triangles   %s in the default scene; over %s warns (rule model.triangles: the docs' agent-avatar bound, not a Gizmo limit)\n",
			human.Int(int(f.Triangles)), human.Int(glb.AvatarMaxTriangles))
		fmt.Fprintf(w, "  draw calls  %s; over %s warns (rule model.drawCalls: the docs' agent-avatar bound, not a Gizmo limit)\n",
			human.Int(int(f.DrawCalls)), human.Int(glb.AvatarMaxDrawCalls))
	}
	if f.JSONBytes > 0 {
		fmt.Fprintf(w, "  contents    %s, %s, %s, %s\n", plural(int64(f.Meshes), "mesh"), plural(int64(f.Primitives), "primitive"),
			plural(int64(f.Nodes), "node"), plural(int64(f.Materials), "material"))
	}
	if f.Generator != "" {
		fmt.Fprintf(w, "  written by  %s\n", f.Generator)
	}
	if len(f.Extensions) > 0 {
		fmt.Fprintf(w, "  extensions  %s\n", strings.Join(f.Extensions, ", "))
	}
	for _, p := range res.Problems {
		fmt.Fprintf(w, "  ✗ %s\n", p.Message)
	}
	for _, p := range res.Warnings {
		fmt.Fprintf(w, "  warning: %s\n", p.Message)
	}
}
