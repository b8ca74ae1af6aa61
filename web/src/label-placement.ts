// Where the 3D view's board labels go on screen so that no two overlap: each label wants
// the spot its board's corner projects to; one that would cover a label already placed
// moves down past it (or up, when down would leave the view), and so does one over the
// board brought forward. Pure numbers, unit-tested.

export interface LabelBox {
  /** Wanted top-left corner and size, in pixels. */
  x: number;
  y: number;
  w: number;
  h: number;
}

const GAP = 2;

const overlaps = (a: LabelBox, b: LabelBox) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * The boxes moved apart (same order as given); `height` is the view's height. No label is
 * left over an `obstacle` either (the board brought forward: its squares must take taps).
 */
export function placeLabels(wanted: readonly LabelBox[], height: number, obstacles: readonly LabelBox[] = []): LabelBox[] {
  const placed: LabelBox[] = [...obstacles];
  // Lower labels first: they sit nearest the player and keep their spot.
  const order = wanted.map((_, i) => i).sort((a, b) => wanted[b].y - wanted[a].y);
  const out: LabelBox[] = new Array<LabelBox>(wanted.length);
  for (const i of order) {
    const box = { ...wanted[i] };
    const tryDirection = (down: boolean): LabelBox | null => {
      const b = { ...box };
      for (let guard = 0; guard <= placed.length; guard++) {
        const hit = placed.find((p) => overlaps(b, p));
        if (!hit) return b;
        b.y = down ? hit.y + hit.h + GAP : hit.y - b.h - GAP;
      }
      return placed.some((p) => overlaps(b, p)) ? null : b;
    };
    const down = tryDirection(true);
    const up = tryDirection(false);
    const fitsDown = down && down.y + down.h <= height;
    const chosen = (fitsDown ? down : up && up.y >= 0 ? up : (down ?? up)) ?? box;
    placed.push(chosen);
    out[i] = chosen;
  }
  return out;
}
