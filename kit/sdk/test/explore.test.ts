/**
 * State exploration (src/internal/explore.ts) through the toolchain, as the Go build calls it:
 * the states a definition's own controls reach are checked like initial(), and each finding
 * carries the shortest trail of actions that reaches it.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { defineObject, defineProject, exactKeys, ObjectActionError, record, requirePayload } from '../src/index.js';
import { toolchain as wired } from '../src/toolchain.js';
import { chime } from '../../../templates/chime/src/definition.js';
import { counter } from '../../../templates/counter/src/definition.js';
import { fan } from '../../../templates/fan/src/definition.js';
import { jumpPad } from '../../../templates/jump-pad/src/definition.js';
import { lamp } from '../../../templates/lamp/src/definition.js';
import { pressurePad } from '../../../templates/pressure-pad/src/definition.js';
import { votingBooth } from '../../../templates/voting-booth/src/definition.js';
import { walkableTile } from '../../../templates/walkable-tile/src/definition.js';

interface Facts {
  index: number;
  path: string;
  message: string;
  rule?: string;
  callback: string;
  severity?: string;
  trail?: string[];
}
interface Explored {
  definitions: { type: string; states: number; actions: number; stopped: string }[];
  problems: Facts[];
}
const explore = (objects: unknown[], states = 24, budgetMs = 60000): Explored => JSON.parse(wired.explore({ default: defineProject({ objects: objects as never }) }, JSON.stringify({ states, budgetMs })));

describe('state exploration', () => {
  test('the eight templates reach no state with a problem', () => {
    const examples = [chime, counter, fan, jumpPad, lamp, pressurePad, votingBooth, walkableTile];
    const out = explore(examples);
    assert.deepEqual(out.problems.filter((p) => p.severity !== 'warning'), []);
    const lampFacts = out.definitions.find((d) => d.type === 'example.lamp')!;
    // on/off × three colors: five states beyond the initial one, every one seen.
    assert.deepEqual([lampFacts.states, lampFacts.stopped], [5, '']);
  });

  test('a light radius broken two clicks away is reported with its trail', () => {
    const wide = defineObject<{ on: boolean; level: number }>({
      type: 'test.wide-lamp',
      version: 1,
      emoji: '💡',
      label: 'Wide lamp',
      hint: '',
      initial: () => ({ on: true, level: 1 }),
      valid: (s): s is { on: boolean; level: number } => record(s) && exactKeys(s, ['on', 'level']) && typeof s.on === 'boolean' && Number.isSafeInteger(s.level),
      actions: {
        toggle: { permission: 'participant', run: (s, p) => (requirePayload(p, []), { ...s, on: !s.on }) },
        brighter: {
          permission: 'participant',
          run: (s, p) => {
            requirePayload(p, []);
            if (s.level >= 3) throw new ObjectActionError(409, 'As bright as it goes');
            return { ...s, level: s.level + 1 };
          },
        },
      },
      view: (s) => ({
        title: 'Lamp',
        description: '',
        controls: [
          { id: 'toggle', label: 'Toggle', icon: 'toggle', pressed: s.on, action: { name: 'toggle', payload: {} } },
          { id: 'brighter', label: 'Brighter', action: { name: 'brighter', payload: {} } },
        ],
      }),
      lighting: (s) => (s.on ? { light: { radiusCells: 4 + s.level * 3, color: '#ffffff', intensity: 0.5, basementIntensity: 0.25, illumination: 0.7 } } : {}),
    });
    const out = explore([wide]);
    const errors = out.problems.filter((p) => p.severity !== 'warning');
    assert.equal(errors.length, 1, JSON.stringify(errors));
    assert.equal(errors[0].rule, 'light.radiusCells', JSON.stringify(errors[0]));
    assert.equal(errors[0].path, 'lighting.light.radiusCells');
    assert.deepEqual(errors[0].trail, ['brighter', 'brighter']);
  });
});
