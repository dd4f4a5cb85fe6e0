/**
 * Poll: the editor writes a question and up to four answers; each participant picks one from a
 * dropdown and presses Vote. Votes are per player and can be changed.
 *
 * Capabilities: actor identity (context.actorId, viewer.actorId, actorId), text fields and a
 * select submitted by an ordinary button, confirm, editor and participant actions.
 *
 * Open values: a select whose value is "" (the viewer has not voted yet) while its options are
 * only the answers, as an HTML select with nothing chosen.
 */
import { actorId, defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError, type ObjectField } from '@scape/sdk';

interface PollState {
  question: string;
  answers: string[];
  votes: { voter: string; answer: number }[];
}

const line = (v: unknown, max: number): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= max && v.trim() === v && !/[\u0000-\u001f]/.test(v);

const valid = (s: unknown): s is PollState =>
  record(s) &&
  exactKeys(s, ['question', 'answers', 'votes']) &&
  line(s.question, 120) &&
  Array.isArray(s.answers) &&
  s.answers.length >= 2 &&
  s.answers.length <= 4 &&
  s.answers.every((a) => line(a, 60)) &&
  new Set(s.answers).size === s.answers.length &&
  Array.isArray(s.votes) &&
  s.votes.length <= 200 &&
  s.votes.every((v) => record(v) && exactKeys(v, ['voter', 'answer']) && actorId(v.voter) && Number.isInteger(v.answer) && Number(v.answer) >= 0 && Number(v.answer) < (s.answers as unknown[]).length) &&
  new Set(s.votes.map((v) => (v as { voter: string }).voter)).size === s.votes.length;

export const poll = defineObject<PollState>({
  type: 'town-hall.poll',
  version: 1,
  emoji: '📊',
  label: 'Poll',
  hint: 'pick an answer and vote',
  initial: () => ({ question: 'Where should the next meetup be?', answers: ['The beach', 'The library', 'The rooftop'], votes: [] }),
  valid,
  actions: {
    vote: {
      permission: 'participant',
      run: (s, p, context) => {
        requirePayload(p, ['answer']);
        const answer = s.answers.indexOf(String(p.answer));
        if (answer < 0) throw new ObjectActionError(400, 'Choose one of the answers.');
        const votes = s.votes.filter((v) => v.voter !== context.actorId);
        if (votes.length >= 200) throw new ObjectActionError(409, 'This poll is full.');
        return { ...s, votes: [...votes, { voter: context.actorId, answer }] };
      },
    },
    edit: {
      permission: 'editor',
      run: (s, p) => {
        requirePayload(p, ['question', 'a0', 'a1', 'a2', 'a3']);
        const answers = [p.a0, p.a1, p.a2, p.a3].map((a) => (typeof a === 'string' ? a.trim() : '')).filter(Boolean);
        const next = { question: typeof p.question === 'string' ? p.question.trim() : '', answers, votes: [] };
        if (!valid(next)) throw new ObjectActionError(400, 'Write a question and two to four different answers.');
        return next;
      },
    },
    clear: {
      permission: 'editor',
      run: (s, p) => {
        requirePayload(p, []);
        return { ...s, votes: [] };
      },
    },
  },
  view: (s, viewer) => {
    const mine = s.votes.find((v) => v.voter === viewer.actorId);
    const fields: ObjectField[] = [
      {
        id: 'answer',
        label: 'Your answer',
        kind: 'select',
        value: mine ? s.answers[mine.answer] : '',
        options: s.answers.map((a) => ({ value: a, label: `${a} (${s.votes.filter((v) => s.answers[v.answer] === a).length})` })),
      },
    ];
    if (viewer.canEdit) {
      fields.push({ id: 'question', label: 'Question', value: s.question, maxLength: 120 });
      for (let i = 0; i < 4; i++) fields.push({ id: `a${i}`, label: `Answer ${i + 1}`, value: s.answers[i] ?? '', maxLength: 60 });
    }
    return {
      title: s.question,
      description: `${s.votes.length} vote${s.votes.length === 1 ? '' : 's'} so far. You can change your vote.`,
      fields,
      controls: [
        { id: 'vote', label: mine ? 'Change my vote' : 'Vote', fields: ['answer'], action: { name: 'vote', payload: {} } },
        ...(viewer.canEdit
          ? [
              { id: 'edit', label: 'Save question', fields: ['question', 'a0', 'a1', 'a2', 'a3'], confirm: 'Saving a new question clears the votes. Continue?', action: { name: 'edit', payload: {} } },
              { id: 'clear', label: 'Clear votes', confirm: 'Clear every vote?', action: { name: 'clear', payload: {} } },
            ]
          : []),
      ],
    };
  },
});

export default defineProject({ objects: [poll] });
