// The static site's puzzle progress in localStorage (src/puzzles/progress.ts) and the
// browser source's attempts (src/puzzles/source.ts): only a first attempt is rated, by the
// module's puzzle_rate (a stand-in here that records its calls), a hinted or viewed
// attempt is never solved, and what is kept survives a new page under one versioned key.

import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, PROGRESS_KEY, PuzzleProgress, START, parseProgress, type KeyValue, type RateFn } from '../src/puzzles/progress';
import { browserPuzzles } from '../src/puzzles/source';
import type { PuzzleCheck, PuzzleView, RatingState } from '../src/puzzles/types';
import { afterOwnMove } from '../src/puzzles/session';
import { fourfoldCells, move, view } from './fixtures';

const fixtureScreen = () => view('fourfold', fourfoldCells(), { 'a1@00': 'K', 'd4@11': 'k' });

function memory(): KeyValue & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

/** A stand-in for puzzle_rate: ±100 to the winner, deviation down by 50; its calls kept. */
function fakeRate(calls: { player: RatingState; puzzle: RatingState; solved: boolean }[] = []): RateFn {
  return (player, puzzle, solved) => {
    calls.push({ player, puzzle, solved });
    const d = solved ? 100 : -100;
    return Promise.resolve({
      player: { ...player, rating: player.rating + d, deviation: player.deviation - 50 },
      puzzle: { ...puzzle, rating: puzzle.rating - d, deviation: puzzle.deviation - 50 },
    });
  };
}

const SEED: RatingState = { rating: 1700, deviation: 250, volatility: 0.06 };

describe('puzzle progress', () => {
  it('starts every set at 1500 with no history', () => {
    const p = new PuzzleProgress(memory(), fakeRate());
    expect(p.player('fourfold')).toEqual(START);
    expect(p.me()).toEqual({ ratings: [], history: [] });
    expect(p.bestStreak()).toBe(0);
  });

  it('rates a first attempt with puzzle_rate and keeps both ratings', async () => {
    const store = memory();
    const calls: { player: RatingState; puzzle: RatingState; solved: boolean }[] = [];
    const p = new PuzzleProgress(store, fakeRate(calls));
    const r = await p.record({ puzzle: 'fourfold-a', set: 'fourfold', seed: SEED, solved: true, now: 5 });
    expect(calls).toEqual([{ player: START, puzzle: SEED, solved: true }]);
    expect(r).toEqual({
      solved: true,
      rated: true,
      player_before: { rating: 1500, deviation: 350, provisional: true },
      player: { rating: 1600, deviation: 300, provisional: true },
      puzzle: { rating: 1600, deviation: 200, provisional: true },
    });
    expect(p.player('fourfold').rating).toBe(1600);
    expect(p.puzzle('fourfold-a', SEED).rating).toBe(1600);
    expect(p.attempted()).toEqual(['fourfold-a']);
    expect(p.me().ratings).toEqual([{ set: 'fourfold', rating: { rating: 1600, deviation: 300, provisional: true }, attempts: 1, solved: 1 }]);
    expect(p.me().history).toEqual([{ puzzle: 'fourfold-a', set: 'fourfold', solved: true, rated: true, rating_after: 1600, at_ms: 5 }]);
    // Another set is untouched.
    expect(p.player('stacked')).toEqual(START);
  });

  it('records a later attempt at the same puzzle unrated, changing no rating', async () => {
    const calls: { player: RatingState; puzzle: RatingState; solved: boolean }[] = [];
    const p = new PuzzleProgress(memory(), fakeRate(calls));
    await p.record({ puzzle: 'x', set: 'fourfold', seed: SEED, solved: false, now: 1 });
    const again = await p.record({ puzzle: 'x', set: 'fourfold', seed: SEED, solved: true, now: 2 });
    expect(calls).toHaveLength(1);
    expect(again.rated).toBe(false);
    expect(again.player).toEqual(again.player_before);
    expect(again.player.rating).toBe(1400);
    expect(p.me().ratings[0]).toMatchObject({ attempts: 1, solved: 0 });
    // Newest first.
    expect(p.me().history.map((h) => [h.at_ms, h.rated, h.rating_after])).toEqual([
      [2, false, 1400],
      [1, true, 1400],
    ]);
  });

  it('is read back by a new page from one versioned key', async () => {
    const store = memory();
    await new PuzzleProgress(store, fakeRate()).record({ puzzle: 'x', set: 'stacked', seed: SEED, solved: true, now: 1 });
    new PuzzleProgress(store, fakeRate()).noteStreak(4);
    expect([...store.map.keys()]).toEqual([PROGRESS_KEY]);
    expect(JSON.parse(store.map.get(PROGRESS_KEY) ?? '{}')).toMatchObject({ version: 1, attempted: ['x'], bestStreak: 4 });
    const later = new PuzzleProgress(store, fakeRate());
    expect(later.player('stacked').rating).toBe(1600);
    expect(later.attempted()).toEqual(['x']);
    expect(later.bestStreak()).toBe(4);
  });

  it('starts afresh from damaged or other-version data', () => {
    expect(parseProgress('not json').attempted).toEqual([]);
    expect(parseProgress(JSON.stringify({ version: 2, sets: {}, puzzles: {}, attempted: ['a'], history: [] })).attempted).toEqual([]);
    // A damaged rating is dropped, the rest kept.
    const mixed = parseProgress(JSON.stringify({ version: 1, sets: { a: { rating: 'x' }, b: { ...START, attempts: 2, solved: 1 } }, puzzles: {}, attempted: ['p', 3], history: [], bestStreak: 2 }));
    expect(Object.keys(mixed.sets)).toEqual(['b']);
    expect(mixed.attempted).toEqual(['p']);
    expect(mixed.bestStreak).toBe(2);
  });

  it('keeps at most the last 200 attempts', async () => {
    const p = new PuzzleProgress(memory(), fakeRate());
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) await p.record({ puzzle: `p${i}`, set: 's', seed: SEED, solved: i % 2 === 0, now: i });
    const h = p.me().history;
    expect(h).toHaveLength(HISTORY_LIMIT);
    expect(h[0].at_ms).toBe(HISTORY_LIMIT + 4);
    expect(p.me().ratings[0].attempts).toBe(HISTORY_LIMIT + 5);
  });

  it('keeps the best streak only when beaten', () => {
    const p = new PuzzleProgress(memory(), fakeRate());
    expect(p.noteStreak(3)).toBe(3);
    expect(p.noteStreak(1)).toBe(3);
    expect(p.noteStreak(5)).toBe(5);
    expect(p.bestStreak()).toBe(5);
  });

  it('marks a rating provisional above the deviation of 110', async () => {
    const p = new PuzzleProgress(memory(), (player, puzzle) => Promise.resolve({ player: { ...player, deviation: 100 }, puzzle }));
    const r = await p.record({ puzzle: 'x', set: 's', seed: SEED, solved: true, now: 0 });
    expect(r.player.provisional).toBe(false);
    expect(r.player_before.provisional).toBe(true);
  });
});

function puzzleView(id: string): PuzzleView {
  return {
    id,
    set: 'fourfold',
    variant: 'fourfold',
    rules: null,
    options: [],
    side: 'white',
    kind: 'mate-in-1',
    mate_in: 1,
    themes: ['mate-in-1'],
    rating: { rating: 1700, deviation: 250, provisional: true },
    solver_moves: 1,
    source: { seed: 1, game: 0, ply: 3 },
    screen: fixtureScreen(),
  };
}

/** The module's puzzle ops answered by hand; every request kept. */
function fakeModule(verdict: PuzzleCheck['status']) {
  const asked: ({ op: string } & Record<string, unknown>)[] = [];
  const ask = <T,>(r: { op: string } & Record<string, unknown>): Promise<T> => {
    asked.push(r);
    switch (r.op) {
      case 'puzzle':
      case 'puzzle_next':
      case 'puzzle_daily':
        return Promise.resolve(puzzleView(typeof r.id === 'string' ? r.id : 'fourfold-n') as T);
      case 'puzzle_check':
        return Promise.resolve({ status: verdict, message: '', reply: null, expected: null, screen: fixtureScreen() } as T);
      case 'puzzle_rate': {
        const { player, puzzle, solved } = r as unknown as { player: RatingState; puzzle: RatingState; solved: boolean };
        return fakeRate()(player, puzzle, solved) as Promise<T>;
      }
      default:
        return Promise.reject(new Error(`no op ${r.op}`));
    }
  };
  return { asked, ask };
}

describe('browser puzzle source', () => {
  it('judges an attempt by the module and rates it with puzzle_rate', async () => {
    const m = fakeModule('solved');
    const src = browserPuzzles(memory(), m.ask);
    const r = await src.attempt('fourfold-a', { moves: ['a'], hinted: false, viewed: false });
    expect(r).toMatchObject({ solved: true, rated: true });
    expect(r.player.rating).toBe(1600);
    expect(m.asked.find((a) => a.op === 'puzzle_check')).toEqual({ op: 'puzzle_check', id: 'fourfold-a', moves: ['a'] });
    expect(m.asked.find((a) => a.op === 'puzzle_rate')).toMatchObject({ player: START, puzzle: { rating: 1700, deviation: 250, volatility: 0.06 }, solved: true });
    // The puzzle's rating as this browser now knows it, in its view.
    expect((await src.puzzle('fourfold-a')).rating.rating).toBe(1600);
    expect((await src.me()).history).toHaveLength(1);
  });

  it('never counts a hinted or viewed attempt as solved', async () => {
    for (const flags of [{ hinted: true, viewed: false }, { hinted: false, viewed: true }]) {
      const m = fakeModule('solved');
      const r = await browserPuzzles(memory(), m.ask).attempt('p', { moves: ['a'], ...flags });
      expect(r.solved).toBe(false);
      expect(r.player.rating).toBe(1400);
    }
  });

  it('counts a missed line as missed', async () => {
    const r = await browserPuzzles(memory(), fakeModule('missed').ask).attempt('p', { moves: ['a'], hinted: false, viewed: false });
    expect(r.solved).toBe(false);
  });

  it('asks for the next puzzle near my rating, leaving out those attempted', async () => {
    const m = fakeModule('solved');
    const src = browserPuzzles(memory(), m.ask);
    await src.attempt('seen-1', { moves: ['a'], hinted: false, viewed: false });
    await src.next('fourfold', 'fork');
    expect(m.asked.at(-1)).toEqual({ op: 'puzzle_next', set: 'fourfold', theme: 'fork', rating: { ...START, rating: 1600, deviation: 300 }, seen: ['seen-1'] });
    await src.next('fourfold', null, 1200);
    expect(m.asked.at(-1)).toMatchObject({ op: 'puzzle_next', rating: { rating: 1200 } });
    expect(m.asked.at(-1)).not.toHaveProperty('theme');
  });
});

describe('the picture during the reply pause', () => {
  it('moves the piece, takes what it captures and promotes', () => {
    const s = view('fourfold', fourfoldCells(), { 'a1@00': 'K', 'b3@00': 'P', 'c4@00': 'n', 'd4@11': 'k' }, {
      legal_moves: [move('b3@00', 'c4@00', { token: 'x', capture: true, captured_square: 'c4@00', promotion: 'q', piece: 'P' })],
    });
    const after = afterOwnMove(s, 'x');
    const at = (sq: string) => after?.cells.find((c) => c.name === sq)?.piece;
    expect(at('b3@00')).toBeNull();
    expect(at('c4@00')).toBe('Q');
    expect(after?.legal_moves).toEqual([]);
    expect(after?.last_move).toEqual({ from: 'b3@00', to: 'c4@00' });
  });

  it('draws nothing for a move it cannot show simply', () => {
    const s = view('fourfold', fourfoldCells(), { 'a1@00': 'K' }, { legal_moves: [move('a1@00', 'c1@00', { token: 'c', castling: true })] });
    expect(afterOwnMove(s, 'c')).toBeNull();
    expect(afterOwnMove(s, 'nope')).toBeNull();
  });
});
