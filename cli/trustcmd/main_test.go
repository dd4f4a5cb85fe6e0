package trustcmd

import (
	"os"
	"testing"

	"github.com/scapeworld/scape/internal/trusttest"
)

// TestMain keeps the tests away from the user's own trust record, even one that forgot to pass
// a Store of its own.
func TestMain(m *testing.M) { os.Exit(trusttest.Run(m)) }
