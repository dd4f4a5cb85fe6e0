package jsrt

import (
	"encoding/json"
	"strings"
)

// gojaMap adapts a v3 source map to how goja reads it. goja looks a position up with its own
// 1-based column where the map (and go-sourcemap) count generated columns from 0, so every
// lookup lands one column to the right: a call `assert.equal(x)` maps to its argument `x`,
// `defineObject({` to the `{`. Shifting every generated column of the map by one makes goja's
// lookup exact; the original columns (source side) are untouched. The first segment of each
// line holds the line's absolute generated column (the rest are relative to it), so only that
// one value changes. A map that does not decode is returned as is.
func gojaMap(sourceMap []byte) []byte {
	var m map[string]json.RawMessage
	if json.Unmarshal(sourceMap, &m) != nil {
		return sourceMap
	}
	var mappings string
	if json.Unmarshal(m["mappings"], &mappings) != nil {
		return sourceMap
	}
	lines := strings.Split(mappings, ";")
	for i, line := range lines {
		if line == "" {
			continue
		}
		col, n, ok := decodeVLQ(line)
		if !ok {
			return sourceMap
		}
		lines[i] = encodeVLQ(col+1) + line[n:]
	}
	text, err := json.Marshal(strings.Join(lines, ";"))
	if err != nil {
		return sourceMap
	}
	m["mappings"] = text
	out, err := json.Marshal(m)
	if err != nil {
		return sourceMap
	}
	return out
}

const base64Digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// decodeVLQ reads the first base64 VLQ value of s and how many characters it took.
func decodeVLQ(s string) (value, n int, ok bool) {
	shift, raw := 0, 0
	for n < len(s) && shift < 31 {
		d := strings.IndexByte(base64Digits, s[n])
		if d < 0 {
			return 0, 0, false
		}
		n++
		raw |= (d & 31) << shift
		shift += 5
		if d&32 == 0 {
			if raw&1 == 1 {
				return -(raw >> 1), n, true
			}
			return raw >> 1, n, true
		}
	}
	return 0, 0, false
}

func encodeVLQ(v int) string {
	raw := v << 1
	if v < 0 {
		raw = (-v << 1) | 1
	}
	var digits []byte
	for {
		d := raw & 31
		raw >>= 5
		if raw > 0 {
			d |= 32
		}
		digits = append(digits, base64Digits[d])
		if raw == 0 {
			return string(digits)
		}
	}
}
