/**
 * Each actor votes once (votes are keyed by actor id); the light is 7 cells per vote, so the
 * second distinct voter makes it 14. One participant voting twice is refused.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { voters: string[] };

export default defineObject<State>({
  type: 'explore.second-voter',
  version: 1,
  emoji: '🗳',
  label: 'Ballot lamp',
  hint: '',
  initial: () => ({ voters: [] }),
  valid: (s): s is State => record(s) && exactKeys(s, ['voters']) && Array.isArray(s.voters) && s.voters.every((v) => typeof v === 'string'),
  actions: {
    vote: {
      permission: 'participant',
      run: (s, p, context) => {
        requirePayload(p, []);
        if (s.voters.includes(context.actorId)) throw new ObjectActionError(409, 'You already voted.');
        return { voters: [...s.voters, context.actorId] };
      },
    },
  },
  view: (s) => ({
    title: s.voters.length + ' votes',
    description: '',
    controls: [{ id: 'vote', label: 'Vote', action: { name: 'vote', payload: {} } }],
  }),
  lighting: (s) => ({ light: { radiusCells: s.voters.length === 0 ? 1 : 7 * s.voters.length, color: '#ffc078', intensity: 0.12, basementIntensity: 0.25, illumination: 0.7 } }),
});
