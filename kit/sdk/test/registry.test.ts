import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { defineObject, exactKeys, ObjectActionError, record, requirePayload, type ObjectContext, type ObjectDefinition } from '../src/index.js';
import { isObjectConfiguration, isObjectEnvelope, OBJECT_STATE_BYTE_LIMIT, ObjectRegistry } from '../src/runtime.js';
import { authorCall } from '../src/internal/call.js';
import { CATALOG_RULES, catalogProblems, catalogProblemText, CatalogError, reviewCatalog } from '../src/internal/catalog.js';
import { collectWarnings } from '../src/internal/rules.js';
import { chime } from '../../../templates/chime/src/definition.js';
import { counter } from '../../../templates/counter/src/definition.js';
import { fan } from '../../../templates/fan/src/definition.js';
import { jumpPad } from '../../../templates/jump-pad/src/definition.js';
import { lamp } from '../../../templates/lamp/src/definition.js';
import { pressurePad } from '../../../templates/pressure-pad/src/definition.js';
import { votingBooth } from '../../../templates/voting-booth/src/definition.js';
import { walkableTile } from '../../../templates/walkable-tile/src/definition.js';

const sounds = { ring: chime.sounds!.ring };
const examples = [chime, counter, fan, jumpPad, lamp, pressurePad, votingBooth, walkableTile];

function ctx(overrides: Partial<ObjectContext> = {}): ObjectContext {
  return { actorId: 'alice', canEdit: false, now: 1000, randomInt: (min) => min, ...overrides };
}

/** Catches the ObjectActionError `fn` throws. */
function refusal(fn: () => unknown): ObjectActionError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ObjectActionError, `expected ObjectActionError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected a refusal');
}

type Box = { n: number; blob?: string };
/** A minimal valid definition whose parts tests override. */
function box(overrides: Record<string, unknown> = {}): ObjectDefinition {
  return defineObject<Box>({
    type: 'test.box',
    version: 1,
    emoji: '📦',
    label: 'Box',
    hint: 'a test box',
    initial: () => ({ n: 0 }),
    valid: (s: unknown): s is Box => record(s) && typeof s.n === 'number' && Number.isFinite(s.n) && (s.blob === undefined || typeof s.blob === 'string'),
    actions: {
      add: { permission: 'participant', run: (s: Box, p: Record<string, unknown>) => { requirePayload(p, []); return { n: s.n + 1 }; } },
      edit: { permission: 'editor', run: (s: Box) => ({ n: s.n + 10 }) },
      remove: { permission: 'remover', run: (s: Box) => ({ n: s.n - 1 }) },
      grow: { permission: 'participant', run: (s: Box, p: Record<string, unknown>) => ({ n: s.n, blob: 'x'.repeat(Number(p.size)) }) },
      nan: { permission: 'participant', run: () => ({ n: NaN }) },
      invalid: { permission: 'participant', run: () => ({ n: 'one' }) as unknown as Box },
      boom: { permission: 'participant', run: () => { throw new TypeError('exploded'); } },
      conflict: { permission: 'participant', run: () => { throw new ObjectActionError(409, 'busy'); } },
      mutate: { permission: 'participant', run: (s: Box) => { s.n = 99; return { n: 1 }; } },
    },
    ...overrides,
  } as never);
}

describe('catalog', () => {
  test('the eight documented examples register together, including the bundled scape.* identities', () => {
    const registry = new ObjectRegistry(examples);
    assert.equal(registry.all().length, 8);
    assert.equal(registry.failures().length, 0);
    assert.equal(registry.forEmoji('🔢'), counter);
    assert.equal(registry.forEmoji('🗳️'), votingBooth);
    assert.equal(registry.forEmoji('🗳'), votingBooth, 'variation selectors do not change the emoji');
    assert.deepEqual(catalogProblems(examples), []);
  });

  test('an invalid lighting result names the definition, the path and the value', () => {
    const bright = defineObject<{ on: boolean }>({ ...(lamp as unknown as Parameters<typeof defineObject<{ on: boolean }>>[0]), lighting: () => ({ light: { radiusCells: 13, color: '#ffc078', intensity: 0.12, basementIntensity: 0.25, illumination: 0.7 } }) });
    assert.throws(() => new ObjectRegistry([bright]), (err: unknown) => {
      assert.ok(err instanceof CatalogError);
      assert.equal(err.message, 'example.lamp (🏮 Lamp): lighting.light.radiusCells: must be 0.25–12 cells (got 13)');
      assert.equal(err.index, 0);
      assert.equal(err.type, 'example.lamp');
      assert.equal(err.emoji, '🏮');
      assert.equal(err.label, 'Lamp');
      assert.equal(err.callback, 'lighting');
      assert.equal(err.path, 'lighting.light.radiusCells');
      assert.equal(err.value, 13);
      assert.match(String(err.definedAt), /registry\.test/);
      return true;
    });
  });

  test('catalogProblems reports every definition and project-level duplicates naming both', () => {
    const a = box();
    const b = box({ label: 'Box 2' });
    const c = box({ type: 'test.other', version: 0 });
    const found = catalogProblems([a, b, c]);
    const version = found.find((p) => p.index === 2);
    assert.ok(version);
    assert.equal(version.path, 'version');
    assert.equal(version.value, 0);
    const dupType = found.find((p) => p.index === -1 && p.path === 'objects[1].type');
    assert.ok(dupType, JSON.stringify(found));
    assert.match(dupType.message, /test\.box \(📦 Box\) at objects\[0\].*test\.box \(📦 Box 2\) at objects\[1\]/);
    assert.ok(found.some((p) => p.index === -1 && p.path === 'objects[1].emoji'));
    assert.ok(found.some((p) => p.index === -1 && p.path === 'objects[2].emoji'));
  });

  test('at most 16 definitions per project', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => box({ type: `test.box${i}`, emoji: String.fromCodePoint(0x1f400 + i) }));
    assert.equal(new ObjectRegistry(many(16)).all().length, 16);
    assert.throws(() => new ObjectRegistry(many(17)), /project: objects: must have at most 16 definitions \(has 17\)/);
    assert.equal(new ObjectRegistry(many(17), { isolateInvalidDefinitions: true }).all().length, 17, 'trusted catalogs are not projects');
  });

  test('reserved identities', () => {
    assert.throws(() => new ObjectRegistry([box({ type: 'scape.box' })]), /type: uses the reserved "scape\." namespace/);
    for (const emoji of ['🎲', '🪧', '🍄', '🔥', '🪩', '🎹', '💣', '🪧\ufe0f'])
      assert.throws(() => new ObjectRegistry([box({ emoji })]), /emoji: is reserved for a built-in Gizmo/, emoji);
    assert.throws(() => new ObjectRegistry([box({ type: 'scape.counter' })]), /keeps its emoji 🔢/);
    assert.equal(new ObjectRegistry([box({ type: 'scape.counter', emoji: '🔢' })]).all().length, 1);
    assert.equal(new ObjectRegistry([box({ type: 'scape.dice', emoji: '🎲' })], { allowReservedIdentities: true }).all().length, 1);
    // The docs name no built-in door: 🚪 is free (it was reserved by a guess).
    assert.equal(new ObjectRegistry([box({ emoji: '🚪' })]).all().length, 1);
  });

  // Look-alike identities: a reserved type or emoji written with characters no one sees (zero-width,
  // bidi controls, variation selectors, tags, the soft hyphen) is still reserved; the message shows
  // them as escapes. An emoji's own joiners, selectors and tags stay legitimate.
  test('reserved identities are compared without invisible characters', () => {
    const refused = (overrides: Record<string, unknown>): string => {
      const found = catalogProblems([box(overrides)]);
      assert.equal(found.length, 1, JSON.stringify(overrides));
      return catalogProblemText(found[0]);
    };
    assert.equal(
      refused({ type: 'scape\u200b.piano' }),
      'scape\u200b.piano (📦 Box): type: uses the reserved "scape." namespace once its invisible characters are removed ("scape\\u200b.piano" reads "scape.piano") (choose your own, like "my-game.counter") (got "scape\u200b.piano")',
    );
    assert.equal(
      refused({ emoji: '🎹\u200b' }),
      'test.box (🎹\u200b Box): emoji: is reserved for a built-in Gizmo once its invisible characters are removed ("🎹\\u200b" reads "🎹") (choose another emoji) (got "🎹\u200b")',
    );
    assert.match(refused({ emoji: '🔥\u{e0041}' }), /\("🔥\\u\{e0041\}" reads "🔥"\)/);
    const types = [
      'scape.\u200bpiano', '\u200bscape.dice', 'sca\u200cpe.dice', 'scape\u200d.dice', 'scape\u2060.dice', 'scape\ufeff.dice', 'sca\u00adpe.dice',
      '\u200escape.dice', 'scape\u200f.dice', 'scape\u202a.dice\u202c', 'scape\u202e.dice', 'scape\u2066.dice\u2069', 'scape\ufe0f.dice', 'scape\ufe00.dice',
      'scape\u{e0100}.dice', 'scape\u{e0001}.dice', 'scape\u{e0041}.dice', 'scape.counter\u200b', 'scape.voting-booth\u2060',
    ];
    for (const type of types)
      assert.match(refused({ type, emoji: type.startsWith('scape.counter') ? '🔢' : '🗳️' }), /type: uses the reserved "scape\." namespace once its invisible characters are removed/, JSON.stringify(type));
    const emojis = ['🎹\u200b', '\u200b🎹', '🎹\u200c', '🎹\u200d', '🎹\ufe0f\u200b', '🎹\u2060', '🎹\ufeff', '🎹\u00ad', '🎲\u202e', '🍄\u2066', '🪩\ufe00', '💣\u{e0100}', '🔥\u{e0020}\u{e007f}', '🪧\u200e'];
    for (const emoji of emojis) assert.match(refused({ emoji }), /emoji: is reserved for a built-in Gizmo once its invisible characters are removed/, JSON.stringify(emoji));
    // Variation selectors alone are the emoji's presentation: refused, without a note.
    assert.match(refused({ emoji: '🪧\ufe0f' }), /emoji: is reserved for a built-in Gizmo \(choose another emoji\)/);
    // The guessed built-ins (a warning) are compared the same way.
    assert.deepEqual(reviewCatalog([box({ emoji: '🌀\u200b' })]).warnings.map((w) => w.rule), ['catalog.reserved.emoji.guessed']);
    // A case-variant namespace with invisible characters is still the warning.
    assert.deepEqual(reviewCatalog([box({ type: 'Scape\u200b.box' })]).warnings.map((w) => w.rule), ['names.type.invisible', 'catalog.reserved.namespace.case']);
    // A host's own catalog may still use them.
    assert.equal(new ObjectRegistry([box({ type: 'scape\u200b.dice', emoji: '🎲\u200b' })], { allowReservedIdentities: true }).all().length, 1);
  });

  test('ordinary emojis and types keep their joiners, selectors and tags', () => {
    const emojis = ['👩‍💻', '❤️', '❤️‍🔥', '🐦‍🔥', '🏳️‍🌈', '👨‍👩‍👧', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '🏴󠁧󠁢󠁥󠁮󠁧󠁿', '👍🏽', '🗳️', '✈️', '#️⃣', '🎸', '灯'];
    for (const emoji of emojis) {
      const review = reviewCatalog([box({ emoji })]);
      assert.deepEqual([review.definitions, review.warnings], [[null], []], emoji);
    }
    // Two flags made of tags, a ZWJ sequence and its parts side by side: distinct emojis.
    assert.equal(new ObjectRegistry(emojis.map((emoji, i) => box({ emoji, type: `test.box${i}` }))).all().length, emojis.length);
    assert.equal(new ObjectRegistry([box({ emoji: '👩‍💻' }), box({ emoji: '👩💻', type: 'test.two' })]).all().length, 2);
    for (const type of ['my-game.piano', 'scapes.dice', 'my.scape.dice', 'café.灯', 'Acme.Piano', 'x.scape']) {
      const review = reviewCatalog([box({ type })]);
      assert.deepEqual([review.definitions, review.warnings], [[null], []], type);
    }
    assert.equal(new ObjectRegistry([box({ type: 'scape.counter', emoji: '🔢' })]).all().length, 1, 'the bundled identity, written exactly');
  });

  test('types and emojis are unique without invisible characters', () => {
    assert.match(String(objectCatalogError([box(), box({ type: 'test.box\u200b', emoji: '🧰' })])), /project: objects\[1\]\.type: must be unique in the catalog/);
    assert.match(String(objectCatalogError([box(), box({ type: 'test.crate', emoji: '📦\u200b' })])), /project: objects\[1\]\.emoji: must be unique in the catalog/);
    assert.match(String(objectCatalogError([box(), box({ type: 'test.crate', emoji: '\u2066📦\u2069' })])), /objects\[1\]\.emoji: must be unique/);
    const host = new ObjectRegistry([box()]);
    assert.throws(() => host.fork([box({ type: 'test.box\u2060', emoji: '🧰' })]), /must be unique/);
    // A type with invisible characters outside the reserved namespace is a warning (a look-alike
    // of another project's type), never an error.
    assert.deepEqual(
      reviewCatalog([box({ type: 'my-game\u200b.lamp' })]).warnings.map((w) => `${w.path}: ${w.message} [${w.rule}]`),
      ['type: contains invisible characters: "my-game\\u200b.lamp" reads "my-game.lamp" (a type is an identifier: it looks like another one) [names.type.invisible]'],
    );
  });

  test('guessed built-in emojis and a case-variant scape namespace are warnings, never errors', () => {
    const warned = (overrides: Record<string, unknown>) => {
      const review = reviewCatalog([box(overrides)]);
      assert.deepEqual(review.definitions, [null], JSON.stringify(overrides));
      assert.equal(new ObjectRegistry([box(overrides)]).all().length, 1);
      return review.warnings.map((w) => `${w.path}: ${w.message} [${w.rule}]`);
    };
    assert.deepEqual(warned({ emoji: '🌀' }), ['emoji: may be the emoji of the built-in Portal, which hosts reserve (choose another emoji to be safe) [catalog.reserved.emoji.guessed]']);
    assert.deepEqual(warned({ emoji: '🛤️' }), ['emoji: may be the emoji of the built-in Conveyor, which hosts reserve (choose another emoji to be safe) [catalog.reserved.emoji.guessed]']);
    assert.deepEqual(warned({ emoji: '🛤' }), ['emoji: may be the emoji of the built-in Conveyor, which hosts reserve (choose another emoji to be safe) [catalog.reserved.emoji.guessed]']);
    assert.deepEqual(warned({ type: 'Scape.box' }), ['type: looks like the reserved "scape." namespace in other letter case (choose your own, like "my-game.counter") [catalog.reserved.namespace.case]']);
    assert.deepEqual(warned({ type: 'SCAPE.box' }).length, 1);
    assert.deepEqual(warned({ emoji: '🌀' }), warned({ emoji: '🌀' }));
    assert.deepEqual(reviewCatalog([box({ emoji: '🌀' })], { allowReservedIdentities: true }).warnings, [], 'a host catalog may use them');
  });

  test('identity grammar and definition shape', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ type: 'Box' }, /^Box \(📦 Box\): type: must be a namespaced type/],
      [{ type: 42 }, /^objects\[0\]: type: must be a namespaced type/],
      [{ type: 'box' }, /type: must be a namespaced type/],
      [{ version: 1.5 }, /version: must be a positive integer \(got 1\.5\)/],
      [{ type: 'a..b' }, /type: must be a namespaced type/],
      [{ type: 'a.' }, /type: must be a namespaced type/],
      [{ version: 0 }, /version: must be a positive integer \(got 0\)/],
      [{ emoji: 7 }, /emoji: must be a string/],
      [{ label: 3 }, /label: must be a string/],
      [{ hint: null }, /hint: must be a string/],
      [{ walkabel: true }, /walkabel: is not a known field/],
      [{ spin: 4.01 }, /spin: must be −4–4 radians per second/],
      [{ push: () => null }, /push: requires walkable: true/],
      [{ areaRemoval: { radiusCells: 4 } }, /areaRemoval\.radiusCells: must be an integer 0–3 cells/],
      [{ worldTextRange: 0 }, /worldTextRange: must be greater than 0 and at most 32 cells/],
      [{ editPolicy: 'admin' }, /editPolicy: must be one of/],
      [{ interaction: { tap: { name: 'nope', payload: {} } } }, /interaction\.tap\.name: must name an action declared in actions/],
      [{ textEditor: { field: 'n', action: 'add', label: 'Text', maxLength: 10 } }, /textEditor\.action: must name an action with permission "editor"/],
      [{ textEditor: { field: 'n', action: 'edit', label: 'Text', maxLength: 10 } }, /textEditor\.field: must name a string field/],
      [{ configuration: { action: 'edit', fields: ['missing'] } }, /configuration\.fields\[0\]: must name a field of the initial state/],
      [{ configuration: { action: 'add', fields: ['n'] } }, /configuration\.action: must name an action with permission "editor"/],
      [{ actions: { bad: { permission: 'owner', run: () => 1 } } }, /actions\.bad\.permission: must be one of/],
      [{ link: { size: 3 } }, /link\.size: must be one of 2/],
      [{ view: 'not a function' }, /view: must be a function/],
      [{ audio: () => undefined }, /audio: must return an audio timeline or null/],
      [{ navigate: () => undefined }, /navigate: must return a navigation request or null/],
      [{ step: () => undefined }, /step: must return step effects or null \(for a walk arrival\)/],
      [{ travel: () => undefined }, /travel: must return a travel recipe or null/],
    ];
    for (const [overrides, expected] of cases) {
      const def = box(overrides);
      assert.throws(() => new ObjectRegistry([def]), (err: unknown) => err instanceof CatalogError && expected.test(err.message), `${JSON.stringify(Object.keys(overrides))} → ${expected}`);
    }
  });

  test('definition bounds on both sides (LIMITS.md: definitions, state and actions)', () => {
    const handlers = (n: number, permission: string) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`a${i}`, { permission, run: (s: Box) => s }]));
    const firstProblem = (overrides: Record<string, unknown>) => {
      const found = catalogProblems([box(overrides)]);
      return found.length ? `${found[0].path}: ${found[0].message}` : null;
    };
    // The docs give labels, hints, names and types no length or grammar and definitions no action
    // count: realistic open values build (catalog.label, catalog.hint, catalog.handlers.count,
    // names.type.grammar, names.key.grammar, names.emoji.grammar: dropped).
    const within: Record<string, unknown>[] = [
      { label: 'x'.repeat(60) }, { label: 'x'.repeat(70) }, { label: 'Home: 0\nAway: 0' }, { hint: '' }, { hint: 'x'.repeat(300) }, { hint: 'tab\there' },
      { spin: 4 }, { spin: -4 }, { spin: -0 },
      { areaRemoval: { radiusCells: 0 } }, { areaRemoval: { radiusCells: 3 } }, { worldTextRange: 32 }, { worldTextRange: 0.01 },
      { actions: handlers(64, 'participant') }, { actions: handlers(200, 'participant') }, { previews: handlers(33, 'participant') },
      { type: `t.${'x'.repeat(62)}` }, { type: `t.${'x'.repeat(200)}` }, { type: 'My-Game.Counter' }, { type: 'a.b.c_d' }, { type: 'ünï.cødé' },
      { emoji: '👩🏽‍❤️‍💋‍👨🏿' }, { emoji: '🏴󠁧󠁢󠁳󠁣󠁴󠁿' }, { emoji: '1️⃣' }, { emoji: '🚪' },
      { actions: { 'set color': { permission: 'editor', run: (s: Box) => s }, 'F#4': { permission: 'participant', run: (s: Box) => s } } },
      { version: 2 ** 53 - 1 },
    ];
    for (const overrides of within) {
      assert.equal(firstProblem(overrides), null, JSON.stringify(Object.keys(overrides)));
      assert.deepEqual(reviewCatalog([box(overrides)]).warnings, [], JSON.stringify(overrides));
    }
    const beyond: [Record<string, unknown>, RegExp][] = [
      [{ spin: -4.01 }, /^spin: must be −4–4 radians per second/],
      [{ areaRemoval: { radiusCells: -1 } }, /^areaRemoval\.radiusCells: must be an integer 0–3 cells/],
      [{ areaRemoval: { radiusCells: 1.5 } }, /^areaRemoval\.radiusCells: must be an integer 0–3 cells/],
      [{ worldTextRange: 32.01 }, /^worldTextRange: must be greater than 0 and at most 32 cells/],
      [{ type: 'counter' }, /^type: must be a namespaced type/],
      [{ version: 0 }, /^version: must be a positive integer/],
      [{ version: -1 }, /^version: must be a positive integer/],
      [{ version: Infinity }, /^version: must be a positive integer/],
      [{ version: 2 ** 53 }, /^version: must be at most 9,007,199,254,740,991 \(larger integers are not exact\) \(this toolchain's own budget, not a limit of the Scape contract\)/],
    ];
    for (const [overrides, expected] of beyond) assert.match(String(firstProblem(overrides)), expected);
  });

  test('values that are almost certainly mistakes are warnings, never errors', () => {
    const warnings = (overrides: Record<string, unknown>) => {
      const review = reviewCatalog([box(overrides)]);
      assert.deepEqual(review.definitions, [null], JSON.stringify(overrides));
      return review.warnings.map((w) => `${w.path}: ${w.message} [${w.rule}]`);
    };
    assert.deepEqual(warnings({ label: '' }), ['label: is empty, so the Gizmo has no name in the palette or for a screen reader [catalog.label.empty]']);
    for (const emoji of ['B', 'lamp', '', ' ', '7', '📦 box'])
      assert.deepEqual(warnings({ emoji }), [`emoji: does not look like an emoji (it is empty, has letters, spaces or control characters, or is ASCII only), so it shows as text [names.emoji.text]`], emoji);
    assert.deepEqual(warnings({ type: 'my game.box' }), ['type: contains whitespace or control characters (a type is an identifier, not a label) [names.type.space]']);
    assert.deepEqual(warnings({ actions: { '': { permission: 'participant', run: (s: Box) => s } } }), ['actions[""]: is an empty name (almost certainly a missing id) [names.key.empty]']);
    const found = reviewCatalog([box({ label: '' })]).warnings[0];
    assert.equal(found.severity, 'warning');
    assert.equal(found.type, 'test.box');
    assert.equal(catalogProblems([box({ label: '' })]).length, 0, 'catalogProblems lists errors only');
  });

  test('project-level problems carry their rule', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => box({ type: `test.box${i}`, emoji: String.fromCodePoint(0x1f400 + i) }));
    assert.deepEqual(catalogProblems(many(17)).map((p) => p.rule), ['api.project.definitions']);
    const found = catalogProblems([box(), box({ emoji: '📦\ufe0f', type: 'test.crate' }), box({ emoji: '🧰' })]);
    assert.deepEqual(found.map((p) => `${p.path} ${p.rule}`), ['objects[1].emoji catalog.unique.emoji', 'objects[2].type catalog.unique.type']);
    assert.equal(CATALOG_RULES.uniqueType.class, 'doc');
  });

  // The registry's verdict as text: null, or the CatalogError it throws.
  const objectCatalogError = (definitions: unknown[], options: { allowReservedIdentities?: boolean } = {}): string | null => {
    try {
      new ObjectRegistry(definitions as ObjectDefinition[], options);
      return null;
    } catch (err) {
      if (err instanceof CatalogError) return err.message;
      throw err;
    }
  };
  test('the registry reports the first catalog problem', () => {
    assert.equal(objectCatalogError([box()]), null);
    assert.equal(objectCatalogError([box({ spin: 9 })]), 'test.box (📦 Box): spin: must be −4–4 radians per second (got 9)');
    assert.equal(objectCatalogError([box(), box({ emoji: '🧰' })]), 'project: objects[1].type: must be unique in the catalog: test.box (📦 Box) at objects[0] and test.box (🧰 Box) at objects[1] both use it (got "test.box")');
    assert.match(String(objectCatalogError([box({ type: 'scape.dice', emoji: '🎲' })])), /reserved/);
    assert.equal(objectCatalogError([box({ type: 'scape.dice', emoji: '🎲' })], { allowReservedIdentities: true }), null);
    const { result, warnings } = collectWarnings(() => objectCatalogError([box({ label: '' })]));
    assert.equal(result, null);
    assert.deepEqual(warnings.map(String), ['label: is empty, so the Gizmo has no name in the palette or for a screen reader (got "")'], 'warnings reach the caller');
  });

  test('ambience composition: the catalog applies audio.ts\'s rule (ambienceCompositionProblem)', () => {
    const ambience = { sounds: [{ sound: 'ring', gain: 0.5, rate: 1, pan: 0, weight: 1 }], intervalSeconds: [2, 6], chance: 0.5, rangeCells: [1, 10], maxSources: 4, stereo: 0.6, loop: false, duckWhileSpeaking: true };
    const sequenceAmbience = { mode: 'sequence', bus: { gain: 0.8 }, rangeCells: [0, 12], maxSources: 6, stereo: 0.5, duckWhileSpeaking: false };
    const sequence = () => ({ afterSeconds: 1, strikes: [] });
    const soundBank = () => sounds;
    const problemOf = (overrides: Record<string, unknown>) => {
      const found = catalogProblems([box(overrides)]);
      return found.length ? `${found[0].path}: ${found[0].message}` : null;
    };
    assert.equal(problemOf({ sounds, ambience }), null);
    assert.equal(problemOf({ sounds, ambience: sequenceAmbience, sequence }), null);
    assert.equal(problemOf({ soundBank, ambience }), 'ambience: must not be combined with soundBank (ambience uses static sounds)');
    // Half a sequence ambience is a warning (the docs state no requirement): silent, or never run.
    const warningOf = (overrides: Record<string, unknown>) => reviewCatalog([box(overrides)]).warnings.map((w) => `${w.path}: ${w.message}`);
    assert.equal(problemOf({ sounds, ambience: sequenceAmbience }), null);
    assert.deepEqual(warningOf({ sounds, ambience: sequenceAmbience }), ['sequence: is not declared, so the sequence ambience never plays (add sequence: (context) => GizmoSequenceStep)']);
    assert.equal(problemOf({ sounds, ambience, sequence }), null);
    assert.deepEqual(warningOf({ sounds, ambience, sequence }), ['ambience: is not sequence ambience ({ mode: "sequence", bus, … }), so the sequence callback never runs']);
    assert.deepEqual(warningOf({ sequence }), ['ambience: is not sequence ambience ({ mode: "sequence", bus, … }), so the sequence callback never runs']);
    assert.equal(problemOf({ sounds, ambience: sequenceAmbience, sequence: 'tick' }), 'sequence: must be a function (context) => GizmoSequenceStep');
  });

  test('a function supplied where a rule refuses it is rendered as a function, not as a string', () => {
    const push = () => null;
    const [found] = catalogProblems([box({ push })]);
    assert.equal(found.value, push, 'the problem carries the function itself');
    assert.equal(catalogProblemText(found), 'test.box (📦 Box): push: requires walkable: true (players must be able to stand on the cell) (got a function)');
    const [both] = catalogProblems([box({ sounds, soundBank: () => sounds })]);
    assert.equal(catalogProblemText(both), 'test.box (📦 Box): soundBank: must not be combined with static sounds (declare one or the other) (got a function)');
  });

  test('hostile definitions produce problems, not crashes', () => {
    const getter = Object.defineProperty(box(), 'hint', { get() { throw new Error('gotcha'); }, enumerable: true });
    const found = catalogProblems([getter, null, 'lamp', box({ type: 'test.two', emoji: '🧃' })]);
    assert.deepEqual(found.map((p) => p.index), [0, 1, 2]);
    assert.match(found[0].message, /gotcha/);
    assert.equal(found[1].message, 'must be a definition object (made with defineObject)');
    assert.throws(() => new ObjectRegistry([null as never]), /^CatalogError: objects\[0\]: must be a definition object|objects\[0\]: must be a definition object/);
  });

  test('initial state: JSON, 32 KiB, valid()', () => {
    assert.throws(() => new ObjectRegistry([box({ initial: () => ({ n: Infinity }) })]), /initial\(\)\.n: must be a finite number/);
    assert.throws(() => new ObjectRegistry([box({ initial: () => ({ n: 1, blob: 'x'.repeat(OBJECT_STATE_BYTE_LIMIT) }) })]), /initial\(\): must be at most 32 KiB of JSON/);
    const justFits = OBJECT_STATE_BYTE_LIMIT - '{"n":1,"blob":""}'.length;
    assert.equal(new ObjectRegistry([box({ initial: () => ({ n: 1, blob: 'x'.repeat(justFits) }) })]).all().length, 1);
    assert.throws(() => new ObjectRegistry([box({ initial: () => ({ n: 'x' }) })]), /initial\(\): must pass valid\(\)/);
    assert.throws(() => new ObjectRegistry([box({ initial: () => { throw new Error('no state'); } })]), (err: unknown) => err instanceof CatalogError && err.message === 'test.box (📦 Box): initial: threw no state' && err.callback === 'initial');
  });

  test('the view is checked for an editor and for a participant', () => {
    const view = (_s: Box, viewer: { canEdit: boolean }) => ({
      title: 'Box',
      description: '',
      controls: viewer.canEdit ? [{ id: 'x', label: 'X', action: { name: 'missing', payload: {} } }] : [],
    });
    assert.throws(() => new ObjectRegistry([box({ view })]), /view\.controls\[0\]\.action\.name: must name an action declared in definition\.actions .*in the view for an editor/);
    const previewView = () => ({ title: 'Box', description: '', controls: [{ id: 'p', label: 'Hear', kind: 'preview', action: { name: 'hear', payload: {} } }] });
    assert.throws(() => new ObjectRegistry([box({ view: previewView })]), /must name a preview declared in definition\.previews/);
  });

  test('isolate mode records invalid definitions as failures and keeps the rest', () => {
    const bad = box({ type: 'test.bad', emoji: '🧨', spin: 9 });
    const dup = box({ type: 'test.dup' });
    const registry = new ObjectRegistry([box(), bad, dup], { isolateInvalidDefinitions: true });
    assert.deepEqual(registry.all().map((d) => d.type), ['test.box']);
    const failures = registry.failures();
    assert.equal(failures.length, 2);
    assert.equal(failures[0].type, 'test.bad');
    assert.match(failures[0].message, /^test\.bad \(🧨 Box\): spin: must be −4–4 radians per second \(got 9\)$/);
    assert.match(failures[1].message, /must be unique/);
    assert.equal(registry.forEmoji('🧨'), undefined, 'a failed definition cannot be placed');
    const twice = new ObjectRegistry([box(), box({ emoji: '🧰' })], { isolateInvalidDefinitions: true });
    assert.equal(twice.all().length, 1);
    assert.equal(twice.failures().length, 1, 'a same-type duplicate is reported');
    assert.match(twice.failures()[0].message, /objects\[1\]\.type: must be unique/);
    assert.equal(twice.forEmoji('📦')?.type, 'test.box');
  });
});

describe('actions', () => {
  const registry = new ObjectRegistry([box(), ...examples]);
  const instance = () => registry.create('📦', 'box-1')!;

  test('create, validate, definition', () => {
    const made = instance();
    assert.deepEqual(made, { id: 'box-1', type: 'test.box', version: 1, state: { n: 0 } });
    assert.equal(registry.validate(made), true);
    assert.equal(registry.validate({ ...made, state: { n: 'x' } }), false);
    assert.equal(registry.validate({ ...made, version: 2 }), false);
    assert.equal(registry.validate({ ...made, id: 'bad id' }), false);
    assert.equal(registry.definition(made).type, 'test.box');
    assert.throws(() => registry.definition({ ...made, type: 'test.none' }), /no installed definition/);
    assert.equal(registry.create('🦄', 'x'), undefined);
    assert.throws(() => registry.create('📦', ''), TypeError);
  });

  test('permissions: participant, editor, remover', () => {
    assert.deepEqual(registry.act(instance(), { name: 'add', payload: {} }, ctx()).state, { n: 1 });
    assert.equal(refusal(() => registry.act(instance(), { name: 'edit', payload: {} }, ctx())).status, 403);
    assert.deepEqual(registry.act(instance(), { name: 'edit', payload: {} }, ctx({ canEdit: true })).state, { n: 10 });
    assert.equal(refusal(() => registry.act(instance(), { name: 'remove', payload: {} }, ctx({ canEdit: true }))).status, 403);
    assert.deepEqual(registry.act(instance(), { name: 'remove', payload: {} }, ctx({ canRemove: true })).state, { n: -1 });
  });

  test('unknown actions and bad payloads are 400', () => {
    const unknown = refusal(() => registry.act(instance(), { name: 'fly', payload: {} }, ctx()));
    assert.equal(unknown.status, 400);
    assert.match(unknown.message, /no action "fly"/);
    assert.equal(refusal(() => registry.act(instance(), { name: 'add', payload: { extra: 1 } }, ctx())).status, 400);
    assert.equal(refusal(() => registry.act(instance(), { name: 'add', payload: { f: () => 1 } as never }, ctx())).status, 400);
    assert.equal(refusal(() => registry.act(instance(), { name: 'add', payload: { x: NaN } }, ctx())).status, 400);
    assert.equal(refusal(() => registry.act(instance(), { name: 'add', payload: [] as never }, ctx())).status, 400);
  });

  test('payloads: 2 KiB of JSON', () => {
    const sized = (bytes: number) => ({ size: 1, pad: 'x'.repeat(bytes - '{"size":1,"pad":""}'.length) });
    assert.deepEqual(registry.act(instance(), { name: 'grow', payload: sized(2048) }, ctx()).state, { n: 0, blob: 'x' });
    const big = refusal(() => registry.act(instance(), { name: 'grow', payload: sized(2049) }, ctx()));
    assert.equal(big.status, 400);
    assert.match(big.message, /payload: must be at most 2 KiB of JSON \(is 2,049 bytes\)/);
  });

  test('resulting state: JSON, 32 KiB, valid()', () => {
    const fits = OBJECT_STATE_BYTE_LIMIT - '{"n":0,"blob":""}'.length;
    assert.equal((registry.act(instance(), { name: 'grow', payload: { size: fits } }, ctx()).state as Box).blob!.length, fits);
    const big = refusal(() => registry.act(instance(), { name: 'grow', payload: { size: fits + 1 } }, ctx()));
    assert.equal(big.status, 400);
    assert.match(big.message, /must be at most 32 KiB of JSON/);
    assert.match(refusal(() => registry.act(instance(), { name: 'nan', payload: {} }, ctx())).message, /state\.n: must be a finite number/);
    assert.match(refusal(() => registry.act(instance(), { name: 'invalid', payload: {} }, ctx())).message, /valid\(\) rejects/);
  });

  test('errors keep their status; other throws become 400 with the message', () => {
    const conflict = refusal(() => registry.act(instance(), { name: 'conflict', payload: {} }, ctx()));
    assert.equal(conflict.status, 409);
    assert.equal(conflict.message, 'busy');
    const boom = refusal(() => registry.act(instance(), { name: 'boom', payload: {} }, ctx()));
    assert.equal(boom.status, 400);
    assert.equal(boom.message, 'exploded');
    const full = { id: 'c', type: 'scape.counter', version: 1, state: { count: 9999 } };
    assert.equal(refusal(() => registry.act(full, { name: 'increment', payload: {} }, ctx())).status, 409);
  });

  test('a reducer cannot mutate the stored instance', () => {
    const before = instance();
    registry.act(before, { name: 'mutate', payload: {} }, ctx());
    assert.deepEqual(before.state, { n: 0 });
  });

  test('invalid instances and contexts are refused', () => {
    assert.equal(refusal(() => registry.act({ ...instance(), state: { n: 'x' } }, { name: 'add', payload: {} }, ctx())).status, 400);
    assert.equal(refusal(() => registry.act({ ...instance(), version: 2 }, { name: 'add', payload: {} }, ctx())).status, 409);
    assert.match(refusal(() => registry.act(instance(), { name: 'add', payload: {} }, ctx({ actorId: '' }))).message, /context\.actorId/);
    assert.match(refusal(() => registry.act(instance(), { name: 'add', payload: {} }, { actorId: 'a', canEdit: false, now: 1 } as ObjectContext)).message, /randomInt/);
  });

  test('host ids are one-token strings of any length and script', () => {
    for (const id of ['box-1', 'https://ids.example/i/1', 'ünï', 'x'.repeat(300), '-dash']) assert.equal(registry.create('📦', id)!.id, id);
    assert.throws(() => registry.create('📦', 'a b'), /^TypeError: create: id: must be an id: a non-empty string without whitespace or control characters \(got "a b"\)$/);
    assert.throws(() => registry.create('📦', 7 as never), /create: id: must be a string/);
    const actor = ctx({ actorId: 'https://ids.example/u/ä' });
    assert.deepEqual(registry.act(instance(), { name: 'add', payload: {} }, actor).state, { n: 1 });
    assert.equal(refusal(() => registry.act({ ...instance(), id: 'a b' }, { name: 'add', payload: {} }, ctx())).message, 'instance must be { id, type, version, state, linkId? } with JSON state of at most 32 KiB (id: must be an id: a non-empty string without whitespace or control characters (got "a b"))');
  });

  test('context, viewer and action shapes are 400s that name the field', () => {
    const add = { name: 'add', payload: {} };
    assert.equal(refusal(() => registry.act(instance(), add, ctx({ actorId: '' }))).message, 'context.actorId: must be an id: a non-empty string without whitespace or control characters (got "")');
    assert.equal(refusal(() => registry.act(instance(), add, ctx({ canEdit: 'yes' as never }))).message, 'context.canEdit: must be true or false (got "yes")');
    assert.equal(refusal(() => registry.act(instance(), add, ctx({ now: NaN }))).message, 'context.now: must be a finite number (milliseconds) (got NaN)');
    assert.equal(refusal(() => registry.act(instance(), add, null as never)).status, 400);
    assert.match(refusal(() => registry.act(instance(), { name: 'add' } as never, ctx())).message, /^action must be \{ name, payload \} \(action\.payload: is required/);
    assert.match(refusal(() => registry.act(instance(), { name: 'add', payload: {}, x: 1 } as never, ctx())).message, /^action must be \{ name, payload \} \(action\.x: is not a known field/);
  });

  test('linkId is kept', () => {
    const linked = { ...instance(), linkId: 'group-7' };
    assert.equal(registry.act(linked, { name: 'add', payload: {} }, ctx()).linkId, 'group-7');
  });

  test('the documented examples act as described', () => {
    const l = registry.create('🏮', 'lamp-1')!;
    assert.deepEqual(registry.act(l, { name: 'toggle', payload: {} }, ctx()).state, { on: false, color: 'warm' });
    assert.equal(refusal(() => registry.act(l, { name: 'color', payload: { color: 'blue' } }, ctx())).status, 403);
    assert.deepEqual(registry.act(l, { name: 'color', payload: { color: 'blue' } }, ctx({ canEdit: true })).state, { on: true, color: 'blue' });
    assert.equal(refusal(() => registry.act(l, { name: 'color', payload: { color: 'green' } }, ctx({ canEdit: true }))).status, 400);
    const booth = registry.create('🗳️', 'booth-1')!;
    const voted = registry.act(booth, { name: 'vote', payload: { round: 0, choice: 1 } }, ctx());
    assert.deepEqual((voted.state as { ballots: unknown[] }).ballots, [{ voter: 'alice', choice: 1 }]);
    assert.equal(refusal(() => registry.act(voted, { name: 'vote', payload: { round: 3, choice: 1 } }, ctx())).status, 409);
  });
});

describe('execute and reactions', () => {
  test('chime returns its reaction; act returns only the instance', () => {
    const registry = new ObjectRegistry([chime]);
    const c = registry.create('🛎️', 'chime-1')!;
    const { instance, reaction } = registry.execute(c, { name: 'ring', payload: {} }, ctx({ now: 5000 }));
    assert.deepEqual(instance.state, { lastAt: 5000 });
    assert.equal(reaction?.feedback?.durationMs, 600);
    assert.deepEqual(reaction?.feedback?.audio?.[0], { kind: 'play', voice: 'ring', delayMs: 0, sound: 'ring', gain: 1, rate: 1, loop: false, rangeCells: [1, 8], stereo: 0.7 });
    assert.deepEqual(registry.act(c, { name: 'ring', payload: {} }, ctx({ now: 5000 })).state, { lastAt: 5000 });
  });

  // These reacts misbehave only after a real change (n moved), so registration's react probe
  // (initial state as both state and previous) passes and execute is what refuses them.
  const afterChange = (react: (...args: unknown[]) => unknown) => (s: Box, previous: Box, ...rest: unknown[]) => (s.n === previous.n ? null : react(s, previous, ...rest));
  const reacting = (react: (...args: unknown[]) => unknown, extra: Record<string, unknown> = {}) => new ObjectRegistry([box({ react: afterChange(react), ...extra })]);
  const play = (delayMs: number, loop = false) => ({ kind: 'play', voice: 'v', sound: 'ring', delayMs, gain: 1, rate: 1, loop, rangeCells: [1, 8], stereo: 0 });

  test('feedback is validated before the state commits', () => {
    const ok = reacting(() => ({ feedback: { durationMs: 600, audio: [play(599)] } }), { sounds });
    const run = (r: ObjectRegistry) => r.execute(r.create('📦', 'b')!, { name: 'add', payload: {} }, ctx());
    assert.equal(run(ok).reaction?.feedback?.durationMs, 600);
    assert.match(refusal(() => run(reacting(() => ({ feedback: { durationMs: 600, audio: [play(600)] } }), { sounds }))).message, /react returned an invalid reaction: react\.feedback\.audio\[0\]/);
    assert.equal(refusal(() => run(reacting(() => ({ feedback: { durationMs: 600, audio: [play(0, true)] } }), { sounds }))).status, 400);
    assert.match(refusal(() => run(reacting(() => ({ feedback: { durationMs: 600, audio: [{ ...play(0), sound: 'nope' }] } }), { sounds }))).message, /audio\[0\]/);
    assert.match(refusal(() => run(reacting(() => ({ feedback: { durationMs: 2001 } })))).message, /durationMs: must be 1–2,000 ms \(got 2001\)/);
    assert.match(refusal(() => run(reacting(() => undefined))).message, /must return a reaction or null/);
    assert.equal(run(reacting(() => null)).reaction, null);
  });

  test('removeArea stays within areaRemoval', () => {
    const run = (r: ObjectRegistry) => r.execute(r.create('📦', 'b')!, { name: 'add', payload: {} }, ctx());
    assert.deepEqual(run(reacting(() => ({ removeArea: { radiusCells: 2 } }), { areaRemoval: { radiusCells: 2 } })).reaction, { removeArea: { radiusCells: 2 } });
    assert.match(refusal(() => run(reacting(() => ({ removeArea: { radiusCells: 3 } }), { areaRemoval: { radiusCells: 2 } }))).message, /at most the definition's areaRemoval\.radiusCells \(2 cells\)/);
    assert.match(refusal(() => run(reacting(() => ({ removeArea: { radiusCells: 1 } })))).message, /requires the definition to declare areaRemoval/);
  });
});

describe('react probe at registration', () => {
  test('the documented chime passes', () => {
    assert.deepEqual(catalogProblems([chime]), []);
  });
  test('a react returning an invalid reaction is refused, naming react(action …) and the field', () => {
    const [found] = catalogProblems([box({ react: () => ({ feedback: { durationMs: 5000 } }) })]);
    assert.equal(found.callback, 'react');
    assert.equal(found.path, 'react(action "add").feedback.durationMs');
    assert.equal(
      catalogProblemText(found),
      'test.box (📦 Box): react(action "add").feedback.durationMs: must be 1–2,000 ms (react probed with the initial state and an empty payload) (got 5000)',
    );
    assert.throws(() => new ObjectRegistry([box({ react: () => ({ feedback: { durationMs: 5000 } }) })]), (err: unknown) => err instanceof CatalogError && err.path === 'react(action "add").feedback.durationMs');
  });
  test('each declared action is probed with its name, an empty payload and the initial state', () => {
    const seen: unknown[] = [];
    const react = (s: Box, previous: Box, action: { name: string; payload: unknown }, context: unknown) => {
      seen.push([s, previous, action, context]);
      return action.name === 'edit' ? { removeArea: { radiusCells: 1 } } : null;
    };
    const [found] = catalogProblems([box({ react })]);
    assert.equal(found.path, 'react(action "edit").removeArea.radiusCells');
    assert.match(found.message, /^requires the definition to declare areaRemoval/);
    assert.deepEqual(seen, [
      [{ n: 0 }, { n: 0 }, { name: 'add', payload: {} }, { now: 0 }],
      [{ n: 0 }, { n: 0 }, { name: 'edit', payload: {} }, { now: 0 }],
    ]);
  });
  test('a react that throws on the synthetic payload is not a problem', () => {
    const react = (_s: Box, _p: Box, action: { payload: Record<string, unknown> }) => {
      if (typeof action.payload.level !== 'number') throw new TypeError('level missing');
      return { feedback: { durationMs: 5000 } };
    };
    assert.deepEqual(catalogProblems([box({ react })]), []);
    assert.equal(new ObjectRegistry([box({ react })]).all().length, 1);
  });
  test('a react returning undefined is refused', () => {
    const [found] = catalogProblems([box({ react: () => undefined })]);
    assert.equal(`${found.path}: ${found.message}`, 'react(action "add"): must return a reaction or null (react probed with the initial state and an empty payload)');
  });
});

describe('configuration, preview, fork, reset, disable', () => {
  type Pick = { color: string; count: number };
  const picker = defineObject<Pick>({
    type: 'test.picker', version: 1, emoji: '🎨', label: 'Picker', hint: '',
    initial: () => ({ color: 'red', count: 0 }),
    valid: (s): s is Pick => record(s) && exactKeys(s, ['color', 'count']) && typeof s.color === 'string' && typeof s.count === 'number',
    actions: {
      color: { permission: 'editor', run: (s, p) => { requirePayload(p, ['color']); if (typeof p.color !== 'string') throw new ObjectActionError(400, 'color'); return { ...s, color: p.color }; } },
      count: { permission: 'participant', run: (s) => ({ ...s, count: s.count + 1 }) },
    },
    configuration: { action: 'color', fields: ['color'] },
    sounds,
    previews: {
      hear: { permission: 'participant', run: () => ({ sound: sounds.ring as never, gain: 0.5 }) },
      secret: { permission: 'editor', run: () => ({ sound: sounds.ring as never, gain: 0.5 }) },
      broken: { permission: 'participant', run: () => ({ sound: sounds.ring as never, gain: 'loud' as never }) },
    },
  });

  test('configuration copies declared fields and configure goes through the editor action', () => {
    const registry = new ObjectRegistry([picker]);
    const p = registry.act(registry.create('🎨', 'p1')!, { name: 'count', payload: {} }, ctx());
    const blue = registry.act(p, { name: 'color', payload: { color: 'blue' } }, ctx({ canEdit: true }));
    const config = registry.configuration(blue)!;
    assert.deepEqual(config, { type: 'test.picker', version: 1, values: { color: 'blue' } });
    assert.equal(isObjectConfiguration(config), true);
    const fresh = registry.create('🎨', 'p2')!;
    assert.deepEqual(registry.configure(fresh, config, ctx({ canEdit: true })).state, { color: 'blue', count: 0 });
    assert.equal(refusal(() => registry.configure(fresh, config, ctx())).status, 403);
    assert.equal(refusal(() => registry.configure(fresh, { ...config, values: { count: 5 } }, ctx({ canEdit: true }))).status, 400);
    assert.equal(refusal(() => registry.configure(fresh, { ...config, version: 2 }, ctx({ canEdit: true }))).status, 409);
    assert.equal(refusal(() => registry.configure(fresh, { nope: true }, ctx({ canEdit: true }))).status, 400);
  });

  test('a configured field named "__proto__" is copied as a field', () => {
    const odd = defineObject<Record<string, unknown>>({
      type: 'test.odd', version: 1, emoji: '🦆', label: 'Odd', hint: '',
      initial: () => JSON.parse('{"__proto__": "x", "n": 1}'),
      valid: (s): s is Record<string, unknown> => record(s),
      actions: { set: { permission: 'editor', run: (s) => s } },
      configuration: { action: 'set', fields: ['__proto__'] },
    });
    const registry = new ObjectRegistry([odd]);
    const config = registry.configuration(registry.create('🦆', 'o1')!)!;
    assert.equal(Object.getPrototypeOf(config.values), Object.prototype);
    assert.deepEqual(Object.keys(config.values), ['__proto__']);
    assert.equal(JSON.stringify(config.values), '{"__proto__":"x"}');
  });

  test('preview checks permission and the preview it returns', () => {
    const registry = new ObjectRegistry([picker]);
    const p = registry.create('🎨', 'p1')!;
    assert.equal(registry.preview(p, { name: 'hear', payload: {} }, { actorId: 'a', canEdit: false }).gain, 0.5);
    assert.equal(refusal(() => registry.preview(p, { name: 'secret', payload: {} }, { actorId: 'a', canEdit: false })).status, 403);
    assert.equal(registry.preview(p, { name: 'secret', payload: {} }, { actorId: 'a', canEdit: true }).gain, 0.5);
    assert.equal(refusal(() => registry.preview(p, { name: 'nope', payload: {} }, { actorId: 'a', canEdit: true })).status, 400);
    assert.match(refusal(() => registry.preview(p, { name: 'hear', payload: {} }, { actorId: 'a b', canEdit: false })).message, /^viewer must be \{ actorId, canEdit \} \(viewer\.actorId: must be an id/);
    assert.match(refusal(() => registry.preview(p, { name: 'broken', payload: {} }, { actorId: 'a', canEdit: true })).message, /preview\.gain/);
  });

  test('fork keeps disabled built-ins guarded and checks additions atomically', () => {
    const host = new ObjectRegistry([box({ type: 'scape.dice', emoji: '🎲' }), lamp], { allowReservedIdentities: true });
    host.disable(lamp, 'model rejected');
    assert.equal(host.forEmoji('🏮'), undefined);
    assert.match(host.failures()[0].message, /example\.lamp \(🏮 Lamp\): model rejected/);
    const forked = host.fork([picker]);
    assert.deepEqual(forked.all().map((d) => d.type), ['scape.dice', 'test.picker']);
    assert.equal(host.all().length, 1, 'the original is unchanged');
    assert.throws(() => host.fork([box({ emoji: '🏮' })]), /must be unique in the catalog: installed example\.lamp/);
    assert.throws(() => host.fork([box({ type: 'scape.other' })]), /reserved/);
  });

  test('reset is atomic', () => {
    const registry = new ObjectRegistry([picker]);
    assert.throws(() => registry.reset([lamp, box({ spin: 5 })]), /spin/);
    assert.deepEqual(registry.all().map((d) => d.type), ['test.picker']);
    registry.reset([lamp]);
    assert.deepEqual(registry.all().map((d) => d.type), ['example.lamp']);
  });
});

describe('envelopes', () => {
  test('isObjectEnvelope', () => {
    assert.equal(isObjectEnvelope({ id: 'a', type: 'x.y', version: 1, state: {} }), true);
    assert.equal(isObjectEnvelope({ id: 'a', type: 'x.y', version: 1, state: null, linkId: 'l1' }), true);
    assert.equal(isObjectEnvelope({ id: 'a', type: 'x.y', version: 1 }), false);
    assert.equal(isObjectEnvelope({ id: 'a', type: 'x.y', version: 0, state: {} }), false);
    assert.equal(isObjectEnvelope({ id: 'a b', type: 'x.y', version: 1, state: {} }), false);
    assert.equal(isObjectEnvelope({ id: 'a', type: 'x.y', version: 1, state: {}, extra: 1 }), false);
    assert.equal(isObjectEnvelope({ id: 'a', type: 'x.y', version: 1, state: { s: 'x'.repeat(OBJECT_STATE_BYTE_LIMIT) } }), false);
  });
});

describe('authorCall', () => {
  test('names the running callback and restores it, even on throw', () => {
    const seen: unknown[] = [];
    const def = box({
      view: () => {
        seen.push({ ...authorCall.current! });
        return { title: 'Box', description: '', controls: [] };
      },
    });
    new ObjectRegistry([def]);
    assert.deepEqual(seen[0], { type: 'test.box', callback: 'view' });
    assert.equal(authorCall.current, null);
    const registry = new ObjectRegistry([box()]);
    refusal(() => registry.act(registry.create('📦', 'b')!, { name: 'boom', payload: {} }, ctx()));
    assert.equal(authorCall.current, null);
  });
});
