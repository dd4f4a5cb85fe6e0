/** Voting booth: actor identity, rounds, configuration and permissions, through the local registry. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ObjectActionError, validObjectView, type ObjectContext, type ObjectInstance } from '@scape/sdk';
import { ObjectRegistry } from '@scape/sdk/runtime';
import { votingBooth, type VotingState } from '../src/definition.js';

const context = (overrides: Partial<ObjectContext> = {}): ObjectContext => ({
  actorId: 'alice',
  canEdit: false,
  now: 1_000,
  randomInt: (min) => min,
  ...overrides,
});
const refused = (status: number) => (error: unknown) =>
  error instanceof ObjectActionError && error.status === status;
const editor = context({ actorId: 'owner', canEdit: true });

const place = () => {
  const registry = new ObjectRegistry([votingBooth]);
  const instance = registry.create('🗳️', 'booth-1');
  assert.ok(instance);
  return { registry, instance };
};
const state = (instance: ObjectInstance) => instance.state as VotingState;

describe('voting booth', () => {
  test('opens with the default question', () => {
    const { instance } = place();
    assert.equal(state(instance).question, 'What should we do next?');
    assert.deepEqual(state(instance).choices, ['Explore', 'Play a game']);
    assert.deepEqual(state(instance).ballots, []);
    assert.equal(state(instance).open, true);
  });

  test('one ballot per actor; voting again changes it', () => {
    const { registry, instance } = place();
    let booth = registry.act(instance, { name: 'vote', payload: { round: 0, choice: 0 } }, context());
    booth = registry.act(booth, { name: 'vote', payload: { round: 0, choice: 1 } }, context({ actorId: 'bob' }));
    booth = registry.act(booth, { name: 'vote', payload: { round: 0, choice: 1 } }, context());
    booth = registry.act(booth, { name: 'vote', payload: { round: 0, choice: 1 } }, context());
    assert.deepEqual(state(booth).ballots, [
      { voter: 'bob', choice: 1 },
      { voter: 'alice', choice: 1 },
    ]);
  });

  test('malformed votes are refused', () => {
    const { registry, instance } = place();
    const vote = (payload: Record<string, unknown>) => () => registry.act(instance, { name: 'vote', payload }, context());
    assert.throws(vote({ round: 0 }), refused(400), 'missing choice');
    assert.throws(vote({ round: 0, choice: 0, extra: 1 }), refused(400), 'undeclared key');
    assert.throws(vote({ round: 0, choice: 2 }), refused(400), 'choice out of range');
    assert.throws(vote({ round: 0, choice: -1 }), refused(400), 'negative choice');
    assert.throws(vote({ round: 0, choice: 0.5 }), refused(400), 'fractional choice');
    assert.throws(vote({ round: 0, choice: '0' }), refused(400), 'string choice');
    assert.throws(vote({ round: 1, choice: 0 }), refused(409), 'stale round');
  });

  test('closed voting refuses ballots until reopened', () => {
    const { registry, instance } = place();
    const closed = registry.act(instance, { name: 'toggle', payload: { round: 0 } }, editor);
    assert.equal(state(closed).open, false);
    assert.equal(state(closed).round, 1);
    assert.throws(() => registry.act(closed, { name: 'vote', payload: { round: 1, choice: 0 } }, context()), refused(409));
    const reopened = registry.act(closed, { name: 'toggle', payload: { round: 1 } }, editor);
    const voted = registry.act(reopened, { name: 'vote', payload: { round: 2, choice: 0 } }, context());
    assert.deepEqual(state(voted).ballots, [{ voter: 'alice', choice: 0 }]);
  });

  test('editor actions need editing permission', () => {
    const { registry, instance } = place();
    for (const [name, payload] of [
      ['toggle', { round: 0 }],
      ['reset', { round: 0 }],
      ['configure', { round: 0, question: 'Lunch?', choice0: 'Yes', choice1: 'No', choice2: '', choice3: '' }],
    ] as const) {
      assert.throws(() => registry.act(instance, { name, payload: { ...payload } }, context()), refused(403), name);
    }
  });

  test('configure sets a new question and bumps the round', () => {
    const { registry, instance } = place();
    const payload = { round: 0, question: '  Lunch?  ', choice0: 'Pizza', choice1: 'Soup', choice2: '', choice3: 'Salad' };
    const next = registry.act(instance, { name: 'configure', payload }, editor);
    assert.equal(state(next).question, 'Lunch?');
    assert.deepEqual(state(next).choices, ['Pizza', 'Soup', 'Salad']);
    assert.equal(state(next).round, 1);
  });

  test('configure rejects duplicate, missing or control-character answers', () => {
    const { registry, instance } = place();
    const configure = (overrides: Record<string, unknown>) => () =>
      registry.act(instance, {
        name: 'configure',
        payload: { round: 0, question: 'Q?', choice0: 'A', choice1: 'B', choice2: '', choice3: '', ...overrides },
      }, editor);
    assert.throws(configure({ choice1: 'A' }), refused(400), 'duplicate answers');
    assert.throws(configure({ choice1: '' }), refused(400), 'one answer');
    assert.throws(configure({ question: '' }), refused(400), 'empty question');
    assert.throws(configure({ question: 'x'.repeat(121) }), refused(400), 'question too long');
    assert.throws(configure({ choice0: 'bell\u0007' }), refused(400), 'control character');
  });

  test('configure is refused once ballots exist; reset clears them', () => {
    const { registry, instance } = place();
    const voted = registry.act(instance, { name: 'vote', payload: { round: 0, choice: 1 } }, context());
    const payload = { round: 0, question: 'Q?', choice0: 'A', choice1: 'B', choice2: '', choice3: '' };
    assert.throws(() => registry.act(voted, { name: 'configure', payload }, editor), refused(409));
    const cleared = registry.act(voted, { name: 'reset', payload: { round: 0 } }, editor);
    assert.deepEqual(state(cleared).ballots, []);
    assert.equal(state(cleared).round, 1);
  });

  test('state bounds', () => {
    const base = votingBooth.initial() as VotingState;
    assert.equal(votingBooth.valid(base), true);
    const ballots = Array.from({ length: 256 }, (_, i) => ({ voter: `player-${i}`, choice: i % 2 }));
    assert.equal(votingBooth.valid({ ...base, ballots }), true, '256 ballots');
    assert.equal(votingBooth.valid({ ...base, ballots: [...ballots, { voter: 'one-more', choice: 0 }] }), false, '257 ballots');
    assert.equal(votingBooth.valid({ ...base, ballots: [{ voter: 'a', choice: 0 }, { voter: 'a', choice: 1 }] }), false, 'duplicate voter');
    assert.equal(votingBooth.valid({ ...base, ballots: [{ voter: 'not an id', choice: 0 }] }), false, 'invalid actor id');
    assert.equal(votingBooth.valid({ ...base, ballots: [{ voter: 'a', choice: 2 }] }), false, 'choice out of range');
    assert.equal(votingBooth.valid({ ...base, choices: ['only'] }), false, 'one choice');
    assert.equal(votingBooth.valid({ ...base, choices: ['a', 'b', 'c', 'd', 'e'] }), false, 'five choices');
    assert.equal(votingBooth.valid({ ...base, round: -1 }), false, 'negative round');
    assert.equal(votingBooth.valid({ ...base, extra: 1 }), false, 'extra key');
  });

  test('the view shows tallies and hides editor controls from players', () => {
    const { registry, instance } = place();
    const voted = registry.act(instance, { name: 'vote', payload: { round: 0, choice: 1 } }, context());
    const player = votingBooth.view!(voted.state, { actorId: 'alice', canEdit: false });
    assert.equal(validObjectView(player), true);
    assert.deepEqual(player.controls.map((c) => c.id), ['vote-0', 'vote-1']);
    assert.equal(player.controls[1].label, 'Play a game · 1');
    assert.equal(player.controls[1].pressed, true);
    assert.match(player.description, /^1 vote · Voting open/);
    const owner = votingBooth.view!(instance.state, { actorId: 'owner', canEdit: true });
    assert.equal(validObjectView(owner), true);
    assert.deepEqual(owner.controls.map((c) => c.id), ['vote-0', 'vote-1', 'configure', 'toggle', 'reset']);
    assert.equal(owner.fields?.length, 5);
  });
});
