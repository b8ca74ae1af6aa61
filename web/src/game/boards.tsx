// The board area: the 3D widget or the flat boards, and the view buttons. Both views are
// imperative widgets; this component only tells them what to draw.

import { useSignalEffect } from '@preact/signals';
import { useRef } from 'preact/hooks';
import type { GameView } from '../api';
import { renderFlat, type FlatMotion } from '../flat';
import { SpreadControl } from './spread';
import { TurnBoards } from './turn-boards';
import { ReviewBanner } from './review-panel';
import type { GameSession } from './session';

/** The move to animate between two shown positions: one half-move on, or one back. */
function motionBetween(prev: GameView | null, next: GameView): FlatMotion | null {
  if (!prev || !next.last_move && !prev.last_move) return null;
  if (next.ply === prev.ply + 1 && next.last_move) return next.last_move;
  if (next.ply === prev.ply - 1 && prev.last_move) return { from: prev.last_move.to, to: prev.last_move.from };
  return null;
}

export function BoardArea({ session }: { session: GameSession }) {
  const view3d = useRef<HTMLDivElement>(null);
  const flat = useRef<HTMLDivElement>(null);
  const shownLine = useRef('');
  const lastShown = useRef<GameView | null>(null);

  useSignalEffect(() => {
    if (session.viewMode.value === '3d' && view3d.current) void session.ensureScene(view3d.current);
  });
  useSignalEffect(() => {
    // While reviewing, the boards show the past position (no moves, no selection).
    const reviewing = session.review.active.value;
    const v = reviewing ? session.review.shown.value : session.view.value;
    const marks = reviewing ? session.review.marks.value : session.marks.value;
    const orientation = session.orientation.value;
    if (!v || !marks) return;
    const motion = motionBetween(lastShown.current, v);
    lastShown.current = v;
    if (session.viewMode.value === 'flat' && flat.current) {
      renderFlat(flat.current, v, orientation, marks, (square) => session.dispatch({ type: 'tap', square }), motion);
      // A new Oracle line: bring its piece into view (on a phone the boards scroll).
      const line = marks.oracle ? JSON.stringify(marks.oracle) : '';
      if (line && line !== shownLine.current) flat.current.querySelector('[data-oracle="from"]')?.scrollIntoView({ block: 'nearest' });
      shownLine.current = line;
    }
    session.scene.value?.update(v, marks, orientation, session.visualizer);
  });

  const mode = session.viewMode.value;
  const scene = session.scene.value;
  return (
    <div class={`board-area${session.review.active.value ? ' reviewing' : ''}`}>
      <ReviewBanner session={session} />
      <div class="view3d" aria-label="3D view" ref={view3d} />
      <div class="flatview" ref={flat} />
      <div class="view-tools">
        <button type="button" class="toggle-view" onClick={() => session.setViewMode(mode === '3d' ? 'flat' : '3d')}>
          {mode === '3d' ? 'Flat boards' : '3D view'}
        </button>
        <TurnBoards session={session} />
        <div class="cam-buttons">
          <button type="button" onClick={() => scene?.turn()}>
            Turn
          </button>
          <button type="button" onClick={() => scene?.tilt()}>
            Tilt
          </button>
          <button type="button" onClick={() => scene?.zoom()}>
            Zoom
          </button>
          <button type="button" onClick={() => scene?.resetView()}>
            Reset view
          </button>
          {session.view.value?.variant !== 'fourfold' && <SpreadControl scene={scene} />}
        </div>
      </div>
    </div>
  );
}
