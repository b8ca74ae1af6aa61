// Online games as this player sees them (docs/api.md, "Online games"): the server sends
// every watcher the same view, with the legal moves of the side to move; the page keeps
// them only when that side is this player's. No rule is decided here.

import type { GameView, Side } from './api';
import type { OfferKind } from './generated/api';

/** The view with legal moves only when the side to move is this player's. */
export function forPlayer(view: GameView): GameView {
  if (view.you === undefined || view.you.includes(view.turn) || view.legal_moves.length === 0) return view;
  return { ...view, legal_moves: [] };
}

/** A side as written in a sentence: White, Black. */
function sideName(side: Side): string {
  return side === 'white' ? 'White' : 'Black';
}

/** A line about the seats for the status area, or null when there is nothing to say. */
export function seatLine(view: GameView): string | null {
  if (view.mode !== 'online' && (view.you === undefined || view.you.length > 0)) return null;
  const you = view.you ?? [];
  if (you.length === 0) return 'You are watching this game.';
  const open = (['white', 'black'] as Side[]).find((s) => view.seats[s].holder === 'open');
  if (open) return `Waiting for your friend to open the invitation (they play ${sideName(open)}).`;
  return `You play ${sideName(you[0])}.`;
}

/** The opponent's pending offer this player may answer, in words, or null. */
export function offerToAnswer(view: GameView): string | null {
  const o = view.offer;
  if (!o || !view.you || view.you.length === 0 || view.you.includes(o.from)) return null;
  if (o.kind === 'rematch') return `${capital(o.from)} offers a rematch (same set-up, colours swapped).`;
  return o.kind === 'draw' ? `${capital(o.from)} offers a draw.` : `${capital(o.from)} asks to take back their last move.`;
}

/** This page watches: it holds no seat, so it offers nothing that plays or changes the game. */
export const isWatcher = (view: GameView): boolean => view.you !== undefined && view.you.length === 0;

/** Why this page cannot call the Oracle now (the server would refuse it), or null when it can. */
export function oracleUnavailable(view: GameView): string | null {
  if (isWatcher(view)) return 'The Oracle advises the players; you are watching this game.';
  if (view.mode === 'online' && view.status === 'in-progress') return 'The Oracle is off for both players while an online game runs.';
  return null;
}

const ASKED: Record<OfferKind, string> = { draw: 'draw offer', 'take-back': 'take-back request', rematch: 'rematch offer' };

/** What the offerer is told when the opponent declines (a `declined` socket message). */
export const declinedLine = (kind: OfferKind): string => `Your opponent declined your ${ASKED[kind]}.`;

/** How many watch, in words, or null when nobody does. */
export function watchersLine(view: GameView): string | null {
  const n = view.watchers;
  return n > 0 ? `${n} ${n === 1 ? 'person' : 'people'} watching` : null;
}

/** The side whose first move the game waits for, and the seconds left before it aborts. */
export function abortLine(view: GameView, elapsedMs: number): string | null {
  if (view.abort_in_ms === null || view.status !== 'in-progress') return null;
  const s = Math.max(0, Math.ceil((view.abort_in_ms - elapsedMs) / 1000));
  const mine = view.you?.includes(view.turn) ?? false;
  const who = mine ? 'Make your first move' : `${capital(view.turn)} has to make a first move`;
  return `${who} within ${s} s, or the game is aborted (nobody wins or loses).`;
}

/** Whether a player is there: a live socket, none for a moment, or gone (the server's word). */
export type Presence = 'here' | 'away' | 'gone';

const PRESENCE_WORDS: Record<Presence, string> = { here: 'is connected', away: 'is not connected', gone: 'has left the game' };

/** The players this page reports on: the opponent, or both sides for a watcher (online games that run). */
function reported(view: GameView): Side[] {
  if (view.mode !== 'online' || view.status !== 'in-progress') return [];
  const sides = (['white', 'black'] as Side[]).filter((s) => view.seats[s].holder === 'player');
  if (sides.length < 2) return [];
  const you = view.you ?? [];
  return you.length === 1 ? [you[0] === 'white' ? 'black' : 'white'] : sides;
}

const presenceOf = (view: GameView, s: Side): Presence => (view.seats[s].gone ? 'gone' : view.seats[s].connected ? 'here' : 'away');

/** The least present of the players reported on, or null (for the line's colour). */
export function presenceState(view: GameView): Presence | null {
  const states = reported(view).map((s) => presenceOf(view, s));
  return states.includes('gone') ? 'gone' : states.includes('away') ? 'away' : (states[0] ?? null);
}

/** Who of the players is there, in words (online games that run), or null. */
export function presenceLine(view: GameView): string | null {
  const sides = reported(view);
  if (sides.length === 0) return null;
  if (sides.length === 1 && view.you?.length === 1) return `Your opponent ${PRESENCE_WORDS[presenceOf(view, sides[0])]}.`;
  return sides.map((s) => `${capital(s)} ${PRESENCE_WORDS[presenceOf(view, s)]}`).join(' · ') + '.';
}

/** Whether this player may claim the game now: their opponent is gone (the server says so). */
export function canClaim(view: GameView): boolean {
  const you = view.you ?? [];
  if (view.status !== 'in-progress' || you.length !== 1) return false;
  return view.seats[you[0] === 'white' ? 'black' : 'white'].gone;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
