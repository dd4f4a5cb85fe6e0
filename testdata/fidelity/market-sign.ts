/**
 * Market sign: a signpost whose text the editor writes in Scape's anchored text editor. The
 * text shows above the sign to players within 32 cells (the stated maximum range). The
 * default text is exactly 512 characters (the stated maximum) and has a line break after its
 * heading.
 *
 * Capabilities: textEditor (one string field, an editor action), worldText, worldTextRange.
 *
 * Open values: world text with "\n" (plain text with a line break); a text editor maxLength of
 * 512, matching the world-text limit.
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError } from '@scape/sdk';

const DEFAULT_TEXT =
  'Welcome to the Harbour Market!\nOpen every day from dawn until the lanterns are lit. Fresh fish at the north stalls, bread and cheese by the fountain, and the best noodles in town at the corner with the blue awning. Please keep the paths clear for carts, and mind the gulls: they steal. Lost something? Ask at the harbourmaster\'s hut. Buskers welcome on the steps after noon. No fireworks near the boats. Sign the guestbook by the gate and tell us where you came from. See you soon, friend! Enjoy it. Bring a hat.';

interface SignState {
  text: string;
}

const signText = (v: unknown): v is string => typeof v === 'string' && [...v].length <= 512 && v.length <= 1024;

export const marketSign = defineObject<SignState>({
  type: 'harbour.market-sign',
  version: 1,
  emoji: '📜',
  label: 'Market sign',
  hint: 'read the notice; editors can change it',
  initial: () => ({ text: DEFAULT_TEXT }),
  valid: (s): s is SignState => record(s) && exactKeys(s, ['text']) && signText(s.text),
  actions: {
    write: {
      permission: 'editor',
      run: (_s, p) => {
        requirePayload(p, ['text']);
        if (!signText(p.text)) throw new ObjectActionError(400, 'Keep the notice to 512 characters.');
        return { text: p.text };
      },
    },
  },
  textEditor: { field: 'text', action: 'write', label: 'Notice text', maxLength: 512 },
  worldText: (s) => s.text,
  worldTextRange: 32,
});

export default defineProject({ objects: [marketSign] });
