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
});
