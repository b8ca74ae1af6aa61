// Keyboard and pointer comforts of the flat view, installed once on its container (the
// squares themselves are rebuilt at every change):
// - arrow keys on a focused square move to the neighbouring square of the same board;
//   Page Up / Page Down (or [ and ]) move to the same square of the previous / next board
//   or level (board-nav.ts, shared with the 3D view);
//   Enter or Space is the button's own click (pick up, put down);
// - drag and drop: press on a piece, drag, release on the target square. The drag is
//   the same two taps the selection state machine already takes (pick up, then target),
//   so touch-move and the choosers work as for taps.

import { navigate, navKey, type NavSquare } from './board-nav';

/** Pointer travel (px) before a press becomes a drag (as for taps in the 3D view). */
const DRAG_START_PX = 6;

type Tap = (square: string) => void;

interface Installed {
  onTap: Tap;
}

const installed = new WeakMap<HTMLElement, Installed>();

/** Installs the flat view's input handlers on `container` (once), or updates its tap target. */
export function installFlatInput(container: HTMLElement, onTap: Tap): void {
  const known = installed.get(container);
  if (known) {
    known.onTap = onTap;
    return;
  }
  const state: Installed = { onTap };
  installed.set(container, state);
  container.addEventListener('keydown', (e) => onKey(container, e));
  installDrag(container, state);
}

function squareOf(el: Element | null): HTMLButtonElement | null {
  const b = el?.closest<HTMLButtonElement>('button[data-square]');
  return b ?? null;
}

/** The flat view's squares as the board navigation sees them (panels in page order). */
function domSquares(container: HTMLElement): NavSquare[] {
  return [...container.querySelectorAll<HTMLButtonElement>('.flat-panel button[data-square]')].map((b) => ({
    name: b.dataset.square ?? '',
    board: b.closest<HTMLElement>('.flat-panel')?.dataset.board ?? '',
    row: Number(b.dataset.row),
    col: Number(b.dataset.col),
  }));
}

function onKey(container: HTMLElement, e: KeyboardEvent): void {
  const from = squareOf(e.target as Element);
  const key = navKey(e.key);
  if (!from || !key || e.altKey || e.ctrlKey || e.metaKey) return;
  // The key is the board's even at an edge: the page must not scroll or step the review.
  e.preventDefault();
  e.stopPropagation();
  const to = navigate(domSquares(container), from.dataset.square ?? '', key);
  const b = to ? container.querySelector<HTMLButtonElement>(`button[data-square="${CSS.escape(to)}"]`) : null;
  if (b) focusSquare(container, b);
}

/** Moves the roving tab stop to `b` and focuses it. */
export function focusSquare(container: HTMLElement, b: HTMLButtonElement): void {
  for (const s of container.querySelectorAll<HTMLButtonElement>('button[data-square][tabindex="0"]')) s.tabIndex = -1;
  b.tabIndex = 0;
  b.focus();
}

function installDrag(container: HTMLElement, state: Installed): void {
  let press: { square: string; x: number; y: number; id: number; glyph: string; white: boolean } | null = null;
  let ghost: HTMLElement | null = null;
  let suppressClick = false;
  let pickedAt = 0;
  const lifted = (square: string) => !!container.querySelector(`.lifted[data-square="${CSS.escape(square)}"]`);

  const end = () => {
    press = null;
    ghost?.remove();
    ghost = null;
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    window.removeEventListener('pointercancel', cancel);
  };
  const move = (e: PointerEvent) => {
    if (!press || e.pointerId !== press.id) return;
    if (!ghost) {
      if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < DRAG_START_PX) return;
      // Picking up is the first tap (the boards redraw with the piece lifted soon after).
      if (!lifted(press.square)) state.onTap(press.square);
      pickedAt = performance.now();
      ghost = document.createElement('span');
      ghost.className = `drag-ghost piece ${press.white ? 'white' : 'black'}`;
      ghost.textContent = press.glyph;
      ghost.setAttribute('aria-hidden', 'true');
      document.body.append(ghost);
    }
    // A refused pick (not your piece, touch-move) ends the drag.
    if (performance.now() - pickedAt > 150 && !lifted(press.square)) {
      end();
      return;
    }
    ghost.style.left = `${e.clientX}px`;
    ghost.style.top = `${e.clientY}px`;
    e.preventDefault();
  };
  const up = (e: PointerEvent) => {
    if (!press || e.pointerId !== press.id) return;
    const from = press.square;
    const dragged = !!ghost;
    end();
    if (!dragged) return;
    // A drag is never also a click on the square it started from.
    suppressClick = true;
    setTimeout(() => (suppressClick = false), 0);
    const target = squareOf(document.elementFromPoint(e.clientX, e.clientY));
    if (target && target.dataset.square !== from && container.contains(target) && lifted(from)) state.onTap(target.dataset.square ?? '');
  };
  const cancel = () => end();

  container.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    const b = squareOf(e.target as Element);
    const piece = b?.querySelector<HTMLElement>('.piece');
    if (!b || !piece || !b.dataset.square) return;
    // Only the side to move's pieces are dragged (a press on another piece is a tap).
    const turn = container.querySelector<HTMLElement>('.flat')?.dataset.turn;
    if (!turn || !piece.classList.contains(turn)) return;
    press = {
      square: b.dataset.square,
      x: e.clientX,
      y: e.clientY,
      id: e.pointerId,
      glyph: piece.textContent ?? '',
      white: piece.classList.contains('white'),
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
  });
  container.addEventListener(
    'click',
    (e) => {
      if (suppressClick) {
        e.stopPropagation();
        e.preventDefault();
      }
    },
    true,
  );
}
