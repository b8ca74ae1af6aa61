// The default camera's framing: the nearest distance, and the point looked at, from which
// everything that must be seen (each board's corners at its squares and at a piece's
// height, each board label's anchor) falls inside its own part of the screen, centred.
// Fitting the boards themselves rather than the scene's box matters for staircases: the
// box's empty corners (above the far level and below the near one when the levels descend
// away from the camera, Tri-D seen from Black) would otherwise shrink the boards to about
// 60 % of what the screen allows. Pure (three.js maths only), so it can be unit-tested.

import { type PerspectiveCamera, Vector3 } from 'three';
import { orbitOffset, type Orbit } from './camera-rig';

/** A point that must be seen, and the part of the screen (-1..1 both ways, y up) it may use. */
export interface FramePoint {
  at: Vector3;
  x: [number, number];
  y: [number, number];
}

/** The boards' part of the screen: a margin of a twentieth all round. */
export const BOARD_AREA: Pick<FramePoint, 'x' | 'y'> = { x: [-0.9, 0.9], y: [-0.9, 0.9] };

function place(camera: PerspectiveCamera, target: Vector3, orbit: Orbit): void {
  const off = orbitOffset(orbit);
  camera.position.set(target.x + off.x, target.y + off.y, target.z + off.z);
  camera.lookAt(target);
  camera.updateMatrixWorld();
}

/**
 * The target and distance that frame `points` from `angle`: the nearest distance at which
 * every point is in its part of the screen, with the target moved (across the view) so that
 * the room left is the same on both sides. `camera` (its field of view and aspect) is moved.
 */
export function fitCamera(
  camera: PerspectiveCamera,
  angle: Omit<Orbit, 'distance'>,
  points: FramePoint[],
  start: Vector3,
  range: [number, number],
): { target: Vector3; distance: number } {
  const target = start.clone();
  const project = (distance: number) => {
    place(camera, target, { ...angle, distance });
    return points.map((p) => ({ p, s: p.at.clone().project(camera) }));
  };
  const fits = (distance: number) =>
    project(distance).every(({ p, s }) => s.z < 1 && s.x >= p.x[0] && s.x <= p.x[1] && s.y >= p.y[0] && s.y <= p.y[1]);
  let distance = range[1];
  // The distance and the centre depend on each other; a few rounds settle both.
  for (let round = 0; round < 4; round++) {
    let lo = range[0];
    let hi = range[1];
    for (let i = 0; i < 24; i++) {
      const mid = (lo + hi) / 2;
      if (fits(mid)) hi = mid;
      else lo = mid;
    }
    distance = hi;
    if (round === 3) break;
    // The room left on each side; the picture moves by half the difference.
    const room = { left: Infinity, right: Infinity, bottom: Infinity, top: Infinity };
    for (const { p, s } of project(distance)) {
      room.left = Math.min(room.left, s.x - p.x[0]);
      room.right = Math.min(room.right, p.x[1] - s.x);
      room.bottom = Math.min(room.bottom, s.y - p.y[0]);
      room.top = Math.min(room.top, p.y[1] - s.y);
    }
    const dx = (room.left - room.right) / 2;
    const dy = (room.bottom - room.top) / 2;
    if (Math.abs(dx) < 1e-3 && Math.abs(dy) < 1e-3) break;
    // Moving the camera and its target across the view by one screen half-width (at the
    // target's depth) moves the picture there by one unit the other way.
    const halfHeight = distance * Math.tan((camera.fov * Math.PI) / 360);
    const right = new Vector3().setFromMatrixColumn(camera.matrixWorld, 0);
    const up = new Vector3().setFromMatrixColumn(camera.matrixWorld, 1);
    target.addScaledVector(right, dx * halfHeight * camera.aspect).addScaledVector(up, dy * halfHeight);
  }
  place(camera, target, { ...angle, distance });
  return { target, distance };
}

/** A board's corners (its squares' centres given, each square 1 wide) at its surface and `height` above it. */
export function boardCorners(squares: { x: number; y: number; z: number }[], height = 1): Vector3[] {
  const xs = squares.map((p) => p.x);
  const zs = squares.map((p) => p.z);
  const y = squares[0]?.y ?? 0;
  const corners: Vector3[] = [];
  for (const x of [Math.min(...xs) - 0.5, Math.max(...xs) + 0.5])
    for (const z of [Math.min(...zs) - 0.5, Math.max(...zs) + 0.5]) corners.push(new Vector3(x, y, z), new Vector3(x, y + height, z));
  return squares.length ? corners : [];
}
