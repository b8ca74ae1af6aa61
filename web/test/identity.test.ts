import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api';
import {
  byPool,
  changeLabel,
  GRAPH,
  identityErrorText,
  nameProblem,
  passwordProblem,
  poolTitle,
  ratingLabel,
  ratingY,
  scaleGraph,
  waitText,
} from '../src/identity/format';
import { becameMyTurn, turnNotice, type TurnShape } from '../src/notify';
import { ratingPart, sideName } from '../src/game/players';
import type { GameView } from '../src/api';

describe('rating labels', () => {
  it('marks provisional ratings with "?" and rounds', () => {
    expect(ratingLabel(1523.4, true)).toBe('1523?');
    expect(ratingLabel(1523.6, false)).toBe('1524');
    expect(ratingLabel(null, true)).toBe('');
  });
  it('writes changes with a sign: plus, a real minus, ± for none', () => {
    expect(changeLabel(12)).toBe('+12');
    expect(changeLabel(-8)).toBe('\u22128');
    expect(changeLabel(0)).toBe('\u00b10');
    expect(changeLabel(-0.4)).toBe('\u00b10');
  });
  it('shows the change only once the game is over', () => {
    const label = { name: 'Alice', rating: 1535, provisional: true, change: 12 };
    expect(ratingPart(label, false)).toEqual({ rating: '1535?', change: null });
    expect(ratingPart(label, true)).toEqual({ rating: '1535?', change: '+12' });
    expect(ratingPart({ ...label, rating: null }, true)).toEqual({ rating: '', change: null });
    expect(ratingPart(undefined, true)).toEqual({ rating: '', change: null });
  });
  it('names a seat: the label, Anonymous, the computer, an open seat', () => {
    const v = { seats: { white: { holder: 'player' }, black: { holder: 'computer' } } } as unknown as GameView;
    expect(sideName(v, 'white', { name: 'Alice', rating: null, provisional: false, change: null })).toBe('Alice');
    expect(sideName(v, 'white', { name: null, rating: 1500, provisional: true, change: null })).toBe('Anonymous');
    expect(sideName(v, 'black', undefined)).toBe('Computer');
  });
  it('titles pools and orders ratings as the server lists pools', () => {
    expect(poolTitle('trid-meder')).toBe('Tri-D, Meder');
    expect(poolTitle('something-new')).toBe('something-new');
    const r = (pool: string) => ({ pool, rating: 1500, deviation: 350, provisional: true, games: 0 });
    expect(byPool([r('fourfold'), r('unknown'), r('stacked'), r('trid-meder')]).map((x) => x.pool)).toEqual(['stacked', 'trid-meder', 'fourfold', 'unknown']);
  });
});

describe('names and passwords', () => {
  it('accepts names the server would', () => {
    for (const n of ['Alice', 'bob_2', 'Z-x', 'a'.repeat(20), '  Carol  ']) expect(nameProblem(n), n).toBeNull();
  });
  it('names the rule a name breaks', () => {
    expect(nameProblem('')).toBe('Type a name.');
    expect(nameProblem('Al')).toMatch(/at least 3/);
    expect(nameProblem('a'.repeat(21))).toMatch(/at most 20/);
    expect(nameProblem('2pac')).toMatch(/starts with a letter/);
    expect(nameProblem('_x_')).toMatch(/starts with a letter/);
    expect(nameProblem('Anne Marie')).toMatch(/not "a space"/);
    expect(nameProblem('Zoë')).toMatch(/not "ë"/);
    expect(nameProblem('Computer')).toMatch(/kept for the site/);
    expect(nameProblem('GUEST')).toMatch(/kept for the site/);
  });
  it('checks a new password twice', () => {
    expect(passwordProblem('short', 'short')).toMatch(/at least 8/);
    expect(passwordProblem('x'.repeat(129), 'x'.repeat(129))).toMatch(/at most 128/);
    expect(passwordProblem('longenough', 'longenougH')).toMatch(/differ/);
    expect(passwordProblem('longenough', 'longenough')).toBeNull();
  });
  it('maps the server refusals to sentences', () => {
    expect(identityErrorText(new ApiError('name_taken', 'name taken', 409))).toBe('That name is taken: choose another.');
    expect(identityErrorText(new ApiError('bad_login', 'wrong name or password', 401))).toBe('Wrong name or password.');
    expect(identityErrorText(new ApiError('name_required', 'choose a name first', 409))).toMatch(/Choose a name first/);
    // Rules broken are the server's own words, as a sentence.
    expect(identityErrorText(new ApiError('bad_name', 'a name starts with a letter', 400))).toBe('A name starts with a letter.');
    expect(identityErrorText(new ApiError('bad_password', 'passwords have at least 8 characters', 400))).toBe('Passwords have at least 8 characters.');
    // A 429 keeps the server's words (which limit), with the wait unless they give it.
    expect(identityErrorText(new ApiError('rate_limited', 'at most 3 accounts an hour are made from one address', 429), 3600)).toBe(
      'At most 3 accounts an hour are made from one address. Try again in 60 minutes.',
    );
    expect(identityErrorText(new ApiError('rate_limited', 'a name may change once in 30 days: "Al" may change in 23 days', 429), 86400 * 23)).toBe(
      'A name may change once in 30 days: "Al" may change in 23 days.',
    );
    expect(identityErrorText(new ApiError('rate_limited', 'busy: try again in a second', 429), 1)).toBe('Busy: try again in a second.');
    expect(identityErrorText(new ApiError('rate_limited', 'too many failed logins', 429))).toBe('Too many failed logins.');
    expect(identityErrorText(new ApiError('network', 'x', 0))).toMatch(/could not be reached/);
  });
  it('says waits in the largest fitting unit', () => {
    expect(waitText(12_000)).toBe('12 seconds');
    expect(waitText(1_000)).toBe('1 second');
    expect(waitText(40 * 60_000)).toBe('40 minutes');
    expect(waitText(5 * 3600_000)).toBe('5 hours');
    expect(waitText(23 * 86400_000 - 5)).toBe('23 days');
  });
});

describe('rating graph', () => {
  const at = (rating: number, i: number) => ({ pool: 'stacked', at_ms: 1_795_910_400_000 + i * 60_000, rating });
  it('spreads points evenly from the left edge to the right and keeps them in the plot', () => {
    const s = scaleGraph([1500, 1520, 1490, 1610].map(at));
    const xs = [GRAPH.left, GRAPH.left + 272 / 3, GRAPH.left + (2 * 272) / 3, GRAPH.left + 272];
    s.points.forEach((p, i) => expect(p.x).toBeCloseTo(xs[i], 9));
    for (const p of s.points) {
      expect(p.y).toBeGreaterThanOrEqual(GRAPH.top);
      expect(p.y).toBeLessThanOrEqual(GRAPH.height - GRAPH.bottom);
    }
    // Higher ratings are drawn higher (smaller y).
    expect(s.points[3].y).toBeLessThan(s.points[0].y);
    expect(s.points[2].y).toBeGreaterThan(s.points[0].y);
    // Round bounds around the points, grid lines on round figures inside them.
    expect(s.bottom).toBe(1450);
    expect(s.top).toBe(1650);
    expect(s.ticks).toEqual([1450, 1500, 1550, 1600, 1650]);
    expect(ratingY(s, 1650)).toBe(GRAPH.top);
    expect(ratingY(s, 1450)).toBe(GRAPH.height - GRAPH.bottom);
  });
  it('gives a flat history a range of 100 at least (no cliff) and centres one point', () => {
    const s = scaleGraph([at(1500, 0)]);
    expect(s.top - s.bottom).toBeGreaterThanOrEqual(100);
    expect(s.points[0].x).toBe(GRAPH.left + (GRAPH.width - GRAPH.left - GRAPH.right) / 2);
    const mid = (ratingY(s, s.top) + ratingY(s, s.bottom)) / 2;
    expect(Math.abs(s.points[0].y - mid)).toBeLessThan(30);
  });
  it('uses wider grid steps for wide ranges', () => {
    const s = scaleGraph([at(1000, 0), at(2000, 1)]);
    expect(s.ticks).toEqual([1000, 1200, 1400, 1600, 1800, 2000]);
  });
});

describe('turn notifications', () => {
  const g = (extra: Partial<TurnShape>): TurnShape => ({ id: 'g1', mode: 'online', ply: 3, turn: 'black', status: 'in-progress', you: ['black'], ...extra });
  it('fire when the opponent moved and it is now the player\u2019s turn', () => {
    expect(becameMyTurn(g({ ply: 2, turn: 'white' }), g({}))).toBe(true);
    // An update carries no `you`: the page's last view says whose seat it is.
    expect(becameMyTurn(g({ ply: 2, turn: 'white' }), g({ you: undefined }))).toBe(true);
  });
  it('stay quiet otherwise', () => {
    expect(becameMyTurn(null, g({}))).toBe(false);
    expect(becameMyTurn(g({}), g({}))).toBe(false);
    expect(becameMyTurn(g({ ply: 2 }), g({ turn: 'white', ply: 3 }))).toBe(false);
    expect(becameMyTurn(g({ ply: 2 }), g({ mode: 'computer' }))).toBe(false);
    expect(becameMyTurn(g({ ply: 2 }), g({ status: 'over' }))).toBe(false);
    expect(becameMyTurn(g({ ply: 2, you: [] }), g({ you: [] }))).toBe(false);
    expect(becameMyTurn(g({ id: 'other', ply: 2 }), g({}))).toBe(false);
  });
  it('name the game and the move', () => {
    expect(turnNotice({ title: 'Fourfold', history: [{ notation: 'Nc3' }] })).toBe('Fourfold: your opponent played Nc3. It is your move.');
    expect(turnNotice({ title: 'Fourfold', history: [] })).toBe('Fourfold: it is your move.');
  });
});
