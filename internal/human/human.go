// Package human formats numbers for people, one way across the CLI, the host's pages and the
// diagnostics: byte sizes as the dev loop prints them, counts with digit grouping.
package human

import (
	"fmt"
	"strconv"
	"strings"
)

// Bytes renders a byte count: 812 B, 14.2 KiB, 1.05 MiB.
func Bytes(n int) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KiB", float64(n)/1024)
	default:
		return fmt.Sprintf("%.2f MiB", float64(n)/(1<<20))
	}
}

// Int renders n with its digits grouped by commas: 1,048,576.
func Int(n int) string {
	s := strconv.Itoa(n)
	sign := ""
	if n < 0 {
		sign, s = "-", s[1:]
	}
	var b strings.Builder
	b.WriteString(sign)
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Count renders n and its noun, the noun in the plural unless n is 1: "1 mesh", "3 meshes",
// "2 entries", "20,001 triangles" (digits grouped as Int groups them).
func Count(n int, noun string) string { return Int(n) + " " + Plural(n, noun) }

// Plural is noun, in the plural unless n is 1, by the English rules the toolchain's nouns need:
// "es" after s, x, z, ch and sh ("meshes"), "ies" for a consonant before y ("entries"), else "s".
// A phrase is pluralised at its last word ("draw calls").
func Plural(n int, noun string) string {
	if n == 1 || noun == "" {
		return noun
	}
	switch {
	case strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "x"), strings.HasSuffix(noun, "z"),
		strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "sh"):
		return noun + "es"
	case strings.HasSuffix(noun, "y") && len(noun) > 1 && !strings.ContainsRune("aeiou", rune(noun[len(noun)-2])):
		return noun[:len(noun)-1] + "ies"
	}
	return noun + "s"
}
