package chromium

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
)

func TestFindWithoutChromium(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	if p, err := Find(); err == nil {
		t.Fatalf("Find on an empty PATH = %q, want an error", p)
	}
}

func TestStartRunsReady(t *testing.T) {
	var got int
	ctx := Start(t, "this test", func(ctx context.Context) error {
		var err error
		got, err = chromedp.Run(ctx, chromedp.Evaluate[int]("6*7"))
		return err
	})
	if got != 42 {
		t.Fatalf("ready evaluated 6*7 = %d", got)
	}
	if n, err := chromedp.Run(ctx, chromedp.Evaluate[int]("1+1")); err != nil || n != 2 {
		t.Fatalf("after Start: 1+1 = %d, %v", n, err)
	}
}
