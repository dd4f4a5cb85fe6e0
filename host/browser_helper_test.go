package host_test

import (
	"context"
	"testing"

	"github.com/scapeworld/scape/host/hosttest"
)

func hostBrowser(t *testing.T) context.Context { return hosttest.Browser(t) }
