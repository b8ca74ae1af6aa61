// The puzzle progress of a player on the static site, kept in this browser (localStorage,
// one versioned key): the player's rating per set, each puzzle's rating as this browser
// knows it, the puzzles attempted, the history and the best streak. Every rating is
// computed by the rules module (`puzzle_rate`, the same Glicko-2 code as the server's):
// this file only keeps them and applies the contract's bookkeeping (only a first attempt
// is rated, history newest first and bounded).

import type { AttemptEntry, PlayerPuzzles, PuzzleAttemptResult, RatingState, RatingView } from './types';

export const PROGRESS_KEY = 'spacechess.puzzles.v1';
/** As many attempts as the server's history answers. */
export const HISTORY_LIMIT = 200;
/** A new player's rating in every set (the contract's start). */
export const START: RatingState = { rating: 1500, deviation: 350, volatility: 0.06 };
/**
 * The rating crate's PROVISIONAL_DEVIATION: above it a rating says little yet. Only the
 * "?" mark on the screen reads it; no rating is computed here.
 */
const PROVISIONAL_DEVIATION = 110;

interface SetProgress extends RatingState {
  attempts: number;
  solved: number;
}

export interface Progress {
  version: 1;
  sets: Record<string, SetProgress>;
  /** Each puzzle's rating as this browser knows it (only puzzles attempted here). */
  puzzles: Record<string, RatingState>;
  attempted: string[];
  /** Newest first, at most HISTORY_LIMIT. */
  history: AttemptEntry[];
  bestStreak: number;
}

/** The part of localStorage used (tests pass a map). */
export type KeyValue = Pick<Storage, 'getItem' | 'setItem'>;

/** The module's `puzzle_rate`: one game each way, the player winning when solved. */
export type RateFn = (player: RatingState, puzzle: RatingState, solved: boolean) => Promise<{ player: RatingState; puzzle: RatingState }>;

export function emptyProgress(): Progress {
  return { version: 1, sets: {}, puzzles: {}, attempted: [], history: [], bestStreak: 0 };
}

const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isRating = (x: unknown): x is RatingState =>
  typeof x === 'object' && x !== null && isNum((x as RatingState).rating) && isNum((x as RatingState).deviation) && isNum((x as RatingState).volatility);

/** Progress read back, or an empty one when missing, of another version or damaged. */
export function parseProgress(raw: string | null): Progress {
  if (!raw) return emptyProgress();
  try {
    const p = JSON.parse(raw) as Partial<Progress>;
    if (p.version !== 1 || typeof p.sets !== 'object' || typeof p.puzzles !== 'object' || !Array.isArray(p.attempted) || !Array.isArray(p.history)) return emptyProgress();
    const sets: Record<string, SetProgress> = {};
    for (const [k, v] of Object.entries(p.sets ?? {})) if (isRating(v)) sets[k] = { ...v, attempts: isNum(v.attempts) ? v.attempts : 0, solved: isNum(v.solved) ? v.solved : 0 };
    const puzzles: Record<string, RatingState> = {};
    for (const [k, v] of Object.entries(p.puzzles ?? {})) if (isRating(v)) puzzles[k] = v;
    return {
      version: 1,
      sets,
      puzzles,
      attempted: p.attempted.filter((x): x is string => typeof x === 'string'),
      history: p.history.filter((h): h is AttemptEntry => typeof h === 'object' && h !== null && typeof h.puzzle === 'string' && isNum(h.rating_after)).slice(0, HISTORY_LIMIT),
      bestStreak: isNum(p.bestStreak) ? p.bestStreak : 0,
    };
  } catch {
    return emptyProgress();
  }
}

export function ratingView(r: RatingState): RatingView {
  return { rating: Math.round(r.rating), deviation: Math.round(r.deviation), provisional: r.deviation > PROVISIONAL_DEVIATION };
}

/** One attempt to record: the puzzle, its set, its starting rating and the host's verdict. */
export interface AttemptInput {
  puzzle: string;
  set: string;
  /** The puzzle's rating before any attempt (used when this browser has none yet). */
  seed: RatingState;
  solved: boolean;
  now: number;
}

export class PuzzleProgress {
  constructor(
    private readonly store: KeyValue,
    private readonly rate: RateFn,
  ) {}

  load(): Progress {
    let raw: string | null = null;
    try {
      raw = this.store.getItem(PROGRESS_KEY);
    } catch {
      // Storage refused (private mode): start empty.
    }
    return parseProgress(raw);
  }

  private save(p: Progress): void {
    try {
      this.store.setItem(PROGRESS_KEY, JSON.stringify(p));
    } catch {
      // Full or refused: the progress of this page stays, unsaved.
    }
  }

  /** The player's rating in a set (a new player's when none yet). */
  player(set: string): RatingState {
    const s = this.load().sets[set];
    return s ? { rating: s.rating, deviation: s.deviation, volatility: s.volatility } : { ...START };
  }

  /** A puzzle's rating as this browser knows it, else its seed. */
  puzzle(id: string, seed: RatingState): RatingState {
    return this.load().puzzles[id] ?? seed;
  }

  attempted(): string[] {
    return this.load().attempted;
  }

  /** Records an attempt: a first one is rated by `rate`, a later one only noted. */
  async record(a: AttemptInput): Promise<PuzzleAttemptResult> {
    const before = this.player(a.set);
    const puzzleBefore = this.puzzle(a.puzzle, a.seed);
    const first = !this.load().attempted.includes(a.puzzle);
    const rated = first ? await this.rate(before, puzzleBefore, a.solved) : { player: before, puzzle: puzzleBefore };
    // Read again after the await: another tab may have written meanwhile.
    const p = this.load();
    const old = p.sets[a.set];
    if (first) {
      p.sets[a.set] = { ...rated.player, attempts: (old?.attempts ?? 0) + 1, solved: (old?.solved ?? 0) + (a.solved ? 1 : 0) };
      p.puzzles[a.puzzle] = rated.puzzle;
      p.attempted.push(a.puzzle);
    }
    p.history.unshift({ puzzle: a.puzzle, set: a.set, solved: a.solved, rated: first, rating_after: Math.round(rated.player.rating), at_ms: a.now });
    p.history.length = Math.min(p.history.length, HISTORY_LIMIT);
    this.save(p);
    return { solved: a.solved, rated: first, player_before: ratingView(before), player: ratingView(rated.player), puzzle: ratingView(rated.puzzle) };
  }

  /** Ratings per set attempted, and the history (as GET /api/puzzles/me answers). */
  me(): PlayerPuzzles {
    const p = this.load();
    return {
      ratings: Object.entries(p.sets).map(([set, s]) => ({ set, rating: ratingView(s), attempts: s.attempts, solved: s.solved })),
      history: p.history,
    };
  }

  bestStreak(): number {
    return this.load().bestStreak;
  }

  /** Keeps a streak if it is the best; answers the best. */
  noteStreak(n: number): number {
    const p = this.load();
    if (n > p.bestStreak) {
      p.bestStreak = n;
      this.save(p);
    }
    return p.bestStreak;
  }
}
