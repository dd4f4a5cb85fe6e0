package validate

import (
	"encoding/json"
	"fmt"
	"testing"
)

// TestDeclaredSounds: static sounds first, then the sound bank, each sorted by name; an absent
// map lists nothing.
func TestDeclaredSounds(t *testing.T) {
	def := Definition{Sounds: json.RawMessage(`{"ring": 1, "bell": 2}`), SoundBank: json.RawMessage(`{"note3": 3, "note1": 4}`)}
	var got []string
	for _, s := range def.DeclaredSounds() {
		got = append(got, fmt.Sprintf("%s.%s=%s", s.Map, s.Name, s.Recipe))
	}
	if want := "[sounds.bell=2 sounds.ring=1 soundBank.note1=4 soundBank.note3=3]"; fmt.Sprint(got) != want {
		t.Fatalf("got %v, want %s", got, want)
	}
	if got := (&Definition{}).DeclaredSounds(); got != nil {
		t.Fatalf("no maps: got %v", got)
	}
}
