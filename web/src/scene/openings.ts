// Nothing hidden: opens the squares of upper boards that stand between the camera and a
// piece or a mark (see-through.ts). Their slabs are drawn as faint glass in their own
// colour and their stand-ins let taps through. Worked out again when the camera moves or
// the pieces or marks change.

import { Matrix4, Vector3, type InstancedMesh } from 'three';
import type { Marks } from '../marks';
import type { SightTarget } from '../see-through';
import type { BoardLayer } from './boards';
import { GLASS_DARK, GLASS_LIGHT, SLAB } from './materials';
import { pieceHeight, type PieceLayer } from './pieces';

export class Openings {
  /** The squares open now. */
  opened = new Set<string>();
  private key = '';
  /** Counts rebuilds of pieces and marks, so the openings are worked out again after one. */
  private drawn = 0;

  /** The boards were rebuilt: nothing is open. */
  reset(): void {
    this.opened = new Set();
    this.key = '';
  }

  /** The pieces or the marks were rebuilt. */
  changed(): void {
    this.drawn++;
  }

  /** Opens what stands between `eye` and the pieces and marked squares. */
  refresh(eye: Vector3, boards: BoardLayer, pieces: PieceLayer, marks: Marks | null): void {
    const glassMesh = boards.glass;
    if (!boards.sight || !glassMesh) return;
    const key = `${eye.x.toFixed(3)},${eye.y.toFixed(3)},${eye.z.toFixed(3)}|${this.drawn}`;
    if (key === this.key) return;
    this.key = key;
    const next = boards.sight.open(eye, sightTargets(boards, pieces, marks));
    if (next.size === this.opened.size && [...next].every((s) => this.opened.has(s))) return;
    this.opened = next;
    const m = new Matrix4();
    const hidden = new Matrix4().makeScale(0, 0, 0);
    const touched = new Set<InstancedMesh>();
    let glass = 0;
    for (const [name, slab] of boards.slabs) {
      const open = next.has(name);
      const at = new Vector3(slab.at.x, slab.at.y - SLAB / 2, slab.at.z);
      slab.mesh.setMatrixAt(slab.index, open ? hidden.setPosition(at) : m.makeTranslation(at));
      touched.add(slab.mesh);
      const standIn = boards.squares.get(name);
      if (open) {
        glassMesh.setColorAt(glass, standIn?.dark ? GLASS_DARK : GLASS_LIGHT);
        glassMesh.setMatrixAt(glass++, m.makeTranslation(at));
      }
      if (standIn) standIn.open = open;
    }
    for (const mesh of touched) mesh.instanceMatrix.needsUpdate = true;
    glassMesh.count = glass;
    glassMesh.instanceMatrix.needsUpdate = true;
    if (glassMesh.instanceColor) glassMesh.instanceColor.needsUpdate = true;
  }
}

/** What must stay in sight: every piece, and every marked square. */
function sightTargets(boards: BoardLayer, pieces: PieceLayer, m: Marks | null): SightTarget[] {
  const out: SightTarget[] = [];
  for (const [square, piece] of pieces.pieces) {
    const at = boards.cellPos.get(square);
    if (at) out.push({ at, height: pieceHeight(piece.letter) });
  }
  if (!m) return out;
  const marked = new Set<string>([...m.targets.keys(), ...m.lastMove, ...m.checked, ...(m.inspect?.squares.keys() ?? [])]);
  for (const s of [m.lifted, m.oracle?.from, m.oracle?.to, m.oracle?.captured]) if (s) marked.add(s);
  for (const square of marked) {
    const at = boards.cellPos.get(square);
    if (at && !pieces.pieces.has(square)) out.push({ at, height: 0.05 });
  }
  return out;
}
