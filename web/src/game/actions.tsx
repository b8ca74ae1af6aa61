// The game's buttons, and the game-over panel.

import { canTakeBack } from '../state';
import type { GameSession } from './session';

export function Actions({ session, onNewGame }: { session: GameSession; onNewGame: () => void }) {
  const v = session.view.value;
  const busy = session.busy.value;
  const over = !v || v.status === 'over';
  const resign = () => {
    const side = session.resigningSide();
    if (side && confirm(`Resign this game as ${side}?`)) session.resign();
  };
  // A draw ends the game at once: ask first, as for resigning.
  const offerDraw = () => {
    if (confirm('Offer a draw? If it is accepted, the game ends as a draw.')) session.offerDraw();
  };
  return (
    <div class="actions">
      <button type="button" class="takeback" disabled={busy || !v || !canTakeBack(v)} onClick={() => session.takeback()}>
        Take back
      </button>
      <button type="button" class="offer-draw" disabled={busy || over} onClick={offerDraw}>
        Offer draw
      </button>
      <button type="button" class="resign" disabled={busy || over} onClick={resign}>
        Resign
      </button>
      <button type="button" class="copy-record" onClick={() => session.copyRecord()}>
        Copy game record
      </button>
      <button type="button" class="new-game" onClick={onNewGame}>
        NEW GAME
      </button>
    </div>
  );
}

export function GameOver({ session, onNewGame }: { session: GameSession; onNewGame: () => void }) {
  const v = session.view.value;
  if (!v || v.status !== 'over' || session.gameOverDismissed.value) {
    return <div class="game-over" role="dialog" aria-label="Game over" hidden />;
  }
  return (
    <div class="game-over" role="dialog" aria-label="Game over">
      <div class="card">
        <h2>Game over</h2>
        <p class="result-text">{v.result?.text ?? ''}</p>
        <p class="result-reason">{v.result?.description ?? ''}</p>
        <button type="button" class="new-game" onClick={onNewGame}>
          NEW GAME
        </button>
        <button type="button" onClick={() => (session.gameOverDismissed.value = true)}>
          Look at the board
        </button>
      </div>
    </div>
  );
}
