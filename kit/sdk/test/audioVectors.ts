/**
 * Statistics of rendered samples shared by the audio tests and scripts/audio-vectors.mjs: an
 * FNV-1a hash of the float32 bits (channel after channel), peak, RMS and checkpoint samples.
 * No Node APIs: this runs under goja too.
 */
import type { GizmoSoundSamples } from '../src/synthesis.js';

export interface SoundStats {
  channels: number;
  frames: number;
  hash: string;
  peak: number;
  rms: number;
  /** [channel, index, value] every 997 frames. */
  checkpoints: [number, number, number][];
}

export function soundStats(sound: GizmoSoundSamples): SoundStats {
  let hash = 0x811c9dc5;
  let peak = 0;
  let sum = 0;
  const checkpoints: [number, number, number][] = [];
  sound.samples.forEach((channel, c) => {
    const bits = new Uint32Array(channel.buffer, channel.byteOffset, channel.length);
    for (let n = 0; n < channel.length; n++) {
      const word = bits[n];
      for (let b = 0; b < 32; b += 8) {
        hash ^= (word >>> b) & 0xff;
        hash = Math.imul(hash, 0x01000193) >>> 0;
      }
      const v = channel[n];
      const a = Math.abs(v);
      if (a > peak) peak = a;
      sum += v * v;
      if (n % 997 === 0) checkpoints.push([c, n, v]);
    }
  });
  const count = sound.samples.length * (sound.samples[0]?.length ?? 0);
  return {
    channels: sound.samples.length,
    frames: sound.samples[0]?.length ?? 0,
    hash: (hash >>> 0).toString(16).padStart(8, '0'),
    peak,
    rms: count ? Math.sqrt(sum / count) : 0,
    checkpoints,
  };
}

/** Whether this is V8 (Node), where the reference vectors were rendered: its stack traces alone
 * carry `Error.captureStackTrace`. */
export function isV8(): boolean {
  return typeof (Error as unknown as { captureStackTrace?: unknown }).captureStackTrace === 'function';
}
