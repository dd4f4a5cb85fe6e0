#!/usr/bin/env python3
"""Writes testdata/conformance/{synthesis,noiseSound,partials,wav}.json: cases on both sides of every
audio rule that refuses (kit/sdk/LIMITS.md, "Audio recipes"), values that only warn, and values
that were once refused and are now accepted (with a note saying why). A case may name the rule it
is about ("rule": the refusing rule, or the rule whose boundary an accepted value sits on) and the
warning it raises ("warning": a substring). Run from the repository root; commit the output."""
import base64, copy, json, struct

def setp(obj, path, value):
    o = obj
    for k in path[:-1]:
        o = o[k]
    if value == 'DELETE':
        del o[path[-1]]
    else:
        o[path[-1]] = value

cases = {'synthesis': [], 'noiseSound': [], 'partials': [], 'wav': []}

def add(module, validator, base, path, value, ok, error=None, note='', rule=None, warning=None):
    v = copy.deepcopy(base)
    if path is not None:
        setp(v, path, value)
    c = {'validator': validator, 'value': v, 'args': [], 'ok': ok}
    if not ok:
        c['error'] = error
    if warning is not None:
        c['warning'] = warning
    if rule is not None:
        c['rule'] = rule
    c['note'] = note
    cases[module].append(c)

def bounds(module, validator, base, path, lo, hi, name, step=None, below=True, rule=None):
    """lo ok / just below not; hi ok / just above not (a doc or cost rule)."""
    d = step if step is not None else max(abs(hi - lo) * 1e-4, 1e-6)
    add(module, validator, base, path, lo, True, note=f'{name} at its minimum', rule=rule)
    add(module, validator, base, path, hi, True, note=f'{name} at its maximum', rule=rule)
    if below:
        add(module, validator, base, path, round(lo - d, 9), False, name_error(path), note=f'{name} below its minimum', rule=rule)
    add(module, validator, base, path, round(hi + d, 9), False, name_error(path), note=f'{name} above its maximum', rule=rule)

def opened(module, validator, base, path, lo, hi, name, step=None, why='the docs give no range'):
    """A former guess: both old bounds and just past them are accepted."""
    d = step if step is not None else max(abs(hi - lo) * 1e-4, 1e-6)
    add(module, validator, base, path, lo, True, note=f'{name} at its former minimum')
    add(module, validator, base, path, hi, True, note=f'{name} at its former maximum')
    add(module, validator, base, path, round(lo - d, 9), True, note=f'{name} below its former minimum (accepted: {why})')
    add(module, validator, base, path, round(hi + d, 9), True, note=f'{name} above its former maximum (accepted: {why})')

def name_error(path):
    last = path[-1]
    if isinstance(last, int):
        return f'[{last}]: must be'
    return f'{last}: must be'

COST = "this toolchain's own budget"

# ---- synth
S = 'synthesis'; V = 'gizmoSynthError'
synth = {'kind': 'synth', 'duration': 1, 'voices': [
    {'wave': 'sine', 'start': 0, 'duration': 0.5, 'frequency': 440, 'gain': 0.2}]}
add(S, V, synth, None, None, True, note='minimal sine voice')
chime = {'kind': 'synth', 'duration': 0.6, 'voices': [{'wave': 'sine', 'start': 0, 'duration': 0.55, 'frequency': 880,
         'gain': [{'time': 0, 'value': 0}, {'time': 0.005, 'value': 0.2}, {'time': 0.55, 'value': 0}]}]}
add(S, V, chime, None, None, True, note='the chime example')
add(S, V, synth, ['duration'], 0.01, True, note='duration at its former minimum')
add(S, V, synth, ['duration'], 0.008801, True, note='duration below its former minimum (accepted: the docs give no minimum)')
add(S, V, synth, ['duration'], 12.001199, True, note='duration above its former maximum (accepted: the docs give no maximum)')
add(S, V, synth, ['duration'], 60, True, note='duration at the render budget', rule='synth.duration')
add(S, V, synth, ['duration'], 60.006, False, 'duration: must be at most 60 s', note='duration above the render budget', rule='synth.duration')
add(S, V, synth, ['duration'], 1000, False, COST, note='the duration budget says it is the toolchain\'s', rule='synth.duration')
add(S, V, synth, ['duration'], 0, True, note='a sound of no length (accepted, warned: it has no samples)', warning='has no samples')
add(S, V, synth, ['duration'], -1, True, note='a negative duration (accepted, warned)', warning='has no samples')
opened(S, V, synth, ['voices', 0, 'duration'], 0.001, 12, 'voice duration', step=0.0005, why='a voice is cut at the sound\'s end')
add(S, V, synth, ['voices', 0, 'duration'], 0, True, note='a voice of no length (accepted, warned)', warning='never sounds')
add(S, V, synth, ['voices', 0, 'duration'], -0.5, True, note='a negative voice duration (accepted, warned)', warning='never sounds')
opened(S, V, synth, ['voices', 0, 'frequency'], 0, 24000, 'frequency', step=0.01, why='the renderer clamps to ±24,000 Hz as Web Audio does')
add(S, V, synth, ['voices', 0, 'frequency'], -440, True, note='a negative frequency (accepted: the wave runs backwards, as in Web Audio)')
opened(S, V, synth, ['voices', 0, 'gain'], 0, 1, 'gain', step=0.001, why='a gain is a multiplier; PCM16 encoding clamps')
opened(S, V, synth, ['voices', 0, 'pan'], -1, 1, 'pan', step=0.001, why='the renderer clamps to −1–1 as Web Audio\'s StereoPannerNode does')
bounds(S, V, synth, ['seed'], 0, 4294967295, 'seed', step=1, rule='synth.seed')
add(S, V, synth, ['seed'], 1.5, False, 'seed: must be an integer', note='fractional seed', rule='synth.seed')
add(S, V, synth, ['seed'], {'$': '-0'}, True, note='seed −0 (−0 is 0)', rule='synth.seed')
add(S, V, synth, ['voices', 0, 'start'], 0.999, True, note='voice starting just before the end')
add(S, V, synth, ['voices', 0, 'start'], 1, True, note='voice starting at the end (accepted, warned: never heard)', warning='never heard')
add(S, V, synth, ['voices', 0, 'start'], 5, True, note='voice starting after the end (accepted, warned)', warning='never heard')
add(S, V, synth, ['voices', 0, 'start'], -0.001, True, note='negative start (accepted: frames before the sound are cut)')
add(S, V, synth, ['voices', 0, 'start'], -0.5, True, note='voice ending as the sound starts (accepted, warned)', warning='never heard')
add(S, V, synth, ['voices'], [], True, note='no voices (accepted, warned: silent)', warning='has no voices')
add(S, V, synth, ['voices'], [synth['voices'][0]] * 33, True, note='33 voices (accepted: the former 32 was a guess)')
add(S, V, synth, ['voices'], [synth['voices'][0]] * 128, True, note='128 voices', rule='synth.voices')
add(S, V, synth, ['voices'], [synth['voices'][0]] * 129, False, 'voices: must have 0–128 items', note='129 voices', rule='synth.voices')
add(S, V, synth, ['kind'], 'synthx', False, 'kind: must be one of', note='wrong kind')
add(S, V, synth, ['tempo'], 1, False, 'tempo: is not a known field', note='unknown key')
add(S, V, synth, ['voices', 0, 'wave'], 'pulse', False, 'wave: must be one of', note='unknown wave')
for w in ['sine', 'triangle', 'square', 'sawtooth']:
    add(S, V, synth, ['voices', 0, 'wave'], w, True, note=f'{w} wave')
noise_voice = {'wave': 'noise', 'start': 0, 'duration': 0.5, 'gain': 0.2, 'noiseDuration': 0.1, 'noiseRate': 8000}
ns = copy.deepcopy(synth); ns['voices'] = [noise_voice]
add(S, V, ns, None, None, True, note='noise voice with noiseDuration and noiseRate')
opened(S, V, ns, ['voices', 0, 'noiseDuration'], 0.001, 12, 'noiseDuration', step=0.0005, why='the buffer holds what the voice reads')
opened(S, V, ns, ['voices', 0, 'noiseRate'], 100, 48000, 'noiseRate', step=1, why='the renderer reads the buffer at up to 48,000 Hz')
add(S, V, ns, ['voices', 0, 'noiseDuration'], 0, True, note='noiseDuration 0 (accepted, warned: one sample)', warning='holds one sample')
add(S, V, ns, ['voices', 0, 'noiseRate'], -8000, True, note='negative noiseRate (accepted, warned)', warning='holds one sample')
add(S, V, ns, ['voices', 0, 'frequency'], 440, True, note='frequency on a noise voice (accepted, warned: ignored)', warning='is ignored')
add(S, V, ns, ['voices', 0, 'frequency'], 'high', False, 'frequency: must be a number', note='a frequency on a noise voice still has its type')
add(S, V, synth, ['voices', 0, 'noiseRate'], 8000, True, note='noiseRate on a sine voice (accepted, warned: ignored)', warning='is ignored')
add(S, V, synth, ['voices', 0, 'noiseDuration'], 0.1, True, note='noiseDuration on a sine voice (accepted, warned: ignored)', warning='is ignored')
env = [{'time': 0, 'value': 100}, {'time': 0.2, 'value': 800, 'curve': 'exponential'}, {'time': 0.3, 'value': 400, 'curve': 'step'}, {'time': 0.5, 'value': 200, 'curve': 'linear'}]
add(S, V, synth, ['voices', 0, 'frequency'], env, True, note='frequency envelope with every curve')
add(S, V, synth, ['voices', 0, 'frequency'], [{'time': 0.2, 'value': 100}, {'time': 0.1, 'value': 200}], True, note='points out of order (accepted, warned: read in list order)', warning='earlier than the previous point')
add(S, V, synth, ['voices', 0, 'frequency'], [{'time': 0.2, 'value': 100}, {'time': 0.2, 'value': 200}], True, note='equal times: an instant jump')
add(S, V, synth, ['voices', 0, 'gain'], [{'time': 0, 'value': 0, 'curve': 'cubic'}], False, 'gain[0].curve: must be one of', note='unknown curve')
add(S, V, synth, ['voices', 0, 'gain'], [{'time': 0, 'value': 0}] * 32, True, note='32 envelope points')
add(S, V, synth, ['voices', 0, 'gain'], [{'time': 0, 'value': 0}] * 33, True, note='33 envelope points (accepted: the former 32 was a guess)')
add(S, V, synth, ['voices', 0, 'gain'], [{'time': i / 100, 'value': (i % 2) * 0.2} for i in range(40)], True, note='a 40-point envelope')
add(S, V, synth, ['voices', 0, 'gain'], [{'time': i / 1000, 'value': 0.1} for i in range(1000)], True, note='a 1,000-point envelope (accepted: points cost nothing to walk)')
add(S, V, synth, ['voices', 0, 'gain'], [], True, note='empty envelope (accepted, warned: silent)', warning='has no points')
add(S, V, synth, ['voices', 0, 'gain'], [{'time': 0, 'value': 1.01}], True, note='envelope value above 1 (accepted)')
add(S, V, synth, ['voices', 0, 'gain'], [{'time': 12.01, 'value': 1}], True, note='envelope time above 12 s (accepted)')
add(S, V, synth, ['voices', 0, 'gain'], [{'time': -0.1, 'value': 1}], True, note='negative envelope time (accepted: before the voice starts)')
add(S, V, synth, ['voices', 0, 'gain'], [{'time': 0, 'value': 0.5, 'extra': 1}], False, 'gain[0].extra: is not a known field', note='unknown point key')
add(S, V, synth, ['voices', 0, 'gain'], [{'time': 0}], False, 'gain[0].value: is required', note='point without value')
add(S, V, synth, ['voices', 0, 'gain'], 'loud', False, 'gain: must be a number', note='gain as a string')
add(S, V, synth, ['voices', 0, 'gain'], {'$': '-0'}, True, note='gain −0')
add(S, V, synth, ['voices', 0, 'fade'], [0.25, 0.25], True, note='fades filling the voice')
add(S, V, synth, ['voices', 0, 'fade'], [0.25, 0.2501], True, note='fades longer than the voice (accepted: they overlap)')
add(S, V, synth, ['voices', 0, 'fade'], [0.1], False, 'fade: must be a list of exactly 2 numbers', note='one fade number')
add(S, V, synth, ['voices', 0, 'fade'], [-0.1, 0], True, note='negative fade (accepted: no fade)')
for ft in ['lowpass', 'highpass']:
    f = {'type': ft, 'frequency': 1000, 'q': 0}
    add(S, V, synth, ['voices', 0, 'filter'], f, True, note=f'{ft} voice filter')
    opened(S, V, synth | {'voices': [dict(synth['voices'][0], filter=f)]}, ['voices', 0, 'filter', 'q'], -24, 24, f'{ft} q (dB)', step=0.01)
bp = {'type': 'bandpass', 'frequency': 1000, 'q': 1}
sbp = synth | {'voices': [dict(synth['voices'][0], filter=bp)]}
opened(S, V, sbp, ['voices', 0, 'filter', 'q'], 0.1, 100, 'bandpass q', step=0.01)
add(S, V, sbp, ['voices', 0, 'filter', 'q'], 0, True, note='bandpass q 0 (accepted, warned: no stable filter)', warning='needs a positive q')
opened(S, V, sbp, ['voices', 0, 'filter', 'frequency'], 10, 20000, 'filter frequency', step=0.01, why='the renderer clamps to 0–24,000 Hz as Web Audio does')
add(S, V, synth, ['voices', 0, 'filter'], {'type': 'notch', 'frequency': 1000, 'q': 1}, False, 'filter.type: must be one of', note='unknown filter type')
add(S, V, synth, ['voices', 0, 'filter'], {'type': 'lowpass', 'frequency': 1000}, False, 'filter.q: is required', note='filter without q')
delay = {'type': 'delay', 'time': 0.1, 'feedback': 0.4, 'mix': 0.3}
sd = synth | {'effects': [delay]}
add(S, V, sd, None, None, True, note='delay effect')
add(S, V, sd, ['effects', 0, 'parallel'], True, True, note='parallel delay')
add(S, V, sd, ['effects', 0, 'parallel'], 'yes', False, 'parallel: must be true or false', note='parallel not boolean')
opened(S, V, sd, ['effects', 0, 'time'], 0.001, 2, 'delay time', why='a delay is at least one sample; echoes past the end are cut')
add(S, V, sd, ['effects', 0, 'time'], 0, True, note='delay time 0 (accepted: read as one sample)')
add(S, V, sd, ['effects', 0, 'feedback'], 0, True, note='delay feedback at its former minimum')
add(S, V, sd, ['effects', 0, 'feedback'], 0.95, True, note='delay feedback at its former maximum')
add(S, V, sd, ['effects', 0, 'feedback'], 1, True, note='delay feedback 1 (accepted: echoes that do not die away)')
add(S, V, sd, ['effects', 0, 'feedback'], -0.5, True, note='negative feedback (accepted: echoes alternate in sign)')
add(S, V, sd, ['effects', 0, 'feedback'], 1.01, True, note='feedback above 1 (accepted, warned: growing echoes)', warning='each echo is louder')
opened(S, V, sd, ['effects', 0, 'mix'], 0, 1, 'delay mix', step=0.001)
add(S, V, sd, ['effects', 0, 'decay'], 1, False, 'effects[0].decay: is not a known field', note='reverb key on a delay')
nr = {'type': 'noise-reverb', 'duration': 1, 'decay': 2, 'seed': 5, 'mix': 0.3}
sn = synth | {'effects': [nr]}
add(S, V, sn, None, None, True, note='noise-reverb effect')
opened(S, V, sn, ['effects', 0, 'duration'], 0.01, 4, 'noise-reverb duration', why='the tail past the sound\'s end is cut')
add(S, V, sn | {'duration': 8}, ['effects', 0, 'duration'], 6, True, note='a 6 s noise-reverb')
add(S, V, sn, ['effects', 0, 'decay'], 0, True, note='noise-reverb decay at its former minimum')
add(S, V, sn, ['effects', 0, 'decay'], 20.01, True, note='noise-reverb decay above its former maximum (accepted)')
add(S, V, sn, ['effects', 0, 'decay'], -0.01, True, note='negative noise-reverb decay (accepted, warned: a growing response)', warning='grows instead of dying away')
add(S, V, sn, ['effects', 0, 'seed'], 4294967296, False, 'seed: must be an integer', note='noise-reverb seed above uint32', rule='synth.seed')
add(S, V, sn, ['effects', 0, 'seed'], 'DELETE', False, 'seed: is required', note='noise-reverb without seed')
rv = {'type': 'reverb', 'decay': 1.5, 'mix': 0.25}
sr = synth | {'effects': [rv]}
add(S, V, sr, None, None, True, note='reverb effect')
opened(S, V, sr, ['effects', 0, 'decay'], 0.1, 4, 'reverb decay', step=0.01, why='the tail past the sound\'s end is cut')
add(S, V, sr | {'duration': 8}, ['effects', 0, 'decay'], 6, True, note='a 6 s reverb')
add(S, V, sr, ['effects', 0, 'decay'], 0, True, note='reverb decay 0 (accepted, warned: a single impulse)', warning='single impulse')
add(S, V, sr, ['effects', 0, 'parallel'], True, False, 'parallel: is not a known field', note='reverb has no parallel')
add(S, V, synth | {'effects': [rv, nr]}, None, None, True, note='two reverbs')
add(S, V, synth | {'effects': [rv, nr, rv]}, None, None, True, note='three reverbs (accepted: the former two was a guess; the render work bounds them)')
add(S, V, synth | {'effects': [delay] * 9}, None, None, True, note='9 effects (accepted: the former 8 was a guess)')
add(S, V, synth | {'effects': [delay] * 64}, None, None, True, note='64 effects', rule='synth.effects')
add(S, V, synth | {'effects': [delay] * 65}, None, None, False, 'effects: must have 0–64 items', note='65 effects', rule='synth.effects')
add(S, V, synth | {'effects': [{'type': 'chorus'}]}, None, None, False, 'effects[0].type: must be one of', note='unknown effect')
add(S, V, synth | {'effects': [{'type': 'lowpass', 'frequency': 2000, 'q': 1}]}, None, None, True, note='filter effect')
# Realistic sounds the former guesses refused, and the render-work budget.
notes = [{'wave': 'triangle', 'start': i * 0.6, 'duration': 0.55, 'frequency': 220 * 2 ** ((i % 12) / 12),
          'gain': [{'time': 0, 'value': 0}, {'time': 0.01, 'value': 0.15}, {'time': 0.55, 'value': 0, 'curve': 'exponential'}]} for i in range(25)]
tune = {'kind': 'synth', 'duration': 15, 'voices': notes, 'effects': [{'type': 'reverb', 'decay': 6, 'mix': 0.3}]}
add(S, V, tune, None, None, True, note='a 15 s tune of 25 notes with a 6 s reverb')
pad = {'wave': 'sawtooth', 'start': 0, 'duration': 2, 'frequency': 110, 'gain': 0.02, 'pan': 0}
add(S, V, {'kind': 'synth', 'duration': 2, 'voices': [pad] * 40}, None, None, True, note='40 voices')
long40 = {'kind': 'synth', 'duration': 60, 'voices': [pad] * 40}
add(S, V, long40, None, None, True, note='render work at its budget: 60 s × 40 voices = 2,400 voice-seconds', rule='synth.work')
add(S, V, long40 | {'voices': [pad] * 41}, None, None, False, 'would take 2,460 voice-seconds to render', note='render work above its budget: 60 s × 41 voices', rule='synth.work')
add(S, V, {'kind': 'synth', 'duration': 15, 'voices': [pad] * 128}, None, None, True, note='128 voices of a 15 s sound: 1,920 voice-seconds')
add(S, V, {'kind': 'synth', 'duration': 60, 'voices': [pad] * 8, 'effects': [{'type': 'reverb', 'decay': 6, 'mix': 0.3}]}, None, None, True, note='a 60 s pad of 8 voices with a 6 s reverb: 480 + 25 × 66 = 2,130')
add(S, V, {'kind': 'synth', 'duration': 30, 'voices': [pad] * 30, 'effects': [rv] * 3 + [delay]}, None, None, False, COST, note='render work counts a reverb by its span: 30 × 31 + 25 × 3 × 31.5', rule='synth.work')
add(S, V, {'kind': 'synth', 'duration': 60, 'voices': [pad], 'effects': [{'type': 'noise-reverb', 'duration': 60, 'decay': 1, 'seed': 1, 'mix': 0.3}]}, None, None, False, 'of 1 reverbs', note='a 60 s reverb on a 60 s sound: 60 + 25 × 120', rule='synth.work')
add(S, V, {'kind': 'synth', 'duration': 60, 'voices': [pad], 'effects': [{'type': 'noise-reverb', 'duration': 1e9, 'decay': 1, 'seed': 1, 'mix': 0.3}]}, None, None, False, COST, note='a response longer than the sound counts as the sound', rule='synth.work')

# ---- noise
S = 'noiseSound'; V = 'gizmoNoiseSoundError'
noise = {'kind': 'noise', 'duration': 2, 'seed': 7, 'layers': [{'frequency': 400, 'gain': 0.5}],
         'modulation': {'base': 0.6, 'waves': [{'speed': 1.5, 'amount': 0.2}]}, 'fade': 0.1}
add(S, V, noise, None, None, True, note='minimal noise')
add(S, V, noise, ['duration'], 12, True, note='duration at its maximum', rule='noise.duration')
add(S, V, noise, ['duration'], 12.0012, False, 'duration: must be 0.1–12 s', note='duration above its maximum', rule='noise.duration')
add(S, V, noise | {'fade': 0}, ['duration'], 0.1, True, note='shortest noise', rule='noise.duration')
add(S, V, noise | {'fade': 0}, ['duration'], 0.0999, False, 'duration: must be 0.1–12 s', note='noise too short', rule='noise.duration')
bounds(S, V, noise, ['seed'], 0, 4294967295, 'seed', step=1, rule='noise.seed')
add(S, V, noise, ['seed'], 2.5, False, 'seed: must be an integer', note='fractional seed', rule='noise.seed')
opened(S, V, noise, ['layers', 0, 'frequency'], 1, 20000, 'layer frequency', step=0.01)
add(S, V, noise, ['layers', 0, 'frequency'], -10, True, note='negative cutoff (accepted, warned: unstable)', warning='unstable')
bounds(S, V, noise, ['layers', 0, 'gain'], 0, 1, 'layer gain', step=0.001, rule='noise.layer.gain')
add(S, V, noise, ['layers'], [], True, note='no layers (accepted: grains alone are a sound)')
add(S, V, noise, ['layers'], [{'frequency': 400, 'gain': 0.1}] * 9, True, note='9 layers (accepted: the former 8 was a guess)')
add(S, V, noise, ['layers'], [{'frequency': 400, 'gain': 0.1}] * 64, True, note='64 layers', rule='noise.layers')
add(S, V, noise, ['layers'], [{'frequency': 400, 'gain': 0.1}] * 65, False, 'layers: must have 0–64 items', note='65 layers', rule='noise.layers')
add(S, V, noise, ['modulation', 'base'], 0.8, True, note='base + amount = 1', rule='noise.modulation.sum')
add(S, V, noise, ['modulation', 'base'], 0.81, False, 'modulation: must stay within 0–1', note='base + amount above 1', rule='noise.modulation.sum')
add(S, V, noise, ['modulation', 'base'], 0.2, True, note='base − amount = 0', rule='noise.modulation.sum')
add(S, V, noise, ['modulation', 'base'], 0.19, False, 'modulation: must stay within 0–1', note='base − amount below 0', rule='noise.modulation.sum')
add(S, V, noise, ['modulation'], {'base': 0.5, 'waves': [{'speed': 1, 'amount': -0.2}]}, True, note='a negative amount (accepted: the sum stays in 0–1)', rule='noise.modulation.sum')
add(S, V, noise, ['modulation'], {'base': 0.5, 'waves': [{'speed': 1, 'amount': -0.6}]}, False, 'modulation: must stay within 0–1', note='a negative amount swinging below 0', rule='noise.modulation.sum')
add(S, V, noise, ['modulation'], {'base': 0.5, 'waves': [{'speed': 0, 'amount': 1}]}, True, note='a wave of speed 0 adds nothing (accepted)', rule='noise.modulation.sum')
add(S, V, noise, ['modulation'], {'base': 1, 'waves': []}, True, note='base at its maximum', rule='noise.modulation.base')
add(S, V, noise, ['modulation'], {'base': 1.01, 'waves': []}, False, 'base: must be 0–1', note='base above 1', rule='noise.modulation.base')
add(S, V, noise, ['modulation'], {'base': 0, 'waves': []}, True, note='base at its minimum', rule='noise.modulation.base')
add(S, V, noise, ['modulation'], {'base': -0.01, 'waves': []}, False, 'base: must be 0–1', note='base below 0', rule='noise.modulation.base')
opened(S, V, noise | {'modulation': {'base': 0.5, 'waves': [{'speed': 1, 'amount': 0.1}]}}, ['modulation', 'waves', 0, 'speed'], 0, 100, 'modulation speed', step=0.01)
add(S, V, noise, ['modulation', 'waves'], [{'speed': 1, 'amount': 0}] * 9, True, note='9 modulation waves (accepted: the former 8 was a guess)')
add(S, V, noise, ['modulation', 'waves'], [{'speed': 1, 'amount': 0}] * 64, True, note='64 modulation waves', rule='noise.modulation.waves')
add(S, V, noise, ['modulation', 'waves'], [{'speed': 1, 'amount': 0}] * 65, False, 'waves: must have 0–64 items', note='65 modulation waves', rule='noise.modulation.waves')
add(S, V, noise, ['modulation', 'waves'], [], True, note='no modulation waves')
add(S, V, noise, ['fade'], 1, True, note='fade of half the duration')
add(S, V, noise, ['fade'], 1.001, True, note='fade longer than half (accepted: the fades overlap)')
add(S, V, noise, ['fade'], -1, True, note='negative fade (accepted: no fade)')
add(S, V, noise, ['fade'], 'DELETE', False, 'fade: is required', note='no fade')
add(S, V, noise, ['kind'], 'synth', False, 'kind: must be one of', note='wrong kind')
add(S, V, noise, ['color'], 'pink', False, 'color: is not a known field', note='unknown key')
grains = {'start': 0, 'end': 2, 'interval': [0.05, 0.2], 'duration': [0.01, 0.05], 'amplitude': [0.1, 0.6], 'bias': 2, 'smoothing': 0.5, 'attack': 0.002, 'decay': 0.5}
ng = noise | {'grains': grains}
add(S, V, ng, None, None, True, note='noise with grains')
add(S, V, ng, ['grains', 'end'], 2.001, True, note='grains ending after the sound (accepted: cut at the end)')
add(S, V, ng, ['grains', 'start'], -0.5, True, note='grains starting before the sound (accepted: cut)')
add(S, V, ng | {'grains': grains | {'start': 1}}, ['grains', 'end'], 0.9, True, note='grain end before start (accepted, warned: no grains)', warning='so there are no grains')
add(S, V, ng, ['grains', 'interval'], [0.01, 12], True, note='grain interval at its former bounds')
add(S, V, ng, ['grains', 'interval'], [0.0099, 1], True, note='grain interval below its former minimum (accepted)')
add(S, V, ng, ['grains', 'interval'], [0, 0.2], True, note='grain interval from 0 (accepted: bursts may coincide)')
add(S, V, ng, ['grains', 'interval'], [0.2, 0.1], True, note='grain interval reversed (accepted: a draw between the two)')
add(S, V, ng, ['grains', 'interval'], [0, 0], False, COST, note='grains that never move on', rule='noise.grains.starts')
add(S, V, ng, ['grains', 'interval'], [-0.2, -0.1], False, 'so the grains would never end', note='a negative interval never moves on', rule='noise.grains.starts')
# 2^-14 s steps are exact in binary: 99,999 of them plus the first grain are 100,000 starts.
step = 2 ** -14
ngc = noise | {'duration': 12, 'fade': 0, 'grains': grains | {'end': 12, 'duration': [0.001, 0.001]}}
add(S, V, ngc | {'duration': 99999 * step, 'grains': ngc['grains'] | {'end': 99999 * step}}, ['grains', 'interval'], [step, step], True, note='100,000 grain starts', rule='noise.grains.starts')
add(S, V, ngc | {'duration': 100000 * step, 'grains': ngc['grains'] | {'end': 100000 * step}}, ['grains', 'interval'], [step, step], False, 'at most 100,000', note='100,001 grain starts', rule='noise.grains.starts')
ngw = noise | {'duration': 12, 'fade': 0, 'grains': grains | {'end': 12, 'interval': [2 ** -7, 2 ** -7]}}
add(S, V, ngw, ['grains', 'duration'], [0.5, 0.5], True, note='1,537 grains of 0.5 s: 768.5 grain-seconds', rule='noise.grains.work')
add(S, V, ngw, ['grains', 'duration'], [1, 1], False, 'at most 1,200', note='1,537 grains of 1 s: above the grain budget', rule='noise.grains.work')
add(S, V, ngw, ['grains', 'duration'], [1, 0.001], False, COST, note='the longer grain duration counts, in either order', rule='noise.grains.work')
add(S, V, ng, ['grains', 'duration'], [0.001, 0.5], True, note='grain duration at its former bounds')
add(S, V, ng, ['grains', 'duration'], [0.001, 0.5001], True, note='grain above its former maximum (accepted)')
add(S, V, ng, ['grains', 'duration'], [0.0009, 0.1], True, note='grain below its former minimum (accepted)')
add(S, V, ng, ['grains', 'amplitude'], [0, 1], True, note='grain amplitude at its former bounds')
add(S, V, ng, ['grains', 'amplitude'], [0, 1.01], True, note='grain amplitude above 1 (accepted)')
add(S, V, ng, ['grains', 'amplitude'], [0.1], False, 'amplitude: must be a list of exactly 2 numbers', note='grain amplitude of one number')
opened(S, V, ng, ['grains', 'bias'], 0.1, 10, 'grain bias', step=0.01, why='a draw stays between the pair\'s values')
add(S, V, ng, ['grains', 'bias'], -1, True, note='negative bias (accepted: draws clamp to the pair)')
bounds(S, V, ng, ['grains', 'smoothing'], 0, 1, 'grain smoothing', step=0.001, rule='noise.grains.smoothing')
opened(S, V, ng, ['grains', 'attack'], 0, 0.5, 'grain attack', step=0.001)
bounds(S, V, ng, ['grains', 'decay'], 0, 1, 'grain decay', step=0.001, rule='noise.grains.decay')
add(S, V, ng, ['grains', 'bias'], 'DELETE', False, 'bias: is required', note='grains without bias')

# ---- partials
S = 'partials'; V = 'gizmoPartialsError'
part = {'kind': 'partials', 'duration': 1, 'layers': [{'frequency': 220, 'gain': 0.5, 'partials': [{'ratio': 1, 'gain': 1, 'decay': 3}]}],
        'amplitude': {'gain': 0.8, 'attack': 0.01, 'fadeOut': 0.05}}
add(S, V, part, None, None, True, note='minimal partials')
add(S, V, part, ['duration'], 12.0012, True, note='duration above its former maximum (accepted: the docs give none)')
add(S, V, part, ['duration'], 60, True, note='duration at the render budget', rule='partials.duration')
add(S, V, part, ['duration'], 60.006, False, 'duration: must be at most 60 s', note='duration above the render budget', rule='partials.duration')
add(S, V, part | {'amplitude': {'gain': 1, 'attack': 0, 'fadeOut': 0}}, ['duration'], 0.01, True, note='shortest partials formerly allowed')
add(S, V, part | {'amplitude': {'gain': 1, 'attack': 0, 'fadeOut': 0}}, ['duration'], 0.0099, True, note='partials shorter than the former minimum (accepted)')
add(S, V, part, ['duration'], 0, True, note='partials of no length (accepted, warned)', warning='has no samples')
for o in [1, 2, 4]:
    add(S, V, part, ['oversample'], o, True, note=f'oversample {o}')
add(S, V, part, ['oversample'], 3, False, 'oversample: must be one of 1, 2, 4', note='oversample 3')
opened(S, V, part, ['layers', 0, 'frequency'], 1, 20000, 'layer frequency', step=0.01, why='a partial at or beyond Nyquist is silent')
add(S, V, part, ['layers', 0, 'frequency'], -220, True, note='negative layer frequency (accepted: the sine runs backwards)')
opened(S, V, part, ['layers', 0, 'gain'], 0, 1, 'layer gain', step=0.001)
opened(S, V, part, ['layers', 0, 'partials', 0, 'ratio'], 0.01, 32, 'partial ratio', step=0.001)
opened(S, V, part, ['layers', 0, 'partials', 0, 'gain'], 0, 1, 'partial gain', step=0.001)
add(S, V, part, ['layers', 0, 'partials', 0, 'decay'], 0, True, note='partial decay 0')
add(S, V, part, ['layers', 0, 'partials', 0, 'decay'], 200.01, True, note='partial decay above its former maximum (accepted)')
add(S, V, part, ['layers', 0, 'partials', 0, 'decay'], -0.01, True, note='negative partial decay (accepted, warned: grows)', warning='grows instead of dying away')
p1 = {'ratio': 1, 'gain': 0.1, 'decay': 1}
add(S, V, part, ['layers', 0, 'partials'], [p1] * 33, True, note='33 partials in a layer (accepted: the former 32 was a guess)')
add(S, V, part, ['layers', 0, 'partials'], [], True, note='no partials (accepted: a silent layer, or one that carries a noise stage)')
L = {'frequency': 220, 'gain': 0.5, 'partials': [p1] * 32}
add(S, V, part, ['layers'], [L, L, {'frequency': 220, 'gain': 0.5, 'partials': [p1]}], True, note='65 partials in all (accepted: the former 64 was a guess)')
add(S, V, part, ['layers'], [L] * 8, True, note='256 partials in all', rule='partials.partials')
add(S, V, part, ['layers'], [L] * 8 + [{'frequency': 220, 'gain': 0.5, 'partials': [p1]}], False, 'layers: must have at most 256 partials in all', note='257 partials in all', rule='partials.partials')
add(S, V, part, ['layers'], [], True, note='no layers (accepted: the global stages may make a sound)')
add(S, V, part, ['layers'], [{'frequency': 220, 'gain': 0.5, 'partials': [p1]}] * 9, True, note='9 layers (accepted: the former 8 was a guess)')
add(S, V, part, ['layers'], [{'frequency': 220, 'gain': 0.5, 'partials': [p1]}] * 64, True, note='64 layers', rule='partials.layers')
add(S, V, part, ['layers'], [{'frequency': 220, 'gain': 0.5, 'partials': [p1]}] * 65, False, 'layers: must have 0–64 items', note='65 layers', rule='partials.layers')
pv = copy.deepcopy(part); pv['layers'][0]['vibrato'] = {'depth': 0.01, 'rate': 5}
add(S, V, pv, None, None, True, note='vibrato')
opened(S, V, pv, ['layers', 0, 'vibrato', 'depth'], 0, 0.5, 'vibrato depth', step=0.001)
add(S, V, pv, ['layers', 0, 'vibrato', 'depth'], 2, True, note='vibrato deeper than the pitch (accepted: it swings through 0 Hz)')
opened(S, V, pv, ['layers', 0, 'vibrato', 'rate'], 0, 50, 'vibrato rate', step=0.01)
stages = [{'kind': 'pole', 'frequency': 2000}, {'kind': 'pole', 'frequency': 200, 'subtract': 1}, {'kind': 'noise', 'seed': 4, 'gain': 0.1, 'decay': 30}, {'kind': 'soft-clip', 'drive': 2}, {'kind': 'hard-clip', 'drive': 1.5}]
add(S, V, part | {'stages': stages}, None, None, True, note='every global stage')
ps = copy.deepcopy(part); ps['layers'][0]['stages'] = stages
add(S, V, ps, None, None, True, note='every layer stage')
add(S, V, part | {'stages': [stages[0]] * 9}, None, None, True, note='9 stages (accepted: the former 8 was a guess)')
add(S, V, part | {'stages': [stages[0]] * 32}, None, None, True, note='32 stages', rule='partials.stages')
add(S, V, part | {'stages': [stages[0]] * 33}, None, None, False, 'stages: must have 0–32 items', note='33 stages', rule='partials.stages')
opened(S, V, part | {'stages': [{'kind': 'pole', 'frequency': 100, 'subtract': 0.5}]}, ['stages', 0, 'frequency'], 1, 20000, 'pole frequency', step=0.01)
add(S, V, part | {'stages': [{'kind': 'pole', 'frequency': -100}]}, None, None, True, note='negative pole frequency (accepted, warned: unstable)', warning='unstable')
opened(S, V, part | {'stages': [{'kind': 'pole', 'frequency': 100, 'subtract': 0.5}]}, ['stages', 0, 'subtract'], 0, 1, 'pole subtract', step=0.001)
opened(S, V, part | {'stages': [{'kind': 'soft-clip', 'drive': 1}]}, ['stages', 0, 'drive'], 0.01, 100, 'drive', step=0.001)
opened(S, V, part | {'stages': [{'kind': 'noise', 'seed': 1, 'gain': 0.1, 'decay': 1}]}, ['stages', 0, 'gain'], 0, 1, 'noise stage gain', step=0.001)
add(S, V, part | {'stages': [{'kind': 'noise', 'seed': 1, 'gain': 0.1, 'decay': 200.01}]}, None, None, True, note='noise stage decay above its former maximum (accepted)')
add(S, V, part | {'stages': [{'kind': 'noise', 'seed': 1, 'gain': 0.1, 'decay': -1}]}, None, None, True, note='negative noise stage decay (accepted, warned)', warning='grows instead of dying away')
bounds(S, V, part | {'stages': [{'kind': 'noise', 'seed': 1, 'gain': 0.1, 'decay': 1}]}, ['stages', 0, 'seed'], 0, 4294967295, 'noise stage seed', step=1, rule='partials.seed')
add(S, V, part | {'stages': [{'kind': 'soft-clip', 'drive': 1, 'frequency': 3}]}, None, None, False, 'frequency: is not a known field', note='pole key on a clip stage')
add(S, V, part | {'stages': [{'kind': 'fold', 'drive': 1}]}, None, None, False, 'kind: must be one of', note='unknown stage')
for c in ['linear', 'sine-squared']:
    add(S, V, part, ['amplitude', 'attackCurve'], c, True, note=f'{c} attack')
add(S, V, part, ['amplitude', 'attackCurve'], 'cubic', False, 'attackCurve: must be one of', note='unknown attack curve')
opened(S, V, part, ['amplitude', 'gain'], 0, 1, 'amplitude gain', step=0.001)
opened(S, V, part, ['amplitude', 'attack'], 0, 1, 'attack', step=0.001)
opened(S, V, part, ['amplitude', 'fadeOut'], 0, 1, 'fadeOut', step=0.001)
add(S, V, part, ['amplitude', 'decay'], 200.01, True, note='amplitude decay above its former maximum (accepted)')
add(S, V, part, ['amplitude', 'decay'], -1, True, note='negative amplitude decay (accepted, warned: ignored)', warning='it is ignored')
pr = copy.deepcopy(part); pr['amplitude']['release'] = {'at': 0.5, 'time': 0.2}
add(S, V, pr, None, None, True, note='release')
opened(S, V, pr, ['amplitude', 'release', 'at'], 0, 1, 'release at', step=0.001)
opened(S, V, pr, ['amplitude', 'release', 'time'], 0.001, 12, 'release time', step=0.0001, why='a release of 0 s cuts at once')
add(S, V, pr, ['amplitude', 'release', 'time'], 0, True, note='release time 0 (accepted: cuts at once)')
add(S, V, part, ['amplitude', 'fadeOut'], 'DELETE', False, 'fadeOut: is required', note='amplitude without fadeOut')
pe = part | {'echoes': [{'time': 0.2, 'gain': 0.3}]}
add(S, V, pe, None, None, True, note='echo')
opened(S, V, pe, ['echoes', 0, 'time'], 0.001, 2, 'echo time', step=0.0001, why='an echo past the end is not heard')
opened(S, V, pe, ['echoes', 0, 'gain'], 0, 1, 'echo gain', step=0.001)
add(S, V, part | {'echoes': [{'time': 0.2, 'gain': 0.1}] * 9}, None, None, True, note='9 echoes (accepted: the former 8 was a guess)')
add(S, V, part | {'echoes': [{'time': 0.2, 'gain': 0.1}] * 64}, None, None, True, note='64 echoes', rule='partials.echoes')
add(S, V, part | {'echoes': [{'time': 0.2, 'gain': 0.1}] * 65}, None, None, False, 'echoes: must have 0–64 items', note='65 echoes', rule='partials.echoes')
opened(S, V, part, ['tailFade'], 0, 1, 'tailFade', step=0.001)
add(S, V, part, ['kind'], 'noise', False, 'kind: must be one of', note='wrong kind')
# Render work: oversample × duration × (partials + layers + stages).
P48 = {'frequency': 220, 'gain': 0.5, 'partials': [p1] * 48, 'stages': [{'kind': 'soft-clip', 'drive': 2}]}
pw = part | {'duration': 30, 'oversample': 4, 'layers': [P48]}
add(S, V, pw, None, None, True, note='render work at its budget: 4 × 30 s × (48 + 1 + 1) = 6,000', rule='partials.work')
add(S, V, pw | {'stages': [{'kind': 'hard-clip', 'drive': 1}]}, None, None, False, 'would take 6,120 oscillator-seconds to render', note='render work above its budget: one more stage', rule='partials.work')
add(S, V, part | {'duration': 60, 'oversample': 4, 'layers': [L] * 8}, None, None, False, COST, note='256 partials at 4× for 60 s', rule='partials.work')
add(S, V, pw | {'oversample': 2}, None, None, True, note='the same at 2× oversampling is half the work')
add(S, V, part | {'duration': 60, 'oversample': 4, 'layers': [{'frequency': 55, 'gain': 0.5, 'partials': [p1] * 16, 'stages': [{'kind': 'pole', 'frequency': 800}, {'kind': 'soft-clip', 'drive': 1.5}]}]}, None, None, True, note='a 60 s drone of 16 partials at 4× with two stages: 4,560')
add(S, V, part | {'duration': 10, 'oversample': 2, 'layers': [{'frequency': 440, 'gain': 0.5, 'partials': [p1] * 32, 'vibrato': {'depth': 0.003, 'rate': 5}}]}, None, None, True, note='a 10 s bell of 32 partials at 2×')

# ---- wav (recorded sounds): readGizmoSound throws exactly where wavProblem refuses
S = 'wav'; V = 'readGizmoSound'
MAX = 960044

def chunk(cid, body):
    return cid.encode() + struct.pack('<I', len(body)) + body + (b'\0' if len(body) & 1 else b'')

def fmt(channels=1, rate=48000, bits=16, tag=1, block=None, byte_rate=None):
    block = channels * (bits // 8) if block is None else block
    byte_rate = rate * block if byte_rate is None else byte_rate
    return struct.pack('<HHIIHH', tag, channels, rate, byte_rate, block, bits)

def extensible(channels=2, rate=44100, subformat=1, valid=16):
    guid = bytes([0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71])
    return fmt(channels, rate, 16, 0xfffe) + struct.pack('<HHIH', 22, valid, 3, subformat) + guid

def wav(chunks, riff=None):
    body = b'WAVE' + b''.join(chunk(c, b) for c, b in chunks)
    return b'RIFF' + struct.pack('<I', len(body) if riff is None else riff) + body

def b64(data):
    return base64.b64encode(data).decode()

samples = bytes([0, 0, 0, 64, 0, 224, 255, 127])
mono = wav([('fmt ', fmt()), ('data', samples)])
add(S, V, b64(mono), None, None, True, note='mono 48 kHz PCM16', rule='wav.pcm16')
add(S, V, b64(mono), None, None, True, note='one channel', rule='wav.channels')
add(S, V, b64(mono), None, None, True, note='a well-formed RIFF/WAVE', rule='wav.riff')
add(S, V, b64(mono), None, None, True, note='whole frames', rule='wav.frames')
add(S, V, b64(mono), None, None, True, note='a rate above 0', rule='wav.rate')
add(S, V, 'data:audio/wav;base64,' + b64(mono), None, None, True, note='a data: URL', rule='wav.base64')
add(S, V, b64(mono).rstrip('='), None, None, True, note='base64 without padding', rule='wav.base64')
ext = wav([('JUNK', bytes(3)), ('fmt ', extensible()), ('LIST', bytes(5)), ('data', samples), ('fact', bytes(4))])
add(S, V, b64(ext), None, None, True, note='stereo extensible PCM with JUNK, LIST and fact chunks', rule='wav.channels')
add(S, V, b64(wav([('fmt ', extensible(valid=12)), ('data', samples)])), None, None, True, note='extensible with 12 valid bits (accepted: still 16-bit words)', rule='wav.pcm16')
add(S, V, 'not base64!', None, None, False, 'must be base64', note='not base64', rule='wav.base64')
add(S, V, 42, None, None, False, 'must be a base64 PCM16 WAV string', note='not a string')
# The largest WAV: a 54-byte head (with a 1-byte JUNK chunk, so its base64 is whole groups), then zeros.
head = b'RIFF' + struct.pack('<I', MAX - 8) + b'WAVE' + chunk('fmt ', fmt()) + chunk('JUNK', b'\0') + b'data' + struct.pack('<I', MAX - 54)
assert len(head) == 54
add(S, V, {'$': 'repeat', 'prefix': b64(head), 'value': 'AAAA', 'count': (MAX - 54 - 2) // 3, 'suffix': 'AAA='}, None, None, True, note='exactly GIZMO_AUDIO_MAX_BYTES', rule='wav.size')
big = b'RIFF' + struct.pack('<I', MAX - 8 + 3) + b'WAVE' + chunk('fmt ', fmt()) + chunk('JUNK', b'\0') + b'data' + struct.pack('<I', MAX - 54 + 3)
add(S, V, {'$': 'repeat', 'prefix': b64(big), 'value': 'AAAA', 'count': (MAX - 54 + 3) // 3}, None, None, False, 'must be at most 960,044 bytes', note='3 bytes over GIZMO_AUDIO_MAX_BYTES', rule='wav.size')
add(S, V, b64(b'RIFX\0\0\0\0WAVE'), None, None, False, 'is not a RIFF/WAVE file', note='RIFX', rule='wav.riff')
add(S, V, b64(wav([('fmt ', fmt()), ('data', samples)], riff=0xfffffff0)), None, None, False, 'declares a RIFF size of 4,294,967,280 bytes', note='a lying RIFF size', rule='wav.riff')
lying = bytearray(mono); struct.pack_into('<I', lying, 40, 0xfffffff0)
add(S, V, b64(bytes(lying)), None, None, False, 'declares 4,294,967,280 bytes but only 8 remain', note='a lying data size', rule='wav.riff')
add(S, V, b64(wav([('data', samples), ('fmt ', fmt())])), None, None, False, 'data chunk before the fmt chunk', note='data before fmt', rule='wav.riff')
add(S, V, b64(wav([('fmt ', fmt()), ('fmt ', fmt()), ('data', samples)])), None, None, False, 'more than one fmt chunk', note='two fmt chunks', rule='wav.riff')
add(S, V, b64(wav([('fmt ', fmt())])), None, None, False, 'has no data chunk', note='no data chunk', rule='wav.riff')
add(S, V, b64(wav([('fmt ', fmt()[:14]), ('data', samples)])), None, None, False, 'fmt chunk of 14 bytes', note='a short fmt chunk', rule='wav.riff')
add(S, V, b64(wav([('fmt ', fmt(bits=8)), ('data', samples)])), None, None, False, 'must be 16-bit PCM (got 8 bits)', note='8-bit', rule='wav.pcm16')
add(S, V, b64(wav([('fmt ', fmt(tag=3, bits=16)), ('data', samples)])), None, None, False, 'is not PCM (format 3)', note='float format', rule='wav.pcm16')
add(S, V, b64(wav([('fmt ', extensible(subformat=3)), ('data', samples)])), None, None, False, 'not PCM (extensible subformat)', note='extensible float', rule='wav.pcm16')
add(S, V, b64(wav([('fmt ', extensible(valid=20)), ('data', samples)])), None, None, False, 'extensible valid bits', note='extensible with 20 valid bits', rule='wav.pcm16')
add(S, V, b64(wav([('fmt ', fmt(channels=3)), ('data', bytes(6))])), None, None, False, 'mono or stereo (got 3 channels)', note='3 channels', rule='wav.channels')
add(S, V, b64(wav([('fmt ', fmt(channels=0, block=0)), ('data', bytes(2))])), None, None, False, 'mono or stereo (got 0 channels)', note='0 channels', rule='wav.channels')
add(S, V, b64(wav([('fmt ', fmt()), ('data', bytes(3))])), None, None, False, 'not a whole number of 1-channel frames', note='half a frame', rule='wav.frames')
add(S, V, b64(wav([('fmt ', fmt(rate=0)), ('data', samples)])), None, None, False, 'sample rate above 0 Hz', note='0 Hz', rule='wav.rate')
add(S, V, b64(wav([('fmt ', fmt(rate=8000)), ('data', samples)])), None, None, True, note='8,000 Hz')
add(S, V, b64(wav([('fmt ', fmt(rate=96000)), ('data', samples)])), None, None, True, note='96,000 Hz')
add(S, V, b64(wav([('fmt ', fmt(rate=192000)), ('data', samples)])), None, None, True, note='192,000 Hz (accepted, warned: outside what every Web Audio must play)', warning='outside the 8,000–96,000 Hz')
add(S, V, b64(wav([('fmt ', fmt(rate=1)), ('data', samples)])), None, None, True, note='1 Hz (accepted, warned)', warning='outside the 8,000–96,000 Hz', rule='wav.rate')
add(S, V, b64(wav([('fmt ', fmt(byte_rate=1)), ('data', samples)])), None, None, True, note='a wrong byte rate (accepted, warned: the reader ignores it)', warning='inconsistent fmt chunk')
add(S, V, b64(wav([('fmt ', fmt()), ('data', b'')])), None, None, True, note='no samples (accepted, warned: silent)', warning='has no samples')

for name, items in cases.items():
    with open(f'testdata/conformance/{name}.json', 'w') as f:
        json.dump(items, f, indent=1, ensure_ascii=False)
        f.write('\n')
    print(name, len(items))
