package devclient

import (
	"encoding/json"
	"regexp"
	"testing"
	"time"

	"github.com/scapeworld/scape/diag"
)

func TestEventJSON(t *testing.T) {
	lat := int64(87)
	e := Event{Time: time.Date(2026, 11, 30, 12, 0, 1, 234567890, time.FixedZone("x", 3600)), Kind: EventRejected, Revision: 4, Active: 3,
		Size: 1200, LatencyMS: &lat, Errors: diag.List{{Code: diag.CodeRule, Path: "light.radiusCells", Got: "13", Message: "must be 0.25–12 cells"}}}
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^\{"time":"2026-11-30T11:00:01\.234Z","event":"rejected","revision":4,"active_revision":3,"size":1200,"latency_ms":87,"errors":\[\{`).Match(b) {
		t.Fatalf("event JSON: %s", b)
	}
	var back map[string]any
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if _, ok := back["code"]; ok {
		t.Fatalf("empty fields are left out: %s", b)
	}
}
