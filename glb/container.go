package glb

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

const (
	magicGLTF = 0x46546C67 // "glTF"
	chunkJSON = 0x4E4F534A // "JSON"
	chunkBIN  = 0x004E4942 // "BIN\0"
)

// container is the result of steps 1–7: the two chunks, as slices of the input (nothing copied).
type container struct {
	json   []byte
	bin    []byte
	hasBin bool
}

func chunkName(t uint32) string {
	switch t {
	case chunkJSON:
		return " (JSON)"
	case chunkBIN:
		return " (BIN)"
	}
	return ""
}

// walkContainer runs checks 1–7 and stops at the first problem: every later check depends on
// the container being sound. Every length is compared, in 64-bit arithmetic, with the bytes
// actually present before it is used.
func walkContainer(name string, data []byte) (container, *Problem) {
	var c container
	size := uint64(len(data))
	fail := func(step int, code Code, msg string, args ...any) (container, *Problem) {
		return c, &Problem{Step: step, Code: code, Message: fmt.Sprintf(msg, args...)}
	}
	if size > MaxFileBytes {
		p := tooLarge(name, int64(size))
		return c, &p
	}
	if size < 12 {
		return fail(2, CodeTooShort, "%s is %d bytes; a .glb file starts with a 12-byte header", name, size)
	}
	magic := binary.LittleEndian.Uint32(data[0:4])
	if magic != magicGLTF {
		hint := ""
		if trimmed := bytes.TrimLeft(data, " \t\r\n\xef\xbb\xbf"); len(trimmed) > 0 && trimmed[0] == '{' {
			hint = " (this looks like .gltf JSON; export as .glb)"
		}
		return fail(3, CodeBadMagic, "header magic is 0x%08X; expected 0x46546C67 (\"glTF\"): not a binary glTF file%s", magic, hint)
	}
	if v := binary.LittleEndian.Uint32(data[4:8]); v != 2 {
		return fail(4, CodeBadVersion, "header version is %d; only GLB version 2 (glTF 2.0) is supported", v)
	}
	if l := uint64(binary.LittleEndian.Uint32(data[8:12])); l != size {
		return fail(5, CodeLengthMismatch, "header length is %d but the file is %d bytes: the file is truncated or has extra bytes at the end; export it again", l, size)
	}

	type chunk struct {
		typ  uint32
		data []byte
	}
	var chunks []chunk
	for off := uint64(12); off < size; {
		i := len(chunks)
		if size-off < 8 {
			return fail(6, CodeChunkHeader, "chunk %d: header truncated at byte %d", i, off)
		}
		n := uint64(binary.LittleEndian.Uint32(data[off : off+4]))
		typ := binary.LittleEndian.Uint32(data[off+4 : off+8])
		if n%4 != 0 {
			return fail(6, CodeChunkUnaligned, "chunk %d: chunkLength %d is not a multiple of 4", i, n)
		}
		if n > size-off-8 {
			return fail(6, CodeChunkTooBig, "chunk %d: chunkLength %d runs past the end of the file (%d bytes)", i, n, size)
		}
		chunks = append(chunks, chunk{typ, data[off+8 : off+8+n]})
		off += 8 + n
		if len(chunks) > 3 {
			break // the layout check below refuses this already; don't walk thousands of chunks
		}
	}

	if len(chunks) == 0 {
		return fail(7, CodeChunkLayout, "the file has no chunks; a .glb file needs a JSON chunk after its header")
	}
	for i, ch := range chunks {
		switch {
		case i == 0 && ch.typ != chunkJSON:
			return fail(7, CodeChunkLayout, "chunk 0 has type 0x%08X%s; the first chunk must be JSON (0x4E4F534A)", ch.typ, chunkName(ch.typ))
		case i == 0 && len(ch.data) == 0:
			return fail(7, CodeChunkLayout, "chunk 0 (JSON) is empty")
		case i > 0 && ch.typ == chunkJSON:
			return fail(7, CodeChunkLayout, "chunk %d is a second JSON chunk", i)
		case i == 1 && ch.typ == chunkBIN && len(ch.data) == 0:
			return fail(7, CodeChunkLayout, "chunk 1 (BIN) is empty; leave the BIN chunk out when there is no binary data")
		case i == 1 && ch.typ != chunkBIN, i > 1:
			if ch.typ == chunkBIN {
				return fail(7, CodeChunkLayout, "chunk %d is a second BIN chunk; only one JSON and one BIN chunk are supported", i)
			}
			return fail(7, CodeChunkLayout, "chunk %d has type 0x%08X; only one JSON and one BIN chunk are supported", i, ch.typ)
		}
	}
	c.json = chunks[0].data
	if len(chunks) > 1 {
		c.bin, c.hasBin = chunks[1].data, true
	}
	return c, nil
}

// parseJSONText runs check 8: the JSON chunk's bytes. Go's decoder accepts invalid UTF-8
// (replacing it silently), which glTF forbids, so UTF-8 is checked on the raw bytes first.
// Numbers are kept as text (json.Number) so integers written as 36.0 survive to check 9.
func parseJSONText(text []byte) (map[string]any, *Problem) {
	fail := func(msg string, args ...any) (map[string]any, *Problem) {
		return nil, &Problem{Step: 8, Code: CodeJSONText, Message: fmt.Sprintf(msg, args...)}
	}
	if bytes.HasPrefix(text, []byte("\xef\xbb\xbf")) {
		return fail("JSON chunk starts with a UTF-8 byte order mark; glTF JSON must not have one")
	}
	if !utf8.Valid(text) {
		off := invalidUTF8Offset(text)
		return fail("JSON chunk is not valid UTF-8 (byte 0x%02X at offset %d)", text[off], off)
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var root any
	if err := dec.Decode(&root); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) && strings.HasSuffix(syn.Error(), "exceeded max depth") {
			// Go's decoder stops at 10,000 levels: a bound on this toolchain's own work (its
			// stack), not a glTF rule. No exporter comes near it.
			return fail("JSON chunk nests more than 10,000 levels deep (at offset %d): that is this toolchain's limit for reading JSON, not a rule of glTF or of Gizmo models", syn.Offset)
		}
		if errors.As(err, &syn) {
			return fail("JSON chunk is not valid JSON: %v (at offset %d)", syn, syn.Offset)
		}
		return fail("JSON chunk is not valid JSON: %v", err)
	}
	for off := int(dec.InputOffset()); off < len(text); off++ {
		switch text[off] {
		case ' ', '\t', '\n', '\r':
		default:
			return fail("JSON chunk contains a 0x%02X byte at offset %d (padding must be spaces, 0x20)", text[off], off)
		}
	}
	obj, ok := root.(map[string]any)
	if !ok {
		return fail("JSON chunk holds %s; a glTF JSON chunk is one object", jsonKind(root))
	}
	return obj, nil
}

func invalidUTF8Offset(b []byte) int {
	for off := 0; off < len(b); {
		r, n := utf8.DecodeRune(b[off:])
		if r == utf8.RuneError && n <= 1 {
			return off
		}
		off += n
	}
	return 0
}

func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "something else"
}
