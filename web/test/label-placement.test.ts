import { describe, expect, it } from 'vitest';
import { placeLabels, type LabelBox } from '../src/label-placement';

const overlap = (a: LabelBox, b: LabelBox) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

const VIEW = { w: 800, h: 600 };

describe('placeLabels', () => {
  it('keeps labels that do not touch where they are', () => {
    const boxes = [
      { x: 0, y: 0, w: 50, h: 16 },
      { x: 0, y: 40, w: 50, h: 16 },
    ];
    expect(placeLabels(boxes, VIEW)).toEqual(boxes);
  });

  it('moves a label off one it would cover (Tri-D: "WQL (3)" over "Level 2")', () => {
    const level2 = { x: 90, y: 364, w: 54, h: 16 };
    const wql = { x: 50, y: 360, w: 62, h: 16 };
    const [a, b] = placeLabels([level2, wql], VIEW);
    expect(overlap(a, b)).toBe(false);
    expect(a).toEqual(level2); // the lower one keeps its spot
    expect(b.x).toBe(wql.x);
  });

  it('moves up when down would leave the view, and never leaves two overlapping', () => {
    const boxes = Array.from({ length: 6 }, (_, i) => ({ x: 10 + i * 3, y: 580, w: 60, h: 16 }));
    const out = placeLabels(boxes, VIEW);
    for (let i = 0; i < out.length; i++) for (let j = i + 1; j < out.length; j++) expect(overlap(out[i], out[j])).toBe(false);
    for (const b of out) expect(b.y + b.h).toBeLessThanOrEqual(600);
  });

  it('moves a label off an obstacle (the board brought forward) and off the others', () => {
    const board = { x: 100, y: 100, w: 120, h: 80 };
    const boxes = [
      { x: 130, y: 110, w: 44, h: 44 },
      { x: 60, y: 120, w: 44, h: 44 },
    ];
    const out = placeLabels(boxes, VIEW, [board]);
    for (const b of out) expect(overlap(b, board)).toBe(false);
    expect(overlap(out[0], out[1])).toBe(false);
  });

  it('moves a label sideways when it can move neither down nor up inside the view (Tri-D turned round on a phone)', () => {
    // A short view: three 44-px labels in a row leave no room above or below the middle one's neighbours.
    const view = { w: 390, h: 100 };
    const level = { x: 150, y: 28, w: 56, h: 44 };
    const wkl = { x: 137, y: 30, w: 56.4, h: 44 };
    const wql = { x: 193.4, y: 30, w: 57.9, h: 44 };
    const out = placeLabels([level, wkl, wql], view);
    for (let i = 0; i < out.length; i++) for (let j = i + 1; j < out.length; j++) expect(overlap(out[i], out[j])).toBe(false);
    for (const b of out) {
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.w).toBeLessThanOrEqual(view.w);
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(b.y + b.h).toBeLessThanOrEqual(view.h);
    }
  });

  it('keeps a gap between labels side by side, even a fraction of a pixel apart', () => {
    const a = { x: 137.07, y: 266, w: 56.41, h: 44 };
    const b = { x: 193.36, y: 266, w: 57.89, h: 44 };
    const [pa, pb] = placeLabels([a, b], VIEW);
    expect(pa).toEqual(a);
    expect(overlap(pa, pb)).toBe(false);
    expect(pb.y >= pa.y + pa.h + 2 || pb.y + pb.h + 2 <= pa.y || pb.x >= pa.x + pa.w + 2 || pb.x + pb.w + 2 <= pa.x).toBe(true);
  });
});
