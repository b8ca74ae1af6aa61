// The online part of the panel: who this player is in the game (or that they watch), the
// invitation to share while the friend's seat is open, and the opponent's offer to answer.

import { offerToAnswer, seatLine, watchersLine } from '../online';
import type { GameSession } from './session';

export function OnlinePanel({ session }: { session: GameSession }) {
  const v = session.view.value;
  if (!v) return null;
  const line = seatLine(v);
  const offer = offerToAnswer(v);
  const watching = watchersLine(v);
  if (!line && !offer && !watching) return null;
  // Updates keep the last invitation; it counts only while the friend's seat is open.
  const waiting = v.seats.white.holder === 'open' || v.seats.black.holder === 'open';
  const link = v.invite && waiting ? new URL(v.invite, location.origin).href : null;
  return (
    <div class="online" data-watching={v.you?.length === 0 ? 'true' : undefined}>
      {line && <p class="seat-line">{line}</p>}
      {watching && <p class="watchers">{watching}</p>}
      {link && (
        <p class="invite">
          Send your friend this link:{' '}
          <input class="invite-link" readOnly value={link} aria-label="Invitation link" onFocus={(e) => e.currentTarget.select()} />
          <button type="button" class="copy-invite" onClick={() => void navigator.clipboard?.writeText(link)}>
            Copy link
          </button>
        </p>
      )}
      {offer && (
        <p class="offer" role="alert">
          {offer}{' '}
          <button type="button" class="accept-offer" onClick={() => session.answerOffer('accept')}>
            Accept
          </button>{' '}
          <button type="button" class="decline-offer" onClick={() => session.answerOffer('decline')}>
            Decline
          </button>
        </p>
      )}
    </div>
  );
}
