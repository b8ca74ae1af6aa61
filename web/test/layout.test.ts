import { describe, expect, it } from 'vitest';
import { boardDestinationSquares, cellPosition, flatRows, postGeometry } from '../src/layout';
import { boardMove, fourfoldCells, quadlevelCells, stackedCells, TRID_BOARDS, tridCells, view } from './fixtures';

describe('3D positions', () => {
  it('every square of every variant has its own place', () => {
    const sets = [
      ['stacked', stackedCells()],
      ['quadlevel', quadlevelCells()],
      ['fourfold', fourfoldCells()],
      ['trid', tridCells()],
    ] as const;
    for (const [variant, cells] of sets) {
      const keys = new Set(cells.map((c) => {
        const p = cellPosition(variant, c.coords);
        return `${p.x.toFixed(2)},${p.y.toFixed(2)},${p.z.toFixed(2)}`;
      }));
      expect(keys.size).toBe(cells.length);
    }
  });
  it('levels go up: Stacked T above B, Quadlevel L1 on top, Tri-D level 7 highest', () => {
    expect(cellPosition('stacked', [0, 0, 2, 0]).y).toBeGreaterThan(cellPosition('stacked', [0, 0, 0, 0]).y);
    expect(cellPosition('quadlevel', [0, 0, 0, 0]).y).toBeGreaterThan(cellPosition('quadlevel', [0, 0, 3, 0]).y);
    expect(cellPosition('trid', [0, 9, 7, 0]).y).toBeGreaterThan(cellPosition('trid', [1, 1, 2, 0]).y);
  });
  it('White sits at +z: higher ranks are further away', () => {
    expect(cellPosition('stacked', [0, 7, 0, 0]).z).toBeLessThan(cellPosition('stacked', [0, 0, 0, 0]).z);
  });
  it('Fourfold boards form a 2×2 layout: Z side by side, W one above the other', () => {
    const z0 = cellPosition('fourfold', [0, 0, 0, 0]);
    const z1 = cellPosition('fourfold', [0, 0, 1, 0]);
    const w1 = cellPosition('fourfold', [0, 0, 0, 1]);
    expect(z1.x - z0.x).toBeGreaterThan(4);
    expect(z1.y).toBe(z0.y);
    expect(w1.y).toBeGreaterThan(z0.y);
    expect(w1.x).toBe(z0.x);
  });
});

describe('Tri-D attack boards', () => {
  it('a board move is drawn on the squares the server gives for its destination', () => {
    const dest = { ...TRID_BOARDS[0], position: 'b4(1)', level: 1 };
    const v = view('trid', tridCells(), {}, {
      legal_moves: [boardMove('WQL', 'b4(1)', { board_to: { ...dest, squares: [{ name: 'a4(1)', coords: [0, 4, 1, 0] }] } })],
    });
    expect(boardDestinationSquares(v, 'b4(1)')).toEqual([[0, 4, 1, 0]]);
    expect(boardDestinationSquares(v, 'b3(3)')).toEqual([]);
  });
  it('a standing post rises from its main board; a hanging one drops below it', () => {
    const stand = postGeometry(TRID_BOARDS[0]);
    expect(stand.bottom.y).toBeCloseTo(cellPosition('trid', [1, 1, 2, 0]).y);
    expect(stand.top.y).toBeCloseTo(cellPosition('trid', [1, 1, 3, 0]).y);
    const hang = postGeometry({ ...TRID_BOARDS[0], position: 'b4(1)', level: 1, standing: false, post_coords: [1, 4, 1, 0] });
    expect(hang.top.y).toBeCloseTo(cellPosition('trid', [1, 4, 2, 0]).y);
    expect(hang.bottom.y).toBeCloseTo(cellPosition('trid', [1, 4, 1, 0]).y);
  });
});

describe('flat view layout', () => {
  it('Stacked: Top, Middle, Bottom, 8×8 each, rank 8 at the top for White', () => {
    const rows = flatRows(view('stacked', stackedCells(), {}), 'white');
    expect(rows[0].panels.map((p) => p.label)).toEqual(['Top', 'Middle', 'Bottom']);
    const top = rows[0].panels[0];
    expect([top.rows, top.cols]).toEqual([8, 8]);
    expect(top.cells.find((c) => c.cell.name === 'Ta8')).toMatchObject({ row: 0, col: 0 });
    expect(top.ranks[0]).toBe('8');
  });
  it('playing Black turns the flat boards', () => {
    const top = flatRows(view('stacked', stackedCells(), {}), 'black')[0].panels[0];
    expect(top.cells.find((c) => c.cell.name === 'Ta8')).toMatchObject({ row: 7, col: 7 });
    expect(top.files[0]).toBe('h');
  });
  it('Quadlevel: L1 to L4, 4 files by 8 ranks', () => {
    const p = flatRows(view('quadlevel', quadlevelCells(), {}), 'white')[0].panels;
    expect(p.map((x) => x.board)).toEqual(['L1', 'L2', 'L3', 'L4']);
    expect([p[0].rows, p[0].cols]).toEqual([8, 4]);
  });
  it('Fourfold: W=1 boards on the upper row, labelled Z and W', () => {
    const rows = flatRows(view('fourfold', fourfoldCells(), {}), 'white');
    expect(rows.map((r) => r.panels.map((p) => p.label))).toEqual([
      ['Z0 W1', 'Z1 W1'],
      ['Z0 W0', 'Z1 W0'],
    ]);
  });
  it('Tri-D: each main level with its attack boards beside it, labelled and owned', () => {
    const rows = flatRows(view('trid', tridCells(), {}), 'white');
    expect(rows.map((r) => r.label)).toEqual(['Level 6', 'Level 4', 'Level 2']);
    const bottom = rows[2];
    expect(bottom.left!.map((p) => p.label)).toEqual(['WQL · level 3 above']);
    expect(bottom.right!.map((p) => p.board)).toEqual(['WKL']);
    expect(bottom.left![0].owner).toBe('white');
    expect(rows[0].left![0]).toMatchObject({ board: 'BQL', owner: 'black' });
    expect([bottom.left![0].rows, bottom.left![0].cols]).toEqual([2, 2]);
    expect(rows[1].left).toEqual([]);
  });
  it('Tri-D: a hanging board shows under the main level it hangs from, marked below', () => {
    const boards = [{ ...TRID_BOARDS[0], position: 'b4(1)', post: 'b4', level: 1, standing: false }, ...TRID_BOARDS.slice(1)];
    const v = { ...view('trid', tridCells(boards), {}), attack_boards: boards };
    const rows = flatRows(v, 'white');
    expect(rows[2].left!.map((p) => p.label)).toEqual(['WQL · level 1 below']);
  });
});
