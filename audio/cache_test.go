package audio

import (
	"bytes"
	"encoding/json"
	"sync"
	"testing"
)

const ring = `{"kind": "synth", "duration": 0.2, "voices": [{"wave": "sine", "start": 0, "duration": 0.15, "frequency": 880, "gain": 0.2}]}`

func TestCacheRendersARecipeOnce(t *testing.T) {
	c := NewCache(DefaultBudget, 1<<20)
	respelled := `{"voices":[{"gain":0.2,"frequency":880,"duration":0.15,"start":0,"wave":"sine"}],"duration":0.2,"kind":"synth"}`
	k1, w1, err := c.WAV(json.RawMessage(ring))
	if err != nil {
		t.Fatal(err)
	}
	k2, w2, err := c.WAV(json.RawMessage(respelled))
	if err != nil {
		t.Fatal(err)
	}
	if k1 != k2 || !bytes.Equal(w1, w2) || c.Renders() != 1 {
		t.Fatalf("one recipe spelled twice: keys %s / %s, renders %d", k1, k2, c.Renders())
	}
	s, err := DefaultBudget.Render(json.RawMessage(ring))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := EncodeWAV(s, false)
	if !bytes.Equal(w1, want) {
		t.Fatal("the cached WAV is not the renderer's")
	}
	if got, ok := c.Lookup(k1); !ok || !bytes.Equal(got, want) {
		t.Fatal("Lookup by content address failed")
	}
	other := json.RawMessage(`{"kind": "synth", "duration": 0.2, "voices": [{"wave": "sine", "start": 0, "duration": 0.15, "frequency": 440, "gain": 0.2}]}`)
	if k3, _, _ := c.WAV(other); k3 == k1 || c.Renders() != 2 {
		t.Fatalf("a different recipe shares a key or a render (renders %d)", c.Renders())
	}
}

func TestCacheConcurrentRequestsShareARender(t *testing.T) {
	c := NewCache(DefaultBudget, 1<<20)
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, _, err := c.WAV(json.RawMessage(ring)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if c.Renders() != 1 {
		t.Fatalf("8 concurrent requests made %d renders", c.Renders())
	}
}

func TestCacheIsBoundedAndKeepsNoErrors(t *testing.T) {
	_, one, err := NewCache(DefaultBudget, 1<<20).WAV(json.RawMessage(ring))
	if err != nil {
		t.Fatal(err)
	}
	c := NewCache(DefaultBudget, int64(len(one))+10) // room for one WAV only
	a, _, _ := c.WAV(json.RawMessage(ring))
	b, _, _ := c.WAV(json.RawMessage(`{"kind": "synth", "duration": 0.2, "voices": [{"wave": "square", "start": 0, "duration": 0.15, "frequency": 880, "gain": 0.2}]}`))
	if _, ok := c.Lookup(a); ok {
		t.Fatal("the least recently used WAV was kept beyond the bound")
	}
	if _, ok := c.Lookup(b); !ok {
		t.Fatal("the newest WAV was evicted")
	}
	bad := json.RawMessage(`{"kind": "nope"}`)
	for i := 0; i < 2; i++ {
		if _, _, err := c.WAV(bad); err == nil {
			t.Fatal("a bad recipe rendered")
		}
	}
	if c.Renders() != 4 {
		t.Fatalf("a failed render must be retried, not cached: renders %d", c.Renders())
	}
}
