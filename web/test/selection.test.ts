import { describe, expect, it } from 'vitest';
import { computeMarks } from '../src/marks';
import { canCancel, IDLE, movableBoards, step, type Selection, type SelectionEvent } from '../src/selection';
import { boardMove, fourfoldCells, move, stackedCells, tridCells, view } from './fixtures';

const tap = (square: string): SelectionEvent => ({ type: 'tap', square });

function stackedGame() {
  return view('stacked', stackedCells(), { Be2: 'P', Bg1: 'N', Bh2: 'P', Te7: 'p', Me4: 'p' }, {
    legal_moves: [
      move('Be2', 'Me3'),
      move('Be2', 'Me4', { capture: true }),
      move('Bg1', 'Mf3', { piece: 'N' }),
      move('Bg1', 'Mh3', { piece: 'N' }),
    ],
  });
}

describe('picking up and moving (visualizer on)', () => {
  const v = stackedGame();
  it('picks up an own piece with legal moves and marks its targets', () => {
    const out = step(v, true, IDLE, tap('Be2'));
    expect(out.selection).toEqual({ kind: 'piece', square: 'Be2' });
    const marks = computeMarks(v, out.selection, true);
    expect([...marks.targets.keys()].sort()).toEqual(['Me3', 'Me4']);
    expect(marks.targets.get('Me4')).toEqual({ capture: true });
    expect(marks.lifted).toBe('Be2');
  });
  it('sends the move token when the target is tapped', () => {
    const out = step(v, true, { kind: 'piece', square: 'Bg1' }, tap('Mf3'));
    expect(out.move).toBe('Bg1Mf3');
    expect(out.selection).toEqual(IDLE);
  });
  it('puts the piece back when it is tapped again', () => {
    expect(step(v, true, { kind: 'piece', square: 'Be2' }, tap('Be2')).selection).toEqual(IDLE);
  });
  it('switches to another own piece', () => {
    expect(step(v, true, { kind: 'piece', square: 'Be2' }, tap('Bg1')).selection).toEqual({ kind: 'piece', square: 'Bg1' });
  });
  it('refuses a piece without legal moves, with a message', () => {
    const out = step(v, true, IDLE, tap('Bh2'));
    expect(out.selection).toEqual(IDLE);
    expect(out.message).toMatch(/no legal move/);
  });
  it('ignores enemy pieces and empty squares when nothing is picked', () => {
    expect(step(v, true, IDLE, tap('Te7')).selection).toEqual(IDLE);
    expect(step(v, true, IDLE, tap('Ma1')).selection).toEqual(IDLE);
  });
  it('keeps the piece and explains when the target is not reachable', () => {
    const out = step(v, true, { kind: 'piece', square: 'Be2' }, tap('Ta1'));
    expect(out.selection).toEqual({ kind: 'piece', square: 'Be2' });
    expect(out.message).toBeTruthy();
    expect(out.move).toBeUndefined();
  });
  it('does nothing while the computer is to move', () => {
    const waiting = { ...v, legal_moves: [] };
    const out = step(waiting, true, IDLE, tap('Be2'));
    expect(out.selection).toEqual(IDLE);
    expect(out.move).toBeUndefined();
  });
});

describe('touch-move (visualizer off)', () => {
  const v = stackedGame();
  const picked: Selection = { kind: 'piece', square: 'Be2' };
  it('marks nothing', () => {
    expect(computeMarks(v, picked, false).targets.size).toBe(0);
  });
  it('refuses to put the piece back or take another', () => {
    const back = step(v, false, picked, tap('Be2'));
    expect(back.selection).toEqual(picked);
    expect(back.message).toMatch(/Touch-move/);
    const other = step(v, false, picked, tap('Bg1'));
    expect(other.selection).toEqual(picked);
    expect(other.message).toMatch(/Touch-move/);
    expect(canCancel(picked, false)).toBe(false);
    expect(step(v, false, picked, { type: 'cancel' }).selection).toEqual(picked);
  });
  it('refuses to pick up a piece that has no legal move, so another may be chosen', () => {
    const out = step(v, false, IDLE, tap('Bh2'));
    expect(out.selection).toEqual(IDLE);
    expect(out.message).toMatch(/no legal move; choose another/);
    expect(step(v, false, out.selection, tap('Be2')).selection).toEqual(picked);
  });
  it('still moves the picked piece', () => {
    expect(step(v, false, picked, tap('Me3')).move).toBe('Be2Me3');
  });
});

describe('promotion', () => {
  const promos = ['q', 'r', 'b', 'n'].map((p) => move('Md7', 'Md8', { promotion: p }));
  const v = view('stacked', stackedCells(), { Md7: 'P' }, { legal_moves: promos });
  it('asks which piece when several moves share the target', () => {
    const out = step(v, true, { kind: 'piece', square: 'Md7' }, tap('Md8'));
    expect(out.selection.kind).toBe('choose');
    expect(out.move).toBeUndefined();
    const chosen = step(v, true, out.selection, { type: 'choose', token: 'Md7Md8n' });
    expect(chosen.move).toBe('Md7Md8n');
  });
  it('cancelling the chooser keeps the piece picked up', () => {
    const out = step(v, false, { kind: 'choose', square: 'Md7', to: 'Md8', options: promos }, { type: 'cancel' });
    expect(out.selection).toEqual({ kind: 'piece', square: 'Md7' });
  });
  it('Fourfold promotes without asking (one move, token ends in q)', () => {
    const f = view('fourfold', fourfoldCells(), { 'c3@00': 'P' }, { legal_moves: [move('c3@00', 'c4@00', { promotion: 'q' })] });
    const out = step(f, true, { kind: 'piece', square: 'c3@00' }, tap('c4@00'));
    expect(out.move).toBe('c3@00c4@00q');
  });
});

describe('Tri-D attack-board flow', () => {
  const v = view('trid', tridCells(), { 'b2(2)': 'P', 'a1(3)': 'P' }, {
    legal_moves: [
      move('b2(2)', 'b3(2)'),
      boardMove('WQL', 'b3(5)'),
      boardMove('WQL', 'b3(3)'),
      boardMove('WQL', 'b1(1)'),
      boardMove('WQL', 'b4(1)', { token: 'WQL>b4(1)q', promotion: 'q' }),
      boardMove('WQL', 'b4(1)', { token: 'WQL>b4(1)n', promotion: 'n' }),
    ],
  });
  it('offers the button only when a board move is legal', () => {
    expect(movableBoards(v)).toEqual(['WQL']);
    const none = { ...v, legal_moves: v.legal_moves.filter((m) => m.mover === 'piece') };
    expect(movableBoards(none)).toEqual([]);
    expect(step(none, true, IDLE, { type: 'board-button' }).selection).toEqual(IDLE);
  });
  it('button, tap on the board, destination: sends the board move', () => {
    let s = step(v, true, IDLE, { type: 'board-button' }).selection;
    expect(s).toEqual({ kind: 'board-pick' });
    expect([...computeMarks(v, s, true).boards]).toEqual(['WQL']);
    s = step(v, true, s, tap('a0(3)')).selection;
    expect(s).toEqual({ kind: 'board', board: 'WQL' });
    expect(computeMarks(v, s, true).boardTargets.sort()).toEqual(['b1(1)', 'b3(3)', 'b3(5)', 'b4(1)']);
    expect(computeMarks(v, s, false).boardTargets).toEqual([]);
    const out = step(v, true, s, { type: 'board-destination', to: 'b3(5)' });
    expect(out.move).toBe('WQL>b3(5)');
  });
  it('a tap on a main-board square does not pick a board', () => {
    const out = step(v, true, { kind: 'board-pick' }, tap('c2(2)'));
    expect(out.selection).toEqual({ kind: 'board-pick' });
    expect(out.message).toBeTruthy();
  });
  it('asks when a destination has several moves (a carried pawn promotes)', () => {
    const out = step(v, true, { kind: 'board', board: 'WQL' }, { type: 'board-destination', to: 'b4(1)' });
    expect(out.selection.kind).toBe('board-choose');
    expect(step(v, true, out.selection, { type: 'choose', token: 'WQL>b4(1)n' }).move).toBe('WQL>b4(1)n');
  });
  it('a move chosen from the list is sent directly', () => {
    expect(step(v, true, { kind: 'board', board: 'WQL' }, { type: 'choose', token: 'WQL>b1(1)' }).move).toBe('WQL>b1(1)');
  });
  it('Cancel backs out, except under touch-move once the board is picked', () => {
    expect(step(v, true, { kind: 'board', board: 'WQL' }, { type: 'cancel' }).selection).toEqual(IDLE);
    expect(step(v, false, { kind: 'board-pick' }, { type: 'cancel' }).selection).toEqual(IDLE);
    const stuck = step(v, false, { kind: 'board', board: 'WQL' }, { type: 'cancel' });
    expect(stuck.selection).toEqual({ kind: 'board', board: 'WQL' });
    expect(stuck.message).toMatch(/Touch-move/);
  });
  it('under touch-move a picked piece cannot switch to a board move', () => {
    const out = step(v, false, { kind: 'piece', square: 'b2(2)' }, { type: 'board-button' });
    expect(out.selection).toEqual({ kind: 'piece', square: 'b2(2)' });
  });
});

describe('marks', () => {
  it('outlines the last move and the checked king', () => {
    const v = view('stacked', stackedCells(), { Be1: 'K' }, { last_move: { from: 'Bd2', to: 'Md3' }, checked_kings: ['Be1'] });
    const m = computeMarks(v, IDLE, true);
    expect([...m.lastMove].sort()).toEqual(['Bd2', 'Md3']);
    expect([...m.checked]).toEqual(['Be1']);
  });
  it('skips last-move names that are not squares (an attack-board move)', () => {
    const v = view('trid', tridCells(), {}, { last_move: { from: 'WQL', to: 'b3(5)' } });
    expect([...computeMarks(v, IDLE, true).lastMove]).toEqual([]);
  });
});
