import { describe, expect, it } from 'vitest';
import { abortLine, canClaim, presenceLine, presenceState } from '../src/online';
import { stackedCells, view } from './fixtures';

const seat = { holder: 'player' as const, connected: true, gone: false };
const online = (extra: Parameters<typeof view>[3]) =>
  view('stacked', stackedCells(), {}, { mode: 'online', seats: { white: seat, black: seat }, ...extra });

describe('the time rules of online games as the page words them', () => {
  it('counts down the first move from what the server sent', () => {
    const v = online({ you: ['white'], abort_in_ms: 25_000 });
    expect(abortLine(v, 0)).toBe('Make your first move within 25 s, or the game is aborted (nobody wins or loses).');
    expect(abortLine(v, 10_400)).toMatch(/within 15 s/);
    expect(abortLine(v, 99_000)).toMatch(/within 0 s/);
    expect(abortLine({ ...v, you: ['black'] }, 0)).toMatch(/^White has to make a first move within 25 s/);
    expect(abortLine({ ...v, abort_in_ms: null }, 0)).toBeNull();
  });
  it("says whether the opponent is there, and offers the claim only when the server says they are gone", () => {
    const away = online({ you: ['white'], seats: { white: seat, black: { ...seat, connected: false } } });
    expect(presenceLine(away)).toBe('Your opponent is not connected.');
    expect(presenceState(away)).toBe('away');
    expect(presenceState(online({ you: ['white'] }))).toBe('here');
    expect(canClaim(away)).toBe(false);
    const gone = online({ you: ['white'], seats: { white: seat, black: { ...seat, connected: false, gone: true } } });
    expect(presenceLine(gone)).toBe('Your opponent has left the game.');
    expect(presenceState(gone)).toBe('gone');
    expect(canClaim(gone)).toBe(true);
    expect(canClaim({ ...gone, you: ['black'] })).toBe(false);
    expect(canClaim({ ...gone, you: [] })).toBe(false);
    expect(canClaim({ ...gone, status: 'over' })).toBe(false);
    expect(presenceLine({ ...gone, you: [] })).toBe('White is connected · Black has left the game.');
    expect(presenceLine(view('stacked', stackedCells(), {}))).toBeNull();
  });
});
