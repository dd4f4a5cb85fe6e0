/**
 * Heartbeat monitor: a hospital-drama prop. Press Start and it beeps along with fifteen
 * heartbeats, each a "lub" and a "dub": 30 play commands in one timeline. The pulse rate shows
 * in world text.
 *
 * Capabilities: an audio timeline with many commands, worldText, a sprite with a trace.
 *
 * Open values: 30 play commands in one timeline.
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, type GizmoAudioCommand } from '@scape/sdk';

interface MonitorState {
  bpm: number;
  startedAt: number;
}

export const heartbeatMonitor = defineObject<MonitorState>({
  type: 'hospital.heartbeat-monitor',
  version: 1,
  emoji: '🫀',
  label: 'Heartbeat monitor',
  hint: 'start it to hear the heartbeat',
  initial: () => ({ bpm: 72, startedAt: 0 }),
  valid: (s): s is MonitorState =>
    record(s) && exactKeys(s, ['bpm', 'startedAt']) && Number.isInteger(s.bpm) && Number(s.bpm) >= 40 && Number(s.bpm) <= 180 && Number.isSafeInteger(s.startedAt) && Number(s.startedAt) >= 0,
  actions: {
    start: {
      permission: 'participant',
      run: (s, p, context) => {
        requirePayload(p, []);
        return { ...s, startedAt: context.now };
      },
    },
    faster: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        return { ...s, bpm: Math.min(180, s.bpm + 12) };
      },
    },
    slower: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        return { ...s, bpm: Math.max(40, s.bpm - 12) };
      },
    },
  },
  view: (s) => ({
    title: `${s.bpm} BPM`,
    description: 'Fifteen beats per start.',
    controls: [
      { id: 'start', label: 'Start', placement: 'action', action: { name: 'start', payload: {} } },
      { id: 'faster', label: 'Faster', disabled: s.bpm >= 180, action: { name: 'faster', payload: {} } },
      { id: 'slower', label: 'Slower', disabled: s.bpm <= 40, action: { name: 'slower', payload: {} } },
    ],
  }),
  worldText: (s) => `♥ ${s.bpm}`,
  sounds: {
    lub: { kind: 'synth', duration: 0.15, voices: [{ wave: 'sine', start: 0, duration: 0.12, frequency: 60, gain: [{ time: 0, value: 0.5 }, { time: 0.12, value: 0 }] }] },
    dub: { kind: 'synth', duration: 0.12, voices: [{ wave: 'sine', start: 0, duration: 0.1, frequency: 80, gain: [{ time: 0, value: 0.35 }, { time: 0.1, value: 0 }] }] },
  },
  audio: (s) => {
    const beat = 60000 / s.bpm;
    const commands: GizmoAudioCommand[] = [];
    for (let i = 0; i < 15; i++) {
      commands.push({ kind: 'play', voice: 'lub', sound: 'lub', delayMs: Math.round(i * beat), gain: 1, rate: 1, loop: false, rangeCells: [1, 8], stereo: 0.4 });
      commands.push({ kind: 'play', voice: 'dub', sound: 'dub', delayMs: Math.round(i * beat + 140), gain: 1, rate: 1, loop: false, rangeCells: [1, 8], stereo: 0.4 });
    }
    return { key: `beat-${s.startedAt}-${s.bpm}`, at: s.startedAt, commands };
  },
  sprite: () => ({
    size: 48,
    layers: [
      { id: 'screen', shapes: [{ kind: 'rect', x: 2, y: 8, width: 44, height: 32, radius: 3, fill: '#0b1d0b' }] },
      { id: 'trace', shapes: [{ kind: 'rect', x: 4, y: 23, width: 40, height: 2, radius: 1, fill: '#39ff14' }] },
    ],
  }),
});

export default defineProject({ objects: [heartbeatMonitor] });
