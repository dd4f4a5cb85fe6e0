/**
 * Emoji zoo: statues for a themed park, one per definition, each with an emoji built the way
 * modern emoji are: ZWJ sequences, a skin-tone modifier, a regional-indicator flag and a keycap.
 * Each statue waves (a small impulse) when tapped.
 *
 * Capabilities: several definitions with unique emojis, tap interactions, react impulses.
 *
 * Open values: emojis "🧑‍🚀", "👩🏽‍🍳", "🐻‍❄️", "🏳️‍🌈", "🇳🇴", "#️⃣" and "👨‍👩‍👧‍👦" (the docs ask only that emojis
 * be unique and not reserved).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload } from '@scape/sdk';

const statue = (type: string, emoji: string, label: string) =>
  defineObject<{ waves: number }>({
    type: `emoji-zoo.${type}`,
    version: 1,
    emoji,
    label,
    hint: 'tap to wave',
    initial: () => ({ waves: 0 }),
    valid: (s): s is { waves: number } => record(s) && exactKeys(s, ['waves']) && Number.isSafeInteger(s.waves) && Number(s.waves) >= 0,
    actions: {
      wave: {
        permission: 'participant',
        run: (s, p) => {
          requirePayload(p, []);
          return { waves: s.waves + 1 };
        },
      },
    },
    interaction: { tap: { name: 'wave', payload: {} } },
    react: () => ({ feedback: { durationMs: 400, impulse: { scale: 1.1, rotation: 0.2 } } }),
  });

export default defineProject({
  objects: [
    statue('astronaut', '🧑‍🚀', 'Astronaut'),
    statue('chef', '👩🏽‍🍳', 'Chef'),
    statue('polar-bear', '🐻‍❄️', 'Polar bear'),
    statue('pride-flag', '🏳️‍🌈', 'Pride flag'),
    statue('norway', '🇳🇴', 'Flag of Norway'),
    statue('hash', '#️⃣', 'Hash key'),
    statue('family', '👨‍👩‍👧‍👦', 'Family'),
  ],
});
