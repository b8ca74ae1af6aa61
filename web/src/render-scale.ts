// Keeps turning smooth on slow (software) renderers: while the view moves, frames that
// arrive late lower the resolution a step, fast frames raise it again; when the view
// stops, the next frame is drawn at full resolution.

export const MIN_SCALE = 0.5;
const SLOW_FRAME_MS = 34;
const FAST_FRAME_MS = 20;

export class RenderScale {
  private value = 1;
  private last = 0;

  /** The scale for a frame drawn at `now` while the view moves. */
  moving(now: number): number {
    if (this.last > 0) {
      const dt = now - this.last;
      if (dt > SLOW_FRAME_MS) this.value = Math.max(MIN_SCALE, this.value * 0.85);
      else if (dt < FAST_FRAME_MS) this.value = Math.min(1, this.value * 1.1);
    }
    this.last = now;
    return this.current;
  }

  /** The view stopped: full resolution again (the reached scale is kept for the next move). */
  still(): number {
    this.last = 0;
    return 1;
  }

  /** In steps of 0.05, so the drawing buffer is not reallocated every frame. */
  get current(): number {
    return Math.round(this.value * 20) / 20;
  }
}
