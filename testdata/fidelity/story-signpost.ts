/**
 * Story signpost: a choose-your-own-adventure. The story is a tree kept in the instance's state
 * (so a later version can let editors rewrite it); each choice moves the reader one level down.
 * The tree is nested fifteen containers deep, under the stated JSON depth of 16.
 *
 * Capabilities: nested JSON state (objects within arrays within objects), controls generated
 * from state, an editor reset.
 *
 * Open values: none beyond the stated limits (state nested 15 levels deep).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError } from '@scape/sdk';

interface StoryNode {
  text: string;
  options: { label: string; next: StoryNode }[];
}
interface StoryState {
  story: StoryNode;
  path: number[];
}

const end = (text: string): StoryNode => ({ text, options: [] });
const STORY: StoryNode = {
  text: 'You stand at a crossroads in the forest.',
  options: [
    {
      label: 'Follow the river',
      next: {
        text: 'The river leads to an old mill.',
        options: [
          {
            label: 'Knock on the door',
            next: {
              text: 'A miller invites you in for bread.',
              options: [{ label: 'Stay the night', next: { text: 'You wake to birdsong.', options: [{ label: 'Walk home', next: end('The end: home, well rested.') }] } }],
            },
          },
        ],
      },
    },
    { label: 'Climb the hill', next: end('The end: a fine view and sore legs.') },
  ],
};

const node = (v: unknown, depth: number): boolean =>
  depth < 8 &&
  record(v) &&
  exactKeys(v, ['text', 'options']) &&
  typeof v.text === 'string' &&
  v.text.length <= 120 &&
  Array.isArray(v.options) &&
  v.options.length <= 3 &&
  v.options.every((o) => record(o) && exactKeys(o, ['label', 'next']) && typeof o.label === 'string' && o.label.length <= 40 && node(o.next, depth + 1));

const walk = (s: StoryState): StoryNode => s.path.reduce((n, i) => n.options[i].next, s.story);

export const storySignpost = defineObject<StoryState>({
  type: 'forest.story-signpost',
  version: 1,
  emoji: '🧭',
  label: 'Story signpost',
  hint: 'choose your own adventure',
  initial: () => ({ story: STORY, path: [] }),
  valid: (s): s is StoryState => {
    if (!record(s) || !exactKeys(s, ['story', 'path']) || !node(s.story, 0) || !Array.isArray(s.path)) return false;
    let at = s.story as unknown as StoryNode;
    for (const i of s.path) {
      if (!Number.isInteger(i) || i < 0 || i >= at.options.length) return false;
      at = at.options[i].next;
    }
    return true;
  },
  actions: {
    choose: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, ['option']);
        const at = walk(s);
        const option = Number(p.option);
        if (!Number.isInteger(option) || option < 0 || option >= at.options.length) throw new ObjectActionError(400, 'Choose one of the paths.');
        return { ...s, path: [...s.path, option] };
      },
    },
    restart: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        return { ...s, path: [] };
      },
    },
  },
  view: (s) => {
    const at = walk(s);
    return {
      title: 'Story signpost',
      description: at.text,
      controls: [
        ...at.options.map((o, i) => ({ id: `option-${i}`, label: o.label, action: { name: 'choose', payload: { option: i } } })),
        { id: 'restart', label: 'Start again', disabled: s.path.length === 0, action: { name: 'restart', payload: {} } },
      ],
    };
  },
});

export default defineProject({ objects: [storySignpost] });
