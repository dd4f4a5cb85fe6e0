package isolate

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/scapeworld/scape/validate"
	"github.com/scapeworld/scape/world"
)

// padBundle is a walkable pad whose light follows its state and whose step lights it with the
// arrival's movement in the color: what the world asks of a build through derive and step.
var padBundle = []byte(`var __scapeGizmo = (() => {
  var sdk = require("@scape/sdk");
  var pad = sdk.defineObject({
    type: "t.pad", version: 1, emoji: "🔘", label: "Pad", hint: "derive and step",
    initial: () => ({ on: false }),
    valid: (s) => sdk.record(s) && sdk.exactKeys(s, ["on"]) && typeof s.on === "boolean",
    actions: { toggle: { permission: "participant", run: (s) => ({ on: !s.on }) } },
    walkable: true,
    lighting: (s) => s.on ? { light: { radiusCells: 3, color: "#ff0000", intensity: 0.5, illumination: 0.5 } } : {},
    step: (_s, e) => ({ durationMs: 500, lighting: { light: { radiusCells: 2, color: e.movement === "push" ? "#00ff00" : "#0000ff", intensity: 0.2, illumination: 0.5 } } }),
  });
  return { default: pad };
})();
`)

// TestLiveDeriveAndStep runs derive and step in a worker (and, where isolation is unavailable,
// in this process): the SDK's outputs for the instance's state, the arrival's effects, and an
// invalid instance refused.
func TestLiveDeriveAndStep(t *testing.T) {
	for _, isolated := range []bool{true, false} {
		name := "worker"
		if !isolated {
			name = "in-process"
		}
		t.Run(name, func(t *testing.T) {
			if isolated {
				skipUnlessIsolated(t)
			}
			p := NewPool(Config{Size: 1})
			defer p.Close()
			if !isolated {
				p.inProcess = &inProcess{}
			}
			ctx := context.Background()
			inst := world.Instance{ID: "pad-1", Type: "t.pad", Version: 1, State: json.RawMessage(`{"on":true}`)}
			raw, err := p.Derive(ctx, padBundle, inst, validate.Env{}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var d struct {
				Walkable bool `json:"walkable"`
				Step     bool `json:"step"`
				Lighting struct {
					Light struct {
						RadiusCells float64 `json:"radiusCells"`
						Color       string  `json:"color"`
					} `json:"light"`
				} `json:"lighting"`
				Actions map[string]string `json:"actions"`
			}
			if err := json.Unmarshal(raw, &d); err != nil {
				t.Fatalf("%s: %v", raw, err)
			}
			if !d.Walkable || !d.Step || d.Lighting.Light.RadiusCells != 3 || d.Lighting.Light.Color != "#ff0000" || d.Actions["toggle"] != "participant" {
				t.Fatalf("derived %s", raw)
			}
			effects, err := p.Step(ctx, padBundle, inst, validate.StepEvent{ID: "step-1", At: 1000, Movement: "push"}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(effects), `"#00ff00"`) || !strings.Contains(string(effects), `"durationMs":500`) {
				t.Fatalf("step effects %s", effects)
			}
			bad := inst
			bad.State = json.RawMessage(`{"on":3}`)
			_, err = p.Derive(ctx, padBundle, bad, validate.Env{}, Options{})
			var refused *world.Error
			if !errors.As(err, &refused) {
				t.Fatalf("invalid state derived: %v", err)
			}
		})
	}
}
