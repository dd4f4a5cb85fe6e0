// Package timeline prints when each phase of a build happens, for profiling a whole process and
// its workers together: with SCAPE_TIMELINE=1 in the environment, Mark writes one line
// "timeline <unix µs> <pid> <label>" to stderr (a worker's stderr reaches the parent's only with
// SCAPE_ISOLATE_DEBUG=1). scripts/build-timeline.sh sorts and aligns them. Off, Mark costs one
// boolean test.
package timeline

import (
	"fmt"
	"os"
	"time"
)

var on = os.Getenv("SCAPE_TIMELINE") == "1"

// Mark records that label happened now.
func Mark(label string) {
	if !on {
		return
	}
	fmt.Fprintf(os.Stderr, "timeline %d %d %s\n", time.Now().UnixMicro(), os.Getpid(), label)
}

func init() { Mark("process: packages initialised") }
