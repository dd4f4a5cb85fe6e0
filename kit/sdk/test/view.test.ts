import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { validObjectView } from '../src/index.js';
import { viewProblem, VIEW_RULES } from '../src/view.js';
import { collectWarnings } from '../src/internal/rules.js';
import { fan } from '../../../templates/fan/src/definition.js';
import { votingBooth } from '../../../templates/voting-booth/src/definition.js';
import { lamp } from '../../../templates/lamp/src/definition.js';

const editor = { actorId: 'ed', canEdit: true };
const guest = { actorId: 'guest', canEdit: false };

/** The error (as text, or null) and the warnings (as text) of one view. */
function judged(value: unknown, definition?: Parameters<typeof viewProblem>[2]): { error: string | null; warnings: string[] } {
  const { result, warnings } = collectWarnings(() => viewProblem(value, 'view', definition));
  return { error: result === null ? null : String(result), warnings: warnings.map(String) };
}

const control = (extra: Record<string, unknown>) => ({ title: 'T', description: '', controls: [{ id: 'c', label: 'C', action: { name: 'a', payload: {} }, ...extra }] });
const select = { id: 'd', label: 'D', kind: 'select', value: 'a', options: [{ value: 'a', label: 'A' }] };

describe('view', () => {
  test('the documented views are valid for editors and participants, without warnings', () => {
    for (const viewer of [editor, guest]) {
      for (const [view, def] of [
        [fan.view!({ on: true, direction: 'right' }, viewer), fan],
        [lamp.view!({ on: true, color: 'warm' }, viewer), lamp],
        [votingBooth.view!(votingBooth.initial(), viewer), votingBooth],
      ] as const) {
        assert.equal(validObjectView(view), true);
        assert.deepEqual(judged(view, def as never), { error: null, warnings: [] });
      }
    }
  });
  test('realistic open values build: newlines, long text, other control characters', () => {
    const scoreboard = { title: 'Scoreboard', description: 'Home: 0\nAway: 0', controls: [{ id: 'c', label: 'Home\n+1', confirm: 'Add a point?\n(It counts.)', action: { name: 'a', payload: {} } }] };
    assert.deepEqual(judged(scoreboard), { error: null, warnings: [] });
    const long = { title: 'T'.repeat(500), description: 'D'.repeat(5000), fields: [{ id: 'n', label: 'L'.repeat(400), value: 'tab\there', maxLength: 60 }], controls: [] };
    assert.deepEqual(judged(long), { error: null, warnings: [] });
    assert.deepEqual(judged(control({ label: 'Delete note' })), { error: null, warnings: [] }, 'only the bare host affordances warn');
  });
  test('a control with both kind: "preview" and preview builds (redundant at most)', () => {
    const both = control({ kind: 'preview', preview: 'hear', action: { name: 'hear', payload: {} } });
    assert.deepEqual(judged(both, { actions: {}, previews: { hear: {} } }), { error: null, warnings: [] });
    const onChange = { title: 'T', description: '', fields: [select], controls: [{ id: 'c', label: 'C', kind: 'preview', trigger: 'change', fields: ['d'], action: { name: 'hear', payload: {} } }] };
    assert.deepEqual(judged(onChange, { actions: {}, previews: { hear: {} } }), { error: null, warnings: [] });
  });
  test('messages name the control and the rule', () => {
    const v = { title: 'T', description: '', fields: [select], controls: [{ id: 'c', label: 'C', trigger: 'change', fields: ['d'], confirm: 'Sure?', action: { name: 'x', payload: {} } }] };
    assert.equal(judged(v).error, 'view.controls[0].confirm: must be absent with trigger: "change" (got "Sure?")');
    const placed = { ...v, controls: [{ ...v.controls[0], confirm: undefined, placement: 'action' }] };
    assert.equal(judged(placed).error, 'view.controls[0].placement: must be absent with trigger: "change" (an automatic select control is not an action-row button) (got "action")');
    const both = { ...v, controls: [{ ...v.controls[0], confirm: undefined, icon: 'toggle', pressed: true }] };
    assert.equal(judged(both).error, 'view.controls[0].icon: must be absent with trigger: "change" (got "toggle")');
  });
  test('the documented bounds are errors: 16 fields, 32 controls, 1–64 unique choices, 128 / 240 characters', () => {
    const text = (id: string) => ({ id, label: 'L', value: '', maxLength: 10 });
    assert.equal(judged({ title: 'T', description: '', fields: Array.from({ length: 16 }, (_, i) => text(`f${i}`)), controls: [] }).error, null);
    assert.match(String(judged({ title: 'T', description: '', fields: Array.from({ length: 17 }, (_, i) => text(`f${i}`)), controls: [] }).error), /^view\.fields: must have 0–16 items/);
    assert.match(String(judged({ title: 'T', description: '', controls: Array.from({ length: 33 }, (_, i) => ({ id: `c${i}`, label: 'C', action: { name: 'a', payload: {} } })) }).error), /^view\.controls: must have 0–32 items/);
    const options = (n: number) => Array.from({ length: n }, (_, i) => ({ value: `v${i}`, label: `V${i}` }));
    assert.equal(judged({ title: 'T', description: '', fields: [{ ...select, value: 'v0', options: options(64) }], controls: [] }).error, null);
    assert.match(String(judged({ title: 'T', description: '', fields: [{ ...select, value: 'v0', options: options(65) }], controls: [] }).error), /^view\.fields\[0\]\.options: must have 1–64 items/);
    assert.match(String(judged({ title: 'T', description: '', fields: [{ ...select, options: [] }], controls: [] }).error), /^view\.fields\[0\]\.options: must have 1–64 items/);
    assert.equal(judged({ title: 'T', description: '', fields: [{ ...select, options: [{ value: 'a', label: 'A' }, { value: 'a', label: 'B' }] }], controls: [] }).error, 'view.fields[0].options[1].value: must be unique among the options (got "a")');
    assert.match(String(judged({ title: 'T', description: '', fields: [{ ...select, options: [{ value: 'a', label: 'x'.repeat(241) }] }], controls: [] }).error), /^view\.fields\[0\]\.options\[0\]\.label: must be at most 240 characters/);
    assert.match(String(judged({ title: 'T', description: '', fields: [{ ...select, value: 'x'.repeat(129) }], controls: [] }).error), /^view\.fields\[0\]\.value: must be at most 128 characters/);
  });
  test('with a definition: actions, previews and toggles are checked', () => {
    const toggleEditor = { title: 'T', description: '', controls: [{ id: 'c', label: 'C', icon: 'toggle', pressed: true, action: { name: 'color', payload: { color: 'warm' } } }] };
    assert.match(String(viewProblem(toggleEditor, 'view', lamp)), /must name a participant action with icon: "toggle"/);
    assert.equal(validObjectView(toggleEditor), true, 'without the definition, references are not checked');
    assert.equal(validObjectView(toggleEditor, lamp), false);
    const audition = { title: 'T', description: '', controls: [{ id: 'c', label: 'C', preview: 'hear', action: { name: 'toggle', payload: {} } }] };
    assert.match(String(viewProblem(audition, 'view', lamp)), /preview: must name a preview declared in definition\.previews/);
    assert.equal(viewProblem(audition, 'view', { ...lamp, previews: { hear: { permission: 'participant', run: () => ({}) } } } as never), null);
    assert.equal(String(viewProblem(control({}), 'view', lamp)), 'view.controls[0].action.name: must name an action declared in definition.actions (got "a")');
  });
  test('likely mistakes are warnings, and the view still builds', () => {
    const cases: [unknown, string][] = [
      [{ title: '', description: '', controls: [] }, 'view.title: is empty, so the panel has no title (got "")'],
      [control({ label: '' }), 'view.controls[0].label: is empty, so the control has no visible or accessible name (got "")'],
      [control({ confirm: '' }), 'view.controls[0].confirm: is empty, so the confirmation asks nothing (leave confirm out for none) (got "")'],
      [{ title: 'T', description: '', fields: [{ ...select, value: 'z' }], controls: [] }, "view.fields[0].value: is not one of the options' values, so the select shows no choice (got \"z\")"],
      [{ title: 'T', description: '', fields: [{ id: 'n', label: 'N', value: '', maxLength: 0 }], controls: [] }, 'view.fields[0].maxLength: is below 1, so nothing can be typed (got 0)'],
      [{ title: 'T', description: '', fields: [{ id: 'n', label: 'N', value: '', maxLength: 2.5 }], controls: [] }, 'view.fields[0].maxLength: is not a whole number of characters (got 2.5)'],
      [{ title: 'T', description: '', fields: [{ id: 'n', label: 'N', value: '', maxLength: 4096 }], controls: [] }, 'view.fields[0].maxLength: is more than an action payload can carry (2 KiB of JSON), so a full field cannot be submitted (got 4096)'],
      [{ title: 'T', description: '', fields: [{ id: 'n', label: 'N', value: 'abcdef', maxLength: 5 }], controls: [] }, 'view.fields[0].value: is longer than its maxLength (6 characters, maxLength 5), so the field starts beyond its own limit (got "abcdef")'],
      [control({ fields: ['ghost'] }), "view.controls[0].fields[0]: names no field of the view's fields, so nothing is submitted for it (got \"ghost\")"],
      [control({ label: 'Delete' }), "view.controls[0].label: names one of the host's own controls (Scape already shows Configure, Close and Delete) (got \"Delete\")"],
      [control({ label: ' configure ' }), "view.controls[0].label: names one of the host's own controls (Scape already shows Configure, Close and Delete) (got \" configure \")"],
      [control({ trigger: 'change' }), 'view.controls[0].fields: names no select, so the control never saves (trigger: "change" saves when a select changes) (got nothing)'],
    ];
    for (const [value, warning] of cases) assert.deepEqual(judged(value), { error: null, warnings: [warning] }, warning);
    const dup = { title: 'T', description: '', controls: [{ id: 'c', label: 'C', action: { name: 'x', payload: {} } }, { id: 'c', label: 'D', action: { name: 'x', payload: {} } }] };
    assert.deepEqual(judged(dup).warnings, ["view.controls[1].id: repeats another control's id, so the host cannot tell the two apart (got \"c\")"]);
    for (const w of collectWarnings(() => viewProblem(dup, 'view')).warnings) assert.equal(w.severity, 'warning');
  });
  test('a refused view reports its error alone (warnings wait for the whole view)', () => {
    const v = { title: '', description: '', fields: [select], controls: [{ id: 'c', label: '', trigger: 'change', fields: ['d'], confirm: 'Sure?', action: { name: 'x', payload: {} } }] };
    const { error, warnings } = judged(v);
    assert.match(String(error), /confirm: must be absent/);
    assert.deepEqual(warnings, []);
  });
  test('dropped guesses are recorded, not checked', () => {
    for (const r of [VIEW_RULES.textForms, VIEW_RULES.fieldCount, VIEW_RULES.previewExclusive]) {
      assert.equal(r.class, 'guess');
      assert.equal(r.treatment, 'dropped');
      assert.ok(r.was);
    }
  });
});

describe('view checks (the fast paths keep the rules)', () => {
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
    assert.equal(viewProblem(control({ preview: 'bad name' }), 'view'), null, 'names have no grammar (the docs give none)');
    assert.equal(String(viewProblem(control({ icon: 'toggle' }), 'view')), 'view.controls[0].pressed: is required as true or false with icon: "toggle" (got nothing)');
  });
  test('types stay errors', () => {
    assert.equal(String(viewProblem({ title: 1, description: '', controls: [] }, 'view')), 'view.title: must be a string (got 1)');
    assert.equal(String(viewProblem({ title: 'T', description: null, controls: [] }, 'view')), 'view.description: must be a string (got null)');
    assert.equal(String(viewProblem({ title: 'T', description: '', fields: [{ id: 'n', label: 'N', value: '', maxLength: NaN }], controls: [] }, 'view')), 'view.fields[0].maxLength: must be a finite number (got NaN)');
  });
  test('payload size: multi-byte text is counted in UTF-8 bytes on both sides of 2 KiB', () => {
    // '€' is 3 UTF-8 bytes: {"p":"€…€x"} sized to exactly 2048 and 2049 bytes.
    const sized = (bytes: number) => {
      const room = bytes - '{"p":""}'.length;
      return { p: '€'.repeat(Math.floor(room / 3)) + 'x'.repeat(room % 3) };
    };
    assert.equal(viewProblem(control({ action: { name: 'a', payload: sized(2048) } }), 'view'), null);
    const found = viewProblem(control({ action: { name: 'a', payload: sized(2049) } }), 'view');
    assert.match(String(found), /^view\.controls\[0\]\.action\.payload: must be at most 2 KiB of JSON \(is 2,049 bytes\)/);
    assert.equal(found?.rule?.id, 'view.payload');
  });
});
