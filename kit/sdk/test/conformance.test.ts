/**
 * The conformance corpus (testdata/conformance/*.json, format in its README) run against the
 * public validators. Every file is imported explicitly so the bundle carries the data; the same
 * test runs under Node and, through the Go toolchain, under goja.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import * as sdk from '../src/index.js';
import * as runtime from '../src/runtime.js';
import { allRules, collectWarnings, lastFailedRule } from '../src/internal/rules.js';
import { exploreDefinition } from '../src/internal/explore.js';
import api from '../../../testdata/conformance/api.json';
import audio from '../../../testdata/conformance/audio.json';
import configuration from '../../../testdata/conformance/configuration.json';
import glow from '../../../testdata/conformance/glow.json';
import light from '../../../testdata/conformance/light.json';
import lighting from '../../../testdata/conformance/lighting.json';
import model from '../../../testdata/conformance/model.json';
import navigation from '../../../testdata/conformance/navigation.json';
import noiseSound from '../../../testdata/conformance/noiseSound.json';
import partials from '../../../testdata/conformance/partials.json';
import presentation from '../../../testdata/conformance/presentation.json';
import push from '../../../testdata/conformance/push.json';
import reaction from '../../../testdata/conformance/reaction.json';
import runtimeCases from '../../../testdata/conformance/runtime.json';
import sequence from '../../../testdata/conformance/sequence.json';
import soundBank from '../../../testdata/conformance/soundBank.json';
import sprite from '../../../testdata/conformance/sprite.json';
import step from '../../../testdata/conformance/step.json';
import synthesis from '../../../testdata/conformance/synthesis.json';
import text from '../../../testdata/conformance/text.json';
import travel from '../../../testdata/conformance/travel.json';
import view from '../../../testdata/conformance/view.json';
import wav from '../../../testdata/conformance/wav.json';

interface Case {
  validator: string;
  value: unknown;
  args?: unknown[];
  ok: boolean;
  error?: string;
  /** A substring of the one warning the value must raise (a guess rule); absent: no warning. */
  warning?: string;
  /**
   * The rule the case is about. For a refusal, the rule that refused it (checked); for an
   * accepted value, the rule whose boundary it sits on. Every doc rule needs both.
   */
  rule?: string;
  note?: string;
}

const corpus: Record<string, unknown> = {
  api,
  audio,
  configuration,
  glow,
  light,
  lighting,
  model,
  navigation,
  noiseSound,
  partials,
  presentation,
  push,
  reaction,
  runtime: runtimeCases,
  sequence,
  soundBank,
  sprite,
  step,
  synthesis,
  text,
  travel,
  view,
  wav,
};

/**
 * Values JSON cannot express: {"$": "NaN"}, Infinity, -Infinity, -0, undefined, function,
 * {"$": "returns", "value": …}: a function returning (a fresh decoding of) the value,
 * {"$": "async"}: an async function; and long strings written short:
 * {"$": "repeat", "prefix"?, "value", "count", "suffix"?}.
 */
function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (typeof value !== 'object' || value === null) return value;
  const keys = Object.keys(value);
  if (keys.length === 2 && (value as { $?: unknown }).$ === 'returns' && keys.indexOf('value') >= 0) {
    const returned = (value as { value: unknown }).value;
    return () => decode(returned);
  }
  const tagged = value as { $?: unknown; prefix?: string; value?: string; count?: number; suffix?: string };
  if (tagged.$ === 'repeat') return (tagged.prefix ?? '') + (tagged.value as string).repeat(tagged.count as number) + (tagged.suffix ?? '');
  if (keys.length === 1 && keys[0] === '$') {
    switch ((value as { $: unknown }).$) {
      case 'NaN':
        return NaN;
      case 'Infinity':
        return Infinity;
      case '-Infinity':
        return -Infinity;
      case '-0':
        return -0;
      case 'undefined':
        return undefined;
      case 'function':
        return () => null;
      case 'async':
        return async () => ({});
    }
    throw new Error(`unknown tag ${JSON.stringify(value)}`);
  }
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = decode((value as Record<string, unknown>)[key]);
  return out;
}

const exported: Record<string, unknown> = {
  ...sdk,
  ...runtime,
  // The registry is a class: its constructor is the catalog check of a whole project.
  ObjectRegistry: (objects: unknown, options?: unknown) => new runtime.ObjectRegistry(objects as never, options as never),
};

interface Verdict {
  ok: boolean;
  text: string | null;
  warnings: string[];
  rule: string | null;
}

/** Runs one case: the verdict, the error text when the validator gives one, the warnings. */
function verdict(fn: (...args: unknown[]) => unknown, value: unknown, args: unknown[]): Verdict {
  const { result, warnings } = collectWarnings((): Omit<Verdict, 'warnings'> => {
    let result: unknown;
    try {
      result = fn(value, ...args);
    } catch (err) {
      return { ok: false, text: err instanceof Error ? err.message : String(err), rule: lastFailedRule()?.id ?? null };
    }
    if (typeof result === 'boolean') return { ok: result, text: null, rule: result ? null : (lastFailedRule()?.id ?? null) };
    if (typeof result === 'string') return { ok: false, text: result, rule: lastFailedRule()?.id ?? null };
    return { ok: true, text: null, rule: null };
  });
  return { ...result, warnings: warnings.map(String) };
}

const covered = { refused: new Set<string>(), accepted: new Set<string>() };

for (const [file, cases] of Object.entries(corpus)) {
  describe(`conformance ${file}.json`, () => {
    assert.ok(Array.isArray(cases), `${file}.json must be an array`);
    (cases as Case[]).forEach((c, i) => {
      test(`#${i} ${c.validator}: ${c.note ?? ''}`, () => {
        const fn = exported[c.validator];
        assert.equal(typeof fn, 'function', `${c.validator} is not exported by @scape/sdk or @scape/sdk/runtime`);
        const { ok, text, warnings, rule } = verdict(fn as (...args: unknown[]) => unknown, decode(c.value), (c.args ?? []).map(decode));
        assert.equal(ok, c.ok, `expected ${c.ok ? 'acceptance' : 'rejection'}${text ? `; got: ${text}` : ''}`);
        if (!c.ok && c.error !== undefined && text !== null) assert.ok(text.includes(c.error), `error ${JSON.stringify(text)} does not contain ${JSON.stringify(c.error)}`);
        if (c.warning === undefined) assert.deepEqual(warnings, [], 'no warning expected');
        else assert.ok(warnings.length === 1 && warnings[0].includes(c.warning), `expected one warning containing ${JSON.stringify(c.warning)}; got ${JSON.stringify(warnings)}`);
        if (c.rule !== undefined) {
          if (!c.ok) assert.equal(rule, c.rule, 'refused by another rule');
          (c.ok ? covered.accepted : covered.refused).add(c.rule);
        }
        // An accepted catalog has no problem in any state its controls reach either (state
        // exploration, src/internal/explore.ts): the corpus's boundaries hold beyond initial().
        if (c.validator === 'ObjectRegistry' && c.ok && Array.isArray(c.value) && (c.args ?? []).length === 0) {
          for (const def of decode(c.value) as sdk.ObjectDefinition[]) {
            const found = collectWarnings(() => exploreDefinition(def, { states: 24, budgetMs: 10000 })).result;
            assert.deepEqual([...found.errors, ...found.warnings].map((f) => `after ${f.trail.join(' → ')}: ${String(f.problem)}`), [], 'a reachable state has a problem');
          }
        }
      });
    });
  });
}

// Runs after the corpus (node:test runs top-level tests in order).
test('every doc rule has a conformance case on both sides of it', () => {
  const missing: string[] = [];
  for (const r of allRules()) {
    if (r.class !== 'doc') continue;
    if (!covered.refused.has(r.id)) missing.push(`${r.id}: no refused case with "rule": "${r.id}"`);
    if (!covered.accepted.has(r.id)) missing.push(`${r.id}: no accepted case with "rule": "${r.id}"`);
  }
  assert.deepEqual(missing, []);
});
