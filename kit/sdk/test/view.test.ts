import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { validObjectView } from '../src/index.js';
import { viewProblem } from '../src/view.js';
import { fan } from '../../../templates/fan/src/definition.js';
import { votingBooth } from '../../../templates/voting-booth/src/definition.js';
import { lamp } from '../../../templates/lamp/src/definition.js';

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

describe('view checks (the fast paths keep the rules)', () => {
  const control = (extra: Record<string, unknown>) => ({ title: 'T', description: '', controls: [{ id: 'c', label: 'C', action: { name: 'a', payload: {} }, ...extra }] });
  test('unknown keys name the field and list the expected ones', () => {
    assert.equal(
      String(viewProblem(control({ labl: 'x' }), 'view')),
      'view.controls[0].labl: is not a known field (expected one of id, label, action, disabled, pressed, confirm, fields, icon, placement, trigger, kind, preview) (got "x")',
    );
    assert.equal(String(viewProblem({ title: 'T', description: '', controls: [], extra: 1 }, '')), 'extra: is not a known field (expected one of title, description, fields, controls) (got 1)');
  });
  test('optional control fields are checked in order', () => {
    assert.equal(String(viewProblem(control({ disabled: 1, pressed: 2 }), 'view')), 'view.controls[0].disabled: must be true or false (got 1)');
    assert.equal(String(viewProblem(control({ pressed: 'yes' }), 'view')), 'view.controls[0].pressed: must be true or false (got "yes")');
    assert.equal(String(viewProblem(control({ icon: 'star' }), 'view')), 'view.controls[0].icon: must be one of "toggle" (got "star")');
    assert.equal(String(viewProblem(control({ kind: 'button' }), 'view')), 'view.controls[0].kind: must be one of "preview" (got "button")');
    assert.equal(String(viewProblem(control({ preview: 'bad name' }), 'view')).startsWith('view.controls[0].preview: must be a name of 1–64'), true);
  });
  test('payload size: multi-byte text is counted in UTF-8 bytes on both sides of 2 KiB', () => {
    // '€' is 3 UTF-8 bytes: {"p":"€…€x"} sized to exactly 2048 and 2049 bytes.
    const sized = (bytes: number) => {
      const room = bytes - '{"p":""}'.length;
      return { p: '€'.repeat(Math.floor(room / 3)) + 'x'.repeat(room % 3) };
    };
    assert.equal(viewProblem(control({ action: { name: 'a', payload: sized(2048) } }), 'view'), null);
    assert.match(String(viewProblem(control({ action: { name: 'a', payload: sized(2049) } }), 'view')), /^view\.controls\[0\]\.action\.payload: must be at most 2 KiB of JSON \(is 2,049 bytes\)/);
  });
});
