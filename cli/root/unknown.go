package root

import (
	"fmt"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/cmdutil"
)

// guardGroups makes every command that only holds subcommands (scape, scape gizmo, scape gizmo
// kit) refuse an argument that names none of them, with exit 2 and a suggestion. Left to cobra,
// a group below the root has no Run, so `scape gizmo biuld` printed the group's help and exited
// 0: a typo looked like success. Groups without their own Run print their help when called
// bare, as before.
func guardGroups(cmd *cobra.Command) {
	if cmd.HasSubCommands() {
		cmd.Args = func(c *cobra.Command, args []string) error {
			if len(args) > 0 {
				return unknownCommand(c, args[0])
			}
			return nil
		}
		if cmd.Run == nil && cmd.RunE == nil {
			cmd.RunE = func(c *cobra.Command, _ []string) error { return c.Help() }
		}
	}
	for _, sub := range cmd.Commands() {
		guardGroups(sub)
	}
}

// unknownCommand is the usage error for a name that is not a subcommand of group, naming the
// nearest commands (by edit distance or prefix), else listing the group's commands.
func unknownCommand(group *cobra.Command, typed string) error {
	head := fmt.Sprintf("unknown command %q for %q", typed, group.CommandPath())
	if near := suggestions(group, typed); len(near) > 0 {
		quoted := make([]string, len(near))
		for i, s := range near {
			quoted[i] = fmt.Sprintf("%q", s)
		}
		return cmdutil.Usagef("%s; did you mean %s?", head, strings.Join(quoted, " or "))
	}
	var names []string
	for _, c := range group.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	return cmdutil.Usagef("%s (its commands: %s; see %q)", head, strings.Join(names, ", "), group.CommandPath()+" --help")
}

// suggestions returns the subcommand names (as typed after group) nearest to typed. At the root
// the gizmo verbs count too, as "gizmo build", since `scape biuld` is most likely one of them.
func suggestions(group *cobra.Command, typed string) []string {
	type cand struct {
		name string // what to suggest
		word string // what typed is compared with
	}
	var cands []cand
	var add func(c *cobra.Command, prefix string, depth int)
	add = func(c *cobra.Command, prefix string, depth int) {
		for _, sub := range c.Commands() {
			if !sub.IsAvailableCommand() && sub.Name() != "help" {
				continue
			}
			for _, w := range append([]string{sub.Name()}, sub.Aliases...) {
				cands = append(cands, cand{prefix + sub.Name(), w})
			}
			if depth > 0 && sub.HasSubCommands() {
				add(sub, prefix+sub.Name()+" ", depth-1)
			}
		}
	}
	depth := 0
	if !group.HasParent() {
		depth = 1
	}
	add(group, "", depth)

	lower := strings.ToLower(typed)
	best := map[string]int{}
	for _, c := range cands {
		d := distance(lower, strings.ToLower(c.word))
		if strings.HasPrefix(strings.ToLower(c.word), lower) && len(typed) >= 2 {
			d = min(d, 1)
		}
		if d > 2 {
			continue
		}
		if old, ok := best[c.name]; !ok || d < old {
			best[c.name] = d
		}
	}
	var out []string
	for name := range best {
		out = append(out, name)
	}
	sort.Slice(out, func(i, j int) bool {
		if best[out[i]] != best[out[j]] {
			return best[out[i]] < best[out[j]]
		}
		return out[i] < out[j]
	})
	if len(out) > 0 {
		// Only the nearest: "did you mean build" rather than every two-letter neighbour.
		keep := 1
		for keep < len(out) && best[out[keep]] == best[out[0]] {
			keep++
		}
		out = out[:keep]
	}
	return out
}

// distance is the Levenshtein distance between a and b, counted in runes.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// newHelpCmd replaces cobra's help command, which printed "Unknown help topic" and exited 0:
// `scape help gizmo biuld` is the same typo as `scape gizmo biuld` and gets the same error.
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		Long:  `Help prints the full reference of any command: scape help gizmo build (the same as scape gizmo build --help).`,
		RunE: func(c *cobra.Command, args []string) error {
			target := c.Parent()
			for _, arg := range args {
				next := findSub(target, arg)
				if next == nil {
					return unknownCommand(target, arg)
				}
				target = next
			}
			return target.Help()
		},
	}
}

func findSub(c *cobra.Command, name string) *cobra.Command {
	for _, sub := range c.Commands() {
		if sub.Name() == name || sub.HasAlias(name) {
			return sub
		}
	}
	return nil
}
