// The players of a game beside each side: name (or "Anonymous"; the computer by its
// name), rating with "?" while provisional, and once the game is over the change it made
// ("+12", "−8"); a "Rated" or "Casual" badge. From GameView.players, which the server
// fills for players and watchers alike (browser games have none: nothing is shown).

import type { GameView, Side } from '../api';
import type { PlayerLabel } from '../generated/api';
import { changeLabel, PROVISIONAL_NOTE, ratingLabel } from '../identity/format';
import { NotifyToggle } from '../identity/notify-toggle';
import type { GameSession } from './session';
import '../identity/identity.css';

const SIDES: Side[] = ['white', 'black'];

/** A side's name as shown. */
export function sideName(v: GameView, side: Side, label: PlayerLabel | undefined): string {
  if (v.seats[side].holder === 'computer') return 'Computer';
  if (v.seats[side].holder === 'open') return 'Waiting for a player';
  return label?.name ?? 'Anonymous';
}

/** The rating part: "1523?", and after the game its change ("1535 +12"). */
export function ratingPart(label: PlayerLabel | undefined, over: boolean): { rating: string; change: string | null } {
  if (!label || label.rating === null) return { rating: '', change: null };
  const change = over && label.change !== null ? changeLabel(label.change) : null;
  return { rating: ratingLabel(label.rating, label.provisional), change };
}

export function Players({ session }: { session: GameSession }) {
  const v = session.view.value;
  if (!v || !v.players || v.mode === 'local') return null;
  const players = v.players;
  const over = v.status === 'over';
  // The side at the bottom of the boards is listed last, as on a board.
  const bottom = session.orientation.value;
  const order = bottom === 'white' ? [...SIDES].reverse() : SIDES;
  return (
    <div class="players" aria-label="Players">
      {v.mode === 'online' && (
        <span class={`rated-badge ${v.rated ? 'rated' : 'casual'}`} title={v.rated ? 'This game changes both players\u2019 ratings.' : 'This game changes no rating.'}>
          {v.rated ? 'Rated' : 'Casual'}
        </span>
      )}
      {order.map((side) => {
        const label = players[side];
        const name = sideName(v, side, label);
        const { rating, change } = ratingPart(label, over);
        const you = v.you?.includes(side) && v.mode === 'online';
        return (
          <div class={`player-label player-${side}`} key={side} data-side={side}>
            <span class={`side-chip ${side}`} aria-hidden="true" />
            <span class="player-name">
              {label?.name ? (
                <a href={`/?player=${encodeURIComponent(label.name)}`} target="_blank" rel="noopener">
                  {name}
                </a>
              ) : (
                name
              )}
              {you ? <span class="player-you"> (you)</span> : null}
            </span>
            {rating && (
              <span class={`player-rating${label?.provisional ? ' provisional' : ''}`} title={label?.provisional ? PROVISIONAL_NOTE : undefined}>
                {rating}
              </span>
            )}
            {change && <span class={`player-change ${change.startsWith('+') ? 'up' : change.startsWith('\u2212') ? 'down' : 'same'}`}>{change}</span>}
            <span class="sr-only">{side === 'white' ? ' plays White' : ' plays Black'}</span>
          </div>
        );
      })}
    </div>
  );
}

/** The turn notifications' opt-in, for a player of an online game that runs. */
export function TurnNotify({ session }: { session: GameSession }) {
  const v = session.view.value;
  if (!v || v.mode !== 'online' || v.status !== 'in-progress' || !v.you?.length) return null;
  return (
    <p class="turn-notify">
      <NotifyToggle />
    </p>
  );
}
