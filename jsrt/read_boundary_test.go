package jsrt

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// goRead matches the Go calls that can read a JavaScript value (and run its getters, toJSON,
// toString, Symbol.iterator or Proxy traps): ExportTo, Export(), Get(, String(), ToObject,
// MarshalJSON and the To* conversions.
var goRead = regexp.MustCompile(`ExportTo|\.Export\(\)|\.Get\(|\.String\(\)|ToObject|MarshalJSON|\.To(Integer|Boolean|Number|Float)\(\)`)

// readSites is every place in jsrt/, validate/, testrun/, host/ and cli/ (tests aside) where
// goRead matches, with why it cannot run author code outside a guard. The test fails when a
// site appears that is not listed (decide, and list it) or a listed one is gone.
//
// The rule (docs/build.md, "What author code may change"): Go reads a JavaScript value only
// (a) inside Runtime.Guard, or (b) when it is a string primitive a guarded call returned (the
// SDK's JSON), or (c) when no author code has run in the runtime yet, or (d) when it is a
// trusted object no author code can reach (the frozen toolchain, the shims' runner API).
var readSites = []struct{ file, line, why string }{
	{"jsrt/errors.go", "return d.String()", "a time.Duration"},
	{"host/ratelimit.go", "return p.String()", "a netip.Prefix (the pairing limiter's source key)"},
	{"host/ratelimit.go", "return a.String()", "a netip.Addr (the pairing limiter's source key)"},
	{"jsrt/heap.go", "samplePool.Get()", "a sync.Pool"},
	{"jsrt/lockdown.go", "return n.ToInteger(), nil", "(c) lockdown's own count, before any author code"},
	{"jsrt/runtime.go", "tc := vm.Get(kit.ToolchainGlobal)", "(c) New, before any author code"},
	{"jsrt/runtime.go", "r.Toolchain = tc.ToObject(vm)", "(c) New, before any author code"},
	{"jsrt/runtime.go", "goja.AssertFunction(r.Toolchain.Get(name))", "(c) New, before any author code"},
	{"jsrt/runtime.go", `r.modules["@scape/sdk"] = r.Toolchain.Get("sdk")`, "(c) New, before any author code"},
	{"jsrt/runtime.go", `r.modules["@scape/sdk/runtime"] = r.Toolchain.Get("runtime")`, "(c) New, before any author code"},
	{"jsrt/runtime.go", "name, ok := arg.Export().(string)", "(a) require's argument, in a native called from JavaScript inside a guard; only a string primitive is accepted (an object is refused before Export)"},
	{"jsrt/runtime.go", "level, _ := call.Argument(0).Export().(string)", "(a)(d) console's sink, called by the frozen console with the SDK's strings"},
	{"jsrt/runtime.go", "text, _ := call.Argument(1).Export().(string)", "(a)(d) console's sink, called by the frozen console with the SDK's display string"},
	{"jsrt/runtime.go", `r.Toolchain.Get("display")`, "(c) New, before any author code"},
	{"jsrt/runtime.go", "if s, ok := v.Export().(string); ok {", "(a)(b) stringResult: inside the guard, and only for a non-object (a string primitive)"},
	{"jsrt/runtime.go", "r.Call(ctx, method, r.Toolchain.Get(method), r.Toolchain, args...)", "(d) the frozen toolchain object"},
	{"jsrt/runtime.go", "r.CallString(ctx, method, r.Toolchain.Get(method), r.Toolchain, args...)", "(d) the frozen toolchain object"},
	{"jsrt/runtime.go", `return "a JavaScript " + v.ExportType().String()`, "panicText: the Go type of a primitive, no JavaScript runs"},
	{"jsrt/runtime.go", `goja.AssertFunction(r.Toolchain.Get("describeThrown"))`, "(a)(d) inside guarded, on the frozen toolchain"},
	{"jsrt/runtime.go", `goja.AssertFunction(r.Toolchain.Get("currentCall"))`, "(a)(d) inside guarded, on the frozen toolchain"},
	{"jsrt/bounds.go", "limit := call.Argument(1).ToFloat()", "(a)(d) the bounds hook's limit: a number the SDK computed"},
	{"jsrt/bounds.go", "depth := call.Argument(2).ToInteger()", "(a)(d) the bounds hook's depth: a number the SDK passed"},
	{"jsrt/bounds.go", `goja.AssertFunction(rec.obj.Get("toJSON"))`, "(a) the bounds hook: a native the SDK calls inside a guarded call, reading the value as the SDK's own walk and JSON.stringify read it (getters run there too, inside the same guard); a throw is caught by Runtime.Try"},
	{"jsrt/bounds.go", `n := rec.obj.Get("length").ToFloat()`, "(a) the bounds hook: a native the SDK calls inside a guarded call, reading the value as the SDK's own walk and JSON.stringify read it (getters run there too, inside the same guard); a throw is caught by Runtime.Try; an Array's own length"},
	{"jsrt/bounds.go", "v = rec.obj.Get(strconv.Itoa(i))", "(a) the bounds hook: a native the SDK calls inside a guarded call, reading the value as the SDK's own walk and JSON.stringify read it (getters run there too, inside the same guard); a throw is caught by Runtime.Try"},
	{"jsrt/bounds.go", "v = rec.obj.Get(key)", "(a) the bounds hook: a native the SDK calls inside a guarded call, reading the value as the SDK's own walk and JSON.stringify read it (getters run there too, inside the same guard); a throw is caught by Runtime.Try"},
	{"jsrt/bounds.go", "return digits(v.ToFloat()), false, nil, true", "a Number primitive (goja.IsNumber): no JavaScript runs"},
	{"jsrt/bounds.go", "if v.ToBoolean() {", "a Boolean primitive (its export type is bool, and not an object): no JavaScript runs"},
	{"jsrt/intl/collate.go", "return b.String()", "a strings.Builder (package intl has no goja)"},
	{"jsrt/intl/date.go", "return b.String(), nil", "a strings.Builder (package intl has no goja)"},
	{"jsrt/intl/locale.go", "return canonicalKeywords(t.String()), nil", "a language.Tag (package intl has no goja)"},
	{"jsrt/intl/localeid.go", `if bc == language.No || (l.Language != "und" && b.String() != l.Language) {`, "a language.Base (package intl has no goja)"},
	{"jsrt/intl/localeid.go", `script, region, lang = s.String(), r.String(), b.String()`, "a language.Script, Region and Base (package intl has no goja)"},
	{"jsrt/intl.go", "l, err := intl.NewLocaleID(c.Argument(0).String(), o)", "(a)(d) intl.js passes the tag as a string primitive (String(value), or an Intl.Locale's own)"},
	{"jsrt/intl.go", "l, err := intl.NewLocaleID(c.Argument(0).String(), intl.LocaleOptions{})", "(a)(d) intl.js passes an Intl.Locale's own tag: a string primitive"},
	{"jsrt/intl.go", "s, err := l.Info(c.Argument(1).String())", "(a)(d) intl.js passes the getter's name, its own string"},
	{"jsrt/intl.go", "list, ok := intl.SupportedValues(c.Argument(0).String())", "(a)(d) intl.js passes String(key): a string primitive"},
	{"jsrt/intl.go", "a := func(i int) string { return c.Argument(i).String() }", "(a)(d) intl.js passes the options getOption made strings: string primitives"},
	{"jsrt/intl.go", "name, ok, err := dn.Of(c.Argument(0).String())", "(a)(d) intl.js passes String(code): a string primitive"},
	{"jsrt/intl/locale.go", "return cldrLanguages()[b.String()]", "a language.Base (package intl has no goja)"},
	{"jsrt/intl/locale.go", "cldrLangs[b.String()] = true", "a language.Base (package intl has no goja)"},
	{"jsrt/intl/number.go", "s := new(big.Int).Abs(b).String()", "a big.Int (package intl has no goja)"},
	{"jsrt/intl/number.go", `out = append(out, Part{Type: "literal", Value: lit.String()})`, "a strings.Builder (package intl has no goja)"},
	{"jsrt/intl/datetime.go", `return strings.ReplaceAll(b.String(), "\u202f", " ")`, "a strings.Builder (package intl has no goja)"},
	{"jsrt/intl/list.go", "return b.String()", "a strings.Builder (package intl has no goja)"},
	{"jsrt/intl/numrange.go", "return b.String()", "a strings.Builder (package intl has no goja)"},
	{"jsrt/intl/relative.go", "return b.String(), nil", "a strings.Builder (package intl has no goja)"},
	{"jsrt/intl/number.go", "return b.String()", "a strings.Builder (package intl has no goja)"},
	{"jsrt/intl/plural.go", "return b.String()", "a language.Base (package intl has no goja)"},
	{"jsrt/intl.go", `goja.AssertConstructor(vm.Get("RangeError"))`, "(c) installIntl, before any author code"},
	{"jsrt/math.go", `m, ok := vm.Get("Math").(*goja.Object)`, "(c) installMath, before any author code"},
	{"jsrt/math.go", "return vm.ToValue(f(c.Argument(0).ToFloat()))", "(a) Math.sin, cos, tan, atan, asin, acos, cbrt…: ToNumber of the argument inside the caller's guard, as goja's own Math functions do (an object's valueOf is author code the guard bounds)"},
	{"jsrt/math.go", "a := c.Argument(0).ToFloat()", "(a) Math.atan2's ToNumber, as above"},
	{"jsrt/math.go", "b := c.Argument(1).ToFloat()", "(a) Math.atan2's ToNumber, as above"},
	{"jsrt/intl.go", "for _, x := range obj.Export().([]any) {", "(a)(d) a native of intl.js, inside a guard, given the array of string primitives intl.js made (canonicalizeLocaleList)"},
	{"jsrt/intl.go", "intl.Canonicalize(c.Argument(0).String())", "(a)(d) intl.js passes String(value): a string primitive"},
	{"jsrt/intl.go", "json.Unmarshal([]byte(c.Argument(1).String()), &o)", "(a)(d) intl.js passes its own JSON.stringify of the options it read: a string primitive"},
	{"jsrt/intl.go", "pr.Select(c.Argument(0).ToFloat())", "(a)(d) intl.js passes Number(value): a primitive"},
	{"jsrt/intl.go", "int(c.Argument(2).ToInteger())", "(a)(d) intl.js passes the numbers Date's own getters returned"},
	{"jsrt/intl.go", "int(c.Argument(5).ToInteger())", "(a)(d) intl.js passes the numbers Date's own getters returned"},
	{"jsrt/intl.go", "intl.FormatDate(strs(c.Argument(0)), c.Argument(1).String(), f)", "(a)(d) intl.js's own kind string"},
	{"jsrt/intl.go", "col.Compare(c.Argument(0).String(), c.Argument(1).String())", "(a)(d) intl.js passes String(x), String(y): string primitives"},
	{"jsrt/intl.go", "switch x := v.Export().(type) {", "(a)(d) intl.js's mathematicalValue: a BigInt, string or Number primitive"},
	{"jsrt/intl.go", "return intl.Number{Float: v.ToFloat()}", "(a)(d) the same primitive"},
	{"jsrt/intl.go", "return b.String()", "a strings.Builder"},
	{"jsrt/intl.go", "lf, err := intl.NewListFormat(strs(c.Argument(0)), c.Argument(1).String(), c.Argument(2).String())", "(a)(d) intl.js passes the type and style getOption made strings: string primitives"},
	{"jsrt/intl.go", "rf, err := intl.NewRelativeTimeFormat(strs(c.Argument(0)), c.Argument(1).String(), c.Argument(2).String())", "(a)(d) intl.js passes the style and numeric getOption made strings: string primitives"},
	{"jsrt/intl.go", "parts, err := rf.FormatToParts(c.Argument(0).ToFloat(), c.Argument(1).String())", "(a)(d) intl.js passes Number(value) and the unit it checked: primitives"},
	{"jsrt/intl.go", "sg, err := intl.NewSegmenter(strs(c.Argument(0)), c.Argument(1).String())", "(a)(d) intl.js passes the granularity getOption made a string: a string primitive"},
	{"jsrt/intl.go", "segs, err := sg.Segments(c.Argument(0).String())", "(a)(d) intl.js passes String(string): a string primitive"},
	{"jsrt/intl.go", "n := func(i int) int { return int(c.Argument(i).ToInteger()) }", "(a)(d) intl.js passes the numbers Date's own getters returned"},
	{"testrun/compile.go", "ce.Messages = append(ce.Messages, d.String())", "a diag.Diagnostic"},
	{"testrun/run.go", `s.api.Get("select")`, "(d) the node:test shim's runner API, frozen, reachable only from Go"},
	{"testrun/run.go", `rt.Toolchain.Get("frozenHint")`, "(c) Setup, before any author code"},
	{"testrun/run.go", `api = vm.Get("__scapeTest").ToObject(vm)`, "(c) Setup, before any author code"},
	{"testrun/run.go", `assert := vm.Get("__scapeAssert").ToObject(vm).Get("assert")`, "(c) Setup, before any author code"},
	{"testrun/run.go", `rt.AddModule("node:test", api.Get("module"))`, "(c) Setup, before any author code"},
	{"testrun/run.go", `rt.CallString(ctx, "plan", api.Get("plan"), api)`, "(b)(d) the shim's plan: JSON made under the guard"},
	{"testrun/run.go", `api.Get("run"), api, rt.VM.ToValue(i))`, "(d) the shim's run; its result is handed back to report, never read"},
	{"testrun/run.go", `api.Get("report"), api, statusValue)`, "(b)(d) the shim's report: JSON made under a guard"},
	{"host/credentials.go", `r.Header.Get("Authorization")`, "an HTTP header"},
	{"host/credentials.go", "return b.String()", "a strings.Builder"},
	{"host/engine.go", "msg = verdict.Problems[0].String()", "a diag.Diagnostic"},
	{"host/credentials.go", `r.URL.Query().Get("ticket")`, "a URL query"},
	{"host/credentials.go", `r.Header.Get("X-CSRF-Token")`, "an HTTP header"},
	{"host/worldapi.go", `r.URL.Query().Get("invite")`, "a URL query"},
	{"host/web/pages.go", "return d.String()", "a diag.Diagnostic"},
	{"host/ui.go", `r.URL.Query().Get("next")`, "a URL query"},
	{"host/ui.go", `r.URL.Query().Get("token")`, "a URL query"},
	{"host/ui.go", `r.URL.Query().Get("code")`, "a URL query"},
	{"host/ui.go", `r.URL.Query().Get("error")`, "a URL query"},
	{"host/hosttest/owner.go", "o.Client.Get(o.Base + path)", "HTTP (a test helper)"},
	{"host/hosttest/owner.go", "_, body, err := o.Get(path)", "HTTP (a test helper)"},
	{"host/hosttest/owner.go", `form.Get("csrf")`, "an HTML form (a test helper)"},
	{"host/hosttest/owner.go", `o.Get("/connect?code="`, "HTTP (a test helper)"},
	{"cli/dev/world.go", "ln.Addr().String()", "a net.Addr"},
	{"cli/host/host.go", "ln.Addr().String()", "a net.Addr"},
	{"cli/host/host.go", "base = u.String()", "a url.URL"},
	{"validate/recipes.go", `sdk := rt.Toolchain.Get("sdk").ToObject(rt.VM)`, "(c) no author code ever runs in this runtime (recipes arrive as JSON text)"},
	{"validate/recipes.go", `rt.VM.Get("JSON").ToObject(rt.VM).Get("parse")`, "(c) no author code ever runs in this runtime"},
	{"validate/recipes.go", `sdk.Get("gizmoSoundsError")`, "(c)(d) the frozen SDK"},
	{"validate/recipes.go", `sdk.Get("gizmoSynthError")`, "(c)(d) the frozen SDK"},
	{"validate/recipes.go", `sdk.Get("gizmoNoiseSoundError")`, "(c)(d) the frozen SDK"},
	{"validate/recipes.go", `sdk.Get("gizmoPartialsError")`, "(c)(d) the frozen SDK"},
	{"validate/recipes.go", `obj.Get("kind")`, "(c) JSON.parse's result for bytes the command read: plain data, no getters, no author code in this runtime"},
	{"validate/recipes.go", "kind.Export().(string)", "(c) the same plain data"},
	{"cli/testcmd/testcmd.go", "pattern.String()", "a regexp.Regexp"},
	{"cli/testcmd/testcmd.go", "r.Status.String()", "a testrun.Status"},
	{"cli/kitcmd/kitcmd.go", "names[i], files[i] = p.String(), scaffold.VendorPlatformBinary(p)", "a release.Platform"},
	{"cli/kitcmd/kitcmd.go", "names[i] = p.String()", "a release.Platform"},
}

// TestGoReadsOnlyCopiedData walks every Go read of a JavaScript value in the packages that run
// author code and checks each is listed above with its reason. The hostile tests
// (TestGoReadsNoAuthorValueOutsideAGuard, validate's TestHostileCorpus hook- bundles, testrun's
// TestHostileThrownValues) show the reasons hold: hooks that spin only when no JavaScript caller
// is on the stack never spin.
func TestGoReadsOnlyCopiedData(t *testing.T) {
	used := make([]bool, len(readSites))
	for _, dir := range []string{"jsrt", "validate", "testrun", "host", "cli"} {
		err := filepath.WalkDir(filepath.Join("..", dir), func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			defer f.Close()
			rel := filepath.ToSlash(strings.TrimPrefix(path, ".."+string(filepath.Separator)))
			sc := bufio.NewScanner(f)
			for n := 1; sc.Scan(); n++ {
				line := sc.Text()
				if !goRead.MatchString(line) || strings.HasPrefix(strings.TrimSpace(line), "//") {
					continue
				}
				found := false
				for i, s := range readSites {
					if s.file == rel && strings.Contains(line, s.line) {
						used[i], found = true, true
					}
				}
				if !found {
					t.Errorf("%s:%d: a Go read of a JavaScript value that is not in readSites (is it under a guard, or a string a guarded call returned?): %s", rel, n, strings.TrimSpace(line))
				}
			}
			return sc.Err()
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for i, s := range readSites {
		if !used[i] {
			t.Errorf("readSites lists %s %q, which is gone: remove it", s.file, s.line)
		}
	}
}
