// Which square a tap in the 3D view means. The scene raycasts against invisible stand-ins
// (a slab per square, a cylinder per piece, a slab per attack-board destination) that keep
// still while visible pieces animate; this module walks the hits, nearest first:
//  - a piece is picked (even seen through clear squares in front of it);
//  - a clear (light) square lets the view through: the first one is remembered and picked
//    only if nothing better lies behind it; with the visualizer on, a marked square behind
//    it is picked instead;
//  - a dark square blocks: nothing behind it counts;
//  - a glowing attack-board destination is picked when hit.

import { Raycaster, Vector2, type Camera, type Object3D } from 'three';

export type StandIn =
  | { pick: 'square'; name: string; dark: boolean }
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
  const markedBehind = (name: string) =>
    clear !== null && rules.visualizer && rules.marked.has(name) && !rules.marked.has(clear);
  for (const hit of hits) {
    const s = standIn(hit.object);
    if (!s) continue;
    if (s.pick === 'board-dest') return { kind: 'board-dest', to: s.to };
    if (s.pick === 'piece') return { kind: 'square', name: s.square };
    if (s.dark) {
      if (markedBehind(s.name)) return { kind: 'square', name: s.name };
      return { kind: 'square', name: clear ?? s.name };
    }
    if (clear === null) clear = s.name;
    else if (markedBehind(s.name)) return { kind: 'square', name: s.name };
  }
  return clear === null ? null : { kind: 'square', name: clear };
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
