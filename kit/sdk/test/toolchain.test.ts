/**
 * The toolchain entry (src/toolchain.ts: what the Go toolchain and the host call) on a rule the
 * spec states: "A project default-exports its definitions" (Install and build). Runs under Node
 * and, through the Go toolchain, under goja.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { defineProject } from '../src/index.js';
import { toolchain } from '../src/toolchain.js';
import { fan } from '../../../templates/fan/src/definition.js';
import { lamp } from '../../../templates/lamp/src/definition.js';

describe('a project default-exports its definitions', () => {
  test('a default-exported project or single definition is the project', () => {
    const project = toolchain.describe({ default: defineProject({ objects: [lamp, fan] }) });
    assert.equal(project.loadError, '');
    assert.deepEqual(project.definitions.map((d) => [d.type, d.exportName]), [['example.lamp', 'default'], ['example.fan', 'default']]);
    const single = toolchain.describe({ default: lamp, lamp });
    assert.equal(single.loadError, '');
    assert.deepEqual(single.definitions.map((d) => d.type), ['example.lamp']);
    assert.deepEqual(toolchain.check({ default: defineProject({ objects: [lamp, fan] }) }), { problems: [], loadError: '' });
  });

  test('definitions exported only by name are refused, naming them and the fix', () => {
    const want = 'the entry exports definitions only by name (lamp: example.lamp, fan: example.fan); a project default-exports its definitions: export default defineProject({ objects: [lamp, fan] })';
    assert.deepEqual(toolchain.describe({ lamp, fan, other: 1 }), { definitions: [], loadError: want });
    assert.deepEqual(toolchain.check({ lamp, fan }), { problems: [], loadError: want });
    assert.equal(toolchain.describe({ lamp, again: lamp }).loadError, 'the entry exports definitions only by name (lamp: example.lamp); a project default-exports its definitions: export default defineProject({ objects: [lamp] })');
  });

  test('a default export that is neither, and no definitions at all', () => {
    assert.equal(
      toolchain.describe({ default: 7, fan }).loadError,
      "the entry's default export is not a project or a definition (got 7); it exports definitions by name (fan: example.fan): export default defineProject({ objects: [fan] })",
    );
    assert.equal(toolchain.describe({ default: 7 }).loadError, "the entry's default export is not a project or a definition (got 7): export default defineProject({ objects: [...] })");
    assert.equal(toolchain.describe({ answer: 42 }).loadError, 'the entry exports no project and no definitions: export default defineProject({ objects: [...] })');
  });
});
