// Inspect mode's marks, from the server's answer: which squares the inspected piece
// reaches and how each is shown. Pure; the rules (what a piece may do) are the server's.

import type { InspectView, LegalMove } from './api';

/** `move`: playable now (green dot); `preview`: for looking only (blue diamond); the
 * capture forms add a ring. Written as `data-mark` on the flat view's squares. */
export type InspectMark = 'move' | 'capture' | 'preview' | 'preview-capture';

export interface InspectMarks {
  /** The square inspected (or attack board name). */
  from: string;
  squares: Map<string, InspectMark>;
}

export function markOf(playable: boolean, capture: boolean): InspectMark {
  if (playable) return capture ? 'capture' : 'move';
  return capture ? 'preview-capture' : 'preview';
}

export function inspectMarks(inspection: InspectView): InspectMarks {
  const squares = new Map<string, InspectMark>();
  for (const m of inspection.moves) {
    if (m.mover !== 'piece') continue;
    const capture = m.capture || squares.get(m.to)?.endsWith('capture') === true;
    squares.set(m.to, markOf(inspection.playable, capture));
  }
  return { from: inspection.from, squares };
}

/** What the player may play onto `square` from this inspection (several for a promotion). */
export function playableOnto(inspection: InspectView, square: string): LegalMove[] {
  if (!inspection.playable) return [];
  return inspection.moves.filter((m) => m.mover === 'piece' && m.to === square);
}

/** Words for a mark, for the square's accessible name. */
export const MARK_WORDS: Record<InspectMark, string> = {
  move: 'can move here now',
  capture: 'can capture here now',
  preview: 'preview move',
  'preview-capture': 'preview capture',
};
