package locate

import (
	"fmt"
	"strings"
	"testing"
)

// lamp is the shape of templates/lamp: a callback whose result is a ternary of two literals.
const lamp = `import { defineObject } from '@scape/sdk';
/* a comment with { braces } and 'quotes */
export const lamp = defineObject<LampState>({
  type: 'example.lamp', // }{
  emoji: '🏮',
  label: '灯 {lamp}',     
  tmpl: ` + "`a ${ `b ${'}'}` } c`" + `,
  re: /[}{]\/,/u,
  ratio: 3 / 4 / 5,
  light: { radiusCells: 30, color: '#fff' },
  lighting: (state) =>
    state.on
      ? {
          light: {
            radiusCells: 3,
            color: colors[state.color],
          },
        }
      : {},
  view(state: S, viewer): View {
    const f = () => { return { title: 'inner' }; };
    if (state.on) {
      return { title: 'On', controls: [{ id: 'a', label: 'A' }, { id: 'b', label: 7 }] };
    }
    return { title: 'Off', controls: [] };
  },
  initial: () => ({ on: true, color: 'warm' }) as const,
  sounds: { 'tick tock': { wave: 'sine' }, ...more },
  actions: {
    toggle: { permission: 'participant', run: (s) => ({ ...s, on: !s.on }) },
  },
  sprite: makeSprite,
  worldText: function (s) { return s.on ? { text: 'a' } : { text: 'b' }; },
});
`

func TestFind(t *testing.T) {
	l := At("src/definition.ts", lamp, 3, 21)
	if l == nil {
		t.Fatal("no literal at the defineObject call")
	}
	cases := []struct {
		path, value string
		want        string // line:col:length, "" for not found
		text        string // what the position spans
	}{
		{"type", `"example.lamp"`, "4:3:20", "type: 'example.lamp'"},
		{"emoji", "", "5:3:11", "emoji: '🏮'"}, // 🏮 is 2 UTF-16 units
		{"label", "", "6:3:17", "label: '灯 {lamp}'"},
		{"tmpl", "", "7:3:", "tmpl: `a ${ `b ${'}'}` } c`"},
		{"re", "", "8:3:", "re: /[}{]\\/,/u"},
		{"ratio", "", "9:3:", "ratio: 3 / 4 / 5"},
		{"light.radiusCells", "30", "10:12:15", "radiusCells: 30"},
		{"light.intensity", "", "10:3:", "light: { radiusCells: 30, color: '#fff' }"}, // absent: the enclosing literal
		{"lighting.light.radiusCells", "3", "15:13:14", "radiusCells: 3"},
		{"lighting.light.radiusCell", "", "14:11:5", "light"}, // a missing key: the literal holding it
		{"lighting.glow", "", "11:3:8", "lighting"},           // absent from both results alike: the callback
		{"view.controls[1].label", "7", "23:76:8", "label: 7"},
		{"view.controls[0]", "", "23:40:23", "{ id: 'a', label: 'A' }"},
		{"view.title", `"On"`, "23:16:11", "title: 'On'"}, // two results have title: the value decides
		{"view.title", `"Nope"`, "20:3:4", "view"},        // …and no value: the callback
		{"initial()", "", "27:19:27", "{ on: true, color: 'warm' }"},
		{"initial().on", "true", "27:21:8", "on: true"},
		{`sounds["tick tock"].wave`, "", "28:3:", ""}, // a later spread may replace it: the member before,
		{"sounds.other", "", "28:3:", ""},             // past a spread: the enclosing member
		{"actions.toggle.run", "", "30:42:", ""},
		{"actions.toggle.run().on", "", "30:63:9", "on: !s.on"}, // after the spread: certain
		{"actions.toggle.permission", `"participant"`, "30:15:25", "permission: 'participant'"},
		{"sprite.glyph", "", "32:3:18", "sprite: makeSprite"},
		{"worldText.text", `"b"`, "33:61:9", "text: 'b'"},
		{"worldText.text", `"c"`, "33:3:", ""},
		{"nothing", "", "", ""}, // absent at the top: the caller keeps the call site,
	}
	lines := strings.Split(lamp, "\n")
	for _, c := range cases {
		p, ok := l.Find(c.path, c.value)
		got := ""
		if ok {
			got = fmt.Sprintf("%d:%d:%d", p.Line, p.Column, p.Length)
		}
		if strings.HasSuffix(c.want, ":") && got != "" {
			got = got[:strings.LastIndexByte(got, ':')+1]
		}
		if got != c.want {
			t.Errorf("%s (%s): got %q, want %q", c.path, c.value, got, c.want)
			continue
		}
		if c.text != "" && ok {
			line := lines[p.Line-1]
			start := byteAt(line, p.Column-1)
			if span := line[start:byteAt(line, p.Column-1+p.Length)]; span != c.text {
				t.Errorf("%s: spans %q, want %q", c.path, span, c.text)
			}
		}
	}
}

func byteAt(line string, units int) int {
	n := 0
	for i, r := range line {
		if n >= units {
			return i
		}
		n++
		if r > 0xFFFF {
			n++
		}
	}
	return len(line)
}

func TestAtGivesUp(t *testing.T) {
	for _, src := range []string{
		"defineObject(definition)",
		"defineObject({ a: 'unterminated })",
		"defineObject({ a: 1, b: }",
		"defineObject({ *gen() {} })",
		"",
	} {
		if l := At("a.ts", src, 1, 1); l != nil {
			if _, ok := l.Find("a", ""); ok && !strings.Contains(src, "a: 1") {
				t.Errorf("%q: found a place", src)
			}
		}
	}
}

func TestParsePath(t *testing.T) {
	segs, ok := parsePath(`react(action "a)b").sounds["x]y"][2].z`)
	if !ok || len(segs) != 6 || !segs[1].call || segs[3].key != "x]y" || !segs[4].isIndex || segs[4].index != 2 || segs[5].key != "z" {
		t.Fatalf("got %+v %v", segs, ok)
	}
	for _, bad := range []string{"a[", `a["x`, "a(", "a..b!", "1a"} {
		if _, ok := parsePath(bad); ok {
			t.Errorf("%q parsed", bad)
		}
	}
}

func FuzzFind(f *testing.F) {
	f.Add(lamp, 3, 21, "lighting.light.radiusCells", "3")
	f.Add("defineObject({ a: [1, {b: (x) => { return {c: 1} }}] })", 1, 1, "a[1].b.c", "1")
	f.Fuzz(func(t *testing.T, src string, line, col int, path, value string) {
		l := At("a.ts", src, line, col)
		p, ok := l.Find(path, value)
		if ok && (p.Line < 1 || p.Column < 1 || p.Length < 0) {
			t.Fatalf("bad position %+v", p)
		}
	})
}

// Hostile text: deep nesting and long chains give up or finish in about one pass (a quadratic
// reader would not finish this test).
func TestBoundedOnHostileText(t *testing.T) {
	deep := "defineObject({ a: " + strings.Repeat("[", 200000) + strings.Repeat("]", 200000) + " })"
	if p, ok := At("a.ts", deep, 1, 1).Find("a[0][0]", ""); ok {
		t.Fatalf("nesting past the limit should give up, got %+v", p)
	}
	var b strings.Builder
	b.WriteString("defineObject({ view: (s) => ")
	for i := 0; i < 100000; i++ {
		fmt.Fprintf(&b, "s.a%d ? { t: %d } : ", i, i)
	}
	b.WriteString("{ t: -1 }, ")
	for i := 0; i < 100000; i++ {
		fmt.Fprintf(&b, "k%d: %d, ", i, i)
	}
	b.WriteString("last: 1 })")
	l := At("a.ts", b.String(), 1, 1)
	// The work budget may run out first (then nothing is found); a place found must be right.
	if p, ok := l.Find("last", "1"); ok && p.Column != strings.Index(b.String(), "last")+1 {
		t.Fatalf("last: %+v", p)
	}
	l.Find("view.t", "5")
}

// The same source saved with CRLF line ends gives every path the same line, column, length and
// line text (a '\r' is neither part of a line's text nor of a member spanning one line).
func TestFindCRLF(t *testing.T) {
	lf := At("src/definition.ts", lamp, 3, 21)
	crlf := At("src/definition.ts", strings.ReplaceAll(lamp, "\n", "\r\n"), 3, 21)
	if lf == nil || crlf == nil {
		t.Fatal("no literal at the defineObject call")
	}
	for _, path := range []string{"type", "emoji", "label", "tmpl", "re", "light.radiusCells", "lighting.light.radiusCells",
		"lighting.glow", "view.controls[1].label", "view.title", "initial().on", "sounds.other", "actions.toggle.run().on", "worldText.text"} {
		want, wok := lf.Find(path, "")
		got, gok := crlf.Find(path, "")
		if got != want || gok != wok {
			t.Errorf("%s: CRLF %+v %v, LF %+v %v", path, got, gok, want, wok)
		}
	}
}

// TestFindAfterATypePredicate: a member whose value is an arrow with a return type holding type
// arguments (`s is Record<string, never>`, the docs' pressure pad) does not end at the comma
// inside them, so the members after it are still found; a comparison `a < b, c > d` elsewhere
// keeps its commas as member ends.
func TestFindAfterATypePredicate(t *testing.T) {
	src := `export default defineObject<Record<string, never>>({
  valid: (s: unknown): s is Record<string, never> => typeof s === 'object',
  ok: (a: number, b: number): Map<string, number> => new Map(),
  less: 1 < 2, more: 3 > 2,
  step: (_state, event) => ({
    durationMs: 5000,
  }),
});
`
	l := At("a.ts", src, 1, 16)
	if l == nil {
		t.Fatal("no literal")
	}
	for _, c := range []struct{ path, want string }{
		{"step.durationMs", "6:5"},
		{"more", "4:16"},
		{"ok", "3:3"},
	} {
		p, ok := l.Find(c.path, "")
		if got := fmt.Sprintf("%d:%d", p.Line, p.Column); !ok || got != c.want {
			t.Errorf("%s at %s (found %v), want %s", c.path, got, ok, c.want)
		}
	}
}
