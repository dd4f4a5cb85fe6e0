/**
 * The toolchain entry (src/toolchain.ts: what the Go toolchain and the host call) on two rules
 * the spec states: "A project default-exports its definitions" (Install and build), and
 * "Changing fixed walkability also requires removing placed instances" (Live updates are
 * atomic). Runs under Node and, through the Go toolchain, under goja.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { defineProject } from '../src/index.js';
import { toolchain as wired } from '../src/toolchain.js';

// The toolchain's functions answer Go with one JSON string each (made under a guard); read back.
interface Facts {
  type: string;
  walkable: boolean;
  path: string;
  message: string;
  got: string;
  exportName: string;
}
const toolchain = {
  describe: (exports: unknown): { definitions: Facts[]; loadError: string } => JSON.parse(wired.describe(exports)),
  check: (exports: unknown, instances?: string): { problems: Facts[]; loadError: string } => JSON.parse(wired.check(exports, instances)),
  validateInstances: (exports: unknown, instances: string): Facts[] => JSON.parse(wired.validateInstances(exports, instances)),
};
import { fan } from '../../../templates/fan/src/definition.js';
import { lamp } from '../../../templates/lamp/src/definition.js';
import { walkableTile } from '../../../templates/walkable-tile/src/definition.js';

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

describe('changing fixed walkability requires removing placed instances', () => {
  const tiles = { default: defineProject({ objects: [walkableTile, lamp] }) };
  const placed = (walkable?: boolean, type = 'example.walkable-tile') =>
    JSON.stringify([{ id: 'tile-1', type, version: 1, state: type === 'example.lamp' ? { on: true, color: 'warm' } : {}, ...(walkable === undefined ? {} : { walkable }) }]);

  test('describe reports each definition walkability', () => {
    assert.deepEqual(toolchain.describe(tiles).definitions.map((d) => [d.type, d.walkable]), [['example.walkable-tile', true], ['example.lamp', false]]);
  });

  test('an instance placed as blocking refuses a walkable definition, and the reverse', () => {
    assert.deepEqual(toolchain.validateInstances(tiles, placed(false)), [
      { index: 0, path: 'instances["tile-1"].walkable', message: 'is placed as blocking but example.walkable-tile is now walkable (remove the placed instances before changing fixed walkability)', valueJSON: 'false', got: 'false', callback: '' },
    ]);
    assert.deepEqual(toolchain.check(tiles, placed(true, 'example.lamp')).problems.map((p) => `${p.path}: ${p.message} (got ${p.got})`), [
      'instances["tile-1"].walkable: is placed as walkable but example.lamp is no longer walkable (remove the placed instances before changing fixed walkability) (got true)',
    ]);
  });

  test('unchanged or unknown walkability, and no placed instances, are accepted', () => {
    assert.deepEqual(toolchain.validateInstances(tiles, placed(true)), []);
    assert.deepEqual(toolchain.validateInstances(tiles, placed(false, 'example.lamp')), []);
    assert.deepEqual(toolchain.validateInstances(tiles, placed()), []);
    assert.deepEqual(toolchain.check(tiles, '[]'), { problems: [], loadError: '' });
  });

  test('a changed version is reported before walkability', () => {
    const instances = JSON.stringify([{ id: 'tile-1', type: 'example.walkable-tile', version: 2, state: {}, walkable: false }]);
    assert.deepEqual(toolchain.validateInstances(tiles, instances).map((p) => p.path), ['instances["tile-1"].version']);
  });
});
