// "Analyse" from a game (the game-over card, review): the analysis board on one of the
// game's positions. A server game's board is the server's; a game kept in this browser
// gets a board in this browser, built by the rules module from the game's record at that
// half-move, so no rules run here and nothing goes to the server.

import type { GameSession } from './session';

/** Opens the board on the position after `ply` half-moves (`null`: the game's last). Throws the refusal. */
export async function analyseGame(session: GameSession, ply: number | null): Promise<void> {
  const v = session.view.peek();
  if (!v) throw new Error('The game is not loaded yet.');
  const { openAnalysis } = await import('../analysis/open');
  if (session.host.kind === 'browser') {
    const record = await session.recordText();
    await openAnalysis({ record, record_ply: ply }, { browserGame: v.id });
  } else {
    await openAnalysis({ game: v.id, ply: ply ?? v.ply });
  }
}
