// Where the puzzles come from: the server's API (the player's ratings in its store), or
// the rules module in this browser (the static site), with the player's progress kept in
// localStorage (progress.ts). Both answer the same views (the puzzles crate's), so the
// screen does not know which.

import { api } from '../api';
import { browserClient, wasmApiError } from '../wasm/browser-client';
import { PuzzleProgress, ratingView, type KeyValue, type RateFn } from './progress';
import type { Answers, Request } from '../generated/wasm';
import type { PlayerPuzzles, PuzzleAttempt, PuzzleAttemptResult, PuzzleCatalogue, PuzzleCheck, PuzzleHint, PuzzleSolution, PuzzleView, RatingState } from './types';

export interface PuzzleSource {
  catalogue(): Promise<PuzzleCatalogue>;
  /** A puzzle of the set (and theme) not tried yet, near `near` or else near the player's rating. */
  next(set: string, theme: string | null, near?: number): Promise<PuzzleView>;
  /** The same puzzle for everyone this UTC day. */
  daily(set: string): Promise<PuzzleView>;
  puzzle(id: string): Promise<PuzzleView>;
  /** The verdict on the moves so far: the player's, with the replies given between them. */
  check(id: string, moves: string[]): Promise<PuzzleCheck>;
  hint(id: string, moves: string[]): Promise<PuzzleHint>;
  solution(id: string): Promise<PuzzleSolution>;
  /** The end of an attempt (once per puzzle shown); the host judges it from the moves. */
  attempt(id: string, attempt: PuzzleAttempt): Promise<PuzzleAttemptResult>;
  me(): Promise<PlayerPuzzles>;
  /** The best streak this player reached, and a new streak to keep if better (answers the best). */
  bestStreak(): number;
  noteStreak(n: number): number;
}

/** localStorage, or nothing where there is none (the streak then lasts the page). */
function browserStorage(): KeyValue {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Storage refused.
  }
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

const STREAK_KEY = 'spacechess.puzzles.streak.v1';

/** The server keeps the ratings; the best streak is this browser's. */
export function serverPuzzles(store: KeyValue = browserStorage()): PuzzleSource {
  const best = () => {
    const n = Number(store.getItem(STREAK_KEY) ?? 0);
    return Number.isFinite(n) && n > 0 ? n : 0;
  };
  return {
    catalogue: () => api.puzzles(),
    next: (set, theme, near) => api.puzzleNext(set, theme, near),
    daily: (set) => api.puzzleDaily(set),
    puzzle: (id) => api.puzzle(id),
    check: (id, moves) => api.checkPuzzle(id, moves),
    hint: (id, moves) => api.puzzleHint(id, moves),
    solution: (id) => api.puzzleSolution(id),
    attempt: (id, a) => api.puzzleAttempt(id, a),
    me: () => api.myPuzzles(),
    bestStreak: best,
    noteStreak: (n) => {
      if (n > best()) store.setItem(STREAK_KEY, String(n));
      return best();
    },
  };
}

/** Days since 1970-01-01 UTC: the daily puzzle's day. */
export const utcDay = (ms: number): number => Math.floor(ms / 86_400_000);

/** The module's puzzle ops (docs/wasm.md). */
export type PuzzleRequest = Extract<Request, { op: `puzzle${string}` }>;
/** Asks the module one puzzle op; tests pass their own. */
export type Ask = <R extends PuzzleRequest>(request: R) => Promise<Answers[R['op']]>;

/** The module in this browser answers; its refusals read as the server's. */
const moduleCall: Ask = async (request) => {
  try {
    return await (await browserClient()).call(request);
  } catch (e) {
    throw wasmApiError(e);
  }
};

/** A puzzle's seed rating as its view gives it (the crate's starting rating has volatility 0.06). */
function seedOf(v: PuzzleView): RatingState {
  return { rating: v.rating.rating, deviation: v.rating.deviation, volatility: 0.06 };
}

/**
 * The rules module in this browser answers; the progress is kept in `store`. `ask` is the
 * module call (tests pass their own).
 */
export function browserPuzzles(store: KeyValue = browserStorage(), ask: Ask = moduleCall): PuzzleSource {
  const rate: RateFn = (player, puzzle, solved) => ask({ op: 'puzzle_rate', player, puzzle, solved });
  const progress = new PuzzleProgress(store, rate);
  const seeds = new Map<string, RatingState>();
  /** The view with the puzzle's rating as this browser knows it. */
  const known = (v: PuzzleView): PuzzleView => {
    const seed = seedOf(v);
    seeds.set(v.id, seed);
    const r = progress.puzzle(v.id, seed);
    return { ...v, rating: ratingView(r) };
  };
  const check = (id: string, moves: string[]) => ask({ op: 'puzzle_check', id, moves });
  return {
    catalogue: () => ask({ op: 'puzzle_catalogue' }),
    next: async (set, theme, near) => {
      const mine = progress.player(set);
      const rating = near === undefined ? mine : { ...mine, rating: near };
      return known(await ask({ op: 'puzzle_next', set, ...(theme ? { theme } : {}), rating, seen: progress.attempted() }));
    },
    daily: async (set) => known(await ask({ op: 'puzzle_daily', set, day: utcDay(Date.now()) })),
    puzzle: async (id) => known(await ask({ op: 'puzzle', id })),
    check,
    hint: (id, moves) => ask({ op: 'puzzle_hint', id, moves }),
    solution: (id) => ask({ op: 'puzzle_solution', id }),
    attempt: async (id, a) => {
      const view = await ask({ op: 'puzzle', id });
      const seed = seeds.get(id) ?? seedOf(view);
      const set = view.set;
      // Judged as the server does: the whole solution, no hint, no solution viewed.
      let solved = false;
      if (!a.hinted && !a.viewed && a.moves.length > 0) {
        solved = await check(id, a.moves).then(
          (c) => c.status === 'solved',
          () => false,
        );
      }
      return progress.record({ puzzle: id, set, seed, solved, now: Date.now() });
    },
    me: () => Promise.resolve(progress.me()),
    bestStreak: () => progress.bestStreak(),
    noteStreak: (n) => progress.noteStreak(n),
  };
}

/** The static site has no server: its puzzles are computed in this browser. */
export const puzzleSource = (): PuzzleSource => (__SPACECHESS_STATIC__ ? browserPuzzles() : serverPuzzles());
