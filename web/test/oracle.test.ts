import { describe, expect, it } from 'vitest';
import { finePrint, hintOf, reportFits, tagColour, tagLabel, type OracleMove } from '../src/oracle';
import { boardMove, move, stackedCells, view } from './fixtures';

const line = (token: string, extra: Partial<OracleMove> = {}): OracleMove => ({
  token,
  notation: token,
  score: 0.25,
  depth: 4,
  tag: 'eval',
  mate_in: null,
  line: [token],
  ...extra,
});

describe('the Oracle panel', () => {
  it('labels and colours every tag as the spec says', () => {
    expect([tagLabel(line('a', { tag: 'mate', mate_in: 2 })), tagColour('mate')]).toEqual(['Mate in 2', 'green']);
    expect([tagLabel(line('a', { tag: 'mated', mate_in: 3 })), tagColour('mated')]).toEqual(['Mated in 3', 'red']);
    expect([tagLabel(line('a', { score: 1.26 })), tagColour('eval')]).toEqual(['+1.3', 'amber']);
    expect(tagLabel(line('a', { score: -0.5 }))).toBe('-0.5');
    expect(tagLabel(line('a', { score: 0 }))).toBe('0.0');
    expect([tagLabel(line('a', { tag: 'draw-repetition' })), tagColour('draw-repetition')]).toEqual(['Draw (repetition)', 'grey']);
    expect([tagLabel(line('a', { tag: 'allows-repetition' })), tagColour('allows-repetition')]).toEqual([
      'Allows draw (repetition)',
      'grey',
    ]);
  });

  it('says how deep it looked against the look-ahead setting', () => {
    const r = { moves: [line('a', { depth: 5 }), line('b', { depth: 2 })], done: true };
    expect(finePrint(r, 3)).toBe('Looked 5 moves ahead at most (look-ahead setting 3), 2 moves weighed.');
    expect(finePrint({ ...r, done: false }, 'max')).toMatch(/^Looking 5 moves ahead at most \(look-ahead setting Max\)/);
  });

  it('drops a report whose moves are not legal now (the previous turn)', () => {
    const v = view('stacked', stackedCells(), { Be2: 'P' }, { legal_moves: [move('Be2', 'Me3')] });
    expect(reportFits(v, { moves: [line('Be2Me3')], done: false })).toBe(true);
    expect(reportFits(v, { moves: [line('Be2Me3'), line('Bd2Md3')], done: false })).toBe(false);
  });

  it('shows a piece move (from, to, captured) or an attack-board move', () => {
    const capture = move('Be2', 'Bd3', { capture: true, captured_square: 'Bd3' });
    const v = view('stacked', stackedCells(), { Be2: 'P', Bd3: 'p' }, { legal_moves: [move('Be2', 'Me3'), capture] });
    expect(hintOf(v, 'Be2Me3')).toEqual({ from: 'Be2', to: 'Me3', captured: null, board: null, boardTo: null });
    expect(hintOf(v, capture.token)?.captured).toBe('Bd3');
    expect(hintOf(v, 'nonsense')).toBeNull();
    const b = boardMove('WQL', 'b4(1)');
    const t = view('trid', [], {}, { legal_moves: [b] });
    expect(hintOf(t, b.token)).toEqual({ from: null, to: null, captured: null, board: 'WQL', boardTo: 'b4(1)' });
  });
});
