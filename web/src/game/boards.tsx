// The board area: the 3D widget or the flat boards, and the view buttons. Both views are
// imperative widgets; this component only tells them what to draw.

import { useSignalEffect } from '@preact/signals';
import { useRef } from 'preact/hooks';
import { renderFlat } from '../flat';
import { SpreadControl } from './spread';
import type { GameSession } from './session';

export function BoardArea({ session }: { session: GameSession }) {
  const view3d = useRef<HTMLDivElement>(null);
  const flat = useRef<HTMLDivElement>(null);
  const shownLine = useRef('');

  useSignalEffect(() => {
    if (session.viewMode.value === '3d' && view3d.current) void session.ensureScene(view3d.current);
  });
  useSignalEffect(() => {
    const v = session.view.value;
    const marks = session.marks.value;
    const orientation = session.orientation.value;
    if (!v || !marks) return;
    if (session.viewMode.value === 'flat' && flat.current) {
      renderFlat(flat.current, v, orientation, marks, (square) => session.dispatch({ type: 'tap', square }));
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
    <div class="board-area">
      <div class="view3d" aria-label="3D view" ref={view3d} />
      <div class="flatview" ref={flat} />
      <div class="view-tools">
        <button type="button" class="toggle-view" onClick={() => session.setViewMode(mode === '3d' ? 'flat' : '3d')}>
          {mode === '3d' ? 'Flat boards' : '3D view'}
        </button>
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
