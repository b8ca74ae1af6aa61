// The lobby's words, pure: time controls ("10+5", "3 days per move"), set-ups, colours,
// rating ranges, time left ("2 d 23 h"), and the list's diffing between two polls.

import type { Catalogue } from '../api';
import type { ChallengeView, ColorWish } from './types';

/** A time control as the lobby's views and requests carry it (minutes and increment, or days per move). */
export interface TimeControlLike {
  minutes?: number | null;
  increment_seconds?: number | null;
  days_per_move?: number | null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Minutes as lichess writes them: ½ and ¼ for the short ones, else the number. */
function minutesText(m: number): string {
  if (m === 0.5) return '½';
  if (m === 0.25) return '¼';
  if (m === 0.75) return '¾';
  return Number.isInteger(m) ? String(m) : String(Math.round(m * 10) / 10);
}

/** "1 day per move", "3 days per move". */
export function daysPerMoveText(days: number): string {
  return `${days} day${days === 1 ? '' : 's'} per move`;
}

/** A time control in a few characters: "10+5", "½+0", "3 days per move"; "No clock" without one. */
export function timeControlText(tc: TimeControlLike | null | undefined): string {
  if (!tc) return 'No clock';
  if (tc.days_per_move) return daysPerMoveText(tc.days_per_move);
  if (tc.minutes === null || tc.minutes === undefined) return 'No clock';
  return `${minutesText(tc.minutes)}+${tc.increment_seconds ?? 0}`;
}

/** What kind of game a time control makes, as lichess names them (by minutes + 40 × increment). */
export function speedText(tc: TimeControlLike | null | undefined): string {
  if (!tc) return 'Unlimited';
  if (tc.days_per_move) return 'Correspondence';
  const estimate = (tc.minutes ?? 0) * 60 + 40 * (tc.increment_seconds ?? 0);
  if (estimate < 180) return 'Bullet';
  if (estimate < 480) return 'Blitz';
  if (estimate < 1500) return 'Rapid';
  return 'Classical';
}

/** The set-up in words from the catalogue: "Tri-D, Federation rules", "Fourfold". */
export function setupText(s: { variant: string; rules?: string | null; options?: string[] | null }, catalogue: Catalogue | null): string {
  const entry = catalogue?.variants.find((v) => v.id === s.variant);
  const parts = [entry?.title ?? capital(s.variant)];
  if (s.rules) parts.push(`${entry?.rules.find((r) => r.id === s.rules)?.title ?? capital(s.rules)} rules`);
  for (const o of s.options ?? []) parts.push(entry?.options.find((x) => x.id === o)?.title ?? capital(o.replace(/-/g, ' ')));
  return parts.join(', ');
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A rating as shown next to a name: "1623", "1500?" while provisional, "" without one. */
export function ratingText(rating: number | null | undefined, provisional: boolean): string {
  if (rating === null || rating === undefined) return '';
  return `${Math.round(rating)}${provisional ? '?' : ''}`;
}

/** A player with their rating: "alice (1623)", "Anonymous". */
export function playerText(p: { name: string | null; rating: number | null; provisional: boolean }): string {
  const r = ratingText(p.rating, p.provisional);
  return `${p.name ?? 'Anonymous'}${r ? ` (${r})` : ''}`;
}

/** The colours of a challenge for the one reading it: the creator's wish, or what the taker gets. */
export function colourText(color: ColorWish, yours: boolean): string {
  if (color === 'random') return 'Colours at random';
  if (yours) return `You play ${capital(color)}`;
  return `You play ${color === 'white' ? 'Black' : 'White'}`;
}

/** The ratings a challenge admits: "Ratings 1400–1700", "Ratings from 1400", "" for everyone. */
export function rangeText(min: number | null | undefined, max: number | null | undefined): string {
  const lo = min ?? null;
  const hi = max ?? null;
  if (lo !== null && hi !== null) return `Ratings ${lo}–${hi}`;
  if (lo !== null) return `Ratings from ${lo}`;
  if (hi !== null) return `Ratings up to ${hi}`;
  return '';
}

/** Whether a rating lies within a challenge's range (no rating: a new player's 1500). */
export function admits(ch: Pick<ChallengeView, 'min_rating' | 'max_rating'>, rating: number | null | undefined): boolean {
  const r = rating ?? 1500;
  return (ch.min_rating === null || r >= ch.min_rating) && (ch.max_rating === null || r <= ch.max_rating);
}

/**
 * Time left in words, to the two largest units: "2 d 23 h", "5 h 12 min", "42 min",
 * "35 s" (a second unit of 0 left out: "3 d"); "0 s" once it ran out. Rounded down: it never promises more than there is.
 */
export function timeLeftText(ms: number): string {
  const t = Math.max(0, ms);
  const two = (big: number, bigUnit: string, small: number, smallUnit: string) => `${big} ${bigUnit}${small ? ` ${small} ${smallUnit}` : ''}`;
  if (t >= DAY) return two(Math.floor(t / DAY), 'd', Math.floor((t % DAY) / HOUR), 'h');
  if (t >= HOUR) return two(Math.floor(t / HOUR), 'h', Math.floor((t % HOUR) / MINUTE), 'min');
  if (t >= MINUTE) return `${Math.floor(t / MINUTE)} min`;
  return `${Math.floor(t / 1000)} s`;
}

/** What changed between two polls of the list: the ids that came and went. */
export interface ListDiff {
  added: string[];
  removed: string[];
}

export function diffIds(before: readonly { id: string }[], after: readonly { id: string }[]): ListDiff {
  const old = new Set(before.map((c) => c.id));
  const now = new Set(after.map((c) => c.id));
  return { added: after.filter((c) => !old.has(c.id)).map((c) => c.id), removed: before.filter((c) => !now.has(c.id)).map((c) => c.id) };
}

/**
 * The challenges in the order shown: the player's own first (they wait on them), then the
 * others as the server lists them (oldest first). Entries that stayed keep their relative
 * order, so a poll never reshuffles what the player is about to tap.
 */
export function orderChallenges(list: readonly ChallengeView[]): ChallengeView[] {
  return [...list.filter((c) => c.yours), ...list.filter((c) => !c.yours)];
}

/** A line for the screen reader about what a poll brought ("" when nothing new). */
export function announceDiff(diff: ListDiff, after: readonly ChallengeView[], catalogue: Catalogue | null): string {
  const fresh = after.filter((c) => diff.added.includes(c.id) && !c.yours);
  if (fresh.length === 0) return '';
  if (fresh.length > 1) return `${fresh.length} new challenges.`;
  const c = fresh[0];
  return `New challenge: ${playerText(c)}, ${setupText(c, catalogue)}, ${timeControlText(c.time_control)}, ${c.rated ? 'rated' : 'casual'}.`;
}

/** The player's own live challenges (not correspondence ones): withdrawn when the page goes. */
export function ownLive(list: readonly ChallengeView[]): string[] {
  return list.filter((c) => c.yours && !c.time_control.days_per_move).map((c) => c.id);
}
