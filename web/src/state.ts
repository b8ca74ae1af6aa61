// Rules for taking in a new game state from the server, kept pure for testing.

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

/** Whether the player is waiting for the computer (its turn, or a search running). */
export function computerToMove(view: GameView): boolean {
  return view.status !== 'over' && (view.computer_thinking || (view.mode === 'computer' && view.turn !== view.human));
}
