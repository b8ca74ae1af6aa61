// A small flat board for lessons and rules pages: the game's flat view widget, drawing a
// screen the server sent with the marks it is given.

import { useEffect, useRef } from 'preact/hooks';
import type { Screen, Side } from '../api';
import { renderFlat } from '../flat';
import type { Marks } from '../marks';

export function emptyMarks(): Marks {
  return { lifted: null, targets: new Map(), lastMove: new Set(), checked: new Set(), boards: new Set(), boardTargets: [], oracle: null };
}

export function MiniBoard(props: { screen: Screen; marks: Marks; onTap?: (square: string) => void; label: string; orientation?: Side }) {
  const host = useRef<HTMLDivElement>(null);
  const { screen, marks, onTap, orientation } = props;
  useEffect(() => {
    if (host.current) renderFlat(host.current, screen, orientation ?? 'white', marks, (sq) => onTap?.(sq));
  }, [screen, marks, onTap, orientation]);
  return <div class={`mini-board${onTap ? ' interactive' : ''}`} role="group" aria-label={props.label} ref={host} />;
}
