import { describe, expect, it } from 'vitest';
import { acceptsMoveAnswer, computerToMove, keepsSelection } from '../src/state';
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
  it("knows when the computer is to move", () => {
    expect(computerToMove(base)).toBe(false);
    expect(computerToMove({ ...base, turn: 'black' })).toBe(true);
    expect(computerToMove({ ...base, mode: 'local', turn: 'black' })).toBe(false);
    expect(computerToMove({ ...base, computer_thinking: true })).toBe(true);
    expect(computerToMove({ ...base, turn: 'black', status: 'over' })).toBe(false);
  });
});
