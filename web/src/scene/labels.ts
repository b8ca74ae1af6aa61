// The 3D view's labels over the canvas: a button per board (a tap brings the board
// forward), placed each frame beside its anchor and kept apart (label-placement.ts), and
// the arrow at the view's edge that points at the last move when it is out of view.

import { Vector3, type Camera } from 'three';
import type { FramePoint } from '../camera-fit';
import { placeLabels, type LabelBox } from '../label-placement';
import type { Vec3 } from '../layout';
import type { LabelAnchor } from './boards';

export class LabelLayer {
  private readonly layer: HTMLElement;
  /** Points at the last move's square when it lies outside the view. */
  private readonly pointer: HTMLElement;
  private labels: { el: HTMLElement; at: Vector3; right: boolean }[] = [];

  constructor(container: HTMLElement) {
    this.layer = document.createElement('div');
    this.layer.className = 'labels3d';
    this.pointer = document.createElement('div');
    this.pointer.className = 'lastmove-pointer';
    this.pointer.setAttribute('role', 'note');
    this.pointer.hidden = true;
    container.append(this.layer, this.pointer);
  }

  /** One button per board; a tap on one calls `tapped` with its board. */
  setBoards(anchors: LabelAnchor[], tapped: (board: string) => void): void {
    this.labels = [];
    this.layer.replaceChildren();
    for (const { board, text, at, right } of anchors) {
      // A tap on a board's label brings that board forward (the others fade); again, back.
      const el = document.createElement('button');
      el.type = 'button';
      el.className = 'level-label';
      el.dataset.board = board;
      el.textContent = text;
      el.title = `Bring ${el.textContent} forward`;
      el.addEventListener('click', () => tapped(board));
      this.layer.append(el);
      this.labels.push({ el, at, right });
    }
  }

  /** Marks the label of the board brought forward and fades those `faded` says. */
  focus(focused: string | null, faded: (board: string) => boolean): void {
    for (const { el } of this.labels) {
      const on = el.dataset.board === focused;
      el.setAttribute('aria-pressed', String(on));
      el.classList.toggle('faded', faded(el.dataset.board ?? ''));
    }
  }

  /**
   * The labels as the default camera must show them: each whole, on the side of its anchor
   * where it is drawn (see `place`), on a canvas of `w` by `h` pixels.
   */
  framePoints(w: number, h: number): FramePoint[] {
    return this.labels.map(({ el, at, right }) => {
      const bw = Math.min(1, (2 * el.offsetWidth) / w);
      const bh = Math.min(0.5, el.offsetHeight / h);
      return { at, x: right ? [-1, 1 - bw] : [-1 + bw, 1], y: [-1 + bh, 1 - bh] };
    });
  }

  /** Places the labels for `camera` on a `w` by `h` canvas, clear of `keepClear`, and the last move's arrow. */
  place(camera: Camera, w: number, h: number, keepClear: LabelBox[], lastMove: { square: string; at: Vec3 } | null): void {
    const shown: { el: HTMLElement; box: LabelBox }[] = [];
    for (const { el, at, right } of this.labels) {
      const p = at.clone().project(camera);
      const visible = p.z < 1 && Math.abs(p.x) <= 1 && Math.abs(p.y) <= 1;
      el.style.display = visible ? '' : 'none';
      if (!visible) continue;
      // Anchored at the board's near left corner: the label ends there, centred on it.
      // Its exact size: offsetWidth rounds, and a label a fraction wider than placed covers its neighbour.
      const { width: bw, height: bh } = el.getBoundingClientRect();
      const px = ((p.x + 1) / 2) * w;
      const x = Math.min(Math.max(0, right ? px : px - bw), Math.max(0, w - bw));
      shown.push({ el, box: { x, y: ((1 - p.y) / 2) * h - bh / 2, w: bw, h: bh } });
    }
    const boxes = placeLabels(
      shown.map((s) => s.box),
      { w, h },
      keepClear,
    );
    shown.forEach(({ el }, i) => (el.style.transform = `translate(${boxes[i].x}px, ${boxes[i].y}px)`));
    this.placeLastMovePointer(camera, w, h, lastMove);
  }

  remove(): void {
    this.layer.remove();
  }

  /** Shows an arrow at the view's edge toward the last move's square when it is out of view. */
  private placeLastMovePointer(camera: Camera, w: number, h: number, lastMove: { square: string; at: Vec3 } | null): void {
    if (!lastMove) {
      this.pointer.hidden = true;
      return;
    }
    const p = lastMove.at;
    const v = new Vector3(p.x, p.y, p.z).project(camera);
    const behind = v.z > 1;
    const inView = !behind && Math.abs(v.x) <= 0.97 && Math.abs(v.y) <= 0.97;
    this.pointer.hidden = inView;
    if (inView) return;
    // Towards the square from the centre (mirrored when it lies behind the camera).
    const dx = behind ? -v.x : v.x;
    const dy = behind ? -v.y : v.y;
    const k = 0.88 / Math.max(Math.abs(dx), Math.abs(dy), 1e-6);
    const sx = ((dx * k + 1) / 2) * w;
    const sy = ((1 - dy * k) / 2) * h;
    const angle = Math.atan2(-dy, dx);
    this.pointer.textContent = `Last move ${lastMove.square}`;
    this.pointer.style.transform = `translate(${sx}px, ${sy}px) translate(-50%, -50%)`;
    this.pointer.style.setProperty('--angle', `${angle}rad`);
  }
}

/** The screen rectangle (`w` by `h` pixels) of squares centred at `points`, for `camera`; none when there are none. */
export function screenBox(points: Vec3[], camera: Camera, w: number, h: number): LabelBox[] {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of points) {
    for (const [dx, dz] of [
      [-0.5, -0.5],
      [0.5, -0.5],
      [-0.5, 0.5],
      [0.5, 0.5],
    ]) {
      const v = new Vector3(p.x + dx, p.y, p.z + dz).project(camera);
      const sx = ((v.x + 1) / 2) * w;
      const sy = ((1 - v.y) / 2) * h;
      x0 = Math.min(x0, sx);
      y0 = Math.min(y0, sy);
      x1 = Math.max(x1, sx);
      y1 = Math.max(y1, sy);
    }
  }
  return x0 < x1 ? [{ x: x0, y: y0, w: x1 - x0, h: y1 - y0 }] : [];
}
