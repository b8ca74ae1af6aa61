// Chess pieces built in code: lathe profiles for the round pieces and an extruded
// silhouette for the knight. Geometries are made once and shared by every piece.
// The pawn is short with a ball head; the bishop is tall with a pointed, slotted mitre
// and a knob, so the two are told apart from any angle.

import {
  BoxGeometry,
  BufferGeometry,
  Euler,
  ExtrudeGeometry,
  LatheGeometry,
  Matrix4,
  Mesh,
  Quaternion,
  Shape,
  SphereGeometry,
  Vector2,
  Vector3,
  type Material,
} from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';

type Parts = { geometry: BufferGeometry; x?: number; y?: number; z?: number; ry?: number; rz?: number }[];

function lathe(points: [number, number][], segments = 16): BufferGeometry {
  return new LatheGeometry(
    points.map(([r, y]) => new Vector2(r, y)),
    segments,
  );
}

const base = (h: number): [number, number][] => [
  [0, 0],
  [0.32, 0],
  [0.32, 0.06],
  [0.27, 0.09],
  [0.24, h],
];

let cache: Record<string, Parts> | null = null;

function knightHead(): BufferGeometry {
  const s = new Shape();
  s.moveTo(-0.16, 0);
  s.lineTo(0.18, 0);
  s.lineTo(0.16, 0.22);
  s.lineTo(0.2, 0.38);
  s.quadraticCurveTo(0.12, 0.58, -0.05, 0.6);
  s.lineTo(-0.1, 0.66);
  s.lineTo(-0.13, 0.57);
  s.quadraticCurveTo(-0.3, 0.48, -0.32, 0.36);
  s.lineTo(-0.3, 0.3);
  s.quadraticCurveTo(-0.2, 0.3, -0.08, 0.33);
  s.quadraticCurveTo(-0.18, 0.18, -0.16, 0);
  const g = new ExtrudeGeometry(s, { depth: 0.2, bevelEnabled: true, bevelThickness: 0.03, bevelSize: 0.03, bevelSegments: 1 });
  g.translate(0, 0, -0.1);
  return g;
}

function partsFor(): Record<string, Parts> {
  if (cache) return cache;
  const pawn = lathe([...base(0.14), [0.12, 0.2], [0.08, 0.3], [0.14, 0.32], [0.08, 0.34], [0, 0.34]]);
  const pawnHead = new SphereGeometry(0.13, 14, 10);
  const bishop = lathe([
    ...base(0.14),
    [0.13, 0.2],
    [0.08, 0.42],
    [0.17, 0.45],
    [0.17, 0.48],
    [0.1, 0.5],
    [0.15, 0.58],
    [0.12, 0.68],
    [0.05, 0.75],
    [0, 0.77],
  ]);
  const knob = new SphereGeometry(0.05, 8, 6);
  const slot = new BoxGeometry(0.03, 0.12, 0.32);
  const rook = lathe([...base(0.14), [0.18, 0.2], [0.17, 0.48], [0.23, 0.5], [0.23, 0.62], [0.16, 0.62], [0.16, 0.57], [0, 0.57]], 8);
  const merlon = new BoxGeometry(0.09, 0.08, 0.09);
  const queen = lathe([
    ...base(0.14),
    [0.13, 0.22],
    [0.08, 0.5],
    [0.18, 0.55],
    [0.13, 0.58],
    [0.2, 0.72],
    [0.1, 0.72],
    [0, 0.76],
  ]);
  const crownBall = new SphereGeometry(0.04, 6, 4);
  const king = lathe([
    ...base(0.14),
    [0.14, 0.22],
    [0.09, 0.52],
    [0.19, 0.57],
    [0.13, 0.6],
    [0.19, 0.72],
    [0.0, 0.76],
  ]);
  const crossV = new BoxGeometry(0.05, 0.18, 0.05);
  const crossH = new BoxGeometry(0.14, 0.05, 0.05);
  const knightBase = lathe(base(0.14));
  const head = knightHead();
  const merlons: Parts = [0, 1, 2, 3].map((i) => ({
    geometry: merlon,
    x: Math.cos((i * Math.PI) / 2) * 0.18,
    y: 0.66,
    z: Math.sin((i * Math.PI) / 2) * 0.18,
  }));
  const crown: Parts = [0, 1, 2, 3, 4, 5].map((i) => ({
    geometry: crownBall,
    x: Math.cos((i * Math.PI) / 3) * 0.18,
    y: 0.74,
    z: Math.sin((i * Math.PI) / 3) * 0.18,
  }));
  cache = {
    p: [{ geometry: pawn }, { geometry: pawnHead, y: 0.42 }],
    b: [{ geometry: bishop }, { geometry: knob, y: 0.8 }, { geometry: slot, x: 0.06, y: 0.63, rz: -0.5 }],
    r: [{ geometry: rook }, ...merlons],
    q: [{ geometry: queen }, ...crown, { geometry: crownBall, y: 0.8 }],
    k: [{ geometry: king }, { geometry: crossV, y: 0.86 }, { geometry: crossH, y: 0.88 }],
    n: [{ geometry: knightBase }, { geometry: head, y: 0.12 }],
  };
  return cache;
}

/** Height of each piece's top above its square, for stand-ins and labels. */
export const PIECE_HEIGHT: Record<string, number> = { p: 0.55, b: 0.85, r: 0.7, q: 0.82, k: 0.95, n: 0.8 };

const merged = new Map<string, BufferGeometry>();

/** One geometry per kind of piece (its parts merged), so a piece is a single draw call. */
function pieceGeometry(kind: string): BufferGeometry {
  const cached = merged.get(kind);
  if (cached) return cached;
  const parts = (partsFor()[kind] ?? []).map((part) => {
    const g = (part.geometry.index ? part.geometry.toNonIndexed() : part.geometry.clone()).deleteAttribute('uv');
    const m = new Matrix4().compose(
      new Vector3(part.x ?? 0, part.y ?? 0, part.z ?? 0),
      new Quaternion().setFromEuler(new Euler(0, part.ry ?? 0, part.rz ?? 0)),
      new Vector3(1, 1, 1),
    );
    return g.applyMatrix4(m);
  });
  const g = mergeGeometries(parts) ?? new BufferGeometry();
  g.computeBoundingSphere();
  merged.set(kind, g);
  return g;
}

/**
 * A piece as one mesh standing at the origin. Knights show their profile to the players
 * (White's look toward the king's side, Black's the other way).
 */
export function buildPiece(letter: string, material: Material): Mesh {
  const mesh = new Mesh(pieceGeometry(letter.toLowerCase()), material);
  if (letter === letter.toLowerCase()) mesh.rotation.y = Math.PI;
  return mesh;
}
