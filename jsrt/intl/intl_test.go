package intl

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func decimalFormat(t *testing.T, locale string, o NumberOptions) *NumberFormat {
	t.Helper()
	o.Style, o.CurrencyDisplay, o.CurrencySign = "decimal", "symbol", "standard"
	if o.UseGrouping == "" {
		o.UseGrouping = "auto"
	}
	if o.SignDisplay == "" {
		o.SignDisplay = "auto"
	}
	nf, err := NewNumberFormat([]string{locale}, o)
	if err != nil {
		t.Fatal(err)
	}
	return nf
}

func noDigits() NumberOptions {
	return NumberOptions{MinimumIntegerDigits: -1, MinimumFractionDigits: -1, MaximumFractionDigits: -1, MinimumSignificantDigits: -1, MaximumSignificantDigits: -1}
}

// TestRoundingIsDecimal: rounding works on the shortest decimal of a double (as ICU), carries
// through nines, and a string is formatted exactly.
func TestRoundingIsDecimal(t *testing.T) {
	o := noDigits()
	o.MaximumFractionDigits = 2
	nf := decimalFormat(t, "en", o)
	for in, want := range map[float64]string{1.005: "1.01", 9.995: "10", 999.999: "1,000", 0.004: "0", -0.004: "-0", 123456789.125: "123,456,789.13"} {
		if got := nf.Format(Number{Float: in}); got != want {
			t.Errorf("%v: %s, want %s", in, got, want)
		}
	}
	o.MaximumFractionDigits = 30
	exact := decimalFormat(t, "en", o)
	n, ok := ParseDecimal("0.123456789012345678901234567")
	if !ok || exact.Format(n) != "0.123456789012345678901234567" {
		t.Errorf("a decimal string is not exact: %s", exact.Format(n))
	}
	if _, ok := ParseDecimal("0x10"); ok {
		t.Error("0x10 is no decimal string")
	}
	if got := exact.Format(Number{Float: math.Inf(-1)}); got != "-∞" {
		t.Errorf("-Infinity: %s", got)
	}
}

// TestUnsupportedIsARangeError: a locale of a language without data, a region of its own, an
// extension and a currency without data are RangeErrors naming them; an unknown language falls
// back to en-US as Node does.
func TestUnsupportedIsARangeError(t *testing.T) {
	for _, tc := range []struct{ locale, want string }{
		{"ar", `the locale "ar" is not supported`},
		{"de-LU", `the locale "de-LU" is not supported`},
		{"en-u-nu-arab", "-u-nu-arab"},
	} {
		_, err := Resolve([]string{tc.locale})
		var re *RangeError
		if !errors.As(err, &re) || !strings.Contains(re.Message, tc.want) {
			t.Errorf("%s: %v, want a RangeError with %q", tc.locale, err, tc.want)
		}
	}
	for _, ok := range []string{"xx", "en-u-nu-latn", "de-Latn"} {
		if _, err := Resolve([]string{ok}); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	o := noDigits()
	o.Style, o.Currency, o.CurrencyDisplay, o.CurrencySign, o.UseGrouping, o.SignDisplay = "currency", "XAU", "symbol", "standard", "auto", "auto"
	if _, err := NewNumberFormat([]string{"en"}, o); err == nil || !strings.Contains(err.Error(), `"XAU"`) {
		t.Errorf("a currency without data: %v", err)
	}
}

// TestCollatorCaseLevel: sensitivity "case" ignores accents but not case.
func TestCollatorCaseLevel(t *testing.T) {
	c, err := NewCollator([]string{"en"}, CollatorOptions{Usage: "sort", Sensitivity: "case", CaseFirst: "false"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Compare("a", "á") != 0 || c.Compare("a", "A") == 0 || c.Compare("a", "b") != -1 {
		t.Errorf("a/á %d a/A %d a/b %d", c.Compare("a", "á"), c.Compare("a", "A"), c.Compare("a", "b"))
	}
}
