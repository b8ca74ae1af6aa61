import { describe, expect, it } from 'vitest';
import { acceptsMoveAnswer, canTakeBack, computerToMove, keepsSelection } from '../src/state';
import { move, stackedCells, view } from './fixtures';

const base = view('stacked', stackedCells(), { Be2: 'P' }, { legal_moves: [move('Be2', 'Me3')] });

describe('taking in new states', () => {
  it('keeps a picked piece across a refresh of the same position (views switched, socket reconnected)', () => {
    expect(keepsSelection(base, { ...base })).toBe(true);
  });
  it('drops it when a move was played, a move taken back, or the turn passed', () => {
    expect(keepsSelection(base, { ...base, ply: 1 })).toBe(false);
    expect(keepsSelection(base, { ...base, position: 'other' })).toBe(false);
    expect(keepsSelection(base, { ...base, legal_moves: [] })).toBe(false);
    expect(keepsSelection(null, base)).toBe(false);
  });
  it("ignores a move's answer older than the socket's state", () => {
    const afterReply = { ...base, ply: 2 };
    expect(acceptsMoveAnswer(afterReply, { ...base, ply: 1 })).toBe(false);
    expect(acceptsMoveAnswer(base, { ...base, ply: 1 })).toBe(true);
    expect(acceptsMoveAnswer(null, base)).toBe(true);
  });
  it('waits for the computer while its host says it thinks', () => {
    expect(computerToMove(base)).toBe(false);
    // The host's word, not the turn: the table decides who is to move.
    expect(computerToMove({ ...base, turn: 'black' })).toBe(false);
    expect(computerToMove({ ...base, computer_thinking: true })).toBe(true);
    expect(computerToMove({ ...base, computer_thinking: true, status: 'over' })).toBe(false);
  });
});

describe('take back', () => {
  const played = (n: number, extra: Partial<typeof base> = {}) => ({
    ...base,
    history: Array.from({ length: n }, (_, i) => ({
      ...move('a', 'b'),
      number: 1 + Math.floor(i / 2),
      side: i % 2 === 0 ? ('white' as const) : ('black' as const),
      eval: null,
      eval_source: null,
      eval_depth: null,
    })),
    ply: n,
    turn: n % 2 === 0 ? ('white' as const) : ('black' as const),
    fullmove: 1 + Math.floor(n / 2),
    ...extra,
  });
  it('needs a move of the player in the game', () => {
    expect(canTakeBack(played(0))).toBe(false);
    expect(canTakeBack(played(1))).toBe(true);
    // Black against the computer: the computer's first move is not the player's.
    expect(canTakeBack(played(1, { human: 'black' }))).toBe(false);
    expect(canTakeBack(played(2, { human: 'black' }))).toBe(true);
    expect(canTakeBack(played(1, { mode: 'local' }))).toBe(true);
    expect(canTakeBack(played(0, { mode: 'local' }))).toBe(false);
  });
  it('refuses after resignation, agreement or time, but not after checkmate', () => {
    const over = (reason: string) => played(3, { status: 'over', result: { winner: 'white', reason, text: '1-0', description: `White wins by ${reason}` } });
    expect(canTakeBack(over('resignation'))).toBe(false);
    expect(canTakeBack(over('agreement'))).toBe(false);
    expect(canTakeBack(over('time'))).toBe(false);
    expect(canTakeBack(over('checkmate'))).toBe(true);
  });
});
