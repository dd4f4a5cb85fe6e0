package host

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/scapeworld/scape/audio"
)

// The recipes a host keeps for serving are bounded: up to maxKnownRecipes each is kept under its
// content address; past it a new recipe still gets its key but is not kept (its WAV is 404 until
// the next revision starts the book again).
func TestSoundBookKeepsAtMostMaxKnownRecipes(t *testing.T) {
	var b soundBook
	b.reset(1)
	recipe := func(i int) json.RawMessage {
		return json.RawMessage(fmt.Sprintf(`{"kind":"synth","duration":0.1,"voices":[{"wave":"sine","start":0,"duration":0.1,"frequency":%d,"gain":0.1}]}`, 100+i))
	}
	for i := 0; i < maxKnownRecipes; i++ {
		if key := b.remember(recipe(i)); key != audio.Key(recipe(i)) {
			t.Fatalf("recipe %d: key %s is not its content address", i, key)
		}
	}
	if _, ok := b.declared(audio.Key(recipe(maxKnownRecipes - 1))); !ok {
		t.Fatal("the last recipe within the bound was not kept")
	}
	past := recipe(maxKnownRecipes)
	if key := b.remember(past); key != audio.Key(past) {
		t.Fatal("a recipe past the bound did not get its key")
	}
	if _, ok := b.declared(audio.Key(past)); ok {
		t.Fatal("a recipe past the bound was kept")
	}
}
