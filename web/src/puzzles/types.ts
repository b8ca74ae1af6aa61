// The puzzle views as the host sends them (the puzzles crate's `view` module: GET
// /api/puzzles…, or the browser module's puzzle ops). Shaped like the generated types
// will be; the screen and both sources use only these names.

import type { CheckStatus, RuleSet, Screen, Variant } from '../generated/api';

/** A rating as people see it: rounded, and whether it is still provisional. */
export interface RatingView {
  rating: number;
  deviation: number;
  provisional: boolean;
}

export interface ThemeCount {
  id: string;
  title: string;
  count: number;
}

/** One set of puzzles: a variant with its rule set and options. */
export interface PuzzleSetEntry {
  id: string;
  variant: Variant;
  rules: RuleSet | null;
  options: string[];
  title: string;
  count: number;
  themes: ThemeCount[];
}

export interface PuzzleCatalogue {
  sets: PuzzleSetEntry[];
}

export interface SourceView {
  seed: number;
  game: number;
  ply: number;
}

/** One puzzle to solve (its solution is not in it). */
export interface PuzzleView {
  id: string;
  set: string;
  variant: Variant;
  rules: RuleSet | null;
  options: string[];
  /** The solver ("white" or "black"), who sits at the bottom. */
  side: string;
  kind: string;
  mate_in: number | null;
  themes: string[];
  /** The puzzle's current rating. */
  rating: RatingView;
  /** How many moves the solver must find. */
  solver_moves: number;
  source: SourceView;
  screen: Screen;
}

/** The verdict on the moves so far (the player's, with the replies between them). */
export interface PuzzleCheck {
  status: CheckStatus;
  message: string;
  /** The opponent's reply when the puzzle goes on. */
  reply: string | null;
  /** The right move, when missed. */
  expected: string | null;
  /** The position after the moves (and the reply). */
  screen: Screen;
}

export interface PuzzleSolution {
  moves: string[];
  /** One more than the moves: [0] is the start. */
  screens: Screen[];
}

export interface PuzzleHint {
  /** Where the next solver move starts (a square, or a Tri-D attack board). */
  square: string;
  text: string;
}

/** What the player did; the host judges "solved" from the moves itself. */
export interface PuzzleAttempt {
  moves: string[];
  hinted: boolean;
  viewed: boolean;
}

export interface PuzzleAttemptResult {
  solved: boolean;
  /** Only a first attempt at a puzzle is rated. */
  rated: boolean;
  player_before: RatingView;
  player: RatingView;
  puzzle: RatingView;
}

export interface SetRating {
  set: string;
  rating: RatingView;
  attempts: number;
  solved: number;
}

export interface AttemptEntry {
  puzzle: string;
  set: string;
  solved: boolean;
  rated: boolean;
  rating_after: number;
  at_ms: number;
}

/** The player's ratings per set and attempts, newest first. */
export interface PlayerPuzzles {
  ratings: SetRating[];
  history: AttemptEntry[];
}

/** A Glicko-2 rating as the browser keeps it (the module's `puzzle_rate` computes them). */
export interface RatingState {
  rating: number;
  deviation: number;
  volatility: number;
}
