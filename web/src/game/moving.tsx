// The choosers of a move in progress: promotion (or several moves to one square), and the
// attack-board flow of Tri-D.

import type { LegalMove } from '../api';
import { GLYPHS } from '../flat';
import { canCancel, movableBoards } from '../selection';
import type { GameSession } from './session';

const PROMOTION_NAMES: Record<string, string> = { q: 'Queen', r: 'Rook', b: 'Bishop', n: 'Knight' };

export function Chooser({ session }: { session: GameSession }) {
  const s = session.selection.value;
  if (s.kind !== 'choose' && s.kind !== 'board-choose') return <div class="chooser" hidden />;
  const promo = s.options.every((m) => m.promotion);
  const label = (m: LegalMove) => {
    const p = (m.promotion ?? '').toLowerCase();
    return promo && s.kind === 'choose' ? `${GLYPHS[p] ?? ''} ${PROMOTION_NAMES[p] ?? m.promotion}` : m.notation;
  };
  return (
    <div class="chooser">
      <p>{promo ? 'Promote to:' : 'Choose the move:'}</p>
      {s.options.map((m) => (
        <button type="button" class="choice" data-token={m.token} key={m.token} onClick={() => session.dispatch({ type: 'choose', token: m.token })}>
          {label(m)}
        </button>
      ))}
      <button type="button" class="cancel" onClick={() => session.dispatch({ type: 'cancel' })}>
        Cancel
      </button>
    </div>
  );
}

export function BoardFlow({ session }: { session: GameSession }) {
  const v = session.view.value;
  const s = session.selection.value;
  const visualizer = session.visualizer;
  if (!v) return <div class="board-flow" hidden />;
  const boards = movableBoards(v);
  const cancel = (s.kind === 'board-pick' || s.kind === 'board') && canCancel(s, visualizer);
  let body = null;
  if (s.kind === 'board-pick') {
    body = (
      <>
        <p>Tap the attack board to move, or choose it:</p>
        {boards.map((b) => (
          <button type="button" class="pick-board" data-board={b} key={b} onClick={() => session.dispatch({ type: 'pick-board', board: b })}>
            {b}
          </button>
        ))}
      </>
    );
  } else if (s.kind === 'board') {
    body = (
      <>
        <p>{`Move ${s.board} to:`}</p>
        <div class="destinations">
          {v.legal_moves
            .filter((x) => x.mover === 'board' && x.from === s.board)
            .map((m) => (
              <button type="button" class="destination" data-token={m.token} data-to={m.to} key={m.token} onClick={() => session.dispatch({ type: 'choose', token: m.token })}>
                {m.notation}
              </button>
            ))}
        </div>
      </>
    );
  } else if (boards.length > 0 && (s.kind === 'idle' || (visualizer && s.kind === 'piece'))) {
    body = (
      <button type="button" class="move-board" onClick={() => session.dispatch({ type: 'board-button' })}>
        Move attack board
      </button>
    );
  }
  if (!body && !cancel) return <div class="board-flow" hidden />;
  return (
    <div class="board-flow">
      {body}
      {cancel && (
        <button type="button" class="cancel" onClick={() => session.dispatch({ type: 'cancel' })}>
          Cancel board move
        </button>
      )}
    </div>
  );
}
