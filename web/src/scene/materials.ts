// The 3D view's materials and shapes, made once per scene, and the few drawing helpers
// every layer shares (a frame round some squares, a coordinate glyph).

import {
  BoxGeometry,
  BufferGeometry,
  CanvasTexture,
  CircleGeometry,
  Color,
  CylinderGeometry,
  DoubleSide,
  LineBasicMaterial,
  LineDashedMaterial,
  LineLoop,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  PlaneGeometry,
  RingGeometry,
  Vector3,
} from 'three';
import type { Vec3 } from '../layout';

/** A square's slab: its thickness below the top face. */
export const SLAB = 0.08;
/** Opened squares' colours: the squares' own (see `glass` below). */
export const GLASS_LIGHT = new Color(0xe9e2cf);
export const GLASS_DARK = new Color(0x5b4636);

export const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export function makeMaterials() {
  return {
    light: new MeshStandardMaterial({ color: 0xe9e2cf, transparent: true, opacity: 0.32, depthWrite: false, side: DoubleSide }),
    dark: new MeshStandardMaterial({ color: 0x5b4636, roughness: 0.8 }),
    // Boards faded while another is brought forward: shown faintly, never in the way of a tap.
    // An opened square keeps its own colour, faintly (per instance): the board's pattern
    // goes on across the opening instead of leaving holes. Light enough that a piece seen
    // through two openings keeps most of its contrast (see probes/visibility.ts).
    glass: new MeshStandardMaterial({ color: 0xffffff, transparent: true, opacity: 0.2, depthWrite: false }),
    lightFaded: new MeshStandardMaterial({ color: 0xe9e2cf, transparent: true, opacity: 0.08, depthWrite: false, side: DoubleSide }),
    darkFaded: new MeshStandardMaterial({ color: 0x5b4636, transparent: true, opacity: 0.14, depthWrite: false }),
    whiteFaded: new MeshStandardMaterial({ color: 0xf4ecdc, transparent: true, opacity: 0.18, depthWrite: false }),
    blackFaded: new MeshStandardMaterial({ color: 0x2b2522, transparent: true, opacity: 0.22, depthWrite: false }),
    white: new MeshStandardMaterial({ color: 0xf4ecdc, roughness: 0.45 }),
    black: new MeshStandardMaterial({ color: 0x2b2522, roughness: 0.45 }),
    liftedWhite: new MeshStandardMaterial({ color: 0xfff6c8, emissive: 0x665500, roughness: 0.4 }),
    liftedBlack: new MeshStandardMaterial({ color: 0x4a3f26, emissive: 0x443300, roughness: 0.4 }),
    checkWhite: new MeshStandardMaterial({ color: 0xffd0d0, emissive: 0xcc0000, roughness: 0.4 }),
    checkBlack: new MeshStandardMaterial({ color: 0x551111, emissive: 0xaa0000, roughness: 0.4 }),
    post: new MeshStandardMaterial({ color: 0xc8d2dc, metalness: 0.3, roughness: 0.35 }),
    dot: new MeshBasicMaterial({ color: 0xffd400, side: DoubleSide, depthTest: false, transparent: true }),
    ring: new MeshBasicMaterial({ color: 0xffd400, side: DoubleSide, depthTest: false, transparent: true }),
    checkRing: new MeshBasicMaterial({ color: 0xff2020, side: DoubleSide, transparent: true, opacity: 0.8 }),
    dashed: new LineDashedMaterial({ color: 0xffd400, dashSize: 0.18, gapSize: 0.12 }),
    lastMove: new LineBasicMaterial({ color: 0x22cc44 }),
    frame: new LineBasicMaterial({ color: 0x8899aa }),
    frameWhite: new LineBasicMaterial({ color: 0xd4a017 }),
    frameBlack: new LineBasicMaterial({ color: 0x7a4a1e }),
    framePick: new LineBasicMaterial({ color: 0x33ddff }),
    boardDest: new LineBasicMaterial({ color: 0xffe14d }),
    // The Oracle's line: purple where the piece or board is, gold where it goes, red on a capture.
    oracleFrom: new MeshBasicMaterial({ color: 0xa040ff, side: DoubleSide, transparent: true, opacity: 0.6, depthWrite: false }),
    oracleTo: new MeshBasicMaterial({ color: 0xffc400, side: DoubleSide, transparent: true, opacity: 0.6, depthWrite: false }),
    oracleCapture: new MeshBasicMaterial({ color: 0xff2a2a, side: DoubleSide, depthTest: false, transparent: true }),
    oracleFromLine: new LineBasicMaterial({ color: 0xb060ff }),
    oracleToLine: new LineBasicMaterial({ color: 0xffc400 }),
    // Inspect mode: green where the piece may play now, blue for previews.
    inspectMove: new MeshBasicMaterial({ color: 0x22c55e, side: DoubleSide, depthTest: false, transparent: true }),
    inspectPreview: new MeshBasicMaterial({ color: 0x3b82f6, side: DoubleSide, depthTest: false, transparent: true }),
    hidden: new MeshBasicMaterial({ visible: false }),
  };
}

export function makeGeometries() {
  return {
    slab: new BoxGeometry(0.98, SLAB, 0.98),
    standInSquare: new BoxGeometry(1, SLAB * 1.5, 1),
    standInPiece: new CylinderGeometry(0.3, 0.3, 1, 10),
    dot: new CircleGeometry(0.13, 20),
    ring: new RingGeometry(0.34, 0.44, 28),
    checkRing: new RingGeometry(0.3, 0.48, 28),
    post: new CylinderGeometry(0.07, 0.07, 1, 10),
    dest: new BoxGeometry(2, 0.12, 2),
    square: new PlaneGeometry(0.96, 0.96),
    captureRing: new RingGeometry(0.3, 0.46, 28),
    diamond: new CircleGeometry(0.22, 4),
    glyph: new PlaneGeometry(0.5, 0.5),
  };
}

export type Materials = ReturnType<typeof makeMaterials>;
export type Geometries = ReturnType<typeof makeGeometries>;

/** A frame `pad` beyond the squares' centres all round, just above their faces. */
export function rectangle(points: Vec3[], pad: number, material: LineBasicMaterial): LineLoop {
  const xs = points.map((p) => p.x);
  const zs = points.map((p) => p.z);
  const y = points[0].y + 0.005;
  const x0 = Math.min(...xs) - pad;
  const x1 = Math.max(...xs) + pad;
  const z0 = Math.min(...zs) - pad;
  const z1 = Math.max(...zs) + pad;
  const g = new BufferGeometry().setFromPoints([new Vector3(x0, y, z0), new Vector3(x1, y, z0), new Vector3(x1, y, z1), new Vector3(x0, y, z1)]);
  return new LineLoop(g, material);
}

/** Coordinate glyphs lying flat on the table, one material per text (drawn once). */
export class Glyphs {
  private readonly materials = new Map<string, MeshBasicMaterial>();

  constructor(private readonly geometry: PlaneGeometry) {}

  make(text: string, at: Vec3, turned: boolean): Mesh {
    let material = this.materials.get(text);
    if (!material) {
      const c = document.createElement('canvas');
      c.width = c.height = 64;
      const ctx = c.getContext('2d');
      if (ctx) {
        ctx.fillStyle = '#c9d4e3';
        ctx.font = 'bold 44px sans-serif';
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(text, 32, 34);
      }
      material = new MeshBasicMaterial({ map: new CanvasTexture(c), transparent: true, depthWrite: false });
      this.materials.set(text, material);
    }
    const mesh = new Mesh(this.geometry, material);
    mesh.rotation.x = -Math.PI / 2;
    if (turned) mesh.rotation.z = Math.PI;
    mesh.position.set(at.x, at.y, at.z);
    return mesh;
  }
}
