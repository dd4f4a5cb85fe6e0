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
