// The 3D view's pointer input: a drag turns the camera, two fingers pinch to zoom, the
// wheel zooms, and a tap (a press that barely moved) is resolved by picking.ts against the
// invisible stand-ins.

import { Raycaster, type Camera, type Object3D } from 'three';
import type { Orbit } from '../camera-rig';
import { pickAt, type PickResult, type PickRules } from '../picking';

const TAP_SLOP = 6;

export interface InputHost {
  getOrbit(): Orbit;
  setOrbit(o: Orbit): void;
  /** The camera placed as drawn, the openings worked out, and what a tap may pick now. */
  pickables(): { camera: Camera; standIns: Object3D[]; rules: PickRules };
  tapped(result: PickResult): void;
}

export class SceneInput {
  private readonly raycaster = new Raycaster();
  private readonly pointers = new Map<number, { x: number; y: number; sx: number; sy: number }>();
  private dragging = false;
  private pinchDistance = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly host: InputHost,
  ) {
    this.bind();
  }

  /** Whether the player is turning the view now (frames are drawn at a lower resolution then). */
  get moving(): boolean {
    return this.dragging && this.pointers.size > 0;
  }

  /** What a tap at client pixel (x, y) picks. */
  pickClient(x: number, y: number): PickResult {
    const rect = this.canvas.getBoundingClientRect();
    const ndc = { x: ((x - rect.left) / rect.width) * 2 - 1, y: -((y - rect.top) / rect.height) * 2 + 1 };
    const { camera, standIns, rules } = this.host.pickables();
    return pickAt(camera, ndc, standIns, rules, this.raycaster);
  }

  private bind(): void {
    const c = this.canvas;
    c.addEventListener('pointerdown', (e) => {
      c.setPointerCapture?.(e.pointerId);
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, sx: e.clientX, sy: e.clientY });
      if (this.pointers.size === 1) this.dragging = false;
      if (this.pointers.size === 2) {
        this.dragging = true;
        this.pinchDistance = this.pointerSpread();
      }
    });
    c.addEventListener('pointermove', (e) => {
      const p = this.pointers.get(e.pointerId);
      if (!p) return;
      const dx = e.clientX - p.x;
      const dy = e.clientY - p.y;
      p.x = e.clientX;
      p.y = e.clientY;
      const orbit = this.host.getOrbit();
      if (this.pointers.size >= 2) {
        const spread = this.pointerSpread();
        if (this.pinchDistance > 0 && spread > 0) {
          this.host.setOrbit({ ...orbit, distance: (orbit.distance * this.pinchDistance) / spread });
        }
        this.pinchDistance = spread;
        return;
      }
      if (!this.dragging && Math.hypot(e.clientX - p.sx, e.clientY - p.sy) > TAP_SLOP) this.dragging = true;
      if (this.dragging) {
        this.host.setOrbit({ ...orbit, azimuth: orbit.azimuth - dx * 0.008, elevation: orbit.elevation + dy * 0.008 });
      }
    });
    const end = (e: PointerEvent, cancelled: boolean) => {
      const p = this.pointers.get(e.pointerId);
      if (!p) return;
      this.pointers.delete(e.pointerId);
      const tap = !cancelled && !this.dragging && this.pointers.size === 0 && Math.hypot(e.clientX - p.sx, e.clientY - p.sy) <= TAP_SLOP;
      if (this.pointers.size === 0) this.pinchDistance = 0;
      if (tap) this.host.tapped(this.pickClient(e.clientX, e.clientY));
    };
    c.addEventListener('pointerup', (e) => end(e, false));
    c.addEventListener('pointercancel', (e) => end(e, true));
    c.addEventListener('lostpointercapture', (e) => end(e, true));
    c.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const orbit = this.host.getOrbit();
        this.host.setOrbit({ ...orbit, distance: orbit.distance * Math.exp(e.deltaY * 0.001) });
      },
      { passive: false },
    );
  }

  private pointerSpread(): number {
    const [a, b] = [...this.pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  }
}
