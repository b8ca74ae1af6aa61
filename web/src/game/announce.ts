// The words of the aria-live line (for screen readers): the selection, the 3D view's
// keyboard cursor, each move and the game's end, in the order they happen.
//
// Why not a component's useSignalEffect: those run one animation frame late, and effects
// queued in the same frame run newest first. On a slow frame a piece picked up and the
// cursor walked on before the frame came, and "Picked up…" was said over the cursor's square
// that came after it. The core library's effects used here run as each source changes.

import { effect, signal, type ReadonlySignal } from '@preact/signals';
import type { GameView } from '../api';
import { boardLabel, pieceName } from '../layout';
import type { Marks } from '../marks';
import { movesFrom, pieceAt, type Selection } from '../selection';
import type { SoundKind } from '../sounds';

/** What the announcements are made from: the session's signals. */
export interface AnnounceSources {
  view: ReadonlySignal<GameView | null>;
  selection: ReadonlySignal<Selection>;
  /** The 3D view's keyboard cursor (its square). */
  cursor: ReadonlySignal<string | null>;
  marks: ReadonlySignal<Marks | null>;
}

const sideName = (s: 'white' | 'black') => (s === 'white' ? 'White' : 'Black');

/** The words for a new live state, compared with the one before (null: nothing new). */
export function moveNews(prev: GameView, next: GameView): string | null {
  const parts: string[] = [];
  if (next.history.length > prev.history.length) {
    for (const e of next.history.slice(prev.history.length)) parts.push(`${sideName(e.side)} played ${e.notation}.`);
  } else if (next.history.length < prev.history.length) {
    parts.push('Move taken back.');
  }
  if (next.status === 'over' && prev.status !== 'over') parts.push(`Game over: ${next.result?.description ?? ''}.`);
  else if (parts.length && next.status === 'in-progress') {
    parts.push(`${sideName(next.turn)} to move${next.checked_kings.length ? ', in check' : ''}.`);
  }
  return parts.length ? parts.join(' ') : null;
}

/** The sound for a new live state (null: none). */
function moveSound(prev: GameView, next: GameView): SoundKind | null {
  if (next.status === 'over' && prev.status !== 'over') return 'end';
  if (next.history.length <= prev.history.length) return null;
  const last = next.history[next.history.length - 1];
  if (last.notation.endsWith('+') || last.notation.endsWith('#') || next.checked_kings.length) return 'check';
  return last.capture ? 'capture' : 'move';
}

function selectionNews(v: GameView, s: Selection): string {
  if (s.kind === 'piece') {
    const piece = pieceAt(v, s.square);
    const n = movesFrom(v, s.square).length;
    return `Picked up ${piece ? pieceName(piece) : 'piece'} on ${s.square}: ${n} ${n === 1 ? 'move' : 'moves'}.`;
  }
  if (s.kind === 'choose') return `Choose the move to ${s.to}.`;
  if (s.kind === 'board-pick') return 'Choose an attack board to move.';
  if (s.kind === 'board') return `Attack board ${s.board} picked: choose where it goes.`;
  return '';
}

/** The square under the cursor, what stands on it, its board, and whether it is a target. */
function cursorNews(v: GameView, square: string, marks: Marks | null): string | null {
  const cell = v.cells.find((c) => c.name === square);
  if (!cell) return null;
  const target = marks?.targets.has(cell.name) ? ', a move for the piece picked up' : '';
  return `${cell.name}, ${cell.piece ? pieceName(cell.piece) : 'empty'}, ${boardLabel(v, cell.board)}${target}.`;
}

/** The announcer's line, kept up to date from `src` until disposed. */
export class Announcements {
  /** The line to say (the latest event's words). */
  readonly text = signal('');
  private readonly stops: (() => void)[];

  constructor(src: AnnounceSources, sound: (kind: SoundKind) => void = () => {}) {
    let prevView: GameView | null = null;
    // The ply at which something was picked up (null: nothing picked up).
    let pickedAt: number | null = null;
    this.stops = [
      effect(() => {
        const v = src.view.value;
        const prev = prevView;
        prevView = v;
        if (!v || !prev || prev.id !== v.id) return;
        const news = moveNews(prev, v);
        if (!news) return;
        this.text.value = news;
        const kind = moveSound(prev, v);
        if (kind) sound(kind);
      }),
      effect(() => {
        const s = src.selection.value;
        const v = src.view.peek();
        if (!v) return;
        if (s.kind !== 'idle') {
          pickedAt = v.ply;
          this.text.value = selectionNews(v, s);
          return;
        }
        // Back to nothing picked with no move made: the piece was put back.
        if (pickedAt === v.ply) this.text.value = 'Put down.';
        pickedAt = null;
      }),
      effect(() => {
        const square = src.cursor.value;
        const v = src.view.peek();
        const news = v && square ? cursorNews(v, square, src.marks.peek()) : null;
        if (news) this.text.value = news;
      }),
    ];
  }

  dispose(): void {
    for (const stop of this.stops) stop();
  }
}
