import { PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { BOARD_AREA, boardCorners, fitCamera } from '../src/camera-fit';
import { cellPosition, type Vec3 } from '../src/layout';
import { tridCells } from './fixtures';

/** Tri-D's boards at the start (levels and attack boards; squares' centres), as `side` sees them. */
function tridBoards(side: 'white' | 'black') {
  const boards = new Map<string, Vec3[]>();
  for (const c of tridCells()) boards.set(c.board, [...(boards.get(c.board) ?? []), cellPosition('trid', c.coords, 1, side)]);
  return [...boards.values()];
}

const angle = (side: 'white' | 'black') => ({ azimuth: side === 'white' ? 0 : Math.PI, elevation: 0.56 });

/** The screen rectangle (-1..1) the points take from `camera`. */
function extent(camera: PerspectiveCamera, points: Vector3[]) {
  const s = points.map((p) => p.clone().project(camera));
  return { x0: Math.min(...s.map((p) => p.x)), x1: Math.max(...s.map((p) => p.x)), y0: Math.min(...s.map((p) => p.y)), y1: Math.max(...s.map((p) => p.y)) };
}

function boxCorners(points: Vector3[]): Vector3[] {
  const min = points.reduce((a, p) => a.min(p), new Vector3(Infinity, Infinity, Infinity));
  const max = points.reduce((a, p) => a.max(p), new Vector3(-Infinity, -Infinity, -Infinity));
  const out = [];
  for (const x of [min.x, max.x]) for (const y of [min.y, max.y]) for (const z of [min.z, max.z]) out.push(new Vector3(x, y, z));
  return out;
}

const centreOf = (points: Vector3[]) => boxCorners(points).reduce((a, p) => a.add(p), new Vector3()).multiplyScalar(1 / 8);

describe('fitting the default camera to the boards', () => {
  for (const side of ['white', 'black'] as const) {
    it(`frames Tri-D's levels from ${side} with every corner inside and the room left equal on both sides`, () => {
      const camera = new PerspectiveCamera(40, 1, 0.1, 200);
      const corners = tridBoards(side).flatMap((b) => boardCorners(b));
      const fit = fitCamera(camera, angle(side), corners.map((at) => ({ at, ...BOARD_AREA })), centreOf(corners), [2, 60]);
      const e = extent(camera, corners);
      expect(e.x0).toBeGreaterThanOrEqual(-0.9 - 1e-6);
      expect(e.x1).toBeLessThanOrEqual(0.9 + 1e-6);
      expect(e.y0).toBeGreaterThanOrEqual(-0.9 - 1e-6);
      expect(e.y1).toBeLessThanOrEqual(0.9 + 1e-6);
      // Tight along the binding axis, centred on both.
      expect(Math.max(e.x1 - e.x0, e.y1 - e.y0)).toBeGreaterThan(1.78);
      expect(Math.abs(e.x0 + e.x1)).toBeLessThan(0.02);
      expect(Math.abs(e.y0 + e.y1)).toBeLessThan(0.02);
      expect(fit.distance).toBeGreaterThan(2);
    });
  }

  it("draws Black's Tri-D about as large as White's (the scene's box drew it at about 70 %)", () => {
    const size = (side: 'white' | 'black', points: (corners: Vector3[]) => Vector3[]) => {
      const camera = new PerspectiveCamera(40, 1, 0.1, 200);
      const corners = tridBoards(side).flatMap((b) => boardCorners(b));
      fitCamera(camera, angle(side), points(corners).map((at) => ({ at, ...BOARD_AREA })), centreOf(corners), [2, 60]);
      // The mean width of the three levels on screen.
      const widths = tridBoards(side)
        .slice(0, 3)
        .map((b) => extent(camera, boardCorners(b)))
        .map((e) => e.x1 - e.x0);
      return widths.reduce((a, b) => a + b) / widths.length;
    };
    const byBoards = { white: size('white', (c) => c), black: size('black', (c) => c) };
    const byBox = { white: size('white', boxCorners), black: size('black', boxCorners) };
    expect(byBox.black / byBox.white).toBeLessThan(0.75);
    expect(byBoards.black / byBoards.white).toBeGreaterThan(0.9);
  });

  it('keeps a label whole on the side where it is drawn', () => {
    const camera = new PerspectiveCamera(40, 1, 0.1, 200);
    const corners = tridBoards('white').flatMap((b) => boardCorners(b));
    const label = new Vector3(-3.5, 0, 5);
    const points = [...corners.map((at) => ({ at, ...BOARD_AREA })), { at: label, x: [-0.6, 1] as [number, number], y: [-1, 1] as [number, number] }];
    fitCamera(camera, angle('white'), points, centreOf(corners), [2, 60]);
    expect(label.clone().project(camera).x).toBeGreaterThanOrEqual(-0.6 - 1e-6);
  });
});
