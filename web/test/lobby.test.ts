import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../src/api';
import { perMoveClockText } from '../src/game/clocks';
import { clockPart } from '../src/game/setup-line';
import { stackedCells, view } from './fixtures';
import type { ChallengeView } from '../src/lobby/types';
import {
  admits,
  announceDiff,
  colourText,
  diffIds,
  orderChallenges,
  ownLive,
  playerText,
  rangeText,
  setupText,
  speedText,
  timeControlText,
  timeLeftText,
} from '../src/lobby/words';

const catalogue = {
  variants: [
    { id: 'trid', title: 'Tri-D', description: '', rules: [{ id: 'federation', title: 'Federation', description: '' }], options: [] },
    { id: 'fourfold', title: 'Fourfold', description: '', rules: [], options: [] },
  ],
} as unknown as Catalogue;

const challenge = (extra: Partial<ChallengeView>): ChallengeView => ({
  id: 'c1',
  name: 'alice',
  rating: 1500,
  provisional: true,
  variant: 'fourfold',
  rules: null,
  time_control: { minutes: 10, increment_seconds: 5, days_per_move: null },
  rated: true,
  color: 'random',
  min_rating: null,
  max_rating: null,
  yours: false,
  quick: false,
  ...extra,
});

describe('lobby words', () => {
  it('writes time controls as players read them', () => {
    expect(timeControlText({ minutes: 10, increment_seconds: 5 })).toBe('10+5');
    expect(timeControlText({ minutes: 3, increment_seconds: 0 })).toBe('3+0');
    expect(timeControlText({ minutes: 0.5, increment_seconds: null })).toBe('½+0');
    expect(timeControlText({ days_per_move: 3 })).toBe('3 days per move');
    expect(timeControlText({ minutes: null, days_per_move: 1 })).toBe('1 day per move');
    expect(timeControlText(null)).toBe('No clock');
    expect(speedText({ minutes: 1, increment_seconds: 0 })).toBe('Bullet');
    expect(speedText({ minutes: 5, increment_seconds: 3 })).toBe('Blitz');
    expect(speedText({ minutes: 10, increment_seconds: 5 })).toBe('Rapid');
    expect(speedText({ minutes: 30, increment_seconds: 20 })).toBe('Classical');
    expect(speedText({ days_per_move: 7 })).toBe('Correspondence');
  });

  it('writes time left to its two largest units, never more than there is', () => {
    const h = 3_600_000;
    expect(timeLeftText(2 * 24 * h + 23 * h + 59 * 60_000)).toBe('2 d 23 h');
    expect(timeLeftText(5 * h + 12 * 60_000 + 59_000)).toBe('5 h 12 min');
    expect(timeLeftText(3 * 24 * h)).toBe('3 d');
    expect(timeLeftText(42 * 60_000 + 30_000)).toBe('42 min');
    expect(timeLeftText(35_900)).toBe('35 s');
    expect(timeLeftText(-5)).toBe('0 s');
  });

  it('names set-ups, players, colours and ranges', () => {
    expect(setupText({ variant: 'trid', rules: 'federation' }, catalogue)).toBe('Tri-D, Federation rules');
    expect(setupText({ variant: 'fourfold', rules: null }, catalogue)).toBe('Fourfold');
    expect(setupText({ variant: 'stacked', rules: null, options: ['rook-pawns'] }, null)).toBe('Stacked, Rook pawns');
    expect(playerText({ name: 'alice', rating: 1500, provisional: true })).toBe('alice (1500?)');
    expect(playerText({ name: null, rating: null, provisional: true })).toBe('Anonymous');
    expect(playerText({ name: 'bob', rating: 1623.4, provisional: false })).toBe('bob (1623)');
    expect(colourText('white', true)).toBe('You play White');
    expect(colourText('white', false)).toBe('You play Black');
    expect(colourText('random', false)).toBe('Colours at random');
    expect(rangeText(1400, 1700)).toBe('Ratings 1400–1700');
    expect(rangeText(1400, null)).toBe('Ratings from 1400');
    expect(rangeText(null, 1700)).toBe('Ratings up to 1700');
    expect(rangeText(null, null)).toBe('');
    expect(admits(challenge({ min_rating: 1400, max_rating: 1700 }), 1500)).toBe(true);
    expect(admits(challenge({ min_rating: 1600 }), null)).toBe(false);
  });
});

describe('lobby list', () => {
  it('diffs two polls by id and announces a new challenge of someone else', () => {
    const a = challenge({ id: 'a' });
    const b = challenge({ id: 'b', name: 'bob', rating: 1720, provisional: false, variant: 'trid', rules: 'federation', rated: false });
    const mine = challenge({ id: 'm', yours: true });
    const d = diffIds([a, mine], [a, b]);
    expect(d).toEqual({ added: ['b'], removed: ['m'] });
    expect(announceDiff(d, [a, b], catalogue)).toBe('New challenge: bob (1720), Tri-D, Federation rules, 10+5, casual.');
    expect(announceDiff(diffIds([a], [a, mine]), [a, mine], catalogue)).toBe('');
    expect(announceDiff(diffIds([], [a, b]), [a, b], catalogue)).toBe('2 new challenges.');
  });

  it("puts the player's own challenges first and keeps the others' order", () => {
    const list = [challenge({ id: 'x' }), challenge({ id: 'm', yours: true }), challenge({ id: 'y' })];
    expect(orderChallenges(list).map((c) => c.id)).toEqual(['m', 'x', 'y']);
  });

  it('withdraws only the own live challenges when the page goes', () => {
    const list = [
      challenge({ id: 'live', yours: true }),
      challenge({ id: 'corr', yours: true, time_control: { minutes: null, increment_seconds: null, days_per_move: 3 } }),
      challenge({ id: 'other' }),
    ];
    expect(ownLive(list)).toEqual(['live']);
  });
});

describe('the correspondence clock', () => {
  it('says days per move in the set-up line, and minutes and increment otherwise', () => {
    const day = 86_400_000;
    const corr = { initial_ms: 3 * day, white_ms: 3 * day, black_ms: 2 * day, increment_ms: 0, running: 'black' as const, per_move: true };
    expect(clockPart(view('stacked', stackedCells(), {}, { clocks: corr }))).toBe('3 days per move');
    const live = { initial_ms: 600_000, white_ms: 600_000, black_ms: 600_000, increment_ms: 5000, running: null, per_move: false };
    expect(clockPart(view('stacked', stackedCells(), {}, { clocks: live }))).toBe('Clock 10 min + 5 s a move');
  });

  it("shows the running side's time left and the waiting side's allowance", () => {
    const day = 86_400_000;
    expect(perMoveClockText(day - 60_000, true)).toBe('23 h 59 min');
    expect(perMoveClockText(2 * day + 23 * 3_600_000, true)).toBe('2 d 23 h');
    expect(perMoveClockText(day, false)).toBe('1 day');
    expect(perMoveClockText(3 * day, false)).toBe('3 days');
    expect(perMoveClockText(3 * day, true)).toBe('3 d');
  });
});
