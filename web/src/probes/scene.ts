// What the browser tests read of the 3D view and how they drive it: screen points of
// squares, a point whose tap picks a square, how much of a piece is seen, a timed turn,
// what was drawn. Built apart from the app (see index.ts), so none of it ships; it reads
// the scene's parts, which the façade keeps public for it.

import { Vector3 } from 'three';
import type { Vec3 } from '../layout';
import type { BoardScene } from '../scene3d';
import { SLAB } from '../scene/materials';
import { pieceHeight } from '../scene/pieces';
import { visibleFraction } from './visibility';

type Point = { x: number; y: number };

/** Client-pixel position of a square (its piece when occupied). */
export function squareToScreen(scene: BoardScene, name: string): Point | null {
  const p = scene.boards.cellPos.get(name);
  if (!p) return null;
  const piece = scene.pieces.pieces.get(name);
  const y = piece ? p.y + pieceHeight(piece.letter) * 0.5 : p.y;
  return scene.camera.toClient(new Vector3(p.x, y, p.z), scene.canvas);
}

/** Whether a tap at this pixel lands on the canvas (not on a label over it). */
function reachesCanvas(scene: BoardScene, s: Point): boolean {
  return typeof document.elementFromPoint !== 'function' || document.elementFromPoint(s.x, s.y) === scene.canvas;
}

/** A client-pixel point whose tap picks `name` under the current rules, if any. */
export function findTapPoint(scene: BoardScene, name: string): Point | null {
  const p = scene.boards.cellPos.get(name);
  if (!p) return null;
  const piece = scene.pieces.pieces.get(name);
  const h = piece ? pieceHeight(piece.letter) : 0;
  // Centre first, then a grid over the piece's stand-in (or the square's face).
  const candidates: Vector3[] = [];
  const offsets: number[][] = [[0, 0]];
  for (const a of [-2, -1, 0, 1, 2]) for (const b of [-2, -1, 0, 1, 2]) if (a || b) offsets.push([a / 2, b / 2]);
  for (const fy of piece ? [0.5, 0.3, 0.7, 0.15, 0.85, 0.05] : [0]) {
    for (const [dx, dz] of offsets) {
      const r = piece ? 0.25 : 0.42;
      candidates.push(new Vector3(p.x + dx * r, p.y + h * fy + (piece ? 0 : SLAB / 2), p.z + dz * r));
    }
  }
  for (const c of candidates) {
    const s = scene.camera.toClient(c, scene.canvas);
    if (!s) continue;
    if (!reachesCanvas(scene, s)) continue;
    const r = scene.pickClient(s.x, s.y);
    if (r && r.kind === 'square' && r.name === name) return s;
  }
  return null;
}

/** A client-pixel point whose tap picks the glowing attack-board destination `to`. */
export function findBoardDestPoint(scene: BoardScene, to: string): Point | null {
  const pts = scene.marks.destinations.get(to) ?? [];
  if (!pts.length) return null;
  const cx = pts.reduce((s, p) => s + p.x, 0) / pts.length;
  const cz = pts.reduce((s, p) => s + p.z, 0) / pts.length;
  for (const [dx, dz] of [
    [0, 0],
    [0.5, 0.5],
    [-0.5, 0.5],
    [0.5, -0.5],
    [-0.5, -0.5],
  ]) {
    const s = scene.camera.toClient(new Vector3(cx + dx, pts[0].y, cz + dz), scene.canvas);
    if (!s) continue;
    const r = scene.pickClient(s.x, s.y);
    if (r && r.kind === 'board-dest' && r.to === to) return s;
  }
  return null;
}

export interface TurnFigures {
  frames: number;
  fps: number;
  worstFrameMs: number;
  drawCalls: number;
  triangles: number;
  scale: number;
}

/** Turns the view for `ms` milliseconds, one step per frame, and reports frames per second. */
export function measureTurn(scene: BoardScene, ms: number, adaptive = true): Promise<TurnFigures> {
  const { renderer, renderScale, baseRatio } = scene;
  return new Promise((resolve) => {
    const start = performance.now();
    let frames = 0;
    let last = start;
    let worst = 0;
    const frame = (now: number) => {
      worst = Math.max(worst, now - last);
      last = now;
      frames++;
      const orbit = scene.camera.getOrbit();
      scene.camera.setOrbit({ ...orbit, azimuth: orbit.azimuth + 0.02 }, false);
      scene.setRatio(baseRatio * (adaptive ? renderScale.moving(now) : 1));
      renderer.render(scene.scene, scene.camera.camera);
      if (now - start < ms) {
        requestAnimationFrame(frame);
        return;
      }
      const result = {
        frames,
        fps: (frames * 1000) / (now - start),
        worstFrameMs: worst,
        drawCalls: renderer.info.render.calls,
        triangles: renderer.info.render.triangles,
        scale: scene.pixelRatio / baseRatio,
      };
      scene.setRatio(baseRatio * renderScale.still());
      scene.invalidate();
      resolve(result);
    };
    requestAnimationFrame(frame);
  });
}

/** The share of the piece on `square` the camera shows (0..1; null: no piece). */
export function visibility(scene: BoardScene, square: string): number | null {
  const piece = scene.pieces.pieces.get(square);
  if (!piece) return null;
  scene.refreshOpenings();
  const layers = [scene.boards.group, scene.pieces.group, scene.marks.group, scene.keyCursor.mesh];
  const share = visibleFraction(scene.renderer, scene.scene, scene.camera.camera, piece.group, layers);
  scene.invalidate();
  return share;
}

/** The squares opened so that what lies under them is seen. */
export function openSquares(scene: BoardScene): string[] {
  scene.refreshOpenings();
  return [...scene.openings.opened].sort();
}

/** Where the piece standing on `square` is drawn now (mid-animation too). */
export function piecePosition(scene: BoardScene, square: string): Vec3 | null {
  const piece = scene.pieces.pieces.get(square);
  return piece ? { x: piece.group.position.x, y: piece.group.position.y, z: piece.group.position.z } : null;
}

/** The last move's flight: heights along it at tenths of its time. */
export function lastFlight(scene: BoardScene): { square: string; from: number; to: number; heights: number[] } | null {
  const f = scene.pieces.flight;
  return f ? { square: f.square, from: f.from, to: f.to, heights: Array.from({ length: 11 }, (_, i) => f.point(i / 10).y) } : null;
}

/** The coordinates drawn on the boards' edges. */
export function drawnCoordinates(scene: BoardScene): { text: string; board: string }[] {
  return scene.boards.coordinates.map(({ text, board }) => ({ text, board }));
}
