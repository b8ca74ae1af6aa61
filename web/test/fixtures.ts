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

/** An attack board as the server describes it (placement data as the rules crate gives it). */
export function board(name: string, post: string, level: number, mainLevel: number, owner: 'white' | 'black', cover: [number, number][]): AttackBoard {
  const x = post.charCodeAt(0) - 97;
  const y = Number(post.slice(1));
  return {
    name,
    owner,
    position: `${post}(${level})`,
    post,
    level,
    standing: level > mainLevel,
    main_level: mainLevel,
    post_coords: [x, y, level, 0],
    squares: cover.map(([cx, cy]) => ({ name: `${FILES[cx]}${cy}(${level})`, coords: [cx, cy, level, 0] })),
  };
}

export const TRID_BOARDS: AttackBoard[] = [
  board('WQL', 'b1', 3, 2, 'white', [[0, 0], [1, 0], [0, 1], [1, 1]]),
  board('WKL', 'e1', 3, 2, 'white', [[4, 0], [5, 0], [4, 1], [5, 1]]),
  board('BQL', 'b8', 7, 6, 'black', [[0, 8], [1, 8], [0, 9], [1, 9]]),
  board('BKL', 'e8', 7, 6, 'black', [[4, 8], [5, 8], [4, 9], [5, 9]]),
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
  for (const ab of boards) for (const q of ab.squares) out.push(cell(q.name, ab.name, q.coords));
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
    board_to: null,
    short_forms: [],
    ...extra,
  };
}

export function boardMove(board: string, to: string, extra: Partial<LegalMove> = {}): LegalMove {
  return move(board, to, { mover: 'board', piece: null, token: `${board}>${to}`, notation: `${board}→${to}`, ...extra });
}

/** The boards of `cells` named as the rules name them (crates/rules/src/screen.rs). */
export function boardsOf(variant: Variant, cells: Cell[], attackBoards: AttackBoard[] = variant === 'trid' ? TRID_BOARDS : []): GameView['boards'] {
  const ids = [...new Set(cells.map((c) => c.board))];
  const stacked: Record<string, string> = { T: 'Top', M: 'Middle', B: 'Bottom' };
  const trid: Record<string, string> = { W: 'Level 2', N: 'Level 4', B: 'Level 6' };
  const label = (id: string): string => {
    switch (variant) {
      case 'stacked':
        return stacked[id] ?? id;
      case 'quadlevel':
        return id;
      case 'fourfold':
        return `Z${id[0]} W${id[1]}`;
      case 'trid': {
        const ab = attackBoards.find((b) => b.name === id);
        return trid[id] ?? (ab ? `${ab.name} (${ab.level})` : id);
      }
    }
  };
  return ids.map((id) => ({ id, label: label(id) }));
}

export function view(variant: Variant, cells: Cell[], pieces: Record<string, string>, extra: Partial<GameView> = {}): GameView {
  return {
    id: 'g1',
    variant,
    title: variant,
    start_position: 'fixture',
    oracle: false,
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
    boards: boardsOf(variant, cells),
    attack_boards: variant === 'trid' ? TRID_BOARDS : [],
    legal_moves: [],
    history: [],
    material: { captured_by_white: [], captured_by_black: [], balance: 0 },
    last_move: null,
    clocks: null,
    computer_thinking: false,
    seats: { white: { holder: 'player', connected: false, gone: false }, black: { holder: 'computer', connected: false, gone: false } },
    offer: null,
    rematch: null,
    watchers: 0,
    abort_in_ms: null,
    take_back_sides: [],
    rated: false,
    you: ['white'],
    ...extra,
  };
}
