import { describe, expect, it } from 'vitest';
import { navigate, navKey, navSquares } from '../src/board-nav';
import { stackedCells, tridCells, view } from './fixtures';

describe('board navigation', () => {
  const stacked = navSquares(view('stacked', stackedCells(), {}), 'white');
  const at = (name: string) => stacked.find((s) => s.name === name);

  it('keys: arrows, Page Up/Down and [ ]', () => {
    expect(navKey('ArrowUp')).toBe('up');
    expect(navKey(']')).toBe('next-board');
    expect(navKey('PageUp')).toBe('prev-board');
    expect(navKey('a')).toBeNull();
  });

  it('the arrows step within a board as the flat view shows it, and stop at its edge', () => {
    const from = stacked.find((s) => s.row === 7 && s.col === 0);
    expect(from).toBeDefined();
    const up = navigate(stacked, from!.name, 'up');
    expect(at(up!)).toMatchObject({ board: from!.board, row: 6, col: 0 });
    expect(navigate(stacked, from!.name, 'left')).toBeNull();
    expect(navigate(stacked, from!.name, 'down')).toBeNull();
    const right = navigate(stacked, from!.name, 'right');
    expect(at(right!)).toMatchObject({ board: from!.board, row: 7, col: 1 });
  });

  it('Page Down goes to the same square of the next board, Page Up back; none past the last', () => {
    const boards = [...new Set(stacked.map((s) => s.board))];
    expect(boards).toEqual(['T', 'M', 'B']);
    const from = stacked.find((s) => s.board === 'T' && s.row === 3 && s.col === 5)!;
    const next = at(navigate(stacked, from.name, 'next-board')!);
    expect(next).toMatchObject({ board: 'M', row: 3, col: 5 });
    expect(navigate(stacked, next!.name, 'prev-board')).toBe(from.name);
    const bottom = stacked.find((s) => s.board === 'B')!;
    expect(navigate(stacked, bottom.name, 'next-board')).toBeNull();
  });

  it("Tri-D: every square of the levels and attack boards is reached, to the nearest square of a smaller board", () => {
    const squares = navSquares(view('trid', tridCells(), {}), 'white');
    const boards = [...new Set(squares.map((s) => s.board))];
    expect(boards.length).toBeGreaterThan(3);
    // From each board to the next and back lands on a square of the board it left.
    for (const s of squares) {
      const next = navigate(squares, s.name, 'next-board');
      if (!next) continue;
      const there = squares.find((q) => q.name === next)!;
      expect(boards.indexOf(there.board)).toBe(boards.indexOf(s.board) + 1);
    }
  });
});
