// The boards layer of the 3D view: each board's squares (slabs in two instanced meshes, so
// a board can fade when another is brought forward), their invisible stand-ins for taps,
// frames, Tri-D's posts, the coordinates along the edges, and where each board's label is
// anchored. Rebuilt only when the boards' geometry changes (position of the attack boards,
// spread, orientation).

import { Group, InstancedMesh, Matrix4, Mesh, Vector3, type Object3D } from 'three';
import type { Cell, GameView, Side } from '../api';
import { boardCorners } from '../camera-fit';
import { boardLabel, cellPosition, fileLetter, LEVEL_STEP, postGeometry, rankText, type Vec3 } from '../layout';
import type { StandIn } from '../picking';
import { SightLines } from '../see-through';
import { GLASS_LIGHT, Glyphs, rectangle, SLAB, type Geometries, type Materials } from './materials';

export type SquareStandIn = Extract<StandIn, { pick: 'square' }>;

/** Where a board's label is anchored, and whether it extends to the right of its anchor. */
export interface LabelAnchor {
  board: string;
  text: string;
  at: Vector3;
  right: boolean;
}

export class BoardLayer {
  readonly group = new Group();
  /** The centre of each square's top face. */
  readonly cellPos = new Map<string, Vec3>();
  readonly cellBoard = new Map<string, string>();
  /** Each square's slab: its mesh and instance, to hide it while it is open. */
  readonly slabs = new Map<string, { mesh: InstancedMesh; index: number; at: Vec3 }>();
  readonly squares = new Map<string, SquareStandIn>();
  /** The squares' invisible stand-ins, for taps. */
  standIns: Object3D[] = [];
  /** Each board's corners at its squares and a piece's height above them (the default camera frames these). */
  corners: Vector3[] = [];
  anchors: LabelAnchor[] = [];
  /** The coordinates drawn on the boards' edges. */
  coordinates: { text: string; board: string; at: Vec3 }[] = [];
  /** Lines of sight to what must be seen (see-through.ts). */
  sight: SightLines | null = null;
  /** Open squares are drawn as faint glass, so the board keeps its shape. */
  glass: InstancedMesh | null = null;
  private meshes = new Map<string, { light: InstancedMesh; dark: InstancedMesh }>();
  private readonly glyphs: Glyphs;

  constructor(
    private readonly mats: Materials,
    private readonly geos: Geometries,
  ) {
    this.glyphs = new Glyphs(geos.glyph);
  }

  /** Builds the boards of `view`; answers the scene's box. */
  build(view: GameView, spread: number, orientation: Side): { min: Vector3; max: Vector3 } {
    this.group.clear();
    this.standIns = [];
    this.cellPos.clear();
    this.cellBoard.clear();
    const m = new Matrix4();
    const min = new Vector3(Infinity, Infinity, Infinity);
    const max = new Vector3(-Infinity, -Infinity, -Infinity);
    // One pair of meshes per board, so a board can fade when another is brought forward.
    this.meshes.clear();
    this.slabs.clear();
    this.squares.clear();
    const boards = new Map<string, Cell[]>();
    for (const c of view.cells) boards.set(c.board, [...(boards.get(c.board) ?? []), c]);
    for (const [board, cells] of boards) {
      const mesh = (dark: boolean) => {
        const list = cells.filter((c) => c.dark === dark);
        const im = new InstancedMesh(this.geos.slab, dark ? this.mats.dark : this.mats.light, Math.max(1, list.length));
        im.count = list.length;
        if (!dark) im.renderOrder = 2;
        list.forEach((c, i) => {
          const p = cellPosition(view.variant, c.coords, spread, orientation);
          this.cellPos.set(c.name, p);
          this.cellBoard.set(c.name, c.board);
          min.min(new Vector3(p.x - 0.5, p.y, p.z - 0.5));
          max.max(new Vector3(p.x + 0.5, p.y + 1, p.z + 0.5));
          m.makeTranslation(p.x, p.y - SLAB / 2, p.z);
          im.setMatrixAt(i, m);
          this.slabs.set(c.name, { mesh: im, index: i, at: p });
          const standIn = new Mesh(this.geos.standInSquare, this.mats.hidden);
          standIn.position.set(p.x, p.y - SLAB / 2, p.z);
          const s: SquareStandIn = { pick: 'square', name: c.name, dark: c.dark };
          this.squares.set(c.name, s);
          standIn.userData = { standIn: s };
          standIn.updateMatrixWorld();
          this.standIns.push(standIn);
        });
        im.instanceMatrix.needsUpdate = true;
        return im;
      };
      const pair = { dark: mesh(true), light: mesh(false) };
      this.meshes.set(board, pair);
      this.group.add(pair.dark, pair.light);
    }

    // Frames round every board; attack boards framed in their owner's colour.
    const groups = new Map<string, Vec3[]>();
    for (const c of view.cells) {
      const list = groups.get(c.board) ?? [];
      const p = this.cellPos.get(c.name);
      if (p) list.push(p);
      groups.set(c.board, list);
    }
    this.anchors = [];
    this.corners = [];
    for (const [board, points] of groups) {
      this.anchors.push(labelAnchor(view, board, points, orientation));
      this.corners.push(...boardCorners(points));
      const ab = view.attack_boards.find((b) => b.name === board);
      const frame = rectangle(points, 0.52, ab ? (ab.owner === 'white' ? this.mats.frameWhite : this.mats.frameBlack) : this.mats.frame);
      frame.userData = { board };
      this.group.add(frame);
    }
    this.addCoordinates(view, groups, spread, orientation);
    this.sight = new SightLines([...groups.keys()].map((board) => ({ cells: view.cells.filter((c) => c.board === board).map((c) => ({ name: c.name, at: this.cellPos.get(c.name) ?? { x: 0, y: 0, z: 0 } })) })));
    this.glass = new InstancedMesh(this.geos.slab, this.mats.glass, Math.max(1, view.cells.length));
    // Instance colours from the start, so the material is built with them.
    this.glass.setColorAt(0, GLASS_LIGHT);
    this.glass.count = 0;
    this.glass.renderOrder = 2;
    this.group.add(this.glass);
    for (const ab of view.attack_boards) {
      const g = postGeometry(ab, spread, orientation);
      const h = Math.abs(g.top.y - g.bottom.y);
      const post = new Mesh(this.geos.post, this.mats.post);
      post.scale.y = h;
      post.position.set(g.top.x, (g.top.y + g.bottom.y) / 2 - SLAB / 2, g.top.z);
      this.group.add(post);
    }
    return { min, max };
  }

  has(board: string): boolean {
    return this.meshes.has(board);
  }

  /** The centres of `board`'s squares. */
  boardSquares(board: string): Vec3[] {
    return [...this.cellBoard].filter(([, b]) => b === board).flatMap(([n]) => this.cellPos.get(n) ?? []);
  }

  /** Draws the boards `faded` says faintly (another board is brought forward). */
  fade(faded: (board: string) => boolean): void {
    for (const [b, pair] of this.meshes) {
      pair.light.material = faded(b) ? this.mats.lightFaded : this.mats.light;
      pair.dark.material = faded(b) ? this.mats.darkFaded : this.mats.dark;
    }
  }

  /**
   * File letters along a board's near edge and rank numbers along its left edge (Tri-D's
   * attack boards: on their outer side). In Tri-D a letter that would lie under another
   * board of the same stand (an attack board over its main level) is left out.
   */
  private addCoordinates(view: GameView, groups: Map<string, Vec3[]>, spread: number, orientation: Side): void {
    const white = orientation === 'white';
    const spots: { text: string; board: string; at: Vec3 }[] = [];
    for (const [board, points] of groups) {
      const y = points[0].y + 0.01;
      const xs = points.map((p) => p.x);
      const zs = points.map((p) => p.z);
      const nearZ = white ? Math.max(...zs) + 0.78 : Math.min(...zs) - 0.78;
      const ab = view.attack_boards.find((b) => b.name === board);
      // Attack boards on the king's side (files e, f) carry their ranks on the right.
      const onRight = ab ? ab.post_coords[0] > 2 === white : false;
      const sideX = onRight === white ? Math.max(...xs) + 0.78 : Math.min(...xs) - 0.78;
      const files = new Map<string, number>();
      const ranks = new Map<string, number>();
      for (const c of view.cells) {
        if (c.board !== board) continue;
        const p = this.cellPos.get(c.name);
        if (!p) continue;
        files.set(fileLetter(c.coords[0]), p.x);
        ranks.set(rankText(view.variant, c.coords[1]), p.z);
      }
      for (const [text, x] of files) spots.push({ text, board, at: { x, y, z: nearZ } });
      for (const [text, z] of ranks) spots.push({ text, board, at: { x: sideX, y, z } });
    }
    const under = (spot: (typeof spots)[number]) =>
      view.variant === 'trid' &&
      [...groups].some(([board, pts]) => {
        const gap = (white ? LEVEL_STEP.trid.gap : LEVEL_STEP.trid.gapBlack) * spread;
        if (board === spot.board || Math.abs(pts[0].y - spot.at.y) > 1.2 * gap) return false;
        const xs = pts.map((p) => p.x);
        const zs = pts.map((p) => p.z);
        return spot.at.x > Math.min(...xs) - 0.6 && spot.at.x < Math.max(...xs) + 0.6 && spot.at.z > Math.min(...zs) - 0.6 && spot.at.z < Math.max(...zs) + 0.6;
      });
    this.coordinates = spots.filter((spot) => !under(spot));
    for (const spot of this.coordinates) this.group.add(this.glyphs.make(spot.text, spot.at, !white));
  }
}

/** Where `board`'s label goes: beside the board's near corner, on the side nothing else stands. */
function labelAnchor(view: GameView, board: string, points: Vec3[], orientation: Side): LabelAnchor {
  const white = orientation === 'white';
  const xs = points.map((p) => p.x);
  const zs = points.map((p) => p.z);
  // Tri-D's king-side attack boards are labelled on their outer (right) side, off the level.
  const ab = view.attack_boards.find((b) => b.name === board);
  const kingSide = !!ab && ab.post_coords[0] > 2;
  // An attack board is labelled on its outer side (a king-side one at its highest file);
  // Fourfold's boards too (the column at +x at its highest file), clear of the narrow gap
  // between the columns, where a label covered the other column's corner on a phone;
  // any other level at its left edge as the viewer sees it (White's low files, Black's high).
  const outerMaxX = view.variant === 'fourfold' ? Math.min(...xs) + Math.max(...xs) > 0 : null;
  const atMaxX = ab ? kingSide : (outerMaxX ?? !white);
  // Where levels step sideways (Quadlevel), the near corner lies over the level beside
  // it: label those at their far corner instead, where nothing stands.
  const far = LEVEL_STEP[view.variant].dx > 0;
  const nearZ = white !== far ? Math.max(...zs) + 0.55 : Math.min(...zs) - 0.55;
  const at = new Vector3(atMaxX ? Math.max(...xs) + 0.55 : Math.min(...xs) - 0.55, points[0].y, nearZ);
  // The label extends away from its board: to the right where that outer side is on the viewer's right.
  return { board, text: boardLabel(view, board), at, right: ab ? kingSide === white : outerMaxX !== null && outerMaxX === white };
}
