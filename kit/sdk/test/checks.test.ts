import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { fieldSet, formatNumber, knownKeys, requiredKeys } from '../src/internal/checks.js';
import { callAuthor } from '../src/internal/call.js';
import { collectWarnings } from '../src/internal/rules.js';
import { lightProblem } from '../src/light.js';

describe('formatNumber', () => {
  test('groups thousands from four digits, as the limits table writes them', () => {
    assert.equal(formatNumber(0), '0');
    assert.equal(formatNumber(999), '999');
    assert.equal(formatNumber(1000), '1,000');
    assert.equal(formatNumber(1024), '1,024');
    assert.equal(formatNumber(2000), '2,000');
    assert.equal(formatNumber(65536), '65,536');
    assert.equal(formatNumber(960044), '960,044');
    assert.equal(formatNumber(4294967280), '4,294,967,280');
  });
  test('keeps fractions and writes a minus sign', () => {
    assert.equal(formatNumber(0.25), '0.25');
    assert.equal(formatNumber(1000.5), '1,000.5');
    assert.equal(formatNumber(-1000), '−1,000');
    assert.equal(formatNumber(-4), '−4');
    assert.equal(formatNumber(Infinity), 'Infinity');
  });
});

describe('knownKeys', () => {
  test('a precomputed fieldSet and a plain list give the same verdicts and messages', () => {
    const list = ['a', 'b', 'c'];
    const set = fieldSet(list);
    for (const value of [{}, { a: 1, c: 2 }, { a: 1, d: 2 }, { 'not id': 1 }, null, [], 'x']) {
      assert.equal(String(knownKeys(value, 'p', set)), String(knownKeys(value, 'p', list)));
    }
    assert.equal(String(knownKeys({ a: 1, d: 2 }, 'p', set)), 'p.d: is not a known field (expected one of a, b, c) (got 2)');
    assert.equal(String(knownKeys({ 'not id': 1 }, '', set)), '["not id"]: is not a known field (expected one of a, b, c) (got 1)');
    assert.equal(knownKeys({ b: undefined }, 'p', set), null);
  });
  test('requiredKeys names the first missing key in list order', () => {
    assert.equal(String(requiredKeys({ b: 1 }, 'p', ['a', 'b', 'c'])), 'p.a: is required (got nothing)');
    assert.equal(requiredKeys({ a: 0, b: '', c: null }, 'p', ['a', 'b', 'c']), null);
  });
});

describe('warnings inside author code', () => {
  test('a public validator called by author code records nothing in the caller\'s warnings', () => {
    const reversed = { radiusCells: 3, color: '#f80', intensity: 0.1, illumination: 0.5, motion: { phase: [0, 0], bias: 0, bands: [], flare: [1, 0.9, 0.1, 0.5, 0] } };
    assert.equal(collectWarnings(() => lightProblem(reversed, '')).warnings.length, 1, 'the check itself warns');
    const { warnings } = collectWarnings(() => callAuthor({ type: 't.a' }, 'valid', () => lightProblem(reversed, '') === null));
    assert.deepEqual(warnings, []);
  });
});
