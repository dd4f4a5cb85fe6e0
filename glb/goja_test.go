package glb_test

import (
	"encoding/base64"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"

	"github.com/scapeworld/scape/glb"
	"github.com/scapeworld/scape/kit"
)

// TestSDKUnderGojaAgreesWithGo runs the embedded SDK's validateGizmoModel in goja (where the
// toolchain and the host run it) over every test file, and compares verdicts with Go's: goja
// lacks TextDecoder and atob and differs from Node in places, so agreement under Node alone is
// not enough.
func TestSDKUnderGojaAgreesWithGo(t *testing.T) {
	c, err := kit.CompileSDK(kit.SDK())
	if err != nil {
		t.Fatal(err)
	}
	vm := goja.New()
	vm.SetMaxCallStackSize(2000) // as jsrt does for the toolchain and the host
	if _, err := vm.RunString(string(c.JS)); err != nil {
		t.Fatalf("SDK does not run in goja: %v", err)
	}
	sdk := vm.Get(kit.ToolchainGlobal).ToObject(vm).Get("sdk").ToObject(vm)
	validate, ok := goja.AssertFunction(sdk.Get("validateGizmoModel"))
	if !ok {
		t.Fatal("sdk.validateGizmoModel is not a function")
	}
	files := agreementFiles(t, t.TempDir())
	only := os.Getenv("GLB_GOJA_ONLY") // profile one file: GLB_GOJA_ONLY=many-children
	for _, f := range files {
		if only != "" && !strings.Contains(f, only) {
			continue
		}
		// The crafted stress files take goja seconds each (an interpreter: ~50× slower than
		// V8); they run here only on request.
		if only == "" && strings.Contains(f, "crafted-") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r := glb.CheckNamed("the model", data)
		start := time.Now()
		_, jsErr := validate(goja.Undefined(), vm.ToValue(base64.StdEncoding.EncodeToString(data)))
		if d := time.Since(start); d > 300*time.Millisecond {
			t.Logf("%s: %v in goja (%d bytes)", f, d, len(data))
		}
		if (jsErr == nil) != r.OK() {
			t.Errorf("%s: goja error %v, Go ok=%v %v", f, jsErr, r.OK(), r.Problems)
			continue
		}
		if jsErr != nil {
			ex, ok := jsErr.(*goja.Exception)
			if !ok {
				t.Errorf("%s: not a JS exception: %v", f, jsErr)
				continue
			}
			msg := ex.Value().ToObject(vm).Get("message").String()
			// Same problem: the same text up to the first " = " or ": " (number formatting and
			// the JSON parser's own wording differ between Go and JavaScript after that).
			if head(msg) != head(r.Problems[0].Message) {
				t.Errorf("%s: first problem differs:\n  goja %s\n  Go   %s", f, msg, r.Problems[0].Message)
			}
		}
	}
	t.Logf("compared %d files under goja", len(files))
}

func head(msg string) string {
	for _, sep := range []string{" = ", ": "} {
		if i := strings.Index(msg, sep); i >= 0 {
			msg = msg[:i]
		}
	}
	return msg
}
