import { describe, expect, it } from 'vitest';
import { completions, typingForm } from '../src/game/movebox';
import { move } from './fixtures';

describe('the move box', () => {
  const knight = move('b1(2)', 'c3(2)', { token: 'b1(2)c3(2)', notation: '♘b1(2)–c3(2)', piece: 'N' });
  const knight4 = move('b1(2)', 'c3(4)', { token: 'b1(2)c3(4)', notation: '♘b1(2)–c3(4)', piece: 'N' });
  const pawn = move('c2(2)', 'c3(2)', { token: 'c2(2)c3(2)', notation: 'c2(2)–c3(2)', piece: 'P' });
  const capture = move('d4(2)', 'e5(2)', { token: 'd4(2)e5(2)', notation: 'd4(2)×e5(2)', capture: true });
  const moves = [pawn, knight, knight4, capture];

  it('reads glyphs as letters and ignores dashes, spaces and case', () => {
    expect(typingForm('♘b1(2)–c3(2)')).toBe('nb1(2)c3(2)');
    expect(typingForm('N b1(2)-C3(2)')).toBe('nb1(2)c3(2)');
    expect(typingForm('d4(2)×e5(2)')).toBe('d4(2)xe5(2)');
  });

  it('lists the moves that fit, exact fits first, then prefixes, then the rest', () => {
    expect(completions(moves, 'Nb1(2)')).toEqual([knight, knight4]);
    expect(completions(moves, 'nb1(2)-c3(4)')).toEqual([knight4]);
    // A token is matched too, and an exact token comes before moves it is part of.
    expect(completions(moves, 'c2(2)c3(2)')).toEqual([pawn]);
    expect(completions(moves, 'c3(2)').map((m) => m.token)).toEqual(['c2(2)c3(2)', 'b1(2)c3(2)']);
    expect(completions(moves, 'd4xe5')).toEqual([]);
    expect(completions(moves, 'd4(2)x')).toEqual([capture]);
    expect(completions(moves, '  ')).toEqual([]);
    expect(completions(moves, 'zz')).toEqual([]);
  });
});
