import { describe, expect, it } from 'vitest';
import { clampOrbit, nextTilt, orbitOffset } from '../src/camera-rig';
import { applyMessage, type HistoryEntry } from '../src/api';
import { formatClock, formatEval, isLowTime, legendOf } from '../src/format';
import { backoffDelay } from '../src/socket';
import { move, stackedCells, view } from './fixtures';

const entry = (n: string, i: number): HistoryEntry => ({
  ...move('a1', 'a2', { token: n, notation: n }),
  number: Math.floor(i / 2) + 1,
  side: i % 2 === 0 ? 'white' : 'black',
  eval: null,
  eval_source: null,
  eval_depth: null,
});

describe('socket updates', () => {
  const base = view('stacked', stackedCells(), {}, { ply: 2, history: ['a', 'b'].map(entry) });
  it('an update keeps the history before history_from and appends what it carries', () => {
    const next = { ...base, ply: 3, history: [{ ...entry('b', 1), eval: 0.5 }, entry('c', 2)] };
    const merged = applyMessage(base, { type: 'update', game: next, history_from: 1 })!;
    expect(merged.ply).toBe(3);
    expect(merged.history.map((h) => h.token)).toEqual(['a', 'b', 'c']);
    expect(merged.history[1].eval).toBe(0.5);
  });
  it("an update keeps the player's own sides and invitation, which only a state carries", () => {
    const mine = { ...base, you: ['black' as const], invite: '/join/abc' };
    const shared = { ...mine, ply: 3, you: undefined, invite: undefined };
    const merged = applyMessage(mine, { type: 'update', game: shared, history_from: 2 })!;
    expect(merged.you).toEqual(['black']);
    expect(merged.invite).toBe('/join/abc');
    expect(merged.ply).toBe(3);
  });
  it('a take back shortens the history', () => {
    const merged = applyMessage(base, { type: 'update', game: { ...base, ply: 1, history: [] }, history_from: 1 })!;
    expect(merged.history.map((h) => h.token)).toEqual(['a']);
  });
  it('a state replaces everything; an update without its base asks for a refetch', () => {
    expect(applyMessage(null, { type: 'state', game: base })).toBe(base);
    expect(applyMessage(null, { type: 'update', game: base, history_from: 0 })).toBeNull();
    expect(applyMessage(base, { type: 'update', game: base, history_from: 5 })).toBeNull();
  });
});

describe('formatting', () => {
  it('evaluations in pawns with a sign', () => {
    expect(formatEval(0.35)).toBe('+0.3');
    expect(formatEval(-1.25)).toBe('-1.3');
    expect(formatEval(0)).toBe('0.0');
    expect(formatEval(null)).toBe('');
    // Mates as every host maps them: ±(100 − n/100) for a mate in n.
    expect(formatEval(99.97)).toBe('+M3');
    expect(formatEval(-99.99)).toBe('-M1');
    expect(formatEval(100)).toBe('+M');
    expect(formatEval(98.5)).toBe('+98.5');
  });
  it('clocks, with tenths under ten seconds', () => {
    expect(formatClock(600000)).toBe('10:00');
    expect(formatClock(65000)).toBe('1:05');
    expect(formatClock(9500)).toBe('0:09.5');
    expect(formatClock(-5)).toBe('0:00.0');
    expect(isLowTime(15000)).toBe(true);
    expect(isLowTime(60000)).toBe(false);
  });
});

describe('camera and reconnection', () => {
  it('tilting reaches below the horizon and comes back', () => {
    let e = 0.62;
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) seen.push((e = nextTilt(e)));
    expect(Math.min(...seen)).toBeLessThan(0);
    expect(seen[seen.length - 1]).toBeGreaterThan(0);
  });
  it('from below, the camera is under the target', () => {
    expect(orbitOffset({ azimuth: 0, elevation: -0.5, distance: 10 }).y).toBeLessThan(0);
    expect(orbitOffset({ azimuth: Math.PI, elevation: 0, distance: 10 }).z).toBeCloseTo(-10);
  });
  it('clamps zoom and elevation but never the azimuth', () => {
    const o = clampOrbit({ azimuth: 20, elevation: 3, distance: 1000 }, 2, 50);
    expect(o).toEqual({ azimuth: 20, elevation: 1.45, distance: 50 });
  });
  it('reconnects with growing, capped delays', () => {
    expect([0, 1, 2, 3, 10].map(backoffDelay)).toEqual([400, 800, 1600, 3200, 8000]);
  });
});

describe('render scale while turning', () => {
  it('drops on slow frames, recovers on fast ones, and is full when still', async () => {
    const { RenderScale, MIN_SCALE } = await import('../src/render-scale');
    const r = new RenderScale();
    let t = 0;
    r.moving(t);
    for (let i = 0; i < 20; i++) r.moving((t += 100));
    expect(r.current).toBe(MIN_SCALE);
    for (let i = 0; i < 20; i++) r.moving((t += 10));
    expect(r.current).toBe(1);
    expect(r.still()).toBe(1);
  });
});

describe('the record legend', () => {
  const scored = (i: number, source: HistoryEntry['eval_source']): HistoryEntry => ({
    ...entry(`m${i}`, i),
    eval: 0.25,
    eval_source: source,
  });
  it('names only the sources of evaluation the game has', () => {
    expect(legendOf([scored(0, 'computer'), scored(1, 'quick')]).map(([k]) => k)).toEqual(['computer', 'quick']);
    // Only the computer's searches scored the moves (no quick check yet).
    expect(legendOf([scored(0, 'computer'), { ...scored(1, null), eval: null }]).map(([k]) => k)).toEqual(['computer']);
    expect(legendOf([scored(0, 'record'), scored(1, null)]).map(([k]) => k)).toEqual(['record', 'unknown']);
    expect(legendOf([])).toEqual([]);
  });
});
