package host

import (
	"strings"
	"testing"
)

// TestSafeNext: a redirect target after sign-in is a same-origin path or "/". The values are
// as the handler sees them, after the query string's own decoding; the tricks are the known
// open-redirect ones (browsers drop tab and newline from URLs and read "\" as "/").
func TestSafeNext(t *testing.T) {
	keep := map[string]string{
		"/":                         "/",
		"/connect?code=BCDF-GHJK":   "/connect?code=BCDF-GHJK",
		"/connect?code=BCDF%2DGHJK": "/connect?code=BCDF%2DGHJK",
		"/sidebar":                  "/sidebar",
		"/a/b/":                     "/a/b/",
		"/a/../b":                   "/b",
		"/evil.example":             "/evil.example", // a path on this host
		"/x:y":                      "/x:y",
		"/?next=//evil":             "/?next=//evil", // only the target itself matters
	}
	for in, want := range keep {
		if got := safeNext(in); got != want {
			t.Errorf("safeNext(%q) = %q, want %q", in, got, want)
		}
	}
	refuse := []string{
		"",
		"//evil",
		"//evil.example/",
		"///evil",
		"/\\evil",
		"\\\\evil",
		"\\/evil",
		"/%09/evil:port/",
		"/%09/evil",
		"/\t/evil",
		"\t//evil",
		"/%0a/evil",
		"/\n/evil",
		"/\r\n/evil",
		"/%0d%0a/evil",
		"/%2f%2fevil",
		"/%2F%2Fevil",
		"%2f%2fevil",
		"/%5cevil",
		"/%5Cevil",
		"/%255c%255cevil",
		"/%252f%252fevil",
		"/%25252f%25252fevil",
		"/%2509/evil",
		"/ /evil",
		" /evil",
		"/%20/evil",
		"/\u00a0/evil",
		"/\u3000/evil",
		"/\u2028/evil",
		"/\u200b/evil",
		"/\ufeff/evil",
		"/\x00/evil",
		"/%00/evil",
		"/\x7f/evil",
		"/\xff/evil",
		"https://evil",
		"https:evil",
		"http://evil.example/",
		"HTTPS://evil",
		"javascript:alert(1)",
		"JavaScript:alert(1)",
		"data:text/html,hi",
		"evil.example",
		"./evil",
		"../evil",
		"?x=1",
		"#frag",
		"/" + strings.Repeat("%25", 40) + "2f",
	}
	for _, in := range refuse {
		if got := safeNext(in); got != "/" {
			t.Errorf("safeNext(%q) = %q, want \"/\"", in, got)
		}
	}
}
