package validate

import (
	"context"
	"fmt"
	"strings"

	"github.com/dop251/goja"

	"github.com/scapeworld/scape/jsrt"
)

// RecipeChecker validates sound recipes that come from no project (`scape gizmo sound
// --recipes FILE`) with the SDK's own validators, so an author reads the message `scape gizmo
// build` would give (kit/sdk is the one home of the rules; package audio's check is the
// renderer's guard, kept identical by audio's conformance test). It lives here, not in the
// command, so commands never touch goja: Problem takes JSON bytes and returns a Go string.
type RecipeChecker struct {
	rt     *jsrt.Runtime
	parse  goja.Value
	byKind map[string]goja.Value
	anyOne goja.Value // gizmoSoundsError: strings (WAV) and objects of no known kind
}

// wrapKey is the one key of the map handed to gizmoSoundsError; its path prefix is removed
// from the message, which then reads as if the sound were validated on its own.
const wrapKey = "sound"

// NewRecipeChecker makes the runtime the checks run in. No author code ever runs in it: the
// recipes arrive as JSON text and are parsed by JSON.parse.
func NewRecipeChecker() (*RecipeChecker, error) {
	rt, err := jsrt.New(jsrt.Options{})
	if err != nil {
		return nil, err
	}
	sdk := rt.Toolchain.Get("sdk").ToObject(rt.VM)
	c := &RecipeChecker{
		rt:     rt,
		parse:  rt.VM.Get("JSON").ToObject(rt.VM).Get("parse"),
		anyOne: sdk.Get("gizmoSoundsError"),
		byKind: map[string]goja.Value{
			"synth":    sdk.Get("gizmoSynthError"),
			"noise":    sdk.Get("gizmoNoiseSoundError"),
			"partials": sdk.Get("gizmoPartialsError"),
		},
	}
	for name, fn := range map[string]goja.Value{"JSON.parse": c.parse, "gizmoSoundsError": c.anyOne, "gizmoSynthError": c.byKind["synth"], "gizmoNoiseSoundError": c.byKind["noise"], "gizmoPartialsError": c.byKind["partials"]} {
		if _, ok := goja.AssertFunction(fn); !ok {
			return nil, fmt.Errorf("the SDK has no %s", name)
		}
	}
	return c, nil
}

// Problem returns the SDK's message for one sound's JSON (a recipe object, or a string of
// base64 WAV), or "" when the SDK accepts it.
func (c *RecipeChecker) Problem(ctx context.Context, raw []byte) (string, error) {
	value, err := c.rt.Call(ctx, "JSON.parse", c.parse, nil, c.rt.VM.ToValue(string(raw)))
	if err != nil {
		return "", fmt.Errorf("reading the recipe: %w", err)
	}
	fn, wrapped := c.anyOne, true
	// value is JSON.parse's result for bytes this command read: plain data, no getters.
	if obj, ok := value.(*goja.Object); ok && obj.ClassName() == "Object" {
		if kind := obj.Get("kind"); kind != nil {
			if k, ok := kind.Export().(string); ok && c.byKind[k] != nil {
				fn, wrapped = c.byKind[k], false
			}
		}
	}
	arg := value
	if wrapped {
		m := c.rt.VM.NewObject()
		if err := m.Set(wrapKey, value); err != nil {
			return "", err
		}
		arg = m
	}
	msg, ok, err := c.rt.CallString(ctx, "the SDK's sound check", fn, nil, arg)
	if err != nil || !ok {
		return "", err
	}
	if wrapped {
		msg = strings.TrimPrefix(msg, wrapKey)
		msg = strings.TrimPrefix(strings.TrimPrefix(msg, ": "), ".")
	}
	return msg, nil
}
