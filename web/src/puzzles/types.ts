// The puzzle views as the hosts send them: the puzzles crate's `view` module, generated
// into the API types (GET /api/puzzles…, and the browser module's puzzle ops alike).

export type {
  AttemptEntry,
  PlayerPuzzles,
  PuzzleAttemptResult,
  PuzzleCatalogue,
  PuzzleCheck,
  PuzzleHint,
  PuzzleSetEntry,
  PuzzleSolution,
  PuzzleView,
  RatingState,
  RatingView,
  SetRating,
  SourceView,
  ThemeCount,
} from '../generated/api';

import type { PuzzleAttemptRequest } from '../generated/api';

/** What the player did (POST …/attempt); the host judges "solved" from the moves itself. */
export type PuzzleAttempt = PuzzleAttemptRequest;
