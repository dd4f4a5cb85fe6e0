package typecheck

import (
	"os"
	"testing"
)

// TestMain lets this test binary be started as a type-check server (server_test.go).
func TestMain(m *testing.M) {
	ServeIfServer()
	serverCapable = false // only the tests that ask for servers start them
	os.Exit(m.Run())
}
