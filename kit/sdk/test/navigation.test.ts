import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { defineObject, gizmoNavigationError, record, requirePayload, resolveGizmoNavigation, validGizmoWorldDestination, type GizmoWorldDestination } from '../src/index.js';
import { ObjectRegistry } from '../src/runtime.js';

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
    assert.equal(gizmoNavigationError({ world: 'http://x' }, door, { destination: null }), 'world: must be a world code of 1–64 ASCII letters, digits, "_" or "-" (not a URL) (got "http://x")');
    assert.match(String(gizmoNavigationError({ world: 'a', feedback: { durationMs: 100, audio: [{ kind: 'stop', voice: 'v', delayMs: 0 }] } }, door, {})), /^null$|audio/);
  });
});
