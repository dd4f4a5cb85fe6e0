import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { validGizmoConfiguration } from '../src/index.js';
import { configurationProblem, CONFIGURATION_RULES } from '../src/configuration.js';
import { collectWarnings } from '../src/internal/rules.js';

const definition = { actions: { color: { permission: 'editor' }, count: { permission: 'participant' } } } as never;
const state = { color: 'red', size: 2, count: 0 };
const check = (value: unknown) => collectWarnings(() => configurationProblem(value, 'configuration', definition, state));

describe('validGizmoConfiguration', () => {
  test('the documented shape', () => {
    assert.equal(validGizmoConfiguration({ action: 'color', fields: ['color'] }), true);
    assert.equal(validGizmoConfiguration({ action: 'color', fields: ['color'], remember: true, open: true }), true);
  });

  test('types, required and unknown keys stay errors', () => {
    assert.equal(validGizmoConfiguration({ fields: ['color'] }), false);
    assert.equal(validGizmoConfiguration({ action: 'color' }), false);
    assert.equal(validGizmoConfiguration({ action: 'color', fields: 'color' }), false);
    assert.equal(validGizmoConfiguration({ action: 'color', fields: [3] }), false);
    assert.equal(validGizmoConfiguration({ action: 7, fields: ['color'] }), false);
    assert.equal(validGizmoConfiguration({ action: 'color', fields: ['color'], remember: 'yes' }), false);
    assert.equal(validGizmoConfiguration({ action: 'color', fields: ['color'], copyAll: true }), false);
    assert.equal(validGizmoConfiguration(null), false);
  });

  // The docs give no count and no name grammar (configuration.fields.count, names.key.grammar: dropped).
  test('any number of fields, any names', () => {
    const fields = Array.from({ length: 40 }, (_, i) => `field ${i}#`);
    assert.equal(validGizmoConfiguration({ action: 'set color', fields }), true);
    assert.deepEqual(collectWarnings(() => configurationProblem({ action: 'set color', fields }, '')).warnings, []);
  });

  test('no fields, a repeated field and an empty name are warnings', () => {
    for (const [value, text] of [
      [{ action: 'color', fields: [] }, 'configuration.fields: is empty, so the configuration copies nothing (got [])'],
      [{ action: 'color', fields: ['color', 'color'] }, 'configuration.fields[1]: repeats a field (it is copied once) (got "color")'],
      [{ action: '', fields: ['color'] }, 'configuration.action: is an empty name (almost certainly a missing id) (got "")'],
    ] as [unknown, string][]) {
      const { result, warnings } = collectWarnings(() => configurationProblem(value, 'configuration'));
      assert.equal(result, null);
      assert.deepEqual(warnings.map(String), [text]);
      assert.equal(validGizmoConfiguration(value), true);
    }
  });
});

describe('configuration against a definition and its initial state', () => {
  test('the action is a declared editor action', () => {
    assert.equal(check({ action: 'color', fields: ['color'] }).result, null);
    assert.equal(String(check({ action: 'count', fields: ['color'] }).result), 'configuration.action: must name an action with permission "editor" (got "count")');
    assert.equal(String(check({ action: 'paint', fields: ['color'] }).result), 'configuration.action: must name an action declared in actions (color, count) (got "paint")');
    assert.equal(check({ action: 'paint', fields: ['color'] }).result?.rule?.id, 'references.action');
    assert.equal(check({ action: 'count', fields: ['color'] }).result?.rule?.id, 'references.action.editor');
  });

  test('every field is a key of the initial state', () => {
    assert.equal(check({ action: 'color', fields: ['color', 'size'] }).result, null);
    const missing = check({ action: 'color', fields: ['color', 'colour'] }).result;
    assert.equal(String(missing), 'configuration.fields[1]: must name a field of the initial state (color, size, count) (got "colour")');
    assert.equal(missing?.rule, CONFIGURATION_RULES.fieldsState);
    const scalar = configurationProblem({ action: 'color', fields: ['color'] }, 'configuration', definition, 7);
    assert.equal(String(scalar), 'configuration.fields: requires the state to be an object with these fields (got 7)');
  });
});
