// The 3D view's camera: an orbit round a target (camera-rig.ts), the default framing
// (camera-fit.ts) and the Turn, Tilt, Zoom and Reset moves, animated unless the player
// asked for reduced motion.

import { PerspectiveCamera, Vector3 } from 'three';
import { fitCamera, type FramePoint } from '../camera-fit';
import { clampOrbit, lerpOrbit, nextTilt, orbitOffset, type Orbit } from '../camera-rig';
import { reducedMotion } from './materials';
import type { Tweens } from './tweens';

export class SceneCamera {
  readonly camera = new PerspectiveCamera(40, 1, 0.1, 200);
  private readonly target = new Vector3();
  private orbit: Orbit = { azimuth: 0, elevation: 0.6, distance: 14 };
  private homeOrbit: Orbit = { ...this.orbit };
  /** Half the scene box's diagonal: bounds the distance. */
  private radius = 6;
  /** The middle of the scene's box: where the default camera's framing starts from. */
  private centre = new Vector3();

  constructor(
    private readonly tweens: Tweens,
    private readonly invalidate: () => void,
  ) {}

  /** Puts the camera where the orbit says. */
  place(): void {
    const off = orbitOffset(this.orbit);
    this.camera.position.set(this.target.x + off.x, this.target.y + off.y, this.target.z + off.z);
    this.camera.lookAt(this.target);
    this.camera.updateMatrixWorld();
  }

  getOrbit(): Orbit {
    return { ...this.orbit };
  }

  /** Moves the camera; `redraw` false leaves the drawing to the caller. */
  setOrbit(o: Orbit, redraw = true): void {
    this.orbit = clampOrbit(o, this.radius * 0.6, this.radius * 6);
    this.place();
    if (redraw) this.invalidate();
  }

  /** The default camera's distance (0 before the first framing). */
  get homeDistance(): number {
    return this.homeOrbit.distance;
  }

  /** Whether the camera is at its default distance (a resize frames the boards again then). */
  get atHome(): boolean {
    return this.orbit.distance === this.homeOrbit.distance;
  }

  /** The scene's box changed (boards built): the framing's start and the distance's bounds. */
  setExtent(min: Vector3, max: Vector3): void {
    this.centre = min.clone().add(max).multiplyScalar(0.5);
    this.radius = Math.max(3, max.clone().sub(min).length() / 2);
    this.camera.far = this.radius * 20;
    this.camera.updateProjectionMatrix();
  }

  setAspect(aspect: number): void {
    this.camera.aspect = aspect;
    this.camera.updateProjectionMatrix();
  }

  turn(): void {
    this.animateOrbit({ ...this.orbit, azimuth: this.orbit.azimuth + Math.PI / 4 });
  }

  tilt(): void {
    this.animateOrbit({ ...this.orbit, elevation: nextTilt(this.orbit.elevation) });
  }

  zoom(): void {
    const d = this.orbit.distance > this.homeOrbit.distance * 0.75 ? this.homeOrbit.distance * 0.6 : this.homeOrbit.distance * 1.15;
    this.animateOrbit({ ...this.orbit, distance: d });
  }

  /** Frames `points` from `angle` (the default camera) and goes there. */
  reset(angle: Omit<Orbit, 'distance'>, points: FramePoint[], animate: boolean): void {
    const fit = fitCamera(this.camera.clone(), angle, points, this.centre, [this.radius * 0.5, this.radius * 6]);
    const home = { ...angle, distance: fit.distance };
    this.homeOrbit = home;
    if (animate && !reducedMotion()) {
      const from = this.target.clone();
      this.tweens.add(350, (t) => this.target.lerpVectors(from, fit.target, t));
      this.animateOrbit(home);
    } else {
      this.target.copy(fit.target);
      this.setOrbit(home);
    }
  }

  /** Client-pixel position of a point of the scene on `canvas` (null: outside the view). */
  toClient(v: Vector3, canvas: HTMLCanvasElement): { x: number; y: number } | null {
    this.place();
    const p = v.clone().project(this.camera);
    if (p.z > 1 || p.x < -1 || p.x > 1 || p.y < -1 || p.y > 1) return null;
    const rect = canvas.getBoundingClientRect();
    return { x: rect.left + ((p.x + 1) / 2) * rect.width, y: rect.top + ((1 - p.y) / 2) * rect.height };
  }

  private animateOrbit(to: Orbit): void {
    if (reducedMotion()) {
      this.setOrbit(to);
      return;
    }
    const from = { ...this.orbit };
    this.tweens.add(350, (t) => this.setOrbit(lerpOrbit(from, to, t)));
    this.invalidate();
  }
}
