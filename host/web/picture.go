package web

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/scapeworld/scape/internal/chromium"
)

// ErrNoChromium means no Chromium was found to draw a model picture with (errors.Is): the error
// ModelPicture returns then says where it looked, or that CHROME_PATH names nothing.
var ErrNoChromium = chromium.ErrNotFound

// PictureOptions say how ModelPicture draws a model: the fields of a GizmoPresentation it uses.
// Zero values take the defaults of DefaultPicture.
type PictureOptions struct {
	TextureSize int
	// NominalSize 0 fits the model by its own largest extent.
	NominalSize float64
	FitSize     float64
}

// DefaultPicture is a plain look at a bare model: a 256-pixel render target, the model's
// largest extent fitted to 0.8 of a cell, the identity rest pose, neutral lights.
var DefaultPicture = PictureOptions{TextureSize: 256, FitSize: 0.8}

// ModelPicture draws a GLB with the world page's own renderer (ui/model.ts and the vendored
// three.js) in headless Chromium, exactly as the world draws a model at rest, and returns the
// render target as PNG bytes (TextureSize × TextureSize). An error that is ErrNoChromium when
// there is none.
func ModelPicture(ctx context.Context, glbBytes []byte, o PictureOptions) ([]byte, error) {
	if o.TextureSize <= 0 {
		o.TextureSize = DefaultPicture.TextureSize
	}
	if o.FitSize <= 0 {
		o.FitSize = DefaultPicture.FitSize
	}
	path, err := chromium.Find()
	if err != nil {
		return nil, err
	}
	js, err := Script("model.ts")
	if err != nil {
		return nil, err
	}
	profile, err := os.MkdirTemp("", "scape-model-png-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(profile)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), chromium.Options(path, profile)...)
	defer cancelAlloc()
	bctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	if err := chromedp.Do(bctx); err != nil { // starts the browser (no deadline on this first call)
		return nil, fmt.Errorf("starting Chromium (%s): %w", path, err)
	}
	rctx, cancelRun := context.WithTimeout(bctx, 60*time.Second)
	defer cancelRun()
	go func() { // the caller's cancellation ends the browser too
		select {
		case <-ctx.Done():
			cancel()
		case <-rctx.Done():
		}
	}()
	presentation := map[string]any{
		"textureSize": o.TextureSize, "nominalSize": o.NominalSize, "fitSize": o.FitSize,
		"rest": []float64{0, 0, 0, 1}, "materials": map[string]string{},
		"lighting": map[string]any{"sky": "#ffffff", "ground": "#444444", "ambient": 0.8, "key": 1.5, "fill": 0.5, "exposure": 1,
			"keyColor": "#fff4e0", "fillColor": "#a0c0ff", "keyPosition": []float64{2, 4, 3}, "fillPosition": []float64{-3, 2, -1}},
		"shadow": map[string]any{"color": "#000000", "xFactor": 0, "z": -0.5},
		"tap":    map[string]any{"name": "", "payload": map[string]any{}},
	}
	pj, _ := json.Marshal(presentation)
	b64, _ := json.Marshal(base64.StdEncoding.EncodeToString(glbBytes))
	if err := chromedp.Do(rctx, chromedp.Navigate("about:blank")); err != nil {
		return nil, err
	}
	if _, err := chromedp.Run(rctx, chromedp.Evaluate[bool](string(js)+"\n;true")); err != nil {
		return nil, fmt.Errorf("loading the model renderer: %w", err)
	}
	url, err := chromedp.Run(rctx, chromedp.Evaluate[string](fmt.Sprintf("window.__scapeModelRenderer.picture(%s, %s)", b64, pj), chromedp.EvalAwaitPromise))
	if err != nil {
		return nil, fmt.Errorf("drawing the model: %w", err)
	}
	data, ok := strings.CutPrefix(url, "data:image/png;base64,")
	if !ok {
		return nil, fmt.Errorf("drawing the model: the page returned no PNG")
	}
	return base64.StdEncoding.DecodeString(data)
}
