// Taking in a new game state from the host, kept pure for testing. The game's rules are
// the host's (the table): these only read what its GameView says.

import type { GameView } from './api';

/** Whether a picked-up piece or board survives the arrival of `next`. */
export function keepsSelection(prev: GameView | null, next: GameView): boolean {
  return !!prev && prev.ply === next.ply && prev.position === next.position && next.legal_moves.length > 0;
}

/**
 * Whether the answer to a move request should replace the current state: not when the
 * socket already brought a later one (the computer's reply), which would step back.
 */
export function acceptsMoveAnswer(current: GameView | null, answer: GameView): boolean {
  return !current || answer.ply >= current.ply;
}

/**
 * Whether the player is waiting for the computer: the host says so (`computer_thinking`:
 * its search runs or is about to, on the server and in this browser alike).
 */
export function computerToMove(view: GameView): boolean {
  return view.status !== 'over' && view.computer_thinking;
}

/**
 * Whether Take back can work now: the host names the sides whose player may take back
 * (`take_back_sides`, the table's rule), and the player holds `you`.
 */
export function canTakeBack(view: GameView): boolean {
  return (view.you ?? []).some((side) => view.take_back_sides.includes(side));
}
