/**
 * The conformance corpus (testdata/conformance/*.json, format in its README) run against the
 * public validators. Every file is imported explicitly so the bundle carries the data; the same
 * test runs under Node and, through the Go toolchain, under goja.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import * as sdk from '../src/index.js';
import * as runtime from '../src/runtime.js';
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

interface Case {
  validator: string;
  value: unknown;
  args?: unknown[];
  ok: boolean;
  error?: string;
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
};

/** Values JSON cannot express: {"$": "NaN"}, Infinity, -Infinity, -0, undefined, function. */
function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (typeof value !== 'object' || value === null) return value;
  const keys = Object.keys(value);
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
    }
    throw new Error(`unknown tag ${JSON.stringify(value)}`);
  }
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = decode((value as Record<string, unknown>)[key]);
  return out;
}

const exported: Record<string, unknown> = { ...sdk, ...runtime };

/** Runs one case: the verdict, and the error text when the validator gives one. */
function verdict(fn: (...args: unknown[]) => unknown, value: unknown, args: unknown[]): { ok: boolean; text: string | null } {
  let result: unknown;
  try {
    result = fn(value, ...args);
  } catch (err) {
    return { ok: false, text: err instanceof Error ? err.message : String(err) };
  }
  if (typeof result === 'boolean') return { ok: result, text: null };
  if (typeof result === 'string') return { ok: false, text: result };
  return { ok: true, text: null };
}

for (const [file, cases] of Object.entries(corpus)) {
  describe(`conformance ${file}.json`, () => {
    assert.ok(Array.isArray(cases), `${file}.json must be an array`);
    (cases as Case[]).forEach((c, i) => {
      test(`#${i} ${c.validator}: ${c.note ?? ''}`, () => {
        const fn = exported[c.validator];
        assert.equal(typeof fn, 'function', `${c.validator} is not exported by @scape/sdk or @scape/sdk/runtime`);
        const { ok, text } = verdict(fn as (...args: unknown[]) => unknown, decode(c.value), (c.args ?? []).map(decode));
        assert.equal(ok, c.ok, `expected ${c.ok ? 'acceptance' : 'rejection'}${text ? `; got: ${text}` : ''}`);
        if (!c.ok && c.error !== undefined && text !== null) assert.ok(text.includes(c.error), `error ${JSON.stringify(text)} does not contain ${JSON.stringify(c.error)}`);
      });
    });
  });
}
