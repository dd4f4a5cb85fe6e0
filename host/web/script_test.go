package web

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestWorldScriptCompiles(t *testing.T) {
	js, err := Script("world.ts")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(js), "world-app") {
		t.Fatalf("the world page script does not look up its root element:\n%.300s", js)
	}
}

func TestUIModulesBundleSiblingsAndTheSDK(t *testing.T) {
	ui := fstest.MapFS{
		"ui/page.ts": {Data: []byte(`import { twice } from './lib/twice';
import { gizmoGlowFrame } from '@scape/sdk/glow.js';
(globalThis as any).out = [twice(2), gizmoGlowFrame];`)},
		"ui/lib/twice.ts": {Data: []byte(`export const twice = (n: number): number => n * 2;`)},
		"ui/bare.ts":      {Data: []byte(`import * as L from 'lodash'; console.log(L);`)},
		"ui/missing.ts":   {Data: []byte(`import { x } from './nope'; console.log(x);`)},
	}
	js, err := bundleUI(ui, "page.ts")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"n * 2", "function gizmoGlowFrame("} {
		if !strings.Contains(string(js), want) {
			t.Errorf("bundle lacks %q", want)
		}
	}
	if _, err := bundleUI(ui, "bare.ts"); err == nil || !strings.Contains(err.Error(), `"lodash"`) {
		t.Errorf("a bare import must be refused by name, got %v", err)
	}
	if _, err := bundleUI(ui, "missing.ts"); err == nil || !strings.Contains(err.Error(), "ui/nope.ts does not exist") {
		t.Errorf("a missing module must be named, got %v", err)
	}
}
