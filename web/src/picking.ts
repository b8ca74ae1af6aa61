// Which square a tap in the 3D view means. The scene raycasts against invisible stand-ins
// (a slab per square, a cylinder per piece, a slab per attack-board destination) that keep
// still while visible pieces animate; this module walks the hits, nearest first:
//  - a piece is picked (even seen through clear squares in front of it);
//  - a clear (light) square lets the view through: the first one is remembered and picked
//    only if nothing better lies behind it; with the visualizer on, a marked square behind
//    it is picked instead;
//  - a dark square blocks: nothing behind it counts;
//  - a glowing attack-board destination is picked when hit;
//  - an opened square (one the scene opened so that what lies under it is seen, see
//    see-through.ts) lets the view through too: a marked target there (visualizer on) is
//    picked unless a marked square lies behind it; an unmarked one only when nothing
//    lies behind it.

import { Raycaster, Vector2, type Camera, type Object3D } from 'three';

export type StandIn =
  | { pick: 'square'; name: string; dark: boolean; open?: boolean }
  | { pick: 'piece'; square: string }
  | { pick: 'board-dest'; to: string };

export type PickResult = { kind: 'square'; name: string } | { kind: 'board-dest'; to: string } | null;

export interface PickRules {
  visualizer: boolean;
  /** Squares currently marked as targets of the picked piece. */
  marked: ReadonlySet<string>;
}

function standIn(object: Object3D): StandIn | null {
  let o: Object3D | null = object;
  while (o) {
    const data = o.userData as { standIn?: StandIn };
    if (data.standIn) return data.standIn;
    o = o.parent;
  }
  return null;
}

/** Applies the see-through rules to a list of hits ordered nearest first. */
export function resolvePick(hits: readonly { object: Object3D }[], rules: PickRules): PickResult {
  let clear: string | null = null;
  let open: string | null = null;
  let openMarked: string | null = null;
  const isMarked = (name: string) => rules.visualizer && rules.marked.has(name);
  const markedBehind = (name: string) =>
    clear !== null && rules.visualizer && rules.marked.has(name) && !rules.marked.has(clear);
  for (const hit of hits) {
    const s = standIn(hit.object);
    if (!s) continue;
    if (s.pick === 'board-dest') return { kind: 'board-dest', to: s.to };
    if (s.pick === 'piece') return { kind: 'square', name: s.square };
    if (s.open) {
      if (isMarked(s.name)) openMarked ??= s.name;
      open ??= s.name;
      continue;
    }
    if (s.dark) {
      if (markedBehind(s.name) || (openMarked !== null && isMarked(s.name))) return { kind: 'square', name: s.name };
      return { kind: 'square', name: openMarked ?? clear ?? s.name };
    }
    if (openMarked !== null && isMarked(s.name)) return { kind: 'square', name: s.name };
    if (clear === null) clear = s.name;
    else if (markedBehind(s.name)) return { kind: 'square', name: s.name };
  }
  const last = openMarked ?? clear ?? open;
  return last === null ? null : { kind: 'square', name: last };
}

/** Casts a ray through normalised device coordinates (-1..1) and resolves it. */
export function pickAt(
  camera: Camera,
  ndc: { x: number; y: number },
  standIns: Object3D[],
  rules: PickRules,
  raycaster = new Raycaster(),
): PickResult {
  raycaster.setFromCamera(new Vector2(ndc.x, ndc.y), camera);
  return resolvePick(raycaster.intersectObjects(standIns, false), rules);
}
