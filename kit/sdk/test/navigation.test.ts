import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { defineObject, gizmoNavigationError, record, requirePayload, resolveGizmoNavigation, validGizmoWorldDestination, validGizmoWorldEditor, type GizmoWorldDestination } from '../src/index.js';
import { ObjectRegistry } from '../src/runtime.js';
import { navigationProblem, worldDestinationProblem, worldIdProblem } from '../src/navigation.js';
import { collectWarnings } from '../src/internal/rules.js';

type DoorState = { destination: GizmoWorldDestination | null };
const door = defineObject<DoorState>({
  type: 'test.door',
  version: 1,
  emoji: '🛸',
  label: 'Door',
  hint: 'walk in to visit another world',
  initial: () => ({ destination: null }),
  valid: (s): s is DoorState => record(s) && (s.destination === null || validGizmoWorldDestination(s.destination)),
  actions: {
    destination: {
      permission: 'editor',
      run: (_s, p) => {
        requirePayload(p, ['destination']);
        if (p.destination !== null && !validGizmoWorldDestination(p.destination)) throw new Error('Choose a world');
        return { destination: p.destination as GizmoWorldDestination | null };
      },
    },
  },
  worldEditor: { field: 'destination', action: 'destination', label: 'Destination' },
  configuration: { action: 'destination', fields: ['destination'] },
  walkable: true,
  navigate: (s) => (s.destination ? { world: s.destination.id, transition: { durationMs: 400, scale: 0.3, opacity: 0.2 } } : null),
});

describe('navigation', () => {
  test('a door registers, picks a world and navigates', () => {
    const registry = new ObjectRegistry([door]);
    const d = registry.create('🛸', 'door-1')!;
    assert.equal(resolveGizmoNavigation(door, d.state), null);
    const set = registry.act(d, { name: 'destination', payload: { destination: { id: 'lobby', name: 'Lobby' } } }, { actorId: 'owner', canEdit: true, now: 0, randomInt: (a) => a });
    assert.deepEqual(resolveGizmoNavigation(door, set.state), { world: 'lobby', transition: { durationMs: 400, scale: 0.3, opacity: 0.2 } });
    assert.deepEqual(registry.configuration(set)?.values, { destination: { id: 'lobby', name: 'Lobby' } });
  });
  test('the world editor must target an editor action', () => {
    const weak = { ...door, actions: { destination: { ...door.actions.destination, permission: 'participant' as const } } };
    assert.throws(() => new ObjectRegistry([weak]), /worldEditor\.action: must name an action with permission "editor"/);
  });
  test('the picked field holds a destination or null', () => {
    const odd = { ...door, initial: () => ({ destination: 'lobby' }), valid: () => true };
    assert.throws(() => new ObjectRegistry([odd as never]), /worldEditor\.field: must name a field holding a world destination/);
  });
  test('gizmoNavigationError', () => {
    assert.equal(gizmoNavigationError({ world: 'lobby' }, door, { destination: null }), null);
    assert.equal(gizmoNavigationError({ world: 'http://x' }, door, { destination: null }), 'world: must be a world code, not a URL (no ":", "/", "\\", "?", "#" or "@") (got "http://x")');
    assert.match(String(gizmoNavigationError({ world: 'a', feedback: { durationMs: 100, audio: [{ kind: 'stop', voice: 'v', delayMs: 0 }] } }, door, {})), /^null$|audio/);
  });
  test('a world code is never a URL (an error); outside the code grammar it is a warning', () => {
    for (const world of ['https://evil.example', 'a/b', 'world:42', 'guest@lobby', 'a?b', 'a#b', 'a\\b']) assert.equal(worldIdProblem(world, 'world')?.rule?.id, 'navigation.world.url', world);
    for (const world of ['The Lobby', '', '-a', 'a.b', 'x'.repeat(65)]) {
      const { result, warnings } = collectWarnings(() => worldIdProblem(world, 'world'));
      assert.equal(result, null, world);
      assert.equal(warnings.length, 1, world);
      assert.match(String(warnings[0]), /^world: is not a world code of 1–64 ASCII letters/);
    }
    assert.deepEqual(collectWarnings(() => worldIdProblem('Wx7-k_2', 'world')).warnings, []);
  });
  test('destination names are display text: any string, an empty one warns', () => {
    for (const name of ['The Lobby\n(upstairs)', 'n'.repeat(500), 'tab\there']) assert.equal(validGizmoWorldDestination({ id: 'lobby', name }), true);
    const { result, warnings } = collectWarnings(() => worldDestinationProblem({ id: 'lobby', name: '' }, 'destination'));
    assert.equal(result, null);
    assert.deepEqual(warnings.map(String), ['destination.name: is empty, so the picker shows the destination without a name (got "")']);
  });
  test('the transition follows the docs: 1–1,000 ms, scale and opacity 0.02–1, six-digit trail, trail opacity 0–1', () => {
    const nav = (transition: Record<string, unknown>) => String(navigationProblem({ world: 'lobby', transition: { durationMs: 400, scale: 0.5, opacity: 0.5, ...transition } }, {}, ''));
    assert.equal(nav({}), 'null');
    assert.equal(nav({ durationMs: 1001 }), 'transition.durationMs: must be 1–1,000 ms (got 1001)');
    assert.equal(nav({ scale: 0.01 }), 'transition.scale: must be 0.02–1 (got 0.01)');
    assert.equal(nav({ opacity: 0 }), 'transition.opacity: must be 0.02–1 (got 0)');
    assert.equal(nav({ trail: { color: '#abc', opacity: 0.5 } }), 'transition.trail.color: must be a six-digit hex color like "#ffc078" (got "#abc")');
    assert.equal(nav({ trail: { color: '#aabbcc', opacity: 2 } }), 'transition.trail.opacity: must be 0–1 (got 2)');
    assert.equal(nav({ trail: { color: '#AABBCC', opacity: 0 } }), 'null');
  });
  test('the world editor targets an editor action (with the definition); an empty label warns', () => {
    const picker = { field: 'destination', action: 'destination', label: 'Destination' };
    assert.equal(validGizmoWorldEditor(picker, door), true);
    assert.equal(validGizmoWorldEditor(picker, { actions: { destination: { permission: 'participant', run: (s) => s } } }), false);
    assert.equal(validGizmoWorldEditor({ ...picker, label: 'L'.repeat(400) }), true);
    const { warnings } = collectWarnings(() => validGizmoWorldEditor({ ...picker, label: '' }));
    assert.deepEqual(warnings.map(String), ['label: is empty, so the editor has no visible or accessible name (got "")']);
  });
});
