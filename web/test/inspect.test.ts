import { describe, expect, it } from 'vitest';
import type { InspectView } from '../src/api';
import { inspectMarks, markOf, playableOnto } from '../src/inspect';
import { boardMove, move } from './fixtures';

const inspection = (playable: boolean, moves = [move('Bg1', 'Mf3'), move('Bg1', 'Me2', { capture: true })]): InspectView => ({
  from: 'Bg1',
  side: 'white',
  piece: 'N',
  to_move: playable,
  playable,
  moves,
});

describe('inspect marks', () => {
  it('are green to play and blue to preview, with rings on captures', () => {
    expect([markOf(true, false), markOf(true, true), markOf(false, false), markOf(false, true)]).toEqual([
      'move',
      'capture',
      'preview',
      'preview-capture',
    ]);
    expect([...inspectMarks(inspection(true)).squares]).toEqual([
      ['Mf3', 'move'],
      ['Me2', 'capture'],
    ]);
    expect([...inspectMarks(inspection(false)).squares]).toEqual([
      ['Mf3', 'preview'],
      ['Me2', 'preview-capture'],
    ]);
  });

  it('keep a capture among several moves to one square, and leave board moves to the list', () => {
    const moves = [move('a7', 'b8', { capture: true, promotion: 'Q' }), move('a7', 'b8', { promotion: 'N' }), boardMove('WQL', 'b4(1)')];
    const marks = inspectMarks(inspection(true, moves));
    expect([...marks.squares]).toEqual([['b8', 'capture']]);
  });

  it('offer only playable moves onto a square', () => {
    expect(playableOnto(inspection(true), 'Me2').map((m) => m.to)).toEqual(['Me2']);
    expect(playableOnto(inspection(false), 'Me2')).toEqual([]);
  });
});
