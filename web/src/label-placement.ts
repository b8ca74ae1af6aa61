// Where the 3D view's board labels go on screen so that no two overlap: each label wants
// the spot its board's corner projects to; one that would cover a label already placed
// moves down past it (or up, when down would leave the view; or sideways, when neither
// way up nor down stays in the view: a phone's short view with the boards turned round),
// and so does one over the board brought forward. Pure numbers, unit-tested.

export interface LabelBox {
  /** Wanted top-left corner and size, in pixels. */
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The space kept between two labels, either way: labels that touch read as one. */
const GAP = 2;

const touches = (a: LabelBox, b: LabelBox) =>
  a.x < b.x + b.w + GAP && b.x < a.x + a.w + GAP && a.y < b.y + b.h + GAP && b.y < a.y + a.h + GAP;

type Direction = 'down' | 'up' | 'left' | 'right';

/**
 * The boxes moved apart (same order as given) in a view of `size`. No label is left over
 * an `obstacle` either (the board brought forward: its squares must take taps).
 */
export function placeLabels(wanted: readonly LabelBox[], size: { w: number; h: number }, obstacles: readonly LabelBox[] = []): LabelBox[] {
  const placed: LabelBox[] = [...obstacles];
  // Lower labels first: they sit nearest the player and keep their spot.
  const order = wanted.map((_, i) => i).sort((a, b) => wanted[b].y - wanted[a].y);
  const out: LabelBox[] = new Array<LabelBox>(wanted.length);
  for (const i of order) {
    const box = { ...wanted[i] };
    // Steps past each label in the way, in one direction, until none is.
    const move = (direction: Direction): LabelBox => {
      const b = { ...box };
      for (let guard = 0; guard <= placed.length; guard++) {
        const hit = placed.find((p) => touches(b, p));
        if (!hit) break;
        if (direction === 'down') b.y = hit.y + hit.h + GAP;
        else if (direction === 'up') b.y = hit.y - b.h - GAP;
        else if (direction === 'right') b.x = hit.x + hit.w + GAP;
        else b.x = hit.x - b.w - GAP;
      }
      return b;
    };
    // Down if it stays above the view's bottom, else up if below its top, else sideways
    // (the nearer way that stays inside); with no room anywhere, down (the edge cuts it).
    const down = move('down');
    const up = move('up');
    const sideways = [move('left'), move('right')]
      .filter((b) => b.x >= 0 && b.x + b.w <= size.w)
      .sort((a, b) => Math.abs(a.x - box.x) - Math.abs(b.x - box.x));
    const chosen = down.y + down.h <= size.h ? down : up.y >= 0 ? up : (sideways[0] ?? down);
    placed.push(chosen);
    out[i] = chosen;
  }
  return out;
}
