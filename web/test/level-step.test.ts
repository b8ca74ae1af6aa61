import { describe, expect, it } from 'vitest';
import { cellPosition, LEVEL_STEP } from '../src/layout';

describe('levels stepping apart in 3D', () => {
  it('Stacked: each board up stands further back, so the one below shows', () => {
    const b = cellPosition('stacked', [0, 7, 0, 0]);
    const m = cellPosition('stacked', [0, 7, 1, 0]);
    expect(m.y - b.y).toBeCloseTo(LEVEL_STEP.stacked.gap);
    expect(b.z - m.z).toBeCloseTo(LEVEL_STEP.stacked.dz);
  });

  it('Quadlevel: the levels stand side by side, none over another', () => {
    const xs = [0, 1, 2, 3].map((level) => [cellPosition('quadlevel', [0, 0, level, 0]).x, cellPosition('quadlevel', [3, 0, level, 0]).x]);
    for (let i = 1; i < 4; i++) expect(xs[i - 1][0]).toBeGreaterThan(xs[i][1] + 0.5); // L1 (top) rightmost
  });

  it('the spread scales the distance between levels and keeps a board flat', () => {
    for (const variant of ['stacked', 'trid', 'quadlevel', 'fourfold'] as const) {
      const a = cellPosition(variant, [1, 1, 0, 0]);
      const b = cellPosition(variant, [1, 1, 1, 1]);
      const a2 = cellPosition(variant, [1, 1, 0, 0], 2);
      const b2 = cellPosition(variant, [1, 1, 1, 1], 2);
      expect(b2.y - a2.y).toBeCloseTo(2 * (b.y - a.y));
      expect(cellPosition(variant, [2, 1, 0, 0], 2).y).toBeCloseTo(a2.y);
    }
  });

  it('the staircase is taken from the side at the bottom: upper levels step away from Black too', () => {
    for (const [variant, low, up] of [
      ['stacked', [0, 3, 0, 0], [0, 3, 1, 0]],
      ['fourfold', [0, 3, 0, 0], [0, 3, 0, 1]],
    ] as const) {
      const step = (side: 'white' | 'black') => cellPosition(variant, up, 1, side).z - cellPosition(variant, low, 1, side).z;
      // White sits at +z, Black at -z: away from the viewer is -z for White, +z for Black.
      expect(step('white')).toBeCloseTo(-LEVEL_STEP[variant].dz);
      expect(step('black')).toBeCloseTo(LEVEL_STEP[variant].dz);
      expect(cellPosition(variant, up, 1, 'black').y).toBeCloseTo(cellPosition(variant, up, 1, 'white').y);
    }
    // Quadlevel: higher levels to the viewer's right (+x for White, -x for Black).
    const q = (level: number, side: 'white' | 'black') => cellPosition('quadlevel', [0, 0, level, 0], 1, side).x;
    expect(q(0, 'white')).toBeGreaterThan(q(3, 'white'));
    expect(q(0, 'black')).toBeLessThan(q(3, 'black'));
  });

  it("Tri-D from Black: the levels stand further apart (they descend away from Black's camera)", () => {
    const gap = (side: 'white' | 'black') => cellPosition('trid', [1, 5, 6, 0], 1, side).y - cellPosition('trid', [1, 5, 4, 0], 1, side).y;
    expect(gap('white')).toBeCloseTo(2 * LEVEL_STEP.trid.gap);
    expect(gap('black')).toBeCloseTo(2 * LEVEL_STEP.trid.gapBlack);
    expect(LEVEL_STEP.trid.gapBlack).toBeGreaterThan(LEVEL_STEP.trid.gap);
    expect(cellPosition('trid', [1, 5, 6, 0], 1, 'black').z).toBeCloseTo(cellPosition('trid', [1, 5, 6, 0], 1, 'white').z);
  });
});
