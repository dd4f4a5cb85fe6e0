import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { gizmoWorldText, validGizmoTextEditor, validGizmoWorldText, type ObjectDefinition } from '../src/index.js';
import { textEditorProblem, TEXT_RULES, worldTextProblem, worldTextRangeProblem } from '../src/text.js';
import { collectWarnings } from '../src/internal/rules.js';
import { counter } from '../../../templates/counter/src/definition.js';

/** The error (as text, or null) and the warnings (as text) of one check. */
function judged(check: () => unknown): { error: string | null; warnings: string[] } {
  const { result, warnings } = collectWarnings(check);
  return { error: result === null ? null : String(result), warnings: warnings.map(String) };
}

describe('world text', () => {
  test('512 code points and 1,024 UTF-16 units', () => {
    assert.equal(validGizmoWorldText('a'.repeat(512)), true);
    assert.equal(String(worldTextProblem('a'.repeat(513), 'worldText')).startsWith('worldText: must be at most 512 characters (is 513)'), true);
    assert.equal(worldTextProblem('a'.repeat(513), '')?.rule?.id, 'text.worldText.characters');
    assert.equal(validGizmoWorldText('😀'.repeat(512)), true);
    assert.match(String(worldTextProblem('😀'.repeat(512) + 'a', '')), /^must be at most 1,024 UTF-16 units \(is 1,025\)/);
    assert.equal(worldTextProblem('😀'.repeat(512) + 'a', '')?.rule?.id, 'text.worldText.units');
  });
  test('plain text means not HTML: any character is allowed', () => {
    for (const text of ['two\nlines', 'Home\t0\r\nAway\t0', 'bell\u0007', 'nul\u0000', '\u202eevil', 'مرحبا\u200f!', '<b>bold</b>']) {
      assert.deepEqual(judged(() => worldTextProblem(text, 'worldText')), { error: null, warnings: [] }, JSON.stringify(text));
    }
  });
  test('an unpaired surrogate is a warning (a string cut inside an emoji)', () => {
    const cut = '😀 hello'.slice(1);
    assert.equal(validGizmoWorldText(cut), true);
    assert.deepEqual(judged(() => worldTextProblem(cut, 'worldText')), {
      error: null,
      warnings: [`worldText: has an unpaired surrogate (a string cut inside an emoji?), which hosts show as � (got ${JSON.stringify(cut)})`],
    });
    assert.equal(judged(() => worldTextProblem('\ud800', '')).warnings.length, 1);
  });
  test('types stay errors', () => {
    assert.equal(String(worldTextProblem(42, 'worldText')), 'worldText: must be a string (got 42)');
    assert.equal(validGizmoWorldText(null), false);
  });
  test('worldTextRange: greater than 0, at most 32 cells', () => {
    for (const range of [0.01, 1, 32]) assert.equal(worldTextRangeProblem(range, 'worldTextRange'), null);
    for (const range of [0, -1, 32.01, NaN]) assert.match(String(worldTextRangeProblem(range, 'worldTextRange')), /^worldTextRange: must be greater than 0 and at most 32 cells/);
    assert.equal(validGizmoWorldText('Open', { worldTextRange: 8 }), true);
    assert.equal(validGizmoWorldText('Open', { worldTextRange: 48 }), false);
  });
  test('gizmoWorldText resolves and validates', () => {
    const sign = { ...counter, worldText: (s: { count: number }) => `Count ${s.count}` } as unknown as ObjectDefinition;
    assert.equal(gizmoWorldText(sign, { count: 3 }), 'Count 3');
    assert.equal(gizmoWorldText(counter, { count: 3 }), '');
    const noisy = { ...counter, worldText: () => 'x'.repeat(600) } as unknown as ObjectDefinition;
    assert.throws(() => gizmoWorldText(noisy, { count: 0 }), /worldText: must be at most 512 characters/);
    const board = { ...counter, worldText: () => 'Home: 0\nAway: 0\tQ1' } as unknown as ObjectDefinition;
    assert.equal(gizmoWorldText(board, {}), 'Home: 0\nAway: 0\tQ1');
  });
});

describe('text editor', () => {
  const editor = { field: 'text', action: 'write', label: 'Text', maxLength: 512 };
  test('any positive whole maxLength builds; a longer text than world text shows can be a note', () => {
    for (const maxLength of [1, 512, 513, 2048]) assert.deepEqual(judged(() => textEditorProblem({ ...editor, maxLength }, 'textEditor')), { error: null, warnings: [] }, String(maxLength));
  });
  test('likely mistakes are warnings', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ maxLength: 0 }, 'textEditor.maxLength: is below 1, so nothing can be typed (got 0)'],
      [{ maxLength: 10.5 }, 'textEditor.maxLength: is not a whole number of characters (got 10.5)'],
      [{ maxLength: 5000 }, 'textEditor.maxLength: is more than an action payload can carry (2 KiB of JSON), so a full field cannot be submitted (got 5000)'],
      [{ label: '' }, 'textEditor.label: is empty, so the editor has no visible or accessible name (got "")'],
    ];
    for (const [change, warning] of cases) {
      assert.deepEqual(judged(() => textEditorProblem({ ...editor, ...change }, 'textEditor')), { error: null, warnings: [warning] });
      assert.equal(validGizmoTextEditor({ ...editor, ...change }), true);
    }
    assert.equal(validGizmoTextEditor({ ...editor, label: 'L'.repeat(400) }), true, 'no length for labels');
  });
  test('the action is an editor action (with the definition)', () => {
    assert.equal(validGizmoTextEditor(editor, { actions: { write: { permission: 'editor', run: (s) => s } } }), true);
    const participant = { actions: { write: { permission: 'participant' as const, run: (s: unknown) => s } } };
    assert.equal(validGizmoTextEditor(editor, participant), false);
    const found = textEditorProblem(editor, 'textEditor', participant);
    assert.equal(String(found), 'textEditor.action: must name an action with permission "editor" (got "write")');
    assert.equal(found?.rule?.id, 'text.editor.action');
    assert.equal(textEditorProblem(editor, 'textEditor', { actions: {} })?.rule?.id, 'text.editor.action');
  });
  test('types stay errors; dropped guesses are recorded', () => {
    assert.equal(String(textEditorProblem({ ...editor, maxLength: '10' }, 'textEditor')), 'textEditor.maxLength: must be a finite number, not a string: write 10 without quotes (got "10")');
    assert.equal(String(textEditorProblem({ ...editor, label: 3 }, 'textEditor')), 'textEditor.label: must be a string (got 3)');
    assert.equal(TEXT_RULES.plain.treatment, 'dropped');
  });
});
