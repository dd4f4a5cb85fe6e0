// hostile: Author code that keeps every call under the 2 s deadline but takes long in all: the top
// hostile: level spins 1.8 s, initial() 1.8 s (it runs in the catalog check and again when the
// hostile: effects are resolved). Each call is within its deadline; the third passes the 5 s budget
// hostile: for all author code of one validation.
// outcome: refused once the budget is spent: a timeout naming the callback that was running and the
// outcome: budget; no build or upload waits longer than the budget for author code.
// verdict: error timeout - time budget of 5s for the whole build
import { defineObject, defineProject } from '@scape/sdk';

const spin = (ms: number): void => {
  const end = Date.now() + ms;
  while (Date.now() < end) {}
};
spin(1800);

export default defineProject({
  objects: [
    defineObject({
      type: 'slow.lamp', version: 1, emoji: '🐌', label: 'Slow', hint: 'slow in all',
      initial: () => { spin(1800); return { on: true }; },
      valid: () => true,
      actions: {},
    }),
  ],
});
