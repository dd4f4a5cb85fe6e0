package intl

import (
	"errors"
	"strings"
	"testing"
)

func ptr[T any](v T) *T { return &v }

// TestLocaleOptionsReplaceSubtagsAndKeywords: options replace the tag's subtags and keywords
// and the result is canonical (keywords sorted, "true" left out).
func TestLocaleOptionsReplaceSubtagsAndKeywords(t *testing.T) {
	l, err := NewLocaleID("de-AT-u-nu-arab-co-phonebk", LocaleOptions{Language: ptr("fr"), Region: ptr("CH"), Numeric: ptr(true), NumberingSystem: ptr("latn"), Calendar: ptr("gregory")})
	if err != nil {
		t.Fatal(err)
	}
	if l.Tag != "fr-CH-u-ca-gregory-co-phonebk-kn-nu-latn" || l.BaseName != "fr-CH" || l.Region != "CH" || l.Keywords["kn"] != "" || l.Keywords["co"] != "phonebk" {
		t.Fatalf("%+v", l)
	}
	if got := l.Maximize(); got != "fr-Latn-CH-u-ca-gregory-co-phonebk-kn-nu-latn" {
		t.Errorf("maximize %s", got)
	}
}

// TestLocaleRefusesMalformedOptions: a subtag of the wrong shape is V8's RangeError.
func TestLocaleRefusesMalformedOptions(t *testing.T) {
	for _, o := range []LocaleOptions{{Language: ptr("x")}, {Script: ptr("Lat")}, {Region: ptr("GBR")}, {Language: ptr("en-US")}} {
		var re *RangeError
		if _, err := NewLocaleID("en", o); !errors.As(err, &re) || re.Message != "Incorrect locale information provided" {
			t.Errorf("%+v: %v", o, err)
		}
	}
}

// TestLocaleInfoIsNodesOrRefused: a getter's value is Node's for a tag with data, a keyword's
// where it decides, and a RangeError naming the getter for any other tag (never a guess).
func TestLocaleInfoIsNodesOrRefused(t *testing.T) {
	l, _ := NewLocaleID("de-u-fw-sun-hc-h12", LocaleOptions{})
	if got, _ := l.Info("weekInfo"); got != `{"firstDay":7,"weekend":[6,7],"minimalDays":4}` {
		t.Errorf("weekInfo %s", got)
	}
	if got, _ := l.Info("hourCycles"); got != `["h12"]` {
		t.Errorf("hourCycles %s", got)
	}
	if got, _ := l.Info("timeZones"); got != "" {
		t.Errorf("timeZones of a tag without region: %q", got)
	}
	ar, _ := NewLocaleID("ar", LocaleOptions{})
	if _, err := ar.Info("calendars"); err == nil || !strings.Contains(err.Error(), `calendars of "ar"`) {
		t.Errorf("ar: %v", err)
	}
}
