// Nothing hidden under a board: which squares of the boards between the camera and a
// square worth seeing (a piece, a mark) the line of sight crosses. The scene opens those
// squares (draws them as faint glass and lets taps through them), so a piece under an
// upper board is seen whole from wherever the camera stands. Pure numbers, unit-tested.

import type { Vec3 } from './layout';

export interface SightBoard {
  /** The board's squares: name and the centre of the top face. */
  cells: readonly { name: string; at: Vec3 }[];
}

/** What to keep in sight: a square's centre and the height of what stands on it (0: a mark). */
export interface SightTarget {
  at: Vec3;
  height: number;
}

interface Indexed {
  y: number;
  x0: number;
  z0: number;
  grid: Map<string, { name: string; at: Vec3 }>;
}

/** Half a square's width, and a little more, so a line along a square's edge opens it. */
const HALF = 0.52;

export class SightLines {
  private readonly boards: Indexed[];

  constructor(boards: readonly SightBoard[]) {
    this.boards = boards
      .filter((b) => b.cells.length > 0)
      .map((b) => {
        const { x: x0, z: z0, y } = b.cells[0].at;
        const grid = new Map<string, { name: string; at: Vec3 }>();
        for (const c of b.cells) grid.set(`${Math.round(c.at.x - x0)},${Math.round(c.at.z - z0)}`, c);
        return { y, x0, z0, grid };
      });
  }

  /** The square of `board` under the point (x, z) of its plane, if any. */
  private cellAt(board: Indexed, x: number, z: number): string | null {
    const i = Math.round(x - board.x0);
    const j = Math.round(z - board.z0);
    for (const [di, dj] of [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const c = board.grid.get(`${i + di},${j + dj}`);
      if (c && Math.abs(c.at.x - x) <= HALF && Math.abs(c.at.z - z) <= HALF) return c.name;
    }
    return null;
  }

  /**
   * The squares to open so that every target is seen from `eye`: those of other boards
   * crossed by the lines from the eye to points over the target (its foot, middle and
   * top, and its sides), on planes strictly between the two.
   */
  open(eye: Vec3, targets: readonly SightTarget[]): Set<string> {
    const out = new Set<string>();
    for (const t of targets) {
      const h = Math.max(t.height, 0.05);
      const points: Vec3[] = [];
      for (const fy of [0.05, 0.5, 1]) {
        for (const [dx, dz] of [[0, 0], [0.3, 0], [-0.3, 0], [0, 0.3], [0, -0.3]]) {
          points.push({ x: t.at.x + dx, y: t.at.y + h * fy, z: t.at.z + dz });
        }
      }
      for (const p of points) {
        for (const b of this.boards) {
          const lo = Math.min(p.y, eye.y);
          const hi = Math.max(p.y, eye.y);
          // The board the target stands on (and any at its height) never hides it.
          if (b.y <= lo + 0.01 || b.y >= hi || Math.abs(b.y - t.at.y) < 0.01) continue;
          const k = (b.y - p.y) / (eye.y - p.y);
          const name = this.cellAt(b, p.x + k * (eye.x - p.x), p.z + k * (eye.z - p.z));
          if (name) out.add(name);
        }
      }
    }
    return out;
  }
}
