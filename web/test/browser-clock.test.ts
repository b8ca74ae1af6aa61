// The browser host's game clocks (src/hosts/browser-clock.ts), on a fake clock: the
// server's rules of charging, increments, free first moves, flags, take backs, and what
// the store keeps.

import { describe, expect, it } from 'vitest';
import { GameClock, runsAfter } from '../src/hosts/browser-clock';

function fake() {
  let t = 1000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('the browser game clock', () => {
  it('charges the mover and adds the increment; each clock starts with its side’s first move', () => {
    const time = fake();
    const c = new GameClock(GameClock.fresh(10_000, 2_000), time.now);
    expect(runsAfter(0) || runsAfter(1)).toBe(false);
    // White's and Black's first moves: the clocks stand, no charge, no increment.
    c.settle('white', 0, true);
    time.advance(30_000);
    c.charge('white');
    c.settle('black', 1, true);
    time.advance(30_000);
    c.charge('black');
    expect(c.view()).toEqual({ initial_ms: 10_000, white_ms: 10_000, black_ms: 10_000, increment_ms: 2_000, running: null });
    c.settle('white', 2, true);
    expect(c.runningSide).toBe('white');
    time.advance(3_000);
    expect(c.left('white')).toBe(7_000);
    expect(c.untilFlag()).toBe(7_000);
    c.charge('white');
    c.settle('black', 3, true);
    expect(c.view()).toEqual({ initial_ms: 10_000, white_ms: 9_000, black_ms: 10_000, increment_ms: 2_000, running: 'black' });
  });

  it('finds a fallen flag, and stops when the game ends', () => {
    const time = fake();
    const c = new GameClock(GameClock.fresh(1_000, 0), time.now);
    c.charge('white');
    c.charge('black');
    c.settle('white', 2, true);
    expect(c.flagged('white')).toBe(false);
    time.advance(1_500);
    expect(c.flagged('white')).toBe(true);
    expect(c.flagged('black')).toBe(false);
    c.settle('white', 2, false);
    expect(c.runningSide).toBeNull();
    expect(c.view().white_ms).toBe(0);
    time.advance(5_000);
    expect(c.left('black')).toBe(1_000);
  });

  it('rewinds to the clocks after the kept moves on a take back', () => {
    const time = fake();
    const c = new GameClock(GameClock.fresh(60_000, 0), time.now);
    c.charge('white');
    c.charge('black');
    c.settle('white', 2, true);
    time.advance(5_000);
    c.charge('white');
    c.settle('black', 3, true);
    time.advance(7_000);
    c.charge('black');
    expect(c.view()).toMatchObject({ white_ms: 55_000, black_ms: 53_000 });
    c.rewind(3);
    expect(c.view()).toMatchObject({ white_ms: 55_000, black_ms: 60_000, running: null });
    c.rewind(0);
    expect(c.view()).toMatchObject({ white_ms: 60_000, black_ms: 60_000 });
  });

  it('keeps the running side’s time used so far, so a reload goes on from it', () => {
    const time = fake();
    const c = new GameClock(GameClock.fresh(60_000, 1_000), time.now);
    c.charge('white');
    c.charge('black');
    c.settle('white', 2, true);
    time.advance(4_000);
    const kept = c.save();
    expect(kept).toMatchObject({ white_ms: 56_000, black_ms: 60_000, initial_ms: 60_000, increment_ms: 1_000 });
    expect(kept.after).toEqual([
      [60_000, 60_000],
      [60_000, 60_000],
    ]);
    // Still running on this page.
    expect(c.runningSide).toBe('white');
    const later = fake();
    const resumed = new GameClock(JSON.parse(JSON.stringify(kept)), later.now);
    resumed.settle('white', 2, true);
    later.advance(1_000);
    expect(resumed.left('white')).toBe(55_000);
  });
});
