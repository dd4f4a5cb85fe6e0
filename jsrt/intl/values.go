package intl

import "sort"

// SupportedValues is Intl.supportedValuesOf(key): the values the engine's Intl accepts, which
// are Node's or fewer (docs/sdk.md says which lists are shorter, and why). ok is false for a key
// ECMA-402 does not define.
func SupportedValues(key string) (values []string, ok bool) {
	switch key {
	case "calendar":
		return []string{"gregory"}, true
	case "collation":
		return []string{}, true // Collator takes no collation but the default, which is not listed
	case "currency":
		out := append([]string(nil), Currencies...)
		sort.Strings(out)
		return out, true
	case "numberingSystem":
		return []string{"latn"}, true
	case "timeZone":
		return []string{"UTC"}, true
	case "unit":
		return []string{}, true // NumberFormat's style "unit" is not supported
	}
	return nil, false
}
