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
  // The rule (which results are final, whose moves may go) is the table's: the view
  // names the sides that may take back, and the player holds `you`.
  it("follows the host's take_back_sides for the player's own sides", () => {
    expect(canTakeBack({ ...base, take_back_sides: [] })).toBe(false);
    expect(canTakeBack({ ...base, take_back_sides: ['white'] })).toBe(true);
    expect(canTakeBack({ ...base, take_back_sides: ['black'] })).toBe(false);
    expect(canTakeBack({ ...base, you: ['white', 'black'], take_back_sides: ['black'] })).toBe(true);
  });
  it('never lets a watcher take back', () => {
    expect(canTakeBack({ ...base, you: [], take_back_sides: ['white', 'black'] })).toBe(false);
  });
});
