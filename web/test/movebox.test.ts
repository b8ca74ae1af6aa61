import { describe, expect, it } from 'vitest';
import type { LegalMove } from '../src/api';
import { completions, exampleMove, missReason, readMove, typingKey } from '../src/game/typing';
import { move } from './fixtures';

// Legal moves with the short forms the rules send for them (see crates/rules/src/short_form.rs).
const stacked: LegalMove[] = [
  move('Bg1', 'Mf3', { token: 'Bg1Mf3', notation: '♘Bg1–Mf3', piece: 'N', short_forms: ['NMf3', 'Nf3', 'Ng1Mf3', 'Ng1f3'] }),
  move('Bg1', 'Tf3', { token: 'Bg1Tf3', notation: '♘Bg1–Tf3', piece: 'N', short_forms: ['NTf3', 'Nf3', 'Ng1Tf3', 'Ng1f3'] }),
  move('Bb1', 'Mc3', { token: 'Bb1Mc3', notation: '♘Bb1–Mc3', piece: 'N', short_forms: ['NMc3', 'Nc3', 'Nb1Mc3', 'Nb1c3'] }),
  move('Be2', 'Me4', { token: 'Be2Me4', notation: 'Be2–Me4', short_forms: ['Me4', 'e4', 'e2Me4', 'e2e4'] }),
  move('Be2', 'Te4', { token: 'Be2Te4', notation: 'Be2–Te4', short_forms: ['Te4', 'e4', 'e2Te4', 'e2e4'] }),
];
const fourfold: LegalMove[] = [
  move('b1@00', 'c3@00', { token: 'b1@00c3@00', notation: 'Nb1@00-c3@00', piece: 'N', short_forms: ['Nc3@00', 'Nc3', 'Nb1c3@00', 'Nb1c3'] }),
  move('d1@00', 'd2@10', { token: 'd1@00d2@10', notation: 'Qd1@00-d2@10', piece: 'Q', short_forms: ['Qd2@10', 'Qd2', 'Qd1d2@10', 'Qd1d2'] }),
  move('d1@00', 'd2@01', { token: 'd1@00d2@01', notation: 'Qd1@00-d2@01', piece: 'Q', short_forms: ['Qd2@01', 'Qd2', 'Qd1d2@01', 'Qd1d2'] }),
  move('a3@11', 'b2@11', { token: 'a3@11b2@11', notation: 'a3@11xb2@11', capture: true, short_forms: ['axb2@11', 'axb2', 'a3xb2@11', 'a3xb2'] }),
  move('c3@11', 'b2@11', { token: 'c3@11b2@11', notation: 'c3@11xb2@11', capture: true, short_forms: ['cxb2@11', 'cxb2', 'c3xb2@11', 'c3xb2'] }),
];
const trid: LegalMove[] = [
  move('b1(2)', 'c3(4)', { token: 'b1(2)c3(4)', notation: '♘b1(2)–c3(4)', piece: 'N', short_forms: ['Nc3(4)', 'Nc3', 'Nb1c3(4)', 'Nb1c3'] }),
  move('e0(3)', 'f0(3)', { token: 'e0(3)f0(3)', notation: 'O-O', piece: 'K', castling: true, short_forms: ['O-O'] }),
  move('WQL', 'b4(3)', { token: 'WQL>b4(3)r', notation: 'WQL→b4(3)↻', mover: 'board', piece: null, short_forms: ['WQL->b4(3)r'] }),
];

const played = (moves: LegalMove[], text: string) => {
  const r = readMove(moves, text);
  return r.kind === 'move' ? r.move.token : r.kind;
};

describe('reading typed moves', () => {
  it('compares plain letters, without dashes, spaces, capture marks or trailing signs', () => {
    expect(typingKey('♘Bg1–Mf3+')).toBe('NBg1Mf3');
    expect(typingKey(' N b1@00 x c3@00# ')).toBe('Nb1@00c3@00');
    expect(typingKey('WQL→b4(3)↻')).toBe(typingKey('WQL->b4(3)r'));
    expect(typingKey('0-0')).toBe('OO');
    expect(typingKey('e8=Q')).toBe('e8Q');
  });

  it('plays the short form, the looser forms, the notation and the token in Stacked', () => {
    for (const text of ['NMf3', 'nmf3', 'Ng1Mf3', '♘Bg1–Mf3', 'NBg1-Mf3', 'Bg1Mf3']) expect(played(stacked, text), text).toBe('Bg1Mf3');
    expect(played(stacked, 'Me4')).toBe('Be2Me4');
    expect(played(stacked, 'Nc3')).toBe('Bb1Mc3');
  });

  it('answers ambiguous with the candidates when the board is left out', () => {
    const r = readMove(stacked, 'Nf3');
    expect(r.kind).toBe('ambiguous');
    expect(missReason(stacked, 'Nf3')).toBe('“Nf3” fits 2 moves: NMf3, NTf3. Type one of them.');
    expect(missReason(stacked, 'e4')).toBe('“e4” fits 2 moves: Me4, Te4. Type one of them.');
  });

  it('plays Nc3 in Fourfold, where one knight move goes to a c3', () => {
    expect(played(fourfold, 'Nc3')).toBe('b1@00c3@00');
    expect(played(fourfold, 'cxb2')).toBe('c3@11b2@11');
    expect(played(fourfold, 'axb2@11')).toBe('a3@11b2@11');
    expect(missReason(fourfold, 'Qd2')).toBe('“Qd2” fits 2 moves: Qd2@10, Qd2@01. Type one of them.');
  });

  it('reads Tri-D levels, castling and board moves', () => {
    expect(played(trid, 'Nc3(4)')).toBe('b1(2)c3(4)');
    expect(played(trid, 'Nc3')).toBe('b1(2)c3(4)');
    expect(played(trid, '0-0')).toBe('e0(3)f0(3)');
    expect(played(trid, 'WQL->b4(3)r')).toBe('WQL>b4(3)r');
    expect(played(trid, 'WQL>b4(3)r')).toBe('WQL>b4(3)r');
  });

  it('says why nothing fits: the moves to the square typed, or that none goes there', () => {
    expect(missReason(stacked, 'QMf3')).toBe('No legal move fits “QMf3”. Moves to Mf3: NMf3.');
    expect(missReason(stacked, 'Qh5')).toBe('No legal move fits “Qh5”: no piece of yours can go there. Type a piece and its square, e.g. NMf3.');
    expect(missReason(stacked, ' ')).toBe('Type a move first.');
  });

  it('gives an example that plays in the position, as short as it reads', () => {
    expect(exampleMove(stacked)).toBe('NMf3');
    expect(exampleMove(fourfold)).toBe('Nc3');
    expect(exampleMove(trid)).toBe('Nc3');
    expect(exampleMove([])).toBeNull();
    // A knight's move is preferred to a king's listed before it.
    const king = move('Be1', 'Md1', { token: 'Be1Md1', notation: '♔Be1–Md1', piece: 'K', short_forms: ['KMd1', 'Kd1'] });
    expect(exampleMove([king, ...stacked])).toBe('NMf3');
    expect(exampleMove([king])).toBe('Kd1');
    const e = exampleMove(stacked)!;
    expect(played(stacked, e)).toBe('Bg1Mf3');
  });

  it('lists the moves that fit: the one named first, then prefixes, then the rest', () => {
    expect(completions(stacked, 'NMf3').map((m) => m.token)).toEqual(['Bg1Mf3']);
    expect(completions(stacked, 'Nf3').map((m) => m.token)).toEqual(['Bg1Mf3', 'Bg1Tf3']);
    expect(completions(stacked, 'Nb1').map((m) => m.token)).toEqual(['Bb1Mc3']);
    expect(completions(stacked, 'N').length).toBe(3);
    expect(completions(stacked, 'f3').map((m) => m.token)).toEqual(['Bg1Mf3', 'Bg1Tf3']);
    expect(completions(stacked, '  ')).toEqual([]);
    expect(completions(stacked, 'zz')).toEqual([]);
  });
});
