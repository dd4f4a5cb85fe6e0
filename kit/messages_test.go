package kit

import (
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

func TestMessagesErrorNamesEachPosition(t *testing.T) {
	err := MessagesError("compiling failed", "vendor/scape-sdk", []api.Message{
		{Text: "Unexpected \"}\"", Location: &api.Location{File: "src/api.ts", Line: 3, Column: 4}},
		{Text: "no location"},
	})
	want := "compiling failed:\nvendor/scape-sdk/src/api.ts:3:5: Unexpected \"}\"\nno location"
	if err.Error() != want {
		t.Fatalf("got %q\nwant %q", err.Error(), want)
	}
}
