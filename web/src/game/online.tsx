// The online part of the panel: who this player is in the game (or that they watch), the
// invitation to share while the friend's seat is open, the opponent's offer to answer,
// whether the opponent is there, the first-move count before an abort, and the claim
// when the opponent has gone (the server decides who is gone, from the sockets).

import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { abortLine, canClaim, offerToAnswer, presenceLine, presenceState, seatLine, watchersLine } from '../online';
import type { GameSession } from './session';
import './online.css';

/** The invitation link with its copy button (and a word when it is copied). */
function Invite({ link }: { link: string }) {
  const copied = useSignal(false);
  const copy = () => {
    void navigator.clipboard
      ?.writeText(link)
      .then(() => (copied.value = true))
      .catch(() => undefined);
  };
  return (
    <div class="invite">
      <label class="invite-label" for="invite-link">
        Send your friend this link:
      </label>
      <div class="invite-row">
        <input id="invite-link" class="invite-link" readOnly value={link} aria-label="Invitation link" onFocus={(e) => e.currentTarget.select()} />
        <button type="button" class="copy-invite" onClick={copy}>
          {copied.value ? 'Copied' : 'Copy link'}
        </button>
      </div>
    </div>
  );
}

/** The first-move count, ticking between the server's states. */
function AbortCount({ session }: { session: GameSession }) {
  const now = useSignal(performance.now());
  const v = session.view.value;
  const counting = v?.abort_in_ms !== null && v?.abort_in_ms !== undefined;
  useEffect(() => {
    if (!counting) return;
    const t = setInterval(() => (now.value = performance.now()), 250);
    return () => clearInterval(t);
  }, [counting, now]);
  const line = v ? abortLine(v, Math.max(0, now.value - session.receivedAt.value)) : null;
  return line ? <p class="abort-count">{line}</p> : null;
}

export function OnlinePanel({ session }: { session: GameSession }) {
  const v = session.view.value;
  if (!v) return null;
  const line = seatLine(v);
  const offer = offerToAnswer(v);
  const watching = watchersLine(v);
  const presence = presenceLine(v);
  if (!line && !offer && !watching && !presence && v.abort_in_ms === null) return null;
  // Updates keep the last invitation; it counts only while the friend's seat is open.
  const waiting = v.seats.white.holder === 'open' || v.seats.black.holder === 'open';
  const link = v.invite && waiting ? new URL(v.invite, location.origin).href : null;
  const busy = session.busy.value;
  return (
    <div class="online" data-watching={v.you?.length === 0 ? 'true' : undefined}>
      {line && <p class="seat-line">{line}</p>}
      {link && <Invite link={link} />}
      {presence && (
        <p class="presence" data-presence={presenceState(v) ?? undefined}>
          {presence}
        </p>
      )}
      {watching && <p class="watchers">{watching}</p>}
      <AbortCount session={session} />
      {canClaim(v) && (
        <div class="claim" role="alert">
          <p>You may end the game now.</p>
          <div class="online-buttons">
            <button type="button" class="claim-win" disabled={busy} onClick={() => session.claim('win')}>
              Claim the win
            </button>
            <button type="button" class="claim-draw" disabled={busy} onClick={() => session.claim('draw')}>
              Claim a draw
            </button>
          </div>
        </div>
      )}
      {offer && (
        <div class="offer" role="alert">
          <p>{offer}</p>
          <div class="online-buttons">
            <button type="button" class="accept-offer" disabled={busy} onClick={() => session.answerOffer('accept')}>
              Accept
            </button>
            <button type="button" class="decline-offer" disabled={busy} onClick={() => session.answerOffer('decline')}>
              Decline
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
