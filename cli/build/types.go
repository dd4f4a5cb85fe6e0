package build

import (
	"github.com/scapeworld/scape/internal/human"
	"github.com/scapeworld/scape/typecheck"
)

// typesLine is the human report's line about types: checked (and the cost), or why not.
func typesLine(st *typecheck.Status) string {
	if st == nil {
		return "types not checked"
	}
	if !st.Checked {
		return "types not checked: " + st.Reason
	}
	n := len(st.Diagnostics)
	switch n {
	case 0:
		return "types checked by tsc in " + formatMs(st.Ms)
	default:
		return "types checked by tsc in " + formatMs(st.Ms) + ": " + human.Count(n, "type error")
	}
}
