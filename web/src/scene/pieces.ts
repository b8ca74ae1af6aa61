// The pieces layer of the 3D view: a model per piece (pieces3d.ts) in its colour, lifted,
// checked or faded, with an invisible stand-in for taps that keeps still while the model
// moves; and the flight of the last move's piece, on an arc between levels.

import { Group, Mesh, Vector3, type Object3D } from 'three';
import type { GameView } from '../api';
import type { Vec3 } from '../layout';
import type { Marks } from '../marks';
import type { StandIn } from '../picking';
import { buildPiece, PIECE_HEIGHT } from '../pieces3d';
import { reducedMotion, type Geometries, type Materials } from './materials';
import type { Tweens } from './tweens';

export interface PieceEntry {
  square: string;
  letter: string;
  group: Object3D;
  home: Vector3;
}

/** A move's flight: its square and where the piece is at 0..1 of its time. */
export interface Flight {
  square: string;
  /** The heights it leaves from and lands at. */
  from: number;
  to: number;
  point: (t: number) => Vector3;
}

/** How high a piece stands (a square's mark counts as 0.05 elsewhere). */
export const pieceHeight = (letter: string): number => PIECE_HEIGHT[letter.toLowerCase()] ?? 0.7;

export class PieceLayer {
  readonly group = new Group();
  readonly pieces = new Map<string, PieceEntry>();
  /** The pieces' invisible stand-ins, for taps. */
  standIns: Object3D[] = [];
  /** The last move's flight. */
  flight: Flight | null = null;
  /** How many times slower than usual moves fly (tests sample a flight frame by frame). */
  motionScale = 1;
  /** The move in flight: its square, how far along (0..1), and how to place its piece. */
  private motion: { square: string; at: number; place?: (t: number) => void } | null = null;

  constructor(
    private readonly mats: Materials,
    private readonly geos: Geometries,
    private readonly tweens: Tweens,
  ) {}

  /** Draws the pieces of `view` on the squares at `cellPos`; `animateFrom` flies the last move's piece. */
  build(view: GameView, marks: Marks, cellPos: ReadonlyMap<string, Vec3>, faded: (board: string) => boolean, animateFrom: { from: string; to: string } | null): void {
    this.group.clear();
    this.pieces.clear();
    this.standIns = [];
    for (const c of view.cells) {
      if (!c.piece) continue;
      const p = cellPos.get(c.name);
      if (!p) continue;
      const lifted = marks.lifted === c.name;
      const group = buildPiece(c.piece, this.material(c.piece, lifted, marks.checked.has(c.name), faded(c.board)));
      const home = new Vector3(p.x, p.y + (lifted ? 0.3 : 0), p.z);
      group.position.copy(home);
      this.group.add(group);
      this.pieces.set(c.name, { square: c.name, letter: c.piece, group, home });
      const h = pieceHeight(c.piece);
      const standIn = new Mesh(this.geos.standInPiece, this.mats.hidden);
      standIn.scale.y = h;
      standIn.position.set(p.x, p.y + h / 2, p.z);
      standIn.userData = { standIn: { pick: 'piece', square: c.name } satisfies StandIn };
      standIn.updateMatrixWorld();
      this.standIns.push(standIn);
    }
    if (animateFrom && !reducedMotion()) {
      const moved = this.pieces.get(animateFrom.to);
      const from = cellPos.get(animateFrom.from);
      if (moved && from) this.fly(animateFrom.to, new Vector3(from.x, from.y, from.z), moved.home.clone());
    } else if (this.motion) {
      // Rebuilt during a move's flight: keep the piece where the flight has it.
      this.motion.place?.(this.motion.at);
    }
  }

  private fly(square: string, a: Vector3, b: Vector3): void {
    // Between levels the piece travels on an arc over both.
    const arc = Math.abs(a.y - b.y) > 0.01 ? 0.9 + Math.abs(a.y - b.y) * 0.4 : 0;
    const motion: { square: string; at: number; place?: (t: number) => void } = { square, at: 0 };
    this.motion = motion;
    const point = (t: number) => {
      const e = t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2;
      const v = new Vector3().lerpVectors(a, b, e);
      v.y += Math.sin(Math.PI * e) * arc;
      return v;
    };
    this.flight = { square, from: a.y, to: b.y, point };
    const place = (t: number) => {
      // The pieces may be rebuilt mid-move (the socket's copy of the same position):
      // always move the piece drawn on the square now.
      this.pieces.get(square)?.group.position.copy(point(t));
    };
    motion.place = place;
    place(0);
    this.tweens.add(420 * this.motionScale, (t) => {
      motion.at = t;
      place(t);
      if (t >= 1 && this.motion === motion) this.motion = null;
    });
  }

  private material(letter: string, lifted: boolean, checked: boolean, faded: boolean) {
    const white = letter === letter.toUpperCase();
    if (faded) return white ? this.mats.whiteFaded : this.mats.blackFaded;
    if (checked) return white ? this.mats.checkWhite : this.mats.checkBlack;
    if (lifted) return white ? this.mats.liftedWhite : this.mats.liftedBlack;
    return white ? this.mats.white : this.mats.black;
  }
}
