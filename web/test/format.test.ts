import { describe, expect, it } from 'vitest';
import { clampOrbit, nextTilt, orbitOffset } from '../src/camera-rig';
import { describeResult, formatClock, formatEval, isLowTime, numberHistory } from '../src/format';
import { backoffDelay } from '../src/socket';

const entry = (n: string) => ({ token: n, notation: n, from: '', to: '', eval: null });

describe('move record numbering', () => {
  it('numbers from the start position', () => {
    const out = numberHistory({ history: ['a', 'b', 'c'].map(entry), fullmove: 2, turn: 'black' });
    expect(out.map((m) => `${m.number}${m.side[0]}`)).toEqual(['1w', '1b', '2w']);
  });
  it('numbers a game that started with Black to move', () => {
    const out = numberHistory({ history: ['a', 'b'].map(entry), fullmove: 6, turn: 'black' });
    expect(out.map((m) => `${m.number}${m.side[0]}`)).toEqual(['5b', '6w']);
  });
});

describe('formatting', () => {
  it('evaluations in pawns with a sign', () => {
    expect(formatEval(0.35)).toBe('+0.3');
    expect(formatEval(-1.25)).toBe('-1.3');
    expect(formatEval(0)).toBe('0.0');
    expect(formatEval(null)).toBe('');
  });
  it('clocks, with tenths under ten seconds', () => {
    expect(formatClock(600000)).toBe('10:00');
    expect(formatClock(65000)).toBe('1:05');
    expect(formatClock(9500)).toBe('0:09.5');
    expect(formatClock(-5)).toBe('0:00.0');
    expect(isLowTime(15000)).toBe(true);
    expect(isLowTime(60000)).toBe(false);
  });
  it('results name the winner and the reason', () => {
    expect(describeResult({ result: { winner: 'white', reason: 'checkmate', text: '1-0' } })).toBe('White wins by checkmate');
    expect(describeResult({ result: { winner: null, reason: 'repetition', text: '1/2-1/2' } })).toBe('Draw by threefold repetition');
    expect(describeResult({ result: { winner: 'black', reason: 'time', text: '0-1' } })).toBe('Black wins on time');
    expect(describeResult({ result: { winner: 'black', reason: 'resignation', text: '0-1' } })).toMatch(/White resigned/);
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
