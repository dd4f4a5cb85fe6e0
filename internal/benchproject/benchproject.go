// Package benchproject writes the generated projects the benchmarks and scripts measure with
// (docs/perf.md): validate's benchmarks, isolate's, scripts/bench-explore.sh and
// scripts/dev-bench.sh use the same ones.
package benchproject

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// sixteenEmojis are 16 distinct emojis outside the host's reserved set.
var sixteenEmojis = []string{"🍎", "🍐", "🍊", "🍋", "🍌", "🍉", "🍇", "🍓", "🫐", "🍈", "🍒", "🍑", "🥭", "🍍", "🥥", "🥝"}

// WriteSixteen writes a project of 16 lamp-like definitions (state, actions, a view and
// state-driven lighting each), one file per definition as authors split them.
func WriteSixteen(dir string) error {
	if err := os.MkdirAll(filepath.Join(dir, "src"), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"sixteen","scape":{"entry":"src/project.ts"}}`), 0o644); err != nil {
		return err
	}
	var imports, names []string
	for i, emoji := range sixteenEmojis {
		src := fmt.Sprintf(`import { defineObject, exactKeys, record, requirePayload, ObjectActionError } from '@scape/sdk';
type State = { on: boolean; level: number };
export const fruit%[1]d = defineObject<State>({
  type: 'bench.fruit-%[1]d',
  version: 1,
  emoji: '%[2]s',
  label: 'Fruit %[1]d',
  hint: 'switch it or set its level',
  initial: () => ({ on: false, level: 1 }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on', 'level']) && typeof s.on === 'boolean' && Number.isSafeInteger(s.level) && Number(s.level) >= 0 && Number(s.level) <= 9,
  actions: {
    toggle: { permission: 'participant', run: (s, p) => { requirePayload(p, []); return { ...s, on: !s.on }; } },
    level: {
      permission: 'editor',
      run: (s, p) => {
        requirePayload(p, ['level']);
        if (typeof p.level !== 'number' || !Number.isSafeInteger(p.level) || p.level < 0 || p.level > 9) throw new ObjectActionError(400, 'Choose 0–9.');
        return { ...s, level: p.level };
      },
    },
  },
  view: (s, viewer) => ({
    title: 'Fruit %[1]d',
    description: s.on ? 'on' : 'off',
    controls: [
      { id: 'toggle', icon: 'toggle', label: s.on ? 'Turn off' : 'Turn on', pressed: s.on, action: { name: 'toggle', payload: {} } },
      ...[0, 3, 6, 9].map((level) => ({ id: 'l' + level, label: 'Level ' + level, pressed: s.level === level, disabled: !viewer.canEdit, action: { name: 'level', payload: { level } } })),
    ],
  }),
  lighting: (s) => (s.on ? { light: { radiusCells: 1 + s.level, color: '#ffc078', intensity: 0.12, basementIntensity: 0.25, illumination: 0.7 } } : {}),
});
`, i, emoji)
		if err := os.WriteFile(filepath.Join(dir, "src", fmt.Sprintf("fruit%d.ts", i)), []byte(src), 0o644); err != nil {
			return err
		}
		imports = append(imports, fmt.Sprintf("import { fruit%[1]d } from './fruit%[1]d.js';", i))
		names = append(names, fmt.Sprintf("fruit%d", i))
	}
	project := "import { defineProject } from '@scape/sdk';\n" + strings.Join(imports, "\n") +
		"\nexport default defineProject({ objects: [" + strings.Join(names, ", ") + "] });\n"
	return os.WriteFile(filepath.Join(dir, "src", "project.ts"), []byte(project), 0o644)
}

// WriteSixteenDeep writes a project of 16 definitions whose controls reach 128 states each (a
// switch and a level 0–63 moved one step up or down, or set from a select by an editor), so an
// exploration bound of 64 is what stops each one: the shape issue 24 measures exploration's
// cost a state with. The light follows the level, so every state's lighting is checked anew.
func WriteSixteenDeep(dir string) error {
	if err := os.MkdirAll(filepath.Join(dir, "src"), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"sixteen-deep","scape":{"entry":"src/project.ts"}}`), 0o644); err != nil {
		return err
	}
	var imports, names []string
	for i, emoji := range sixteenEmojis {
		src := fmt.Sprintf(`import { defineObject, exactKeys, record, requirePayload, ObjectActionError } from '@scape/sdk';
type State = { on: boolean; level: number };
const TOP = 63;
export const dial%[1]d = defineObject<State>({
  type: 'bench.dial-%[1]d',
  version: 1,
  emoji: '%[2]s',
  label: 'Dial %[1]d',
  hint: 'switch it, or turn its level up and down',
  initial: () => ({ on: false, level: 0 }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on', 'level']) && typeof s.on === 'boolean' && Number.isSafeInteger(s.level) && Number(s.level) >= 0 && Number(s.level) <= TOP,
  actions: {
    toggle: { permission: 'participant', run: (s, p) => { requirePayload(p, []); return { ...s, on: !s.on }; } },
    up: { permission: 'participant', run: (s, p) => { requirePayload(p, []); if (s.level >= TOP) throw new ObjectActionError(400, 'At the top.'); return { ...s, level: s.level + 1 }; } },
    down: { permission: 'participant', run: (s, p) => { requirePayload(p, []); if (s.level <= 0) throw new ObjectActionError(400, 'At the bottom.'); return { ...s, level: s.level - 1 }; } },
    set: {
      permission: 'editor',
      run: (s, p) => {
        requirePayload(p, ['level']);
        const level = Number(p.level);
        if (!Number.isSafeInteger(level) || level < 0 || level > TOP) throw new ObjectActionError(400, 'Choose 0–63.');
        return { ...s, level };
      },
    },
  },
  view: (s, viewer) => ({
    title: 'Dial %[1]d',
    description: (s.on ? 'on' : 'off') + ' at ' + s.level,
    fields: [{ id: 'level', kind: 'select', label: 'Level', value: String(s.level - (s.level %% 16)), options: [0, 16, 32, 48].map((n) => ({ value: String(n), label: 'Level ' + n })) }],
    controls: [
      { id: 'toggle', icon: 'toggle', label: s.on ? 'Turn off' : 'Turn on', pressed: s.on, action: { name: 'toggle', payload: {} } },
      { id: 'up', label: 'Up', disabled: s.level >= TOP, action: { name: 'up', payload: {} } },
      { id: 'down', label: 'Down', disabled: s.level <= 0, action: { name: 'down', payload: {} } },
      { id: 'set', label: 'Set', disabled: !viewer.canEdit, fields: ['level'], action: { name: 'set', payload: {} } },
    ],
  }),
  lighting: (s) => (s.on ? { light: { radiusCells: 1 + (s.level %% 10), color: '#ffc078', intensity: 0.12, basementIntensity: 0.25, illumination: 0.7 } } : {}),
});
`, i, emoji)
		if err := os.WriteFile(filepath.Join(dir, "src", fmt.Sprintf("dial%d.ts", i)), []byte(src), 0o644); err != nil {
			return err
		}
		imports = append(imports, fmt.Sprintf("import { dial%[1]d } from './dial%[1]d.js';", i))
		names = append(names, fmt.Sprintf("dial%d", i))
	}
	project := "import { defineProject } from '@scape/sdk';\n" + strings.Join(imports, "\n") +
		"\nexport default defineProject({ objects: [" + strings.Join(names, ", ") + "] });\n"
	return os.WriteFile(filepath.Join(dir, "src", "project.ts"), []byte(project), 0o644)
}
