// The game's buttons, and the game-over panel. A watcher of an online game holds no seat:
// the buttons that play or change the game are not offered to them.

import { useEffect } from 'preact/hooks';
import { analyseGame } from './analyse';
import { isWatcher, offerToAnswer } from '../online';
import { canTakeBack } from '../state';
import { DownloadRecord } from './review-panel';
import type { GameSession } from './session';
import './seat.css';
import { refusalText } from '../refusals';

export function Actions({ session, onNewGame }: { session: GameSession; onNewGame: () => void }) {
  const v = session.view.value;
  const busy = session.busy.value;
  const over = !v || v.status === 'over';
  const watching = !!v && isWatcher(v);
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
      {!watching && (
        <>
          <button type="button" class="takeback" disabled={busy || !v || !canTakeBack(v)} onClick={() => session.takeback()}>
            Take back
          </button>
          <button type="button" class="offer-draw" disabled={busy || over} onClick={offerDraw}>
            Offer draw
          </button>
          <button type="button" class="resign" disabled={busy || over} onClick={resign}>
            Resign
          </button>
        </>
      )}
      <button type="button" class="copy-record" onClick={() => session.copyRecord()}>
        Copy game record
      </button>
      <button type="button" class="new-game" onClick={onNewGame}>
        NEW GAME
      </button>
    </div>
  );
}

/** A game's address on this page's host (a browser game is marked so), with this game's view and visualizer. */
export function gameAddress(session: GameSession, id: string): string {
  const host = session.host.kind === 'browser' ? '&host=browser' : '';
  return `?game=${encodeURIComponent(id)}${host}&view=${session.viewMode.peek()}&visualizer=${session.visualizer ? 'on' : 'off'}`;
}

/** The rematch part of the card: the button, or the online offer's state. */
function Rematch({ session }: { session: GameSession }) {
  const v = session.view.value;
  if (!v) return null;
  const busy = session.busy.value;
  if (isWatcher(v)) {
    return v.rematch ? (
      <a class="watch-rematch" href={gameAddress(session, v.rematch)}>
        The players started a rematch: watch it
      </a>
    ) : null;
  }
  if (v.rematch) {
    return (
      <a class="open-rematch" href={gameAddress(session, v.rematch)}>
        Go to the rematch
      </a>
    );
  }
  const offered = offerToAnswer(v);
  if (offered && v.offer?.kind === 'rematch') {
    return (
      <div class="rematch-offer" role="alert">
        <p>{offered}</p>
        <button type="button" class="rematch accept-rematch" disabled={busy} onClick={() => session.answerOffer('accept')}>
          Accept the rematch
        </button>
        <button type="button" class="decline-rematch" disabled={busy} onClick={() => session.answerOffer('decline')}>
          Decline
        </button>
      </div>
    );
  }
  if (v.offer?.kind === 'rematch') {
    return <p class="rematch-waiting">Rematch offered; waiting for your opponent to accept.</p>;
  }
  const other = v.human === 'white' ? 'Black' : 'White';
  const label = v.mode === 'online' ? 'Offer a rematch' : v.mode === 'computer' ? `Rematch (you play ${other})` : 'Rematch';
  return (
    <button type="button" class="rematch" disabled={busy} onClick={() => session.rematch()}>
      {label}
    </button>
  );
}

/** Analysis of the game: the analysis board on the final position (the server's, or this browser's for a game kept here), and the review. */
function Analyse({ session }: { session: GameSession }) {
  const v = session.view.value;
  if (!v) return null;
  const review = () => {
    session.gameOverDismissed.value = true;
    session.panelTab.value = 'moves';
    session.review.goTo(0);
  };
  const analyse = () => {
    analyseGame(session, null).catch((e: unknown) => session.say(refusalText(e), 'error'));
  };
  return (
    <>
      <button type="button" class="analyse-game" onClick={analyse}>
        Analyse the final position
      </button>
      <button type="button" class="review-game" onClick={review}>
        Review the moves
      </button>
    </>
  );
}

export function GameOver({ session, onNewGame }: { session: GameSession; onNewGame: () => void }) {
  const v = session.view.value;
  const next = session.rematchToOpen.value;
  useEffect(() => {
    if (next) location.assign(gameAddress(session, next));
  }, [next, session]);
  if (!v || v.status !== 'over' || session.gameOverDismissed.value) {
    return <div class="game-over" role="dialog" aria-label="Game over" hidden />;
  }
  return (
    <div class="game-over" role="dialog" aria-label="Game over">
      <div class="card">
        <h2>Game over</h2>
        <p class="result-text">{v.result?.text ?? ''}</p>
        <p class="result-reason">{v.result?.description ?? ''}</p>
        {session.message.value.text && <p class={`game-over-message ${session.message.value.kind}`}>{session.message.value.text}</p>}
        <div class="game-over-actions">
          <Rematch session={session} />
          <Analyse session={session} />
          <DownloadRecord session={session} />
        </div>
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
