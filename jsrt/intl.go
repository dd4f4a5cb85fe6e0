package jsrt

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/dop251/goja"

	"github.com/scapeworld/scape/jsrt/intl"
)

//go:embed intl.js
var intlJS []byte

// IntlScriptName is intl.js's name in stack traces.
const IntlScriptName = "scape-intl.js"

var (
	intlOnce    sync.Once
	intlProgram *Script
	intlErr     error
)

// installIntl defines Intl (intl.js over package jsrt/intl) and the built-ins' locale methods
// on vm, before lockdown. The natives it hands intl.js are reachable from that closure only.
func installIntl(vm *goja.Runtime) error {
	intlOnce.Do(func() {
		intlProgram, intlErr = CompileScript(IntlScriptName, intlJS, nil)
	})
	if intlErr != nil {
		return fmt.Errorf("intl.js does not compile: %w", intlErr)
	}
	v, err := vm.RunProgram(intlProgram.Program)
	if err != nil {
		return err
	}
	install, ok := goja.AssertFunction(v)
	if !ok {
		return errors.New("intl.js did not evaluate to a function")
	}
	n, err := intlNatives(vm)
	if err != nil {
		return err
	}
	_, err = install(goja.Undefined(), vm.GlobalObject(), n)
	return err
}

// intlNatives is the object intl.js calls into. Every argument comes from intl.js itself
// (strings, arrays of strings, JSON it made, numbers it converted), never from author code
// directly.
func intlNatives(vm *goja.Runtime) (*goja.Object, error) {
	rangeError, ok := goja.AssertConstructor(vm.Get("RangeError"))
	if !ok {
		return nil, errors.New("no RangeError")
	}
	throw := func(err error) {
		var re *intl.RangeError
		if errors.As(err, &re) {
			obj, cerr := rangeError(nil, vm.ToValue(re.Message))
			if cerr == nil {
				panic(obj)
			}
		}
		panic(vm.NewGoError(err))
	}
	strs := func(v goja.Value) []string {
		var out []string
		if obj, ok := v.(*goja.Object); ok {
			for _, x := range obj.Export().([]any) {
				if s, ok := x.(string); ok {
					out = append(out, s)
				}
			}
		}
		return out
	}
	n := vm.NewObject()
	set := func(name string, fn func(goja.FunctionCall) goja.Value) {
		n.Set(name, fn)
	}
	set("canonicalize", func(c goja.FunctionCall) goja.Value {
		tag, err := intl.Canonicalize(c.Argument(0).String())
		if err != nil {
			throw(err)
		}
		return vm.ToValue(tag)
	})
	set("supported", func(c goja.FunctionCall) goja.Value {
		return vm.ToValue(toAnyStrings(intl.Supported(strs(c.Argument(0)))))
	})
	set("numberFormat", func(c goja.FunctionCall) goja.Value {
		var o intl.NumberOptions
		if err := json.Unmarshal([]byte(c.Argument(1).String()), &o); err != nil {
			throw(err)
		}
		nf, err := intl.NewNumberFormat(strs(c.Argument(0)), o)
		if err != nil {
			throw(err)
		}
		return numberFormatHandle(vm, nf)
	})
	set("pluralRules", func(c goja.FunctionCall) goja.Value {
		var o struct {
			intl.NumberOptions
			Type string `json:"type"`
		}
		if err := json.Unmarshal([]byte(c.Argument(1).String()), &o); err != nil {
			throw(err)
		}
		pr, err := intl.NewPluralRules(strs(c.Argument(0)), o.Type, o.NumberOptions)
		if err != nil {
			throw(err)
		}
		h := vm.NewObject()
		h.Set("resolved", pluralResolved(pr))
		h.Set("select", func(c goja.FunctionCall) goja.Value {
			return vm.ToValue(pr.Select(c.Argument(0).ToFloat()))
		})
		return h
	})
	set("formatDate", func(c goja.FunctionCall) goja.Value {
		f := intl.DateFields{Year: int(c.Argument(2).ToInteger()), Month: int(c.Argument(3).ToInteger()), Day: int(c.Argument(4).ToInteger()),
			Hour: int(c.Argument(5).ToInteger()), Minute: int(c.Argument(6).ToInteger()), Second: int(c.Argument(7).ToInteger())}
		s, err := intl.FormatDate(strs(c.Argument(0)), c.Argument(1).String(), f)
		if err != nil {
			throw(err)
		}
		return vm.ToValue(s)
	})
	set("dateTimeFormat", func(c goja.FunctionCall) goja.Value {
		var o intl.DateTimeOptions
		if err := json.Unmarshal([]byte(c.Argument(1).String()), &o); err != nil {
			throw(err)
		}
		df, err := intl.NewDateTimeFormat(strs(c.Argument(0)), o)
		if err != nil {
			throw(err)
		}
		return dateTimeHandle(vm, df)
	})
	set("listFormat", func(c goja.FunctionCall) goja.Value {
		lf, err := intl.NewListFormat(strs(c.Argument(0)), c.Argument(1).String(), c.Argument(2).String())
		if err != nil {
			throw(err)
		}
		h := vm.NewObject()
		h.Set("resolved", orderedJSON("locale", lf.Tag, "type", lf.Type, "style", lf.Style))
		h.Set("formatToParts", func(c goja.FunctionCall) goja.Value {
			return partsArray(vm, lf.FormatToParts(strs(c.Argument(0))))
		})
		return h
	})
	set("relativeTimeFormat", func(c goja.FunctionCall) goja.Value {
		rf, err := intl.NewRelativeTimeFormat(strs(c.Argument(0)), c.Argument(1).String(), c.Argument(2).String())
		if err != nil {
			throw(err)
		}
		h := vm.NewObject()
		h.Set("resolved", orderedJSON("locale", rf.Tag, "style", rf.Style, "numeric", rf.Numeric, "numberingSystem", "latn"))
		h.Set("formatToParts", func(c goja.FunctionCall) goja.Value {
			parts, err := rf.FormatToParts(c.Argument(0).ToFloat(), c.Argument(1).String())
			if err != nil {
				throw(err)
			}
			return partsArray(vm, parts)
		})
		return h
	})
	set("segmenter", func(c goja.FunctionCall) goja.Value {
		sg, err := intl.NewSegmenter(strs(c.Argument(0)), c.Argument(1).String())
		if err != nil {
			throw(err)
		}
		h := vm.NewObject()
		h.Set("resolved", orderedJSON("locale", sg.Tag, "granularity", sg.Granularity))
		// segments gives [index, length, wordLike, …] flat: intl.js makes the objects.
		h.Set("segments", func(c goja.FunctionCall) goja.Value {
			segs, err := sg.Segments(c.Argument(0).String())
			if err != nil {
				throw(err)
			}
			out := make([]any, 0, 3*len(segs))
			for _, s := range segs {
				out = append(out, s.Index, s.Length, s.WordLike)
			}
			return vm.NewArray(out...)
		})
		return h
	})
	set("locale", func(c goja.FunctionCall) goja.Value {
		var o intl.LocaleOptions
		if err := json.Unmarshal([]byte(c.Argument(1).String()), &o); err != nil {
			throw(err)
		}
		l, err := intl.NewLocaleID(c.Argument(0).String(), o)
		if err != nil {
			throw(err)
		}
		return vm.ToValue(orderedJSON("tag", l.Tag, "baseName", l.BaseName, "language", l.Language, "script", l.Script, "region", l.Region,
			"keywords", l.Keywords, "max", l.Maximize(), "min", l.Minimize()))
	})
	set("displayNames", func(c goja.FunctionCall) goja.Value {
		a := func(i int) string { return c.Argument(i).String() }
		dn, err := intl.NewDisplayNames(strs(c.Argument(0)), a(1), a(2), a(3), a(4))
		if err != nil {
			throw(err)
		}
		h := vm.NewObject()
		kv := []any{"locale", dn.Tag, "style", dn.Style, "type", dn.Type, "fallback", dn.Fallback}
		if dn.Type == "language" {
			kv = append(kv, "languageDisplay", dn.LanguageDisplay)
		}
		h.Set("resolved", orderedJSON(kv...))
		h.Set("of", func(c goja.FunctionCall) goja.Value {
			name, ok, err := dn.Of(c.Argument(0).String())
			if err != nil {
				throw(err)
			}
			if !ok {
				return goja.Undefined()
			}
			return vm.ToValue(name)
		})
		return h
	})
	set("localeInfo", func(c goja.FunctionCall) goja.Value {
		l, err := intl.NewLocaleID(c.Argument(0).String(), intl.LocaleOptions{})
		if err != nil {
			throw(err)
		}
		s, err := l.Info(c.Argument(1).String())
		if err != nil {
			throw(err)
		}
		return vm.ToValue(s)
	})
	set("supportedValues", func(c goja.FunctionCall) goja.Value {
		list, ok := intl.SupportedValues(c.Argument(0).String())
		if !ok {
			return goja.Undefined()
		}
		return vm.NewArray(toAnyStrings(list)...)
	})
	set("localTimeZone", func(goja.FunctionCall) goja.Value {
		return vm.ToValue(localTimeZone())
	})
	set("collator", func(c goja.FunctionCall) goja.Value {
		var o intl.CollatorOptions
		if err := json.Unmarshal([]byte(c.Argument(1).String()), &o); err != nil {
			throw(err)
		}
		col, err := intl.NewCollator(strs(c.Argument(0)), o)
		if err != nil {
			throw(err)
		}
		h := vm.NewObject()
		h.Set("resolved", orderedJSON("locale", col.Tag, "usage", col.Usage, "sensitivity", col.Sensitivity, "ignorePunctuation", col.IgnorePunctuation,
			"collation", "default", "numeric", col.Numeric, "caseFirst", col.CaseFirst))
		h.Set("compare", func(c goja.FunctionCall) goja.Value {
			return vm.ToValue(col.Compare(c.Argument(0).String(), c.Argument(1).String()))
		})
		return h
	})
	return n, nil
}

func toAnyStrings(s []string) []any {
	out := make([]any, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}

// numberFormatHandle is the Go side of one Intl.NumberFormat: its resolved options and format
// functions.
func numberFormatHandle(vm *goja.Runtime, nf *intl.NumberFormat) *goja.Object {
	h := vm.NewObject()
	h.Set("resolved", numberResolved(nf))
	h.Set("format", func(c goja.FunctionCall) goja.Value {
		return vm.ToValue(nf.Format(intlNumber(c.Argument(0))))
	})
	h.Set("formatToParts", func(c goja.FunctionCall) goja.Value {
		return partsArray(vm, nf.FormatToParts(intlNumber(c.Argument(0))))
	})
	h.Set("formatRangeToParts", func(c goja.FunctionCall) goja.Value {
		return partsArray(vm, nf.FormatRangeToParts(intlNumber(c.Argument(0)), intlNumber(c.Argument(1))))
	})
	return h
}

// partsArray is formatToParts' array: {type, value} objects, with unit where a part has one.
func partsArray(vm *goja.Runtime, parts []intl.Part) *goja.Object {
	out := make([]any, len(parts))
	for i, p := range parts {
		o := vm.NewObject()
		o.Set("type", p.Type)
		o.Set("value", p.Value)
		if p.Unit != "" {
			o.Set("unit", p.Unit)
		}
		if p.Source != "" {
			o.Set("source", p.Source)
		}
		out[i] = o
	}
	return vm.NewArray(out...)
}

// dateTimeHandle is the Go side of one Intl.DateTimeFormat: its resolved options (after the
// locale) and format functions of a date's fields, which intl.js reads with the built-ins it
// captured.
func dateTimeHandle(vm *goja.Runtime, df *intl.DateTimeFormat) *goja.Object {
	h := vm.NewObject()
	h.Set("resolved", orderedJSON(df.Resolved()...))
	h.Set("locale", df.Tag)
	fields := func(c goja.FunctionCall) intl.DateFields {
		n := func(i int) int { return int(c.Argument(i).ToInteger()) }
		return intl.DateFields{Year: n(0), Month: n(1), Day: n(2), Hour: n(3), Minute: n(4), Second: n(5), Weekday: n(6)}
	}
	h.Set("format", func(c goja.FunctionCall) goja.Value {
		return vm.ToValue(df.Format(fields(c)))
	})
	h.Set("formatToParts", func(c goja.FunctionCall) goja.Value {
		return partsArray(vm, df.FormatToParts(fields(c)))
	})
	return h
}

// intlNumber reads what intl.js passes: a Number, a BigInt or an exact decimal string.
func intlNumber(v goja.Value) intl.Number {
	switch x := v.Export().(type) {
	case *big.Int:
		return intl.Number{Big: x}
	case string:
		if n, ok := intl.ParseDecimal(x); ok {
			return n
		}
	}
	return intl.Number{Float: v.ToFloat()}
}

// numberResolved is resolvedOptions() as V8 orders it.
func numberResolved(nf *intl.NumberFormat) string {
	kv := []any{"locale", nf.Tag, "numberingSystem", "latn", "style", nf.Style}
	if nf.Style == "currency" {
		kv = append(kv, "currency", nf.Currency, "currencyDisplay", nf.CurrencyDisplay, "currencySign", nf.CurrencySign)
	}
	kv = append(kv, digitOptions(nf)...)
	grouping := any(nf.UseGrouping)
	if nf.UseGrouping == "false" {
		grouping = false
	}
	kv = append(kv, "useGrouping", grouping, "notation", "standard", "signDisplay", nf.SignDisplay,
		"roundingMode", "halfExpand", "roundingIncrement", 1, "trailingZeroDisplay", "auto", "roundingPriority", "auto")
	return orderedJSON(kv...)
}

func digitOptions(nf *intl.NumberFormat) []any {
	kv := []any{"minimumIntegerDigits", nf.MinimumIntegerDigits}
	if nf.Significant() {
		return append(kv, "minimumSignificantDigits", nf.MinimumSignificantDigits, "maximumSignificantDigits", nf.MaximumSignificantDigits)
	}
	return append(kv, "minimumFractionDigits", nf.MinimumFractionDigits, "maximumFractionDigits", nf.MaximumFractionDigits)
}

func pluralResolved(pr *intl.PluralRules) string {
	kv := append([]any{"locale", pr.Tag, "type", pr.Type}, digitOptions(pr.NumberFormat)...)
	kv = append(kv, "pluralCategories", pr.Categories())
	return orderedJSON(kv...)
}

// orderedJSON writes key, value pairs as a JSON object in that order (resolvedOptions' order is
// observable).
func orderedJSON(kv ...any) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := 0; i+1 < len(kv); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(kv[i])
		v, _ := json.Marshal(kv[i+1])
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.String()
}

// localTimeZone is the name resolvedOptions() gives the engine's local time zone (goja's, the
// process's): "UTC" when it is UTC, else $TZ as the process was given it, else "Etc/Unknown"
// (docs/sdk.md: validation is deterministic in UTC only).
func localTimeZone() string {
	if name, offset := time.Now().In(time.Local).Zone(); offset == 0 && (name == "UTC" || name == "GMT") {
		return "UTC"
	}
	if tz := os.Getenv("TZ"); tz != "" && !strings.HasPrefix(tz, ":") {
		return tz
	}
	return "Etc/Unknown"
}
