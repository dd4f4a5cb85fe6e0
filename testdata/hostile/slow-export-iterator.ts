// attack: Array.prototype[Symbol.iterator] replaced by one that loops for ever when no JavaScript caller is on the stack, i.e. when Go reads the toolchain's results (ExportTo) outside every guarded call; the worker's budget for the whole validation, not a call's deadline, is what ends it (until the engine copies results inside the guard)
// expect: build=timeout|valid|thrown|rule test=valid|thrown|timeout host=timeout|valid|thrown|rule
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

const iterate = Array.prototype[Symbol.iterator];
try {
  Object.defineProperty(Array.prototype, Symbol.iterator, {
    configurable: true,
    writable: true,
    value: function (this: unknown[]) {
      const frames = (new Error().stack ?? '').split('\n').filter((l) => l.includes('at ')).length;
      if (frames <= 1) for (;;);
      return iterate.call(this);
    },
  });
} catch {
  // built-ins frozen: nothing to hook
}

export default defineObject<State>({
  type: 'hostile.slow-export-iterator', version: 1, emoji: '🪝', label: 'Export hook', hint: 'a hostile bundle',
  initial: () => ({ on: false }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Export hook', description: '', controls: [] }),
});
