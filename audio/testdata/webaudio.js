// Renders a synth recipe (the subset Web Audio has: oscillator waves, envelopes, fades, voice
// filters, pan, effect filters and delays) with Chromium's OfflineAudioContext at 48 kHz.
// Used by chromium_test.go; returns {channels, data: base64 float32 LE, channel after channel}.
async function renderWebAudio(recipe) {
  const rate = 48000;
  const frames = Math.floor(recipe.duration * rate + 0.5);
  const stereo = recipe.voices.some((v) => v.pan !== undefined);
  const ctx = new OfflineAudioContext(stereo ? 2 : 1, frames, rate);
  const schedule = (param, env, start, fallback) => {
    if (env === undefined) env = fallback;
    if (typeof env === 'number') {
      param.setValueAtTime(env, 0);
      return;
    }
    param.setValueAtTime(env[0].value, 0);
    param.setValueAtTime(env[0].value, start + env[0].time);
    for (let i = 1; i < env.length; i++) {
      const p = env[i];
      const t = start + p.time;
      if (p.curve === 'exponential') param.exponentialRampToValueAtTime(p.value, t);
      else if (p.curve === 'step') param.setValueAtTime(p.value, t);
      else param.linearRampToValueAtTime(p.value, t);
    }
  };
  const bus = ctx.createGain();
  for (const v of recipe.voices) {
    const osc = ctx.createOscillator();
    osc.type = v.wave;
    schedule(osc.frequency, v.frequency, v.start, 440);
    const gain = ctx.createGain();
    schedule(gain.gain, v.gain, v.start, 0);
    const fade = ctx.createGain();
    let fadeIn = 0;
    let fadeOut = 0;
    if (v.fade) [fadeIn, fadeOut] = v.fade;
    else if (typeof v.gain === 'number') fadeIn = fadeOut = Math.min(0.005, v.duration / 2);
    const end = v.start + v.duration;
    fade.gain.setValueAtTime(fadeIn > 0 ? 0 : 1, v.start);
    if (fadeIn > 0) fade.gain.linearRampToValueAtTime(1, v.start + fadeIn);
    if (fadeOut > 0) {
      fade.gain.setValueAtTime(1, end - fadeOut);
      fade.gain.linearRampToValueAtTime(0, end);
    }
    osc.connect(gain).connect(fade);
    let node = fade;
    if (v.filter) {
      const f = ctx.createBiquadFilter();
      f.type = v.filter.type;
      f.frequency.value = v.filter.frequency;
      f.Q.value = v.filter.q;
      node.connect(f);
      node = f;
    }
    if (v.pan !== undefined) {
      const p = ctx.createStereoPanner();
      p.pan.value = v.pan;
      node.connect(p);
      node = p;
    }
    node.connect(bus);
    osc.start(v.start);
    osc.stop(end);
  }
  let node = bus;
  for (const e of recipe.effects ?? []) {
    if (e.type === 'delay') {
      const out = ctx.createGain();
      const dry = ctx.createGain();
      dry.gain.value = e.parallel ? 1 : 1 - e.mix;
      const delay = ctx.createDelay(2);
      delay.delayTime.value = e.time;
      const feedback = ctx.createGain();
      feedback.gain.value = e.feedback;
      const wet = ctx.createGain();
      wet.gain.value = e.mix;
      node.connect(dry).connect(out);
      node.connect(delay);
      delay.connect(feedback).connect(delay);
      delay.connect(wet).connect(out);
      node = out;
    } else {
      const f = ctx.createBiquadFilter();
      f.type = e.type;
      f.frequency.value = e.frequency;
      f.Q.value = e.q;
      node.connect(f);
      node = f;
    }
  }
  node.connect(ctx.destination);
  const buffer = await ctx.startRendering();
  const all = new Float32Array(buffer.length * buffer.numberOfChannels);
  for (let c = 0; c < buffer.numberOfChannels; c++) all.set(buffer.getChannelData(c), c * buffer.length);
  const bytes = new Uint8Array(all.buffer);
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return { channels: buffer.numberOfChannels, data: btoa(text) };
}
