import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { validObjectView } from '../src/index.js';
import { viewProblem } from '../src/view.js';
import { fan } from './examples/fan.js';
import { votingBooth } from './examples/voting-booth.js';
import { lamp } from './examples/lamp.js';

const editor = { actorId: 'ed', canEdit: true };
const guest = { actorId: 'guest', canEdit: false };

describe('view', () => {
  test('the documented views are valid for editors and participants', () => {
    for (const viewer of [editor, guest]) {
      assert.equal(validObjectView(fan.view!({ on: true, direction: 'right' }, viewer)), true);
      assert.equal(validObjectView(lamp.view!({ on: true, color: 'warm' }, viewer)), true);
      assert.equal(validObjectView(votingBooth.view!(votingBooth.initial(), viewer)), true);
      assert.equal(viewProblem(fan.view!({ on: true, direction: 'right' }, viewer), 'view', fan), null);
    }
  });
  test('messages name the control and the rule', () => {
    const v = { title: 'T', description: '', fields: [{ id: 'd', label: 'D', kind: 'select', value: 'a', options: [{ value: 'a', label: 'A' }] }], controls: [{ id: 'c', label: 'C', trigger: 'change', fields: ['d'], confirm: 'Sure?', action: { name: 'x', payload: {} } }] };
    assert.equal(String(viewProblem(v, 'view')), 'view.controls[0].confirm: must be absent with trigger: "change" (got "Sure?")');
    const dup = { title: 'T', description: '', controls: [{ id: 'c', label: 'C', action: { name: 'x', payload: {} } }, { id: 'c', label: 'D', action: { name: 'x', payload: {} } }] };
    assert.equal(String(viewProblem(dup, 'view')), 'view.controls[1].id: must be unique among the view\'s controls (got "c")');
  });
  test('with a definition: actions, previews and toggles are checked', () => {
    const toggleEditor = { title: 'T', description: '', controls: [{ id: 'c', label: 'C', icon: 'toggle', pressed: true, action: { name: 'color', payload: { color: 'warm' } } }] };
    assert.match(String(viewProblem(toggleEditor, 'view', lamp)), /must name a participant action with icon: "toggle"/);
    const audition = { title: 'T', description: '', controls: [{ id: 'c', label: 'C', preview: 'hear', action: { name: 'toggle', payload: {} } }] };
    assert.match(String(viewProblem(audition, 'view', lamp)), /preview: must name a preview declared in definition\.previews/);
    assert.equal(viewProblem(audition, 'view', { ...lamp, previews: { hear: { permission: 'participant', run: () => ({}) } } } as never), null);
  });
});
