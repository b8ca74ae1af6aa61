// What the player hears: an aria-live line announcing the selection, each move and the
// game's end (for screen readers), and the optional sounds for the same events.

import { useSignalEffect } from '@preact/signals';
import { useRef, useState } from 'preact/hooks';
import type { GameView } from '../api';
import { boardLabel, pieceName } from '../layout';
import { movesFrom, pieceAt, type Selection } from '../selection';
import { play, setSoundOn, soundOn } from '../sounds';
import type { GameSession } from './session';

const sideName = (s: 'white' | 'black') => (s === 'white' ? 'White' : 'Black');

/** The words for a new live state, compared with the one before (null: nothing new). */
function moveNews(prev: GameView, next: GameView): string | null {
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

export function Announcer({ session }: { session: GameSession }) {
  const [text, setText] = useState('');
  const prevView = useRef<GameView | null>(null);
  const pickedAt = useRef<number | null>(null);
  useSignalEffect(() => {
    const v = session.view.value;
    const prev = prevView.current;
    prevView.current = v;
    if (!v || !prev || prev.id !== v.id) return;
    const news = moveNews(prev, v);
    if (!news) return;
    setText(news);
    // Sounds for what the last new move did (and the end, which wins).
    if (v.status === 'over' && prev.status !== 'over') play('end');
    else if (v.history.length > prev.history.length) {
      const last = v.history[v.history.length - 1];
      if (last.notation.endsWith('+') || last.notation.endsWith('#') || v.checked_kings.length) play('check');
      else play(last.capture ? 'capture' : 'move');
    }
  });
  useSignalEffect(() => {
    const s = session.selection.value;
    const v = session.view.peek();
    if (!v) return;
    if (s.kind !== 'idle') {
      pickedAt.current = v.ply;
      setText(selectionNews(v, s));
      return;
    }
    // Back to nothing picked with no move made: the piece was put back.
    if (pickedAt.current === v.ply) setText('Put down.');
    pickedAt.current = null;
  });
  useSignalEffect(() => {
    // The 3D view's keyboard cursor: the square, what stands on it and its board.
    const square = session.cursor.value;
    const v = session.view.peek();
    const cell = v?.cells.find((c) => c.name === square);
    if (!v || !cell) return;
    const target = session.marks.peek()?.targets.has(cell.name) ? ', a move for the piece picked up' : '';
    setText(`${cell.name}, ${cell.piece ? pieceName(cell.piece) : 'empty'}, ${boardLabel(v, cell.board)}${target}.`);
  });
  return (
    <div class="sr-only announcer" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  );
}

/** Sounds on or off (a toggle button: the game screen has no checkboxes of its own). */
export function SoundToggle() {
  const [on, setOn] = useState(soundOn());
  return (
    <button
      type="button"
      class="sound-toggle"
      aria-pressed={on}
      onClick={() => {
        setSoundOn(!on);
        setOn(!on);
      }}
    >
      {on ? 'Sounds: on' : 'Sounds: off'}
    </button>
  );
}
