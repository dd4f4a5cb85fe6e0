import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { gizmoWorldText, validGizmoTextEditor, validGizmoWorldText, type ObjectDefinition } from '../src/index.js';
import { worldTextProblem } from '../src/text.js';
import { counter } from '../../../templates/counter/src/definition.js';

describe('world text', () => {
  test('512 code points and 1,024 UTF-16 units', () => {
    assert.equal(validGizmoWorldText('a'.repeat(512)), true);
    assert.equal(String(worldTextProblem('a'.repeat(513), 'worldText')).startsWith('worldText: must be at most 512 characters (is 513)'), true);
    assert.equal(validGizmoWorldText('😀'.repeat(512)), true);
    assert.match(String(worldTextProblem('😀'.repeat(512) + 'a', '')), /at most 1,024 UTF-16 units|at most 1024 UTF-16 units/);
  });
  test('plain text rules', () => {
    assert.equal(validGizmoWorldText('two\nlines'), true);
    assert.equal(validGizmoWorldText('tab\there'), false);
    assert.equal(validGizmoWorldText('\u202eevil'), false);
    assert.equal(validGizmoWorldText('\ud800'), false, 'unpaired surrogate');
    assert.equal(validGizmoWorldText('\udc00x'), false, 'unpaired low surrogate');
  });
  test('gizmoWorldText resolves and validates', () => {
    const sign = { ...counter, worldText: (s: { count: number }) => `Count ${s.count}` } as unknown as ObjectDefinition;
    assert.equal(gizmoWorldText(sign, { count: 3 }), 'Count 3');
    assert.equal(gizmoWorldText(counter, { count: 3 }), '');
    const noisy = { ...counter, worldText: () => 'x'.repeat(600) } as unknown as ObjectDefinition;
    assert.throws(() => gizmoWorldText(noisy, { count: 0 }), /worldText: must be at most 512 characters/);
  });
  test('text editor', () => {
    assert.equal(validGizmoTextEditor({ field: 'text', action: 'write', label: 'Text', maxLength: 512 }), true);
    assert.equal(validGizmoTextEditor({ field: 'text', action: 'write', label: 'Text', maxLength: 513 }), false);
  });
});
