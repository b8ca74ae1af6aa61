// The shapes of the player routes (docs/api.md, "Players and accounts", "Ratings"): the
// server's Rust types, written here until they appear in ../generated/api.ts.

/** One pool's rating as the server shows it (rounded; provisional while the deviation is high). */
export interface PoolRatingView {
  pool: string;
  rating: number;
  deviation: number;
  provisional: boolean;
  games: number;
}

/** GET /api/me: this player's name, whether it has an account, when the name may change. */
export interface Me {
  name: string | null;
  account: boolean;
  /** Milliseconds until the name may change again (null: now). */
  name_change_in_ms: number | null;
  ratings: PoolRatingView[];
}

/** One point of a rating history (after a rated game). */
export interface RatingPointView {
  pool: string;
  at_ms: number;
  rating: number;
}

/** GET /api/players/{name}. */
export interface Profile {
  name: string;
  account: boolean;
  ratings: PoolRatingView[];
  history: RatingPointView[];
}

/** One row of GET /api/ratings/{pool}. */
export interface LeaderView {
  name: string;
  rating: number;
  deviation?: number;
  games: number;
}

export type { PlayerLabel, PlayersView } from '../generated/api';
