// GameView fixtures shaped like docs/api.md, built by hand for each variant's geometry.

import type { AttackBoard, Cell, GameView, LegalMove, Variant } from '../src/api';

const FILES = 'abcdefgh';

export function cell(name: string, board: string, coords: [number, number, number, number], piece: string | null = null): Cell {
  const dark = (coords[0] + coords[1] + (board.startsWith('L') ? coords[2] : 0)) % 2 === 0;
  return { name, board, coords, dark, piece };
}

export function stackedCells(): Cell[] {
  const out: Cell[] = [];
  ['B', 'M', 'T'].forEach((b, z) => {
    for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) out.push(cell(`${b}${FILES[x]}${y + 1}`, b, [x, y, z, 0]));
  });
  return out;
}

export function quadlevelCells(): Cell[] {
  const out: Cell[] = [];
  for (let z = 0; z < 4; z++)
    for (let y = 0; y < 8; y++) for (let x = 0; x < 4; x++) out.push(cell(`${FILES[x]}${y + 1}L${z + 1}`, `L${z + 1}`, [x, y, z, 0]));
  return out;
}

export function fourfoldCells(): Cell[] {
  const out: Cell[] = [];
  for (const w of [0, 1])
    for (const z of [0, 1])
      for (let y = 0; y < 4; y++)
        for (let x = 0; x < 4; x++) out.push(cell(`${FILES[x]}${y + 1}@${z}${w}`, `${z}${w}`, [x, y, z, w]));
  return out;
}

export const TRID_BOARDS: AttackBoard[] = [
  { name: 'WQL', position: 'b1(3)', post: 'b1', level: 3, standing: true, owner: 'white' },
  { name: 'WKL', position: 'e1(3)', post: 'e1', level: 3, standing: true, owner: 'white' },
  { name: 'BQL', position: 'b8(7)', post: 'b8', level: 7, standing: true, owner: 'black' },
  { name: 'BKL', position: 'e8(7)', post: 'e8', level: 7, standing: true, owner: 'black' },
];

export function tridCells(boards: AttackBoard[] = TRID_BOARDS): Cell[] {
  const out: Cell[] = [];
  const main: [string, number, number][] = [
    ['W', 2, 1],
    ['N', 4, 3],
    ['B', 6, 5],
  ];
  for (const [b, level, r0] of main)
    for (let y = r0; y < r0 + 4; y++) for (let x = 1; x <= 4; x++) out.push(cell(`${FILES[x]}${y}(${level})`, b, [x, y, level, 0]));
  for (const ab of boards) {
    const m = /^([a-f])(\d)\((\d)\)$/.exec(ab.position)!;
    const fx = m[1].charCodeAt(0) - 97;
    const ry = Number(m[2]);
    const ox = fx <= 2 ? fx - 1 : fx + 1;
    const oy = [1, 3, 5].includes(ry) ? ry - 1 : ry + 1;
    for (const [x, y] of [
      [fx, ry],
      [ox, ry],
      [fx, oy],
      [ox, oy],
    ])
      out.push(cell(`${FILES[x]}${y}(${ab.level})`, ab.name, [x, y, ab.level, 0]));
  }
  return out;
}

export function move(from: string, to: string, extra: Partial<LegalMove> = {}): LegalMove {
  return {
    token: `${from}${to}${extra.promotion ?? ''}`,
    notation: `${from}–${to}`,
    from,
    to,
    captured_square: null,
    mover: 'piece',
    piece: 'P',
    capture: false,
    promotion: null,
    castling: false,
    ...extra,
  };
}

export function boardMove(board: string, to: string, extra: Partial<LegalMove> = {}): LegalMove {
  return move(board, to, { mover: 'board', piece: null, token: `${board}>${to}`, notation: `${board}→${to}`, ...extra });
}

export function view(variant: Variant, cells: Cell[], pieces: Record<string, string>, extra: Partial<GameView> = {}): GameView {
  return {
    id: 'g1',
    variant,
    rules: variant === 'trid' ? 'federation' : null,
    options: [],
    mode: 'computer',
    human: 'white',
    level: 4,
    position: 'fixture',
    turn: 'white',
    ply: 0,
    fullmove: 1,
    status: 'in-progress',
    result: null,
    checked_kings: [],
    cells: cells.map((c) => ({ ...c, piece: pieces[c.name] ?? null })),
    attack_boards: variant === 'trid' ? TRID_BOARDS : [],
    legal_moves: [],
    history: [],
    last_move: null,
    clocks: null,
    computer_thinking: false,
    oracle: false,
    ...extra,
  };
}
