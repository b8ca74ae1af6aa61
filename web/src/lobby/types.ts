// The lobby's shapes (docs/api.md, "Lobby"). Until the server's Rust types are generated
// into ../generated/api.ts these are written here with the same fields.

import type { RuleSet, Variant } from '../generated/api';

/** The creator's wish of colour. */
export type ColorWish = 'white' | 'black' | 'random';

/** A time control as the lobby shows it: minutes and increment, or days per move. */
export interface TimeControlView {
  minutes?: number | null;
  increment_seconds?: number | null;
  days_per_move?: number | null;
}

/** One open challenge. */
export interface ChallengeView {
  id: string;
  name: string | null;
  rating: number | null;
  provisional: boolean;
  variant: Variant;
  rules: RuleSet | string | null;
  options?: string[] | null;
  time_control: TimeControlView;
  rated: boolean;
  color: ColorWish;
  min_rating: number | null;
  max_rating: number | null;
  yours: boolean;
  quick: boolean;
}

/** A player of a game shown in the lobby. */
export interface LobbyPlayer {
  name: string | null;
  rating: number | null;
  provisional: boolean;
}

/** A game being played now, to watch. */
export interface LiveGameView {
  id: string;
  variant: Variant;
  rules: RuleSet | string | null;
  options?: string[] | null;
  time_control: TimeControlView | null;
  rated: boolean;
  players: { white: LobbyPlayer; black: LobbyPlayer };
  /** Half-moves played. */
  moves: number;
}

/** A quick-pairing button. */
export interface QuickPairing {
  id: string;
  variant: Variant;
  rules: RuleSet | string | null;
  time_control: TimeControlView;
  rated: boolean;
  /** How many players wait on this pairing now (when the server says). */
  waiting?: number | null;
}

/** GET /api/lobby. */
export interface Lobby {
  challenges: ChallengeView[];
  playing: LiveGameView[];
  quick: QuickPairing[];
  /** The asker's challenge became this game. */
  matched: string | null;
}

/** POST /api/lobby/challenges. */
export interface ChallengeRequest {
  variant: Variant;
  rules?: RuleSet | null;
  options?: string[];
  time_control: TimeControlView;
  rated: boolean;
  color?: ColorWish;
  min_rating?: number | null;
  max_rating?: number | null;
}

/** POST /api/lobby/quick: the game at once, or the waiting challenge. */
export interface QuickAnswer {
  game?: string;
  challenge?: ChallengeView;
}
