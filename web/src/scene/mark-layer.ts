// The marks layer of the 3D view: what the game screen marks (marks.ts) drawn over the
// boards: targets of the lifted piece (a dashed line to those on another level), the last
// move, checks, picked boards, Tri-D's board destinations (with stand-ins for taps), the
// Oracle's line and inspect mode's moves.

import { BufferGeometry, Group, Line, Mesh, Vector3, type LineBasicMaterial, type MeshBasicMaterial, type Object3D } from 'three';
import type { GameView, Side } from '../api';
import { boardDestinationSquares, cellPosition, type Vec3 } from '../layout';
import type { Marks } from '../marks';
import type { StandIn } from '../picking';
import type { BoardLayer } from './boards';
import { rectangle, type Geometries, type Materials } from './materials';

type FlatOn = (mesh: Mesh, p: Vec3, lift: number) => void;

export class MarkLayer {
  readonly group = new Group();
  /** Stand-ins of Tri-D's board destinations, for taps. */
  standIns: Object3D[] = [];
  /** Inspect marks last drawn, square to mark. */
  inspectShown = new Map<string, string>();
  /** The squares of each board destination drawn glowing. */
  destinations = new Map<string, Vec3[]>();
  /** The Oracle line last drawn. */
  oracleShown: Marks['oracle'] = null;

  constructor(
    private readonly mats: Materials,
    private readonly geos: Geometries,
  ) {}

  build(marks: Marks, view: GameView | null, boards: BoardLayer, spread: number, orientation: Side): void {
    this.group.clear();
    this.standIns = [];
    this.destinations = new Map();
    const cellPos = boards.cellPos;
    const destination = (to: string) => (view ? boardDestinationSquares(view, to).map((c) => cellPosition('trid', c, spread, orientation)) : []);
    const flatOn: FlatOn = (mesh, p, lift) => {
      mesh.rotation.x = -Math.PI / 2;
      mesh.position.set(p.x, p.y + lift, p.z);
      mesh.renderOrder = 5;
      this.group.add(mesh);
    };
    const liftedPos = marks.lifted ? cellPos.get(marks.lifted) : undefined;
    const liftedBoard = marks.lifted ? boards.cellBoard.get(marks.lifted) : undefined;
    for (const [square, t] of marks.targets) {
      const p = cellPos.get(square);
      if (!p) continue;
      flatOn(new Mesh(t.capture ? this.geos.ring : this.geos.dot, t.capture ? this.mats.ring : this.mats.dot), p, 0.02);
      if (liftedPos && (boards.cellBoard.get(square) !== liftedBoard || Math.abs(p.y - liftedPos.y) > 0.01)) {
        const line = new Line(new BufferGeometry().setFromPoints([new Vector3(liftedPos.x, liftedPos.y + 0.35, liftedPos.z), new Vector3(p.x, p.y + 0.05, p.z)]), this.mats.dashed);
        line.computeLineDistances();
        this.group.add(line);
      }
    }
    for (const square of marks.lastMove) {
      const p = cellPos.get(square);
      if (p) this.group.add(rectangle([p], 0.44, this.mats.lastMove));
    }
    for (const square of marks.checked) {
      const p = cellPos.get(square);
      if (p) flatOn(new Mesh(this.geos.checkRing, this.mats.checkRing), p, 0.015);
    }
    for (const board of marks.boards) {
      const pts = boards.boardSquares(board);
      if (pts.length) this.group.add(rectangle(pts, 0.58, this.mats.framePick));
    }
    this.buildOracle(marks, cellPos, boards, destination, flatOn);
    this.buildInspect(marks, cellPos, flatOn);
    for (const to of marks.boardTargets) {
      const pts = destination(to);
      if (!pts.length) continue;
      this.destinations.set(to, pts);
      this.group.add(rectangle(pts, 0.5, this.mats.boardDest));
      this.group.add(rectangle(pts, 0.44, this.mats.boardDest));
      const cx = pts.reduce((s, p) => s + p.x, 0) / 4;
      const cz = pts.reduce((s, p) => s + p.z, 0) / 4;
      const standIn = new Mesh(this.geos.dest, this.mats.hidden);
      standIn.position.set(cx, pts[0].y, cz);
      standIn.userData = { standIn: { pick: 'board-dest', to } satisfies StandIn };
      standIn.updateMatrixWorld();
      // Destinations are tested first so a glowing outline wins over squares it overlaps.
      this.standIns.unshift(standIn);
    }
  }

  /** Inspect mode: a green dot (play now) or blue diamond (preview), a ring on captures. */
  private buildInspect(marks: Marks, cellPos: ReadonlyMap<string, Vec3>, flatOn: FlatOn): void {
    this.inspectShown = new Map();
    for (const [square, mark] of marks.inspect?.squares ?? []) {
      const p = cellPos.get(square);
      if (!p) continue;
      const now = mark === 'move' || mark === 'capture';
      const mat = now ? this.mats.inspectMove : this.mats.inspectPreview;
      const mesh = new Mesh(now ? this.geos.dot : this.geos.diamond, mat);
      flatOn(mesh, p, 0.022);
      if (mark.endsWith('capture')) flatOn(new Mesh(this.geos.ring, mat), p, 0.024);
      this.inspectShown.set(square, mark);
    }
  }

  private buildOracle(marks: Marks, cellPos: ReadonlyMap<string, Vec3>, boards: BoardLayer, destination: (to: string) => Vec3[], flatOn: FlatOn): void {
    const o = marks.oracle;
    this.oracleShown = o;
    if (!o) return;
    const square = (name: string | null, fill: MeshBasicMaterial, line: LineBasicMaterial) => {
      const p = name ? cellPos.get(name) : undefined;
      if (!p) return;
      flatOn(new Mesh(this.geos.square, fill), p, 0.012);
      this.group.add(rectangle([p], 0.47, line), rectangle([p], 0.42, line));
    };
    square(o.from, this.mats.oracleFrom, this.mats.oracleFromLine);
    square(o.to, this.mats.oracleTo, this.mats.oracleToLine);
    const captured = o.captured ? cellPos.get(o.captured) : undefined;
    if (captured) flatOn(new Mesh(this.geos.captureRing, this.mats.oracleCapture), captured, 0.03);
    if (o.board) {
      const pts = boards.boardSquares(o.board);
      if (pts.length) this.group.add(rectangle(pts, 0.6, this.mats.oracleFromLine), rectangle(pts, 0.54, this.mats.oracleFromLine));
    }
    if (o.boardTo) {
      const pts = destination(o.boardTo);
      for (const p of pts) flatOn(new Mesh(this.geos.square, this.mats.oracleTo), p, 0);
      if (pts.length) this.group.add(rectangle(pts, 0.56, this.mats.oracleToLine), rectangle(pts, 0.5, this.mats.oracleToLine));
    }
  }
}
