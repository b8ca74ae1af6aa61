import { describe, expect, it } from 'vitest';
import { cellPosition } from '../src/layout';
import { SightLines, type SightBoard } from '../src/see-through';
import { orbitOffset } from '../src/camera-rig';

/** The boards of a variant laid out as the scene lays them out, from `side`. */
function boards(variant: 'stacked' | 'fourfold', side: 'white' | 'black'): { boards: SightBoard[]; at: (name: string) => { x: number; y: number; z: number } } {
  const names = new Map<string, { name: string; at: { x: number; y: number; z: number } }[]>();
  const all = new Map<string, { x: number; y: number; z: number }>();
  const levels = variant === 'stacked' ? [0, 1, 2].map((z) => [z, 0]) : [0, 1].flatMap((z) => [0, 1].map((w) => [z, w]));
  for (const [z, w] of levels) {
    const list = [];
    for (let x = 0; x < (variant === 'stacked' ? 8 : 4); x++)
      for (let y = 0; y < (variant === 'stacked' ? 8 : 4); y++) {
        const name = `${'abcdefgh'[x]}${y + 1}@${z}${w}`;
        const at = cellPosition(variant, [x, y, z, w], 1, side);
        list.push({ name, at });
        all.set(name, at);
      }
    names.set(`${z}${w}`, list);
  }
  return { boards: [...names.values()].map((cells) => ({ cells })), at: (n) => all.get(n)! };
}

const eyeFrom = (side: 'white' | 'black', elevation = 0.62, distance = 16) => {
  const o = orbitOffset({ azimuth: side === 'white' ? 0 : Math.PI, elevation, distance });
  return { x: o.x, y: 2 + o.y, z: o.z };
};

describe('lines of sight to what lies under a board', () => {
  it('opens the squares of the board above that hide a piece, none of its own board', () => {
    for (const side of ['white', 'black'] as const) {
      const { boards: b, at } = boards('fourfold', side);
      const lines = new SightLines(b);
      // Looking down steeply, a king on the far rank of a lower board (a4@00 for White) sits
      // under the Z0 W1 board.
      const open = lines.open(eyeFrom(side, 1.2), [{ at: at(side === 'white' ? 'a4@00' : 'a1@00'), height: 0.95 }]);
      expect([...open].length).toBeGreaterThan(0);
      for (const s of open) expect(s.endsWith('@01')).toBe(true);
    }
  });

  it('opens nothing for a piece on the top board, or on a square nothing covers', () => {
    const { boards: b, at } = boards('stacked', 'white');
    const lines = new SightLines(b);
    expect(lines.open(eyeFrom('white'), [{ at: at('e8@20'), height: 0.95 }]).size).toBe(0);
    expect(lines.open(eyeFrom('white'), [{ at: at('e1@00'), height: 0.55 }]).size).toBe(0);
  });

  it("Stacked: a piece on the middle board's far ranks opens squares of the top board only", () => {
    for (const side of ['white', 'black'] as const) {
      const { boards: b, at } = boards('stacked', side);
      const far = side === 'white' ? 'd8@10' : 'd1@10';
      const open = new SightLines(b).open(eyeFrom(side), [{ at: at(far), height: 0.95 }]);
      expect(open.size).toBeGreaterThan(0);
      for (const s of open) expect(s.endsWith('@20')).toBe(true);
    }
  });

  it('looking from underneath opens the boards below the piece instead', () => {
    const { boards: b, at } = boards('stacked', 'white');
    const open = new SightLines(b).open(eyeFrom('white', -0.9), [{ at: at('d4@20'), height: 0.55 }]);
    expect(open.size).toBeGreaterThan(0);
    for (const s of open) expect(s.endsWith('@20')).toBe(false);
  });
});
