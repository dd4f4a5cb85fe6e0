import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { defineObject, record, type ObjectDefinition } from '../src/index.js';
import { ObjectRegistry } from '../src/runtime.js';
import { authorCall } from '../src/internal/call.js';
import { catalogProblems } from '../src/internal/catalog.js';
import { chime } from '../../../templates/chime/src/definition.js';

/**
 * Every callback the SDK invokes must run through callAuthor, so the Go host can name it after
 * interrupting a runaway call. Each spy records authorCall.current while it runs.
 */
describe('every author callback runs through callAuthor', () => {
  const seen = new Map<string, unknown>();
  const spy = <T>(name: string, result: T) => () => {
    seen.set(name, authorCall.current ? { ...authorCall.current } : null);
    return result;
  };
  const sprite = { size: 64, layers: [{ id: 'base', shapes: [{ kind: 'rect', x: 0, y: 0, width: 64, height: 64, radius: 0, fill: '#ffffff' }] }] };
  const def = defineObject<{ n: number }>({
    type: 'test.spy',
    version: 1,
    emoji: '🕵️',
    label: 'Spy',
    hint: '',
    initial: () => {
      seen.set('initial', authorCall.current ? { ...authorCall.current } : null);
      return { n: 0 };
    },
    valid: (s): s is { n: number } => {
      seen.set('valid', authorCall.current ? { ...authorCall.current } : null);
      return record(s) && typeof s.n === 'number';
    },
    actions: { go: { permission: 'participant', run: (s) => { seen.set('actions.go.run', { ...authorCall.current! }); return { n: s.n + 1 }; } } },
    previews: { hear: { permission: 'participant', run: () => { seen.set('previews.hear.run', { ...authorCall.current! }); return { sound: chime.sounds!.ring, gain: 0.5 }; } } },
    walkable: true,
    view: spy('view', { title: 'Spy', description: '', controls: [] }),
    lighting: spy('lighting', {}),
    step: spy('step', null),
    push: spy('push', null),
    travel: spy('travel', null),
    navigate: spy('navigate', null),
    sprite: spy('sprite', sprite as never),
    worldText: spy('worldText', 'hello'),
    soundBank: spy('soundBank', { ring: chime.sounds!.ring }),
    audio: spy('audio', null),
    animate: spy('animate', { key: 'k', at: 0, durationMs: 100, frames: [{ rotation: [0, 0, 0, 1], x: 0, lift: 0, shadow: [1, 1, 1] }] } as never),
    react: spy('react', null),
  });

  test('catalog, act, execute and preview name the running callback', () => {
    assert.deepEqual(catalogProblems([def]), []);
    const registry = new ObjectRegistry([def]);
    const instance = registry.create('🕵️', 'spy-1')!;
    registry.execute(instance, { name: 'go', payload: {} }, { actorId: 'a', canEdit: false, now: 0, randomInt: (a) => a });
    registry.preview(instance, { name: 'hear', payload: {} }, { actorId: 'a', canEdit: false });
    const expected = ['initial', 'valid', 'view', 'lighting', 'step', 'push', 'travel', 'navigate', 'sprite', 'worldText', 'soundBank', 'audio', 'animate', 'react', 'actions.go.run', 'previews.hear.run'];
    for (const name of expected) assert.deepEqual(seen.get(name), { type: 'test.spy', callback: name }, name);
    assert.equal(authorCall.current, null);
  });

  test('a throwing callback is reported under its name', () => {
    const broken = { ...def, travel: () => { throw new RangeError('too far'); } } as ObjectDefinition;
    const [found] = catalogProblems([broken]);
    assert.equal(found.callback, 'travel');
    assert.equal(found.path, 'travel');
    assert.equal(found.message, 'threw RangeError: too far');
    assert.equal(authorCall.current, null);
  });
});
