// Inspect mode's button, its explanation and the separate capture confirmation.

import { GLYPHS } from '../flat';
import { MarkIcon, SearchIcon } from '../icons';
import { pieceName } from '../layout';
import type { GameSession } from './session';

export function InspectButton({ session }: { session: GameSession }) {
  const mode = session.inspect;
  const on = mode.active.value;
  const available = on || mode.available(session.view.value);
  return (
    <button
      type="button"
      class={`inspect-button${on ? ' on' : ''}`}
      aria-pressed={on}
      disabled={!available}
      title={available ? 'Look at any piece’s moves without playing' : 'Inspect is available on your turn'}
      onClick={() => mode.toggle()}
    >
      <SearchIcon /> Inspect
    </button>
  );
}

function Summary({ session }: { session: GameSession }) {
  const i = session.inspect.inspection.value;
  if (!i) return <p class="inspect-summary">Tap any piece, yours or your opponent’s.</p>;
  const what = i.piece ? `${pieceName(i.piece)} on ${i.from}` : `attack board ${i.from}`;
  const side = i.side === 'white' ? 'White' : 'Black';
  const count = i.moves.length;
  if (count === 0) return <p class="inspect-summary">The {what} has no move {i.to_move ? 'now' : `even if ${side} were to move`}.</p>;
  const moves = `${count} move${count === 1 ? '' : 's'}`;
  const boardMoves = i.moves.filter((m) => m.mover === 'board');
  return (
    <>
      <p class="inspect-summary">
        {i.playable
          ? `The ${what}: ${moves} you can play now (green). Tap a green dot to play it.`
          : `The ${what}: ${moves} as if ${side} were to move (blue, previews only). ${
              i.to_move ? '' : 'Not a prediction of its next turn.'
            }`}
      </p>
      {boardMoves.length > 0 && (
        <ul class="inspect-board-moves" aria-label={`${i.from} could go to`}>
          {boardMoves.map((m) => (
            <li key={m.token}>
              {i.playable ? (
                <button type="button" data-token={m.token} onClick={() => session.inspect.playNow(m.token)}>
                  {m.notation}
                </button>
              ) : (
                m.notation
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function CaptureConfirm({ session }: { session: GameSession }) {
  const offer = session.inspect.offer.value;
  if (!offer) return null;
  const first = offer.options[0];
  const mover = first.piece ? pieceName(first.piece) : 'piece';
  const question = offer.victim
    ? `Capture the ${pieceName(offer.victim)} on ${offer.square} with your ${mover} from ${first.from}?`
    : `Move your ${mover} from ${first.from} to ${offer.square}?`;
  return (
    <div class="capture-confirm" role="dialog" aria-label="Capture confirmation">
      <p>{question}</p>
      {offer.options.map((m) => (
        <button type="button" class="confirm" data-token={m.token} key={m.token} onClick={() => session.inspect.playNow(m.token)}>
          {offer.options.length > 1 && m.promotion ? `${GLYPHS[m.promotion.toLowerCase()] ?? ''} ${m.notation}` : offer.victim ? 'Capture' : m.notation}
        </button>
      ))}
      <button type="button" class="cancel" onClick={() => (session.inspect.offer.value = null)}>
        Cancel
      </button>
    </div>
  );
}

export function InspectPanel({ session }: { session: GameSession }) {
  if (!session.inspect.active.value) return null;
  return (
    <section class="inspect" role="region" aria-label="Inspect">
      <header class="inspect-head">
        <h3>Inspect</h3>
        <button type="button" class="inspect-close" onClick={() => session.inspect.stop()}>
          Done
        </button>
      </header>
      <p class="inspect-legend">
        <span class="legend-move" aria-hidden="true">
          <MarkIcon shape="dot" />
        </span> playable now{' '}
        <span class="legend-preview" aria-hidden="true">
          <MarkIcon shape="diamond" />
        </span> preview only{' '}
        <span class="legend-ring" aria-hidden="true">
          <MarkIcon shape="ring" />
        </span> capture. Play is paused until you play or press Done.
      </p>
      <Summary session={session} />
      <CaptureConfirm session={session} />
    </section>
  );
}
