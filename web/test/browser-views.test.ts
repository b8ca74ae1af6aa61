// The browser host's translation of the module's answers into the server's shapes.

import { describe, expect, it } from 'vitest';
import { limitsFor, MOVE_CAP_MS, oracleOf, pawns, thinkingOf } from '../src/hosts/browser-views';
import type { GameState, SearchView } from '../src/wasm/protocol';

describe('browser views', () => {
  it('turns scores into pawns as the server does (a mate is ±100, nearer is bigger)', () => {
    expect(pawns({ cp: 37 })).toBe(0.37);
    expect(pawns({ cp: -250 })).toBe(-2.5);
    expect(pawns({ mate: 3 })).toBe(99.97);
    expect(pawns({ mate: -2 })).toBe(-99.98);
    expect(pawns({ mate: 1 })).toBeGreaterThan(pawns({ mate: 5 }));
  });

  it('gives thinking scores from White’s side', () => {
    const p: SearchView = { best: 'e2e4', score: { cp: 120 }, depth: 3, pv: ['e2e4'], nodes: 99, elapsed_ms: 5 };
    expect(thinkingOf(p, 'white')).toMatchObject({ type: 'thinking', score: 1.2, depth: 3, budget_ms: MOVE_CAP_MS, pv: ['e2e4'] });
    expect(thinkingOf(p, 'black').score).toBe(-1.2);
  });

  it('searches a level to its depth with variety, and Max until the cap without', () => {
    expect(limitsFor(3, 42)).toEqual({ depth: 3, movetime_ms: MOVE_CAP_MS, seed: 42 });
    expect(limitsFor('max', 42)).toEqual({ movetime_ms: MOVE_CAP_MS });
  });

  it('names each Oracle move by the notation of the legal move with its token', () => {
    const state = { legal_moves: [{ token: 'Kb1c2', notation: 'K b1–c2' }] } as unknown as GameState;
    const m = oracleOf(
      { done: true, moves: [{ token: 'Kb1c2', score: { cp: -40 }, depth: 5, tag: 'eval', mate_in: null, line: ['Kb1c2'] }] },
      state,
    );
    expect(m).toEqual({
      type: 'oracle',
      done: true,
      moves: [{ token: 'Kb1c2', notation: 'K b1–c2', score: -0.4, depth: 5, tag: 'eval', mate_in: null, line: ['Kb1c2'] }],
    });
  });
});
