// The HTTP contract with the server (docs/api.md). Its types are generated from the
// server's Rust types (./generated/api.ts); this module only moves JSON and merges the
// socket's updates. The browser holds no rules: every answer carries the position with
// its legal moves, the history with move numbers, and the result in words.

import type {
  BoardView,
  Catalogue,
  CellView,
  DrawAnswer,
  GameView,
  CheckAnswer,
  HistoryItem,
  InspectView,
  LessonList,
  LessonView,
  MoveView,
  MyGame,
  MyGamesPage,
  RulesPage,
  NewGameRequest,
  PositionView,
  Screen,
  ServerMessage,
  Side,
  Thinking,
  Variant,
} from './generated/api';
import type { PlayerPuzzles, PuzzleAttempt, PuzzleAttemptResult, PuzzleCatalogue, PuzzleCheck, PuzzleHint, PuzzleSolution, PuzzleView } from './puzzles/types';

export type { Catalogue, GameView, NewGameRequest, PositionView, Screen, ServerMessage, Side, Thinking, Variant };
export type Level = GameView['level'];
export type Cell = CellView;
export type AttackBoard = BoardView;
export type LegalMove = MoveView;
export type HistoryEntry = HistoryItem;
export type NewGame = NewGameRequest;
export type { CheckAnswer, InspectView, LessonList, LessonView, MyGame, MyGamesPage, RulesPage };

/** A socket message that carries a game: a whole `state`, or an `update`. */
export type GameMessage = Extract<ServerMessage, { type: 'state' } | { type: 'update' }>;

/**
 * The game a socket message describes, given the last one this socket assembled: an
 * `update` carries the history only from `history_from` on (the earlier entries are
 * unchanged). Null when an update cannot be applied (no base, or a gap): refetch then.
 */
export function applyMessage(base: GameView | null, m: GameMessage): GameView | null {
  if (m.type === 'state') return m.game;
  if (!base || m.history_from > base.history.length) return null;
  // `you` and `invite` are the asking player's own and come only in `state` messages and
  // HTTP answers; an update (sent to every watcher) keeps them.
  return {
    ...m.game,
    you: m.game.you ?? base.you,
    invite: m.game.invite ?? base.invite,
    history: base.history.slice(0, m.history_from).concat(m.game.history),
  };
}

/**
 * A refusal or failure, with the server's error code (`network` when it was not reached),
 * and the seconds a 429 asked to wait (its Retry-After, rounded up), when it said.
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly retryAfterS: number | null = null,
  ) {
    super(message);
  }
}

/** A Retry-After header in whole seconds (rounded up); null when absent or not a positive number. */
function retryAfterOf(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/**
 * One API call: JSON in and out, with this site's cookies; refusals as ApiError. Every
 * module's calls use it (games, the analysis board, the player routes, the lobby).
 */
export async function request<T>(method: string, path: string, body?: unknown, asText = false): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
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
    throw new ApiError(code, message, response.status, retryAfterOf(response));
  }
  // 202 and 204 answers carry no body.
  if (response.status === 202 || response.status === 204) return undefined as T;
  return (asText ? await response.text() : await response.json()) as T;
}

const puzzle = (id: string) => `/api/puzzles/${encodeURIComponent(id)}`;

const game = (id: string) => `/api/games/${encodeURIComponent(id)}`;

export const api = {
  variants: () => request<Catalogue>('GET', '/api/variants'),
  createGame: (body: NewGame) => request<GameView>('POST', '/api/games', body),
  getGame: (id: string) => request<GameView>('GET', game(id)),
  move: (id: string, move: string, ply: number) =>
    request<GameView>('POST', `${game(id)}/moves`, { move, ply }),
  takeback: (id: string) => request<GameView>('POST', `${game(id)}/takeback`),
  offerDraw: (id: string) => request<DrawAnswer>('POST', `${game(id)}/draw`),
  resign: (id: string, side?: Side) =>
    request<GameView>('POST', `${game(id)}/resign`, side ? { side } : undefined),
  /** Opens an online game's invitation (`/join/<code>`): takes its free seat, if any. */
  join: (invitePath: string) => request<GameView>('POST', invitePath),
  answerOffer: (id: string, answer: 'accept' | 'decline') =>
    request<GameView>('POST', `${game(id)}/offer`, { answer }),
  /** Offers a finished online game's rematch, or accepts the opponent's offer. */
  rematch: (id: string) => request<GameView>('POST', `${game(id)}/rematch`),
  /** Claims the win or a draw in an online game whose opponent is gone. */
  claim: (id: string, result: 'win' | 'draw') => request<GameView>('POST', `${game(id)}/claim`, { result }),
  /** This player's games, newest first; `before` is the previous page's `next`. */
  myGames: (before?: string | null) =>
    request<MyGamesPage>('GET', `/api/games${before ? `?before=${encodeURIComponent(before)}` : ''}`),
  oracleOn: (id: string) => request<undefined>('POST', `${game(id)}/oracle`),
  oracleOff: (id: string) => request<undefined>('DELETE', `${game(id)}/oracle`),
  /** Any piece's (or attack board's) moves as if its side were to move: inspect mode. */
  inspect: (id: string, from: string) =>
    request<InspectView>('GET', `${game(id)}/inspect?from=${encodeURIComponent(from)}`),
  lessons: () => request<LessonList>('GET', '/api/lessons'),
  lesson: (id: string) => request<LessonView>('GET', `/api/lessons/${encodeURIComponent(id)}`),
  checkLesson: (id: string, moves: string[]) =>
    request<CheckAnswer>('POST', `/api/lessons/${encodeURIComponent(id)}/check`, { moves }),
  rules: (variant: Variant) => request<RulesPage>('GET', `/api/rules/${encodeURIComponent(variant)}`),
  puzzles: () => request<PuzzleCatalogue>('GET', '/api/puzzles'),
  /** A puzzle not tried yet near this player's rating in the set (or near `near`: the streak's). */
  puzzleNext: (set: string, theme: string | null, near?: number) => {
    const q = new URLSearchParams({ set });
    if (theme) q.set('theme', theme);
    if (near !== undefined) q.set('near', String(Math.round(near)));
    return request<PuzzleView>('GET', `/api/puzzles/next?${q.toString()}`);
  },
  puzzleDaily: (set: string) => request<PuzzleView>('GET', `/api/puzzles/daily?set=${encodeURIComponent(set)}`),
  puzzle: (id: string) => request<PuzzleView>('GET', puzzle(id)),
  checkPuzzle: (id: string, moves: string[]) => request<PuzzleCheck>('POST', `${puzzle(id)}/check`, { moves }),
  puzzleHint: (id: string, moves: string[]) => request<PuzzleHint>('POST', `${puzzle(id)}/hint`, { moves }),
  puzzleSolution: (id: string) => request<PuzzleSolution>('GET', `${puzzle(id)}/solution`),
  puzzleAttempt: (id: string, attempt: PuzzleAttempt) => request<PuzzleAttemptResult>('POST', `${puzzle(id)}/attempt`, attempt),
  myPuzzles: () => request<PlayerPuzzles>('GET', '/api/puzzles/me'),
  record: (id: string) => request<string>('GET', `${game(id)}/record`, undefined, true),
  position: (id: string, ply: number) => request<PositionView>('GET', `${game(id)}/positions/${ply}`),
  socketUrl: (id: string) => {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}${game(id)}/ws`;
  },
};
