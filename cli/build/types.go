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
	by := "types checked by tsc in " + formatMs(st.Ms)
	if st.Warm {
		by = "types checked by tsc (kept warm) in " + formatMs(st.Ms)
	}
	if n := len(st.Diagnostics); n > 0 {
		return by + ": " + human.Count(n, "type error")
	}
	return by
}
