// Pure pieces of the player screens: how ratings and their changes read, which name rule a
// name breaks, what a refusal of the player routes means in words, pool titles, and the
// rating graph's scaling. No DOM here (unit tests in test/identity.test.ts).

import { ApiError } from '../api';
import { asSentence } from '../refusals';
import type { PoolRatingView, RatingPointView } from './types';

/** A rating as shown: "1523?" while provisional (few games: it may still move a lot). */
export function ratingLabel(rating: number | null | undefined, provisional: boolean): string {
  if (rating === null || rating === undefined) return '';
  return `${Math.round(rating)}${provisional ? '?' : ''}`;
}

/** What the "?" means, for a tooltip and the legend. */
export const PROVISIONAL_NOTE = '? = provisional: fewer games, the rating may still move a lot';

/** A rating change after a game: "+12", "−8" (a real minus sign), "±0". */
export function changeLabel(change: number): string {
  const n = Math.round(change);
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${-n}`;
  return '\u00b10';
}

/** The rules of a name, as the player reads them beside the field. */
export const NAME_RULES = '3 to 20 characters: letters, digits, _ and -, starting with a letter. Names are unique (capitals do not count).';

/** Names the server refuses whatever their form. */
export const RESERVED_NAMES = ['computer', 'anonymous', 'admin', 'spacechess', 'oracle', 'player', 'guest'];

/** The rule a name breaks, in words, or null when the server may accept it (it still decides: taken names). */
export function nameProblem(raw: string): string | null {
  const name = raw.trim();
  if (name.length === 0) return 'Type a name.';
  if (name.length < 3) return 'A name has at least 3 characters.';
  if (name.length > 20) return 'A name has at most 20 characters.';
  if (!/^[A-Za-z]/.test(name)) return 'A name starts with a letter.';
  const bad = [...name].find((c) => !/[A-Za-z0-9_-]/.test(c));
  if (bad !== undefined) return `A name has only letters, digits, _ and - (not "${bad === ' ' ? 'a space' : bad}").`;
  if (RESERVED_NAMES.includes(name.toLowerCase())) return `"${name}" is kept for the site: choose another name.`;
  return null;
}

/** What a password lacks, or null. */
export function passwordProblem(password: string, again: string): string | null {
  if (password.length < 8) return 'A password has at least 8 characters.';
  if (password.length > 128) return 'A password has at most 128 characters.';
  if (password !== again) return 'The two passwords differ: type the same one twice.';
  return null;
}

/** A wait in words: "23 days", "5 hours", "40 minutes", "12 seconds". */
export function waitText(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  const unit = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  if (s >= 2 * 86400) return unit(Math.ceil(s / 86400), 'day');
  if (s >= 2 * 3600) return unit(Math.ceil(s / 3600), 'hour');
  if (s >= 120) return unit(Math.ceil(s / 60), 'minute');
  return unit(s, 'second');
}

/** A refusal of the player routes, as it is shown under the form. */
export function identityErrorText(e: unknown, retryAfterS?: number | null): string {
  if (!(e instanceof ApiError)) return asSentence(e instanceof Error ? e.message : String(e));
  switch (e.code) {
    case 'name_taken':
      return 'That name is taken: choose another.';
    case 'name_required':
      return 'Choose a name first: you sign in with your name and password.';
    case 'bad_login':
      return 'Wrong name or password.';
    case 'network':
      return 'The server could not be reached; check the connection and try again.';
    case 'rate_limited': {
      // The server says which limit; the wait is added unless its words give one.
      const said = asSentence(e.message);
      return retryAfterS && !/try again|in \d+ (day|hour|minute|second)/i.test(said) ? `${said} Try again in ${waitText(retryAfterS * 1000)}.` : said;
    }
    default:
      // bad_name and bad_password name the rule broken: the server's own words.
      return asSentence(e.message);
  }
}

/** The rating pools, in the order the server lists them. */
export const POOLS = ['stacked', 'trid-federation', 'trid-meder', 'trid-stepwise', 'quadlevel', 'fourfold'];

const POOL_TITLES: Record<string, string> = {
  stacked: 'Stacked Boards',
  'trid-federation': 'Tri-D, Federation',
  'trid-meder': 'Tri-D, Meder',
  'trid-stepwise': 'Tri-D, Stepwise',
  quadlevel: 'Quadlevel',
  fourfold: 'Fourfold',
};

/** A pool's name for people (an unknown pool keeps its id). */
export const poolTitle = (pool: string): string => POOL_TITLES[pool] ?? pool;

/** A profile's ratings in pool order. */
export const byPool = (ratings: PoolRatingView[]): PoolRatingView[] =>
  [...ratings].sort((a, b) => (POOLS.indexOf(a.pool) + 1 || 99) - (POOLS.indexOf(b.pool) + 1 || 99));

/** The rating graph's box and the scaled points. */
export interface GraphScale {
  width: number;
  height: number;
  /** Rating at the top and bottom of the plot (round figures, 50 apart at least). */
  top: number;
  bottom: number;
  /** Horizontal grid lines (ratings), from the bottom up. */
  ticks: number[];
  points: { x: number; y: number; rating: number; at_ms: number }[];
}

export const GRAPH = { width: 320, height: 120, left: 40, right: 8, top: 8, bottom: 20 };

/**
 * Scales a history (oldest first) into the graph's box: x by game order (evenly: rated
 * games come in bursts, time would crowd them), y between round ratings around the
 * points with at least 100 points of range, so a flat history is not drawn as a cliff.
 */
export function scaleGraph(history: RatingPointView[], g = GRAPH): GraphScale {
  const ratings = history.map((p) => p.rating);
  const lo = ratings.length ? Math.min(...ratings) : 1500;
  const hi = ratings.length ? Math.max(...ratings) : 1500;
  let bottom = Math.floor((lo - 10) / 50) * 50;
  let top = Math.ceil((hi + 10) / 50) * 50;
  while (top - bottom < 100) {
    top += 50;
    if (top - bottom < 100) bottom -= 50;
  }
  const step = top - bottom > 400 ? 200 : top - bottom > 200 ? 100 : 50;
  const ticks: number[] = [];
  for (let t = Math.ceil(bottom / step) * step; t <= top; t += step) ticks.push(t);
  const plotW = g.width - g.left - g.right;
  const plotH = g.height - g.top - g.bottom;
  const n = history.length;
  const points = history.map((p, i) => ({
    x: g.left + (n === 1 ? plotW / 2 : (i / (n - 1)) * plotW),
    y: g.top + (1 - (p.rating - bottom) / (top - bottom)) * plotH,
    rating: p.rating,
    at_ms: p.at_ms,
  }));
  return { width: g.width, height: g.height, top, bottom, ticks, points };
}

/** Where a rating lies on the graph's vertical axis (the grid lines). */
export function ratingY(scale: GraphScale, rating: number, g = GRAPH): number {
  return g.top + (1 - (rating - scale.bottom) / (scale.top - scale.bottom)) * (g.height - g.top - g.bottom);
}
