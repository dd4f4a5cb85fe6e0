import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { random } from './seeded.js';
import { collectWarnings } from '../src/internal/rules.js';
import { gizmoTravelError, resolveGizmoTravel, travelExitOffsets, validGizmoLink, type ObjectDefinition } from '../src/index.js';
import { jumpPad } from '../../../templates/jump-pad/src/definition.js';

const def = (extra: Partial<ObjectDefinition>) => ({ ...jumpPad, ...extra }) as ObjectDefinition;

describe('travelExitOffsets', () => {
  const exits: [number, number][] = [[1, 0], [0, 1], [-1, -1]];
  test('absolute exits are returned unchanged', () => {
    assert.deepEqual(travelExitOffsets({ exits }, 0, 1), exits);
    assert.deepEqual(travelExitOffsets({ exits, relative: false }, -1, 0), exits);
  });
  test('relative exits turn +X to the entering direction', () => {
    assert.deepEqual(travelExitOffsets({ exits, relative: true }, 1, 0), exits, 'moving right: unchanged');
    assert.deepEqual(travelExitOffsets({ exits, relative: true }, 0, 1), [[0, 1], [-1, 0], [1, -1]], 'moving down');
    assert.deepEqual(travelExitOffsets({ exits, relative: true }, -1, 0), [[-1, 0], [0, -1], [1, 1]], 'moving left');
    assert.deepEqual(travelExitOffsets({ exits, relative: true }, 0, -1), [[0, -1], [1, 0], [-1, 1]], 'moving up');
  });
  test('the dominant axis wins; no movement or NaN keeps the exits', () => {
    assert.deepEqual(travelExitOffsets({ exits: [[1, 0]], relative: true }, 3, -1), [[1, 0]]);
    assert.deepEqual(travelExitOffsets({ exits: [[1, 0]], relative: true }, 1, -3), [[0, -1]]);
    assert.deepEqual(travelExitOffsets({ exits: [[1, 0]], relative: true }, 0, 0), [[1, 0]]);
    assert.deepEqual(travelExitOffsets({ exits: [[1, 0]], relative: true }, NaN, 1), [[1, 0]]);
  });
  test('never produces -0 and does not alias the input', () => {
    const out = travelExitOffsets({ exits: [[0, 0]], relative: true }, -1, 0);
    assert.ok(!Object.is(out[0][0], -0) && !Object.is(out[0][1], -0));
    const input: [number, number][] = [[1, 1]];
    travelExitOffsets({ exits: input }, 1, 0)[0][0] = 9;
    assert.deepEqual(input, [[1, 1]]);
  });
});

describe('travel recipes', () => {
  test('resolveGizmoTravel returns a validated copy of the jump pad recipe', () => {
    assert.deepEqual(resolveGizmoTravel(jumpPad, {}), { destination: { kind: 'offset', x: 4, y: 0 }, exits: [[0, 0]], cooldownMs: 650, arrival: { durationMs: 180, scale: 0.7 } });
    assert.equal(resolveGizmoTravel(def({ travel: undefined }), {}), null);
    assert.equal(resolveGizmoTravel(def({ travel: () => null }), {}), null);
  });
  test('an invalid recipe throws with the path', () => {
    assert.throws(() => resolveGizmoTravel(def({ travel: () => ({ destination: { kind: 'offset', x: 65, y: 0 }, exits: [[0, 0]], cooldownMs: 650 }) }), {}), /^Error: travel\.destination\.x: must be an integer −64–64 cells \(got 65\)$|travel\.destination\.x: must be an integer −64–64 cells \(got 65\)/);
    assert.throws(() => resolveGizmoTravel(def({ travel: () => undefined as never }), {}), /must return a travel recipe or null/);
  });
  test('linked travel needs link', () => {
    const linked = { destination: { kind: 'linked' }, exits: [[0, 0]], cooldownMs: 1000 };
    assert.match(String(gizmoTravelError(linked, def({}), {})), /destination\.kind: requires the definition to declare link/);
    assert.equal(gizmoTravelError(linked, def({ link: { size: 2 } }), {}), null);
  });
  test('feedback audio uses the soundBank of the state', () => {
    const ring = { kind: 'synth', duration: 0.2, voices: [{ wave: 'sine', start: 0, duration: 0.2, frequency: 440, gain: 0.2 }] };
    const banked = def({ soundBank: (s: unknown) => ((s as { loud?: boolean }).loud ? ({ ring } as never) : {}) });
    const recipe = { destination: { kind: 'offset', x: 1, y: 0 }, exits: [[0, 0]], cooldownMs: 700, feedback: { durationMs: 300, audio: [{ kind: 'play', voice: 'v', sound: 'ring', delayMs: 0, gain: 1, rate: 1, loop: false, rangeCells: [1, 8], stereo: 0 }] } };
    assert.equal(gizmoTravelError(recipe, banked, { loud: true }), null);
    assert.match(String(gizmoTravelError(recipe, banked, {})), /feedback\.audio\[0\]/);
  });
  test('validGizmoLink', () => {
    assert.equal(validGizmoLink({ size: 2 }), true);
    assert.equal(validGizmoLink({ size: 1 }), false);
  });
});

// Consistency: what the SDK's own helper returns is never refused by the SDK's validators.
describe('travelExitOffsets output is a valid travel recipe', () => {
  test('every rotation of every exit set within one cell', () => {
    const next = random(0x2545f491);
    const cells: [number, number][] = [];
    for (let x = -1; x <= 1; x++) for (let y = -1; y <= 1; y++) cells.push([x, y]);
    const definition = { type: 't.pad', sounds: {} } as unknown as ObjectDefinition;
    for (let i = 0; i < 500; i++) {
      const exits = cells.filter(() => next() < 0.5);
      if (exits.length === 0) exits.push([0, 0]);
      const dx = Math.round((next() - 0.5) * 8);
      const dy = Math.round((next() - 0.5) * 8);
      const rotated = travelExitOffsets({ exits, relative: true }, dx, dy);
      const recipe = { destination: { kind: 'offset', x: 3, y: -2 }, exits: rotated, cooldownMs: 1000 };
      const { result, warnings } = collectWarnings(() => gizmoTravelError(recipe, definition, {}));
      assert.equal(result, null, JSON.stringify(recipe));
      assert.deepEqual(warnings, [], JSON.stringify(recipe));
    }
  });
});
