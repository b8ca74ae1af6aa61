// Animations of the 3D view (camera moves, a move's flight): each runs for a time and is
// applied once per drawn frame until it ends.

interface Tween {
  start: number;
  duration: number;
  apply: (t: number) => void;
}

export class Tweens {
  private list: Tween[] = [];

  /** Starts an animation now; `apply` gets 0..1 (1 on its last frame). */
  add(duration: number, apply: (t: number) => void): void {
    this.list.push({ start: performance.now(), duration, apply });
  }

  get running(): boolean {
    return this.list.length > 0;
  }

  /** Applies every animation at `now` and drops those that ended. */
  step(now: number): void {
    this.list = this.list.filter((tw) => {
      const t = Math.min(1, (now - tw.start) / tw.duration);
      tw.apply(Math.max(0, t));
      return t < 1;
    });
  }
}
