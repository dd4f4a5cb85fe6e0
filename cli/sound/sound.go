// Package sound implements `scape gizmo sound [NAME...] [--out DIR] [--png] [--json] [DIR]`: it
// renders a project's sounds with the Go renderer (package audio, the same samples as the SDK's
// renderGizmoSound) to NAME.wav files, PCM16, so an author can listen; --png adds a waveform and
// spectrogram picture per sound, --json prints each sound's duration, channels, peak and RMS.
package sound

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/audio"
	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/atomicfile"
	"github.com/scapeworld/scape/internal/termtext"
	"github.com/scapeworld/scape/validate"
)

// Sound is one declared sound: the definition that declares it (its type), its key in `sounds`
// (or soundBank/previews), and its recipe JSON as validation produced it.
type Sound struct {
	Definition string          `json:"definition,omitempty"`
	Name       string          `json:"name"`
	Recipe     json.RawMessage `json:"-"`
}

// Options are the command's inputs after flag parsing.
type Options struct {
	IO      *cmdutil.IOStreams
	Dir     string
	Names   []string
	Out     string
	Recipes string
	PNG     bool
	JSON    bool
	Force   bool
}

// NewCmd returns the `sound` command.
func NewCmd(f *cmdutil.Factory) *cobra.Command { return NewCmdSound(f, nil) }

// NewCmdSound is NewCmd with a replaceable run function (for flag-parsing tests).
func NewCmdSound(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "sound [NAME...] [DIR]",
		Short: "Render the project's sounds to WAV",
		Long: `Render the sounds a project declares to NAME.wav files (PCM16, 48 kHz; recorded
sounds keep their own rate), with the same samples the SDK's renderGizmoSound produces.

Arguments are sound names (all sounds when none are given) and at most one project
directory (default: the current directory); an argument naming an existing directory is
the project. --recipes FILE renders the recipes in a JSON file instead: an object of
name → recipe, a list of {"name", "recipe"} entries, or a single recipe named after the
file. Each is first validated by the SDK, so a refused recipe is reported with the
message "scape gizmo build" gives.

Files are written to DIR/dist/sounds/ (dist/ is in the project's .gitignore; with
--recipes, ./dist/sounds/). A rerun replaces the renders it wrote there, and refuses a
file it did not write or one changed since (an edit saved over a render) unless --force
is given. --out D writes to D instead and keeps every existing file unless --force.
--png also writes NAME.png: the waveform scaled to its peak with time and dBFS axes,
above a spectrogram with a frequency axis. --json prints each sound's file, duration,
channels, frames, peak and RMS.

Exit status: 0 all rendered, 1 a sound failed to render (the others are still written),
2 the command could not run (unknown name, unreadable input, existing file).`,
		Example: `  scape gizmo sound                     # every sound: dist/sounds/NAME.wav
  scape gizmo sound ring --png          # one sound, with its picture
  scape gizmo sound ./my-chime --json   # another project; statistics as JSON
  scape gizmo sound --recipes sounds.json --out renders`,
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, arg := range args {
				if st, err := os.Stat(arg); err == nil && st.IsDir() {
					if opts.Dir != "" {
						return cmdutil.Usagef("more than one project directory: %s and %s", opts.Dir, arg)
					}
					opts.Dir = arg
					continue
				}
				opts.Names = append(opts.Names, arg)
			}
			if opts.Dir == "" {
				opts.Dir = "."
			}
			if runF != nil {
				return runF(opts)
			}
			return Run(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Out, "out", "", "directory for the .wav (and .png) files (default: DIR/"+DefaultOut+")")
	cmd.Flags().StringVar(&opts.Recipes, "recipes", "", "render the recipes in this JSON file instead of a project's")
	cmd.Flags().BoolVar(&opts.PNG, "png", false, "also write a waveform and spectrogram picture per sound")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print each sound's statistics as JSON")
	cmd.Flags().BoolVar(&opts.Force, "force", false, "overwrite existing files")
	return cmd
}

// Result is one sound's line of the --json output.
type Result struct {
	Definition string  `json:"definition,omitempty"`
	Name       string  `json:"name"`
	File       string  `json:"file,omitempty"`
	Picture    string  `json:"picture,omitempty"`
	Duration   float64 `json:"duration"`
	Channels   int     `json:"channels"`
	Frames     int     `json:"frames"`
	Rate       int     `json:"rate"`
	Peak       float64 `json:"peak"`
	RMS        float64 `json:"rms"`
	Error      string  `json:"error,omitempty"`
}

// Run renders the selected sounds and writes the files.
func Run(opts *Options) error {
	sounds, err := load(opts)
	if err != nil {
		return err
	}
	sounds, err = selectSounds(sounds, opts.Names)
	if err != nil {
		return err
	}
	files, err := fileNames(sounds)
	if err != nil {
		return err
	}
	out, err := openOut(opts)
	if err != nil {
		return err
	}
	if !opts.Force {
		var targets []string
		for _, base := range files {
			for _, ext := range exts(opts.PNG) {
				targets = append(targets, base+ext)
			}
		}
		if existing := out.conflicts(targets); len(existing) > 0 {
			return out.refusal(existing)
		}
	}
	// A project's sounds passed the SDK's validation in projectSounds; a --recipes file's have
	// not, so each goes through the SDK's validators first and a refusal reads as the build's.
	var sdk *validate.RecipeChecker
	if opts.Recipes != "" {
		if sdk, err = validate.NewRecipeChecker(); err != nil {
			return fmt.Errorf("loading the SDK: %w", err)
		}
	}
	var results []Result
	failed := false
	for i, s := range sounds {
		res := Result{Definition: s.Definition, Name: s.Name}
		var wav []byte
		if sdk != nil {
			var msg string
			if msg, err = sdk.Problem(context.Background(), s.Recipe); err == nil && msg != "" {
				err = errors.New(msg)
			}
		}
		if err == nil {
			// The shared cache: a sound the build (or the dev loop) rendered is not rendered again.
			_, wav, err = audio.Shared.WAV(s.Recipe)
		}
		if err == nil {
			err = write(opts, out, files[i], wav, &res)
		}
		if err != nil {
			failed = true
			res.Error = err.Error()
		}
		results = append(results, res)
	}
	if err := out.save(); err != nil {
		return err
	}
	if opts.JSON {
		if err := cmdutil.WriteJSON(opts.IO.Out, results); err != nil {
			return err
		}
	} else {
		// Sound and definition names, and a recipe's refusal quoting its values, are the
		// author's: cleaned for the terminal (printText prints no colour).
		printText(termtext.Writer(opts.IO.Out), termtext.Writer(opts.IO.ErrOut), results)
	}
	if failed {
		return cmdutil.Silent(cmdutil.ExitInvalid)
	}
	return nil
}

func exts(pictures bool) []string {
	if pictures {
		return []string{".wav", ".png"}
	}
	return []string{".wav"}
}

func load(opts *Options) ([]Sound, error) {
	if opts.Recipes != "" {
		data, err := os.ReadFile(opts.Recipes)
		if err != nil {
			return nil, cmdutil.Usage(err)
		}
		sounds, err := ParseRecipes(filepath.Base(opts.Recipes), data)
		if err != nil {
			return nil, cmdutil.Usagef("%s: %v", opts.Recipes, err)
		}
		return sounds, nil
	}
	sounds, err := projectSounds(context.Background(), opts.Dir)
	if err != nil {
		var list diag.List
		if errors.As(err, &list) {
			return nil, reportDiagnostics(opts, list)
		}
		var exit *cmdutil.ExitError
		if errors.As(err, &exit) {
			return nil, err
		}
		return nil, cmdutil.Invalid(err)
	}
	return sounds, nil
}

// ParseRecipes reads a --recipes file: an object of name → recipe, or one recipe object (with
// "kind") named after the file.
func ParseRecipes(file string, data []byte) ([]Sound, error) {
	if trimmed := bytes.TrimSpace(data); len(trimmed) > 0 && trimmed[0] == '[' {
		// A list of {"name", "recipe"} entries (the form of testdata/audio/recipes.json).
		var list []struct {
			Name   string          `json:"name"`
			Recipe json.RawMessage `json:"recipe"`
		}
		if err := json.Unmarshal(trimmed, &list); err != nil {
			return nil, fmt.Errorf("must be a list of {\"name\", \"recipe\"} entries: %v", err)
		}
		var sounds []Sound
		for i, e := range list {
			if e.Name == "" || len(e.Recipe) == 0 {
				return nil, fmt.Errorf("entry %d needs a name and a recipe", i)
			}
			sounds = append(sounds, Sound{Name: e.Name, Recipe: e.Recipe})
		}
		return sounds, nil
	}
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, fmt.Errorf("must be a JSON object of name → recipe, or one recipe: %v", err)
	}
	if _, single := probe["kind"]; single {
		return []Sound{{Name: strings.TrimSuffix(file, filepath.Ext(file)), Recipe: json.RawMessage(data)}}, nil
	}
	var sounds []Sound
	for name, raw := range probe {
		sounds = append(sounds, Sound{Name: name, Recipe: raw})
	}
	sort.Slice(sounds, func(i, j int) bool { return sounds[i].Name < sounds[j].Name })
	return sounds, nil
}

func selectSounds(all []Sound, names []string) ([]Sound, error) {
	if len(names) == 0 {
		if len(all) == 0 {
			return nil, cmdutil.Usagef("the project declares no sounds")
		}
		return all, nil
	}
	var out []Sound
	for _, name := range names {
		found := false
		for _, s := range all {
			if s.Name == name || s.Definition+"."+s.Name == name {
				out = append(out, s)
				found = true
			}
		}
		if !found {
			var have []string
			for _, s := range all {
				have = append(have, s.Name)
			}
			return nil, cmdutil.Usagef("no sound named %q (the sounds are: %s)", name, strings.Join(have, ", "))
		}
	}
	return out, nil
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_.-]`)

// fileNames gives each sound a file base name inside the output directory: its name (or
// definition.name when two definitions share a name), with anything but letters, digits, '_',
// '-' and '.' replaced by '_' and no leading dot, so no name can reach outside --out.
func fileNames(sounds []Sound) ([]string, error) {
	count := map[string]int{}
	for _, s := range sounds {
		count[s.Name]++
	}
	names := make([]string, len(sounds))
	used := map[string]string{}
	for i, s := range sounds {
		base := s.Name
		if count[s.Name] > 1 && s.Definition != "" {
			base = s.Definition + "." + s.Name
		}
		base = unsafeName.ReplaceAllString(base, "_")
		base = strings.TrimLeft(base, ".")
		if base == "" {
			base = "_"
		}
		if other, ok := used[base]; ok {
			return nil, cmdutil.Usagef("sounds %q and %q would both be written to %s.wav", other, s.Name, base)
		}
		used[base] = s.Name
		names[i] = base
	}
	return names, nil
}

// write writes one sound's WAV (and picture); its figures and picture are of the PCM16 written.
func write(opts *Options, out *outDir, base string, wav []byte, res *Result) error {
	s, err := audio.CachedSamples(wav)
	if err != nil {
		return err
	}
	st := s.Stats()
	res.Duration, res.Channels, res.Frames, res.Rate, res.Peak, res.RMS = st.Duration, st.Channels, st.Frames, s.Rate, st.Peak, st.RMS
	if res.File, err = out.write(base+".wav", wav); err != nil {
		return err
	}
	if opts.PNG {
		var buf bytes.Buffer
		img, _ := audio.Picture(s, res.Name, audio.PictureWidth, audio.PictureHeight)
		if err := png.Encode(&buf, img); err != nil {
			return err
		}
		if res.Picture, err = out.write(base+".png", buf.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// writeAtomic writes an ordinary output file atomically.
func writeAtomic(path string, data []byte) error { return atomicfile.Write(path, data, 0o644) }

func printText(out, errOut io.Writer, results []Result) {
	for _, r := range results {
		label := r.Name
		if r.Definition != "" {
			label = r.Definition + " " + r.Name
		}
		if r.Error != "" {
			fmt.Fprintf(errOut, "✗ %s: %s\n", label, r.Error)
			continue
		}
		layout := "mono"
		if r.Channels == 2 {
			layout = "stereo"
		}
		fmt.Fprintf(out, "%s  %.3f s %s %d Hz  peak %.3f (%s)  rms %.3f (%s)\n", r.File, r.Duration, layout, r.Rate, r.Peak, audio.DBFS(r.Peak), r.RMS, audio.DBFS(r.RMS))
		if r.Picture != "" {
			fmt.Fprintf(out, "%s\n", r.Picture)
		}
	}
}
