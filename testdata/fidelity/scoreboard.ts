/**
 * Scoreboard: two team names and two scores, shown as world text above the board and as a
 * sprite. Participants add points; the editor renames the teams and resets the match.
 *
 * Capabilities: text fields submitted by an ordinary button, confirm, worldText,
 * worldTextRange, a sprite with text shapes.
 *
 * Open values: world text and view description with "\n" (plain text with line breaks), a
 * fractional worldTextRange of 6.5 cells, a sprite fill "#123" and text color "#fff" (three-digit
 * hex).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError } from '@scape/sdk';

interface ScoreState {
  home: number;
  away: number;
  homeName: string;
  awayName: string;
}

const teamName = (v: unknown): v is string =>
  typeof v === 'string' && v.trim() === v && v.length >= 1 && v.length <= 24 && !/[\u0000-\u001f]/.test(v);
const score = (v: unknown) => Number.isSafeInteger(v) && Number(v) >= 0 && Number(v) <= 999;

export const scoreboard = defineObject<ScoreState>({
  type: 'league.scoreboard',
  version: 1,
  emoji: '🏟️',
  label: 'Scoreboard',
  hint: 'add a point for either side',
  initial: () => ({ home: 0, away: 0, homeName: 'Harbour', awayName: 'Hilltop' }),
  valid: (s): s is ScoreState =>
    record(s) &&
    exactKeys(s, ['home', 'away', 'homeName', 'awayName']) &&
    score(s.home) &&
    score(s.away) &&
    teamName(s.homeName) &&
    teamName(s.awayName),
  actions: {
    home: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        if (s.home >= 999) throw new ObjectActionError(409, 'That is enough goals.');
        return { ...s, home: s.home + 1 };
      },
    },
    away: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        if (s.away >= 999) throw new ObjectActionError(409, 'That is enough goals.');
        return { ...s, away: s.away + 1 };
      },
    },
    rename: {
      permission: 'editor',
      run: (s, p) => {
        requirePayload(p, ['homeName', 'awayName']);
        const homeName = typeof p.homeName === 'string' ? p.homeName.trim() : '';
        const awayName = typeof p.awayName === 'string' ? p.awayName.trim() : '';
        if (!teamName(homeName) || !teamName(awayName)) throw new ObjectActionError(400, 'Name both teams (up to 24 characters).');
        return { ...s, homeName, awayName };
      },
    },
    reset: {
      permission: 'editor',
      run: (s, p) => {
        requirePayload(p, []);
        return { ...s, home: 0, away: 0 };
      },
    },
  },
  worldText: (s) => `${s.homeName} ${s.home}\n${s.awayName} ${s.away}`,
  worldTextRange: 6.5,
  view: (s, viewer) => ({
    title: `${s.homeName} ${s.home} – ${s.away} ${s.awayName}`,
    description: 'Tap a team to add a point.\nThe editor can rename the teams and reset the match.',
    fields: viewer.canEdit
      ? [
          { id: 'homeName', label: 'Home team', value: s.homeName, maxLength: 24 },
          { id: 'awayName', label: 'Away team', value: s.awayName, maxLength: 24 },
        ]
      : [],
    controls: [
      { id: 'home', label: `+1 ${s.homeName}`, action: { name: 'home', payload: {} } },
      { id: 'away', label: `+1 ${s.awayName}`, action: { name: 'away', payload: {} } },
      ...(viewer.canEdit
        ? [
            { id: 'rename', label: 'Save names', fields: ['homeName', 'awayName'], action: { name: 'rename', payload: {} } },
            { id: 'reset', label: 'Reset match', confirm: 'Set both scores back to zero?', action: { name: 'reset', payload: {} } },
          ]
        : []),
    ],
  }),
  sprite: (s) => ({
    size: 64,
    layers: [
      { id: 'board', shapes: [{ kind: 'rect', x: 2, y: 12, width: 60, height: 40, radius: 4, fill: '#123' }] },
      {
        id: 'digits',
        shapes: [
          { kind: 'text', x: 16, y: 38, text: String(s.home), size: 18, weight: 600, color: '#fff' },
          { kind: 'text', x: 44, y: 38, text: String(s.away), size: 18, weight: 600, color: '#fff' },
        ],
      },
    ],
  }),
});

export default defineProject({ objects: [scoreboard] });
