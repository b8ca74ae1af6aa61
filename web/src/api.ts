// The HTTP contract with the server (docs/api.md). The browser holds no rules: every
// answer carries the position with its legal moves, and this module only moves JSON.

export type Side = 'white' | 'black';
export type Variant = 'stacked' | 'trid' | 'quadlevel' | 'fourfold';
export type Level = number | 'max';

export interface Cell {
  name: string;
  /** Board or level the cell belongs to (B/M/T; W/N/B or an attack board's name; L1..L4; 00..11). */
  board: string;
  coords: [number, number, number, number];
  dark: boolean;
  piece: string | null;
}

export interface AttackBoard {
  name: string;
  position: string;
  post: string;
  level: number;
  standing: boolean;
  owner: Side;
}

export interface LegalMove {
  token: string;
  notation: string;
  from: string;
  to: string;
  captured_square: string | null;
  mover: 'piece' | 'board';
  piece: string | null;
  capture: boolean;
  promotion: string | null;
  castling: boolean;
}

export interface HistoryEntry {
  token: string;
  notation: string;
  from: string;
  to: string;
  eval: number | null;
}

export interface Clocks {
  white_ms: number;
  black_ms: number;
  increment_ms: number;
  running: Side | null;
}

export interface GameResult {
  winner: Side | null;
  reason: string;
  text: string;
}

export interface GameView {
  id: string;
  variant: Variant;
  rules: string | null;
  options: string[];
  mode: 'computer' | 'local';
  human: Side;
  level: Level;
  position: string;
  turn: Side;
  ply: number;
  fullmove: number;
  status: 'in-progress' | 'over';
  result: GameResult | null;
  checked_kings: string[];
  cells: Cell[];
  attack_boards: AttackBoard[];
  legal_moves: LegalMove[];
  history: HistoryEntry[];
  last_move: { from: string; to: string } | null;
  clocks: Clocks | null;
  computer_thinking: boolean;
  oracle: boolean;
}

export interface NewGame {
  variant: Variant;
  rules?: string | null;
  options: string[];
  mode: 'computer' | 'local';
  human: Side;
  level: Level;
  time_control: { minutes: number; increment_seconds: number } | null;
  position?: string | null;
}

export interface Thinking {
  type: 'thinking';
  depth: number;
  elapsed_ms: number;
  budget_ms: number;
  nodes: number;
  score: number | null;
}

export type ServerMessage =
  | { type: 'state'; game: GameView }
  | Thinking
  | { type: 'oracle'; done: boolean; moves: unknown[] }
  | { type: 'error'; error: { code: string; message: string } };

/** A refusal or failure, with the server's error code (`network` when it was not reached). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function request<T>(method: string, path: string, body?: unknown, asText = false): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('network', 'The server could not be reached.', 0);
  }
  if (!response.ok) {
    let code = 'http_' + response.status;
    let message = `The server answered ${response.status}.`;
    try {
      const parsed = (await response.json()) as { error?: { code?: string; message?: string } };
      if (parsed.error?.code) code = parsed.error.code;
      if (parsed.error?.message) message = parsed.error.message;
    } catch {
      // Not JSON: keep the status text.
    }
    throw new ApiError(code, message, response.status);
  }
  // 202 and 204 answers carry no body.
  if (response.status === 202 || response.status === 204) return undefined as T;
  return (asText ? await response.text() : await response.json()) as T;
}

const game = (id: string) => `/api/games/${encodeURIComponent(id)}`;

export const api = {
  createGame: (body: NewGame) => request<GameView>('POST', '/api/games', body),
  getGame: (id: string) => request<GameView>('GET', game(id)),
  move: (id: string, move: string, ply: number) =>
    request<GameView>('POST', `${game(id)}/moves`, { move, ply }),
  takeback: (id: string) => request<GameView>('POST', `${game(id)}/takeback`),
  offerDraw: (id: string) => request<{ accepted: boolean; game: GameView }>('POST', `${game(id)}/draw`),
  resign: (id: string, side?: Side) =>
    request<GameView>('POST', `${game(id)}/resign`, side ? { side } : undefined),
  oracleOn: (id: string) => request<undefined>('POST', `${game(id)}/oracle`),
  oracleOff: (id: string) => request<undefined>('DELETE', `${game(id)}/oracle`),
  record: (id: string) => request<string>('GET', `${game(id)}/record`, undefined, true),
  socketUrl: (id: string) => {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}${game(id)}/ws`;
  },
};
