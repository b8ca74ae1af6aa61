import { describe, expect, it } from 'vitest';
import { placeLabels, type LabelBox } from '../src/label-placement';

const overlap = (a: LabelBox, b: LabelBox) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('placeLabels', () => {
  it('keeps labels that do not touch where they are', () => {
    const boxes = [
      { x: 0, y: 0, w: 50, h: 16 },
      { x: 0, y: 40, w: 50, h: 16 },
    ];
    expect(placeLabels(boxes, 600)).toEqual(boxes);
  });

  it('moves a label off one it would cover (Tri-D: "WQL (3)" over "Level 2")', () => {
    const level2 = { x: 90, y: 364, w: 54, h: 16 };
    const wql = { x: 50, y: 360, w: 62, h: 16 };
    const [a, b] = placeLabels([level2, wql], 600);
    expect(overlap(a, b)).toBe(false);
    expect(a).toEqual(level2); // the lower one keeps its spot
    expect(b.x).toBe(wql.x);
  });

  it('moves up when down would leave the view, and never leaves two overlapping', () => {
    const boxes = Array.from({ length: 6 }, (_, i) => ({ x: 10 + i * 3, y: 580, w: 60, h: 16 }));
    const out = placeLabels(boxes, 600);
    for (let i = 0; i < out.length; i++) for (let j = i + 1; j < out.length; j++) expect(overlap(out[i], out[j])).toBe(false);
    for (const b of out) expect(b.y + b.h).toBeLessThanOrEqual(600);
  });

  it('moves a label off an obstacle (the board brought forward) and off the others', () => {
    const board = { x: 100, y: 100, w: 120, h: 80 };
    const boxes = [
      { x: 130, y: 110, w: 44, h: 44 },
      { x: 60, y: 120, w: 44, h: 44 },
    ];
    const out = placeLabels(boxes, 600, [board]);
    for (const b of out) expect(overlap(b, board)).toBe(false);
    expect(overlap(out[0], out[1])).toBe(false);
  });
});
