package initcmd

import (
	"os"
	"testing"

	"github.com/scapeworld/scape/internal/trusttest"
)

// TestMain keeps every test's projects out of the user's own trust record: the command records
// each directory it creates (package trust), in a configuration directory of this binary's.
func TestMain(m *testing.M) { os.Exit(trusttest.Run(m)) }
