#!/usr/bin/env python3
"""Writes testdata/conformance/{synthesis,noiseSound,partials}.json: cases on both sides of every
audio bound (kit/sdk/LIMITS.md, "Audio"). Run from the repository root; commit the output."""
import copy, json

def setp(obj, path, value):
    o = obj
    for k in path[:-1]:
        o = o[k]
    if value == 'DELETE':
        del o[path[-1]]
    else:
        o[path[-1]] = value

cases = {'synthesis': [], 'noiseSound': [], 'partials': []}

def add(module, validator, base, path, value, ok, error=None, note=''):
    v = copy.deepcopy(base)
    if path is not None:
        setp(v, path, value)
    c = {'validator': validator, 'value': v, 'args': [], 'ok': ok}
    if not ok:
        c['error'] = error
    c['note'] = note
    cases[module].append(c)

def bounds(module, validator, base, path, lo, hi, name, step=None, below=True):
    """lo ok / just below not; hi ok / just above not."""
    d = step if step is not None else max(abs(hi - lo) * 1e-4, 1e-6)
    add(module, validator, base, path, lo, True, note=f'{name} at its minimum')
    add(module, validator, base, path, hi, True, note=f'{name} at its maximum')
    if below:
        add(module, validator, base, path, round(lo - d, 9), False, name_error(path), note=f'{name} below its minimum')
    add(module, validator, base, path, round(hi + d, 9), False, name_error(path), note=f'{name} above its maximum')

def name_error(path):
    last = path[-1]
    if isinstance(last, int):
        return f'[{last}]: must be'
    return f'{last}: must be'

# ---- synth
S = 'synthesis'; V = 'gizmoSynthError'
synth = {'kind': 'synth', 'duration': 1, 'voices': [
    {'wave': 'sine', 'start': 0, 'duration': 0.5, 'frequency': 440, 'gain': 0.2}]}
add(S, V, synth, None, None, True, note='minimal sine voice')
chime = {'kind': 'synth', 'duration': 0.6, 'voices': [{'wave': 'sine', 'start': 0, 'duration': 0.55, 'frequency': 880,
         'gain': [{'time': 0, 'value': 0}, {'time': 0.005, 'value': 0.2}, {'time': 0.55, 'value': 0}]}]}
add(S, V, chime, None, None, True, note='the chime example')
bounds(S, V, synth, ['duration'], 0.01, 12, 'duration')
bounds(S, V, synth, ['voices', 0, 'duration'], 0.001, 12, 'voice duration')
bounds(S, V, synth, ['voices', 0, 'frequency'], 0, 24000, 'frequency', step=0.01)
bounds(S, V, synth, ['voices', 0, 'gain'], 0, 1, 'gain', step=0.001)
bounds(S, V, synth, ['voices', 0, 'pan'], -1, 1, 'pan', step=0.001)
bounds(S, V, synth, ['seed'], 0, 4294967295, 'seed', step=1)
add(S, V, synth, ['seed'], 1.5, False, 'seed: must be an integer', note='fractional seed')
add(S, V, synth, ['voices', 0, 'start'], 0.999, True, note='voice starting just before the end')
add(S, V, synth, ['voices', 0, 'start'], 1, False, 'start: must be before the end of the sound', note='voice starting at the end')
add(S, V, synth, ['voices', 0, 'start'], -0.001, False, 'start: must be', note='negative start')
add(S, V, synth, ['voices'], [], False, 'voices: must have 1–32 items', note='no voices')
add(S, V, synth, ['voices'], [synth['voices'][0]] * 32, True, note='32 voices')
add(S, V, synth, ['voices'], [synth['voices'][0]] * 33, False, 'voices: must have 1–32 items', note='33 voices')
add(S, V, synth, ['kind'], 'synthx', False, 'kind: must be one of', note='wrong kind')
add(S, V, synth, ['tempo'], 1, False, 'tempo: is not a known field', note='unknown key')
add(S, V, synth, ['voices', 0, 'wave'], 'pulse', False, 'wave: must be one of', note='unknown wave')
for w in ['sine', 'triangle', 'square', 'sawtooth']:
    add(S, V, synth, ['voices', 0, 'wave'], w, True, note=f'{w} wave')
noise_voice = {'wave': 'noise', 'start': 0, 'duration': 0.5, 'gain': 0.2, 'noiseDuration': 0.1, 'noiseRate': 8000}
ns = copy.deepcopy(synth); ns['voices'] = [noise_voice]
add(S, V, ns, None, None, True, note='noise voice with noiseDuration and noiseRate')
bounds(S, V, ns, ['voices', 0, 'noiseDuration'], 0.001, 12, 'noiseDuration')
bounds(S, V, ns, ['voices', 0, 'noiseRate'], 100, 48000, 'noiseRate', step=1)
add(S, V, ns, ['voices', 0, 'frequency'], 440, False, 'frequency: does not apply to noise voices', note='frequency on a noise voice')
add(S, V, synth, ['voices', 0, 'noiseRate'], 8000, False, 'noiseRate: applies only to noise voices', note='noiseRate on a sine voice')
add(S, V, synth, ['voices', 0, 'noiseDuration'], 0.1, False, 'noiseDuration: applies only to noise voices', note='noiseDuration on a sine voice')
env = [{'time': 0, 'value': 100}, {'time': 0.2, 'value': 800, 'curve': 'exponential'}, {'time': 0.3, 'value': 400, 'curve': 'step'}, {'time': 0.5, 'value': 200, 'curve': 'linear'}]
add(S, V, synth, ['voices', 0, 'frequency'], env, True, note='frequency envelope with every curve')
add(S, V, synth, ['voices', 0, 'frequency'], [{'time': 0.2, 'value': 100}, {'time': 0.1, 'value': 200}], False, 'frequency[1].time: must not be earlier than the previous point', note='points out of order')
add(S, V, synth, ['voices', 0, 'frequency'], [{'time': 0.2, 'value': 100}, {'time': 0.2, 'value': 200}], True, note='equal times: an instant jump')
add(S, V, synth, ['voices', 0, 'gain'], [{'time': 0, 'value': 0, 'curve': 'cubic'}], False, 'gain[0].curve: must be one of', note='unknown curve')
add(S, V, synth, ['voices', 0, 'gain'], [{'time': 0, 'value': 0}] * 32, True, note='32 envelope points')
add(S, V, synth, ['voices', 0, 'gain'], [{'time': 0, 'value': 0}] * 33, False, 'gain: must have 1–32 items', note='33 envelope points')
add(S, V, synth, ['voices', 0, 'gain'], [], False, 'gain: must have 1–32 items', note='empty envelope')
add(S, V, synth, ['voices', 0, 'gain'], [{'time': 0, 'value': 1.01}], False, 'gain[0].value: must be 0–1', note='envelope value above 1')
add(S, V, synth, ['voices', 0, 'gain'], [{'time': 12.01, 'value': 1}], False, 'gain[0].time: must be 0–12 s', note='envelope time above 12 s')
add(S, V, synth, ['voices', 0, 'gain'], [{'time': 0, 'value': 0.5, 'extra': 1}], False, 'gain[0].extra: is not a known field', note='unknown point key')
add(S, V, synth, ['voices', 0, 'gain'], [{'time': 0}], False, 'gain[0].value: is required', note='point without value')
add(S, V, synth, ['voices', 0, 'gain'], 'loud', False, 'gain: must be a number', note='gain as a string')
add(S, V, synth, ['voices', 0, 'fade'], [0.25, 0.25], True, note='fades filling the voice')
add(S, V, synth, ['voices', 0, 'fade'], [0.25, 0.2501], False, 'fade: must fit in the voice', note='fades longer than the voice')
add(S, V, synth, ['voices', 0, 'fade'], [0.1], False, 'fade: must be a list of exactly 2 numbers', note='one fade number')
add(S, V, synth, ['voices', 0, 'fade'], [-0.1, 0], False, 'fade[0]: must be', note='negative fade')
for ft in ['lowpass', 'highpass']:
    f = {'type': ft, 'frequency': 1000, 'q': 0}
    add(S, V, synth, ['voices', 0, 'filter'], f, True, note=f'{ft} voice filter')
    bounds(S, V, synth | {'voices': [dict(synth['voices'][0], filter=f)]}, ['voices', 0, 'filter', 'q'], -24, 24, f'{ft} q (dB)', step=0.01)
bp = {'type': 'bandpass', 'frequency': 1000, 'q': 1}
bounds(S, V, synth | {'voices': [dict(synth['voices'][0], filter=bp)]}, ['voices', 0, 'filter', 'q'], 0.1, 100, 'bandpass q', step=0.01)
bounds(S, V, synth | {'voices': [dict(synth['voices'][0], filter=bp)]}, ['voices', 0, 'filter', 'frequency'], 10, 20000, 'filter frequency', step=0.01)
add(S, V, synth, ['voices', 0, 'filter'], {'type': 'notch', 'frequency': 1000, 'q': 1}, False, 'filter.type: must be one of', note='unknown filter type')
add(S, V, synth, ['voices', 0, 'filter'], {'type': 'lowpass', 'frequency': 1000}, False, 'filter.q: is required', note='filter without q')
delay = {'type': 'delay', 'time': 0.1, 'feedback': 0.4, 'mix': 0.3}
sd = synth | {'effects': [delay]}
add(S, V, sd, None, None, True, note='delay effect')
add(S, V, sd, ['effects', 0, 'parallel'], True, True, note='parallel delay')
add(S, V, sd, ['effects', 0, 'parallel'], 'yes', False, 'parallel: must be true or false', note='parallel not boolean')
bounds(S, V, sd, ['effects', 0, 'time'], 0.001, 2, 'delay time')
bounds(S, V, sd, ['effects', 0, 'feedback'], 0, 0.95, 'delay feedback', step=0.001)
bounds(S, V, sd, ['effects', 0, 'mix'], 0, 1, 'delay mix', step=0.001)
add(S, V, sd, ['effects', 0, 'decay'], 1, False, 'effects[0].decay: is not a known field', note='reverb key on a delay')
nr = {'type': 'noise-reverb', 'duration': 1, 'decay': 2, 'seed': 5, 'mix': 0.3}
sn = synth | {'effects': [nr]}
add(S, V, sn, None, None, True, note='noise-reverb effect')
bounds(S, V, sn, ['effects', 0, 'duration'], 0.01, 4, 'noise-reverb duration')
bounds(S, V, sn, ['effects', 0, 'decay'], 0, 20, 'noise-reverb decay', step=0.01)
add(S, V, sn, ['effects', 0, 'seed'], 4294967296, False, 'seed: must be an integer', note='noise-reverb seed above uint32')
add(S, V, sn, ['effects', 0, 'seed'], 'DELETE', False, 'seed: is required', note='noise-reverb without seed')
rv = {'type': 'reverb', 'decay': 1.5, 'mix': 0.25}
sr = synth | {'effects': [rv]}
add(S, V, sr, None, None, True, note='reverb effect')
bounds(S, V, sr, ['effects', 0, 'decay'], 0.1, 4, 'reverb decay', step=0.01)
add(S, V, sr, ['effects', 0, 'parallel'], True, False, 'parallel: is not a known field', note='reverb has no parallel')
add(S, V, synth | {'effects': [rv, nr]}, None, None, True, note='two reverbs')
add(S, V, synth | {'effects': [rv, nr, rv]}, None, None, False, 'effects: must have at most 2 reverb', note='three reverbs')
add(S, V, synth | {'effects': [delay] * 8}, None, None, True, note='8 effects')
add(S, V, synth | {'effects': [delay] * 9}, None, None, False, 'effects: must have 0–8 items', note='9 effects')
add(S, V, synth | {'effects': [{'type': 'chorus'}]}, None, None, False, 'effects[0].type: must be one of', note='unknown effect')
add(S, V, synth | {'effects': [{'type': 'lowpass', 'frequency': 2000, 'q': 1}]}, None, None, True, note='filter effect')

# ---- noise
S = 'noiseSound'; V = 'gizmoNoiseSoundError'
noise = {'kind': 'noise', 'duration': 2, 'seed': 7, 'layers': [{'frequency': 400, 'gain': 0.5}],
         'modulation': {'base': 0.6, 'waves': [{'speed': 1.5, 'amount': 0.2}]}, 'fade': 0.1}
add(S, V, noise, None, None, True, note='minimal noise')
bounds(S, V, noise, ['duration'], 0.2, 12, 'duration (with a 0.1 s fade)', below=False)
add(S, V, noise | {'fade': 0}, ['duration'], 0.1, True, note='shortest noise')
add(S, V, noise | {'fade': 0}, ['duration'], 0.0999, False, 'duration: must be 0.1–12 s', note='noise too short')
bounds(S, V, noise, ['seed'], 0, 4294967295, 'seed', step=1)
bounds(S, V, noise, ['layers', 0, 'frequency'], 1, 20000, 'layer frequency', step=0.01)
bounds(S, V, noise, ['layers', 0, 'gain'], 0, 1, 'layer gain', step=0.001)
add(S, V, noise, ['layers'], [], False, 'layers: must have 1–8 items', note='no layers')
add(S, V, noise, ['layers'], [{'frequency': 400, 'gain': 0.1}] * 8, True, note='8 layers')
add(S, V, noise, ['layers'], [{'frequency': 400, 'gain': 0.1}] * 9, False, 'layers: must have 1–8 items', note='9 layers')
add(S, V, noise, ['modulation', 'base'], 0.8, True, note='base + amount = 1')
add(S, V, noise, ['modulation', 'base'], 0.81, False, 'modulation: must stay within 0–1', note='base + amount above 1')
add(S, V, noise, ['modulation', 'base'], 0.2, True, note='base − amount = 0')
add(S, V, noise, ['modulation', 'base'], 0.19, False, 'modulation: must stay within 0–1', note='base − amount below 0')
bounds(S, V, noise | {'modulation': {'base': 0.5, 'waves': [{'speed': 1, 'amount': 0.1}]}}, ['modulation', 'waves', 0, 'speed'], 0, 100, 'modulation speed', step=0.01)
add(S, V, noise, ['modulation', 'waves'], [{'speed': 1, 'amount': 0}] * 8, True, note='8 modulation waves')
add(S, V, noise, ['modulation', 'waves'], [{'speed': 1, 'amount': 0}] * 9, False, 'waves: must have 0–8 items', note='9 modulation waves')
add(S, V, noise, ['modulation', 'waves'], [], True, note='no modulation waves')
add(S, V, noise, ['fade'], 1, True, note='fade of half the duration')
add(S, V, noise, ['fade'], 1.001, False, 'fade: must be', note='fade longer than half')
add(S, V, noise, ['fade'], 'DELETE', False, 'fade: is required', note='no fade')
add(S, V, noise, ['kind'], 'synth', False, 'kind: must be one of', note='wrong kind')
add(S, V, noise, ['color'], 'pink', False, 'color: is not a known field', note='unknown key')
grains = {'start': 0, 'end': 2, 'interval': [0.05, 0.2], 'duration': [0.01, 0.05], 'amplitude': [0.1, 0.6], 'bias': 2, 'smoothing': 0.5, 'attack': 0.002, 'decay': 0.5}
ng = noise | {'grains': grains}
add(S, V, ng, None, None, True, note='noise with grains')
add(S, V, ng, ['grains', 'end'], 2.001, False, 'end: must be', note='grains ending after the sound')
add(S, V, ng | {'grains': grains | {'start': 1}}, ['grains', 'end'], 0.9, False, 'end: must not be before start', note='grain end before start')
add(S, V, ng, ['grains', 'interval'], [0.01, 12], True, note='grain interval at its bounds')
add(S, V, ng, ['grains', 'interval'], [0.0099, 1], False, 'interval[0]: must be 0.01–12 s', note='grain interval too short')
add(S, V, ng, ['grains', 'interval'], [0.2, 0.1], False, 'interval: must be [low, high]', note='grain interval reversed')
add(S, V, ng, ['grains', 'duration'], [0.001, 0.5], True, note='grain duration at its bounds')
add(S, V, ng, ['grains', 'duration'], [0.001, 0.5001], False, 'duration[1]: must be 0.001–0.5 s', note='grain too long')
add(S, V, ng, ['grains', 'duration'], [0.0009, 0.1], False, 'duration[0]: must be 0.001–0.5 s', note='grain too short')
add(S, V, ng, ['grains', 'amplitude'], [0, 1], True, note='grain amplitude at its bounds')
add(S, V, ng, ['grains', 'amplitude'], [0, 1.01], False, 'amplitude[1]: must be 0–1', note='grain amplitude above 1')
bounds(S, V, ng, ['grains', 'bias'], 0.1, 10, 'grain bias', step=0.01)
bounds(S, V, ng, ['grains', 'smoothing'], 0, 1, 'grain smoothing', step=0.001)
bounds(S, V, ng, ['grains', 'attack'], 0, 0.5, 'grain attack', step=0.001)
bounds(S, V, ng, ['grains', 'decay'], 0, 1, 'grain decay', step=0.001)
add(S, V, ng, ['grains', 'bias'], 'DELETE', False, 'bias: is required', note='grains without bias')

# ---- partials
S = 'partials'; V = 'gizmoPartialsError'
part = {'kind': 'partials', 'duration': 1, 'layers': [{'frequency': 220, 'gain': 0.5, 'partials': [{'ratio': 1, 'gain': 1, 'decay': 3}]}],
        'amplitude': {'gain': 0.8, 'attack': 0.01, 'fadeOut': 0.05}}
add(S, V, part, None, None, True, note='minimal partials')
bounds(S, V, part, ['duration'], 0.05, 12, 'duration (with a 0.05 s fadeOut)', below=False)
add(S, V, part | {'amplitude': {'gain': 1, 'attack': 0, 'fadeOut': 0}}, ['duration'], 0.01, True, note='shortest partials')
add(S, V, part | {'amplitude': {'gain': 1, 'attack': 0, 'fadeOut': 0}}, ['duration'], 0.0099, False, 'duration: must be 0.01–12 s', note='partials too short')
for o in [1, 2, 4]:
    add(S, V, part, ['oversample'], o, True, note=f'oversample {o}')
add(S, V, part, ['oversample'], 3, False, 'oversample: must be one of 1, 2, 4', note='oversample 3')
bounds(S, V, part, ['layers', 0, 'frequency'], 1, 20000, 'layer frequency', step=0.01)
bounds(S, V, part, ['layers', 0, 'gain'], 0, 1, 'layer gain', step=0.001)
bounds(S, V, part, ['layers', 0, 'partials', 0, 'ratio'], 0.01, 32, 'partial ratio', step=0.001)
bounds(S, V, part, ['layers', 0, 'partials', 0, 'gain'], 0, 1, 'partial gain', step=0.001)
bounds(S, V, part, ['layers', 0, 'partials', 0, 'decay'], 0, 200, 'partial decay', step=0.01)
p1 = {'ratio': 1, 'gain': 0.1, 'decay': 1}
add(S, V, part, ['layers', 0, 'partials'], [p1] * 32, True, note='32 partials in a layer')
add(S, V, part, ['layers', 0, 'partials'], [p1] * 33, False, 'partials: must have 1–32 items', note='33 partials in a layer')
add(S, V, part, ['layers', 0, 'partials'], [], False, 'partials: must have 1–32 items', note='no partials')
L = {'frequency': 220, 'gain': 0.5, 'partials': [p1] * 32}
add(S, V, part, ['layers'], [L, L], True, note='64 partials in all')
add(S, V, part, ['layers'], [L, L, {'frequency': 220, 'gain': 0.5, 'partials': [p1]}], False, 'layers: must have at most 64 partials in all', note='65 partials in all')
add(S, V, part, ['layers'], [{'frequency': 220, 'gain': 0.5, 'partials': [p1]}] * 8, True, note='8 layers')
add(S, V, part, ['layers'], [{'frequency': 220, 'gain': 0.5, 'partials': [p1]}] * 9, False, 'layers: must have 1–8 items', note='9 layers')
pv = copy.deepcopy(part); pv['layers'][0]['vibrato'] = {'depth': 0.01, 'rate': 5}
add(S, V, pv, None, None, True, note='vibrato')
bounds(S, V, pv, ['layers', 0, 'vibrato', 'depth'], 0, 0.5, 'vibrato depth', step=0.001)
bounds(S, V, pv, ['layers', 0, 'vibrato', 'rate'], 0, 50, 'vibrato rate', step=0.01)
stages = [{'kind': 'pole', 'frequency': 2000}, {'kind': 'pole', 'frequency': 200, 'subtract': 1}, {'kind': 'noise', 'seed': 4, 'gain': 0.1, 'decay': 30}, {'kind': 'soft-clip', 'drive': 2}, {'kind': 'hard-clip', 'drive': 1.5}]
add(S, V, part | {'stages': stages}, None, None, True, note='every global stage')
ps = copy.deepcopy(part); ps['layers'][0]['stages'] = stages
add(S, V, ps, None, None, True, note='every layer stage')
add(S, V, part | {'stages': [stages[0]] * 8}, None, None, True, note='8 stages')
add(S, V, part | {'stages': [stages[0]] * 9}, None, None, False, 'stages: must have 0–8 items', note='9 stages')
bounds(S, V, part | {'stages': [{'kind': 'pole', 'frequency': 100, 'subtract': 0.5}]}, ['stages', 0, 'frequency'], 1, 20000, 'pole frequency', step=0.01)
bounds(S, V, part | {'stages': [{'kind': 'pole', 'frequency': 100, 'subtract': 0.5}]}, ['stages', 0, 'subtract'], 0, 1, 'pole subtract', step=0.001)
bounds(S, V, part | {'stages': [{'kind': 'soft-clip', 'drive': 1}]}, ['stages', 0, 'drive'], 0.01, 100, 'drive', step=0.001)
bounds(S, V, part | {'stages': [{'kind': 'noise', 'seed': 1, 'gain': 0.1, 'decay': 1}]}, ['stages', 0, 'gain'], 0, 1, 'noise stage gain', step=0.001)
bounds(S, V, part | {'stages': [{'kind': 'noise', 'seed': 1, 'gain': 0.1, 'decay': 1}]}, ['stages', 0, 'decay'], 0, 200, 'noise stage decay', step=0.01)
add(S, V, part | {'stages': [{'kind': 'noise', 'seed': -1, 'gain': 0.1, 'decay': 1}]}, None, None, False, 'seed: must be an integer', note='negative noise seed')
add(S, V, part | {'stages': [{'kind': 'soft-clip', 'drive': 1, 'frequency': 3}]}, None, None, False, 'frequency: is not a known field', note='pole key on a clip stage')
add(S, V, part | {'stages': [{'kind': 'fold', 'drive': 1}]}, None, None, False, 'kind: must be one of', note='unknown stage')
for c in ['linear', 'sine-squared']:
    add(S, V, part, ['amplitude', 'attackCurve'], c, True, note=f'{c} attack')
add(S, V, part, ['amplitude', 'attackCurve'], 'cubic', False, 'attackCurve: must be one of', note='unknown attack curve')
bounds(S, V, part, ['amplitude', 'gain'], 0, 1, 'amplitude gain', step=0.001)
bounds(S, V, part, ['amplitude', 'attack'], 0, 1, 'attack', step=0.001)
bounds(S, V, part, ['amplitude', 'fadeOut'], 0, 1, 'fadeOut', step=0.001)
bounds(S, V, part, ['amplitude', 'decay'], 0, 200, 'amplitude decay', step=0.01)
pr = copy.deepcopy(part); pr['amplitude']['release'] = {'at': 0.5, 'time': 0.2}
add(S, V, pr, None, None, True, note='release')
bounds(S, V, pr, ['amplitude', 'release', 'at'], 0, 1, 'release at', step=0.001)
bounds(S, V, pr, ['amplitude', 'release', 'time'], 0.001, 12, 'release time', step=0.0001)
add(S, V, part, ['amplitude', 'fadeOut'], 'DELETE', False, 'fadeOut: is required', note='amplitude without fadeOut')
pe = part | {'echoes': [{'time': 0.2, 'gain': 0.3}]}
add(S, V, pe, None, None, True, note='echo')
bounds(S, V, pe, ['echoes', 0, 'time'], 0.001, 2, 'echo time', step=0.0001)
bounds(S, V, pe, ['echoes', 0, 'gain'], 0, 1, 'echo gain', step=0.001)
add(S, V, part | {'echoes': [{'time': 0.2, 'gain': 0.1}] * 8}, None, None, True, note='8 echoes')
add(S, V, part | {'echoes': [{'time': 0.2, 'gain': 0.1}] * 9}, None, None, False, 'echoes: must have 0–8 items', note='9 echoes')
bounds(S, V, part, ['tailFade'], 0, 1, 'tailFade', step=0.001)
add(S, V, part, ['kind'], 'noise', False, 'kind: must be one of', note='wrong kind')

for name, items in cases.items():
    with open(f'testdata/conformance/{name}.json', 'w') as f:
        json.dump(items, f, indent=1, ensure_ascii=False)
        f.write('\n')
    print(name, len(items))
