// The flat view: every board or level side by side, built from real buttons so it works
// with a keyboard, a screen reader and automated tests (`data-square`, `aria-label`).

import type { Screen, Side } from './api';
import { flatRows, pieceName, type FlatPanel } from './layout';
import { focusSquare, installFlatInput } from './flat-input';
import { MARK_WORDS } from './inspect';
import type { Marks } from './marks';
import './comforts.css';

export const GLYPHS: Record<string, string> = { k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function renderPanel(p: FlatPanel, marks: Marks, onTap: (square: string) => void): HTMLElement {
  const box = el('section', 'flat-panel');
  box.dataset.board = p.board;
  if (p.owner) box.classList.add('attack-board', `owner-${p.owner}`);
  if (marks.boards.has(p.board)) box.classList.add('board-pickable');
  if (marks.oracle?.board === p.board) {
    box.classList.add('oracle-board');
    box.dataset.oracle = 'from';
  }
  box.setAttribute('aria-label', p.label);
  box.append(el('h3', 'flat-label', p.label));
  const grid = el('div', 'flat-grid');
  grid.style.gridTemplateColumns = `1.1em repeat(${p.cols}, var(--sq))`;
  grid.style.gridTemplateRows = `repeat(${p.rows}, var(--sq)) 1.1em`;
  p.ranks.forEach((r, i) => {
    const label = el('span', 'coord', r);
    label.style.gridRow = String(i + 1);
    label.style.gridColumn = '1';
    grid.append(label);
  });
  p.files.forEach((f, i) => {
    const label = el('span', 'coord', f);
    label.style.gridRow = String(p.rows + 1);
    label.style.gridColumn = String(i + 2);
    grid.append(label);
  });
  for (const { cell, row, col } of p.cells) {
    const b = el('button', `sq ${cell.dark ? 'dark' : 'light'}`);
    b.type = 'button';
    b.dataset.square = cell.name;
    b.style.gridRow = String(row + 1);
    b.style.gridColumn = String(col + 2);
    b.dataset.row = String(row);
    b.dataset.col = String(col);
    b.tabIndex = -1;
    b.setAttribute('aria-label', cell.piece ? `${cell.name}, ${pieceName(cell.piece)}` : `${cell.name}, empty`);
    if (cell.piece) {
      const g = el('span', `piece ${cell.piece === cell.piece.toUpperCase() ? 'white' : 'black'}`, GLYPHS[cell.piece.toLowerCase()]);
      g.setAttribute('aria-hidden', 'true');
      b.append(g);
    }
    if (marks.lifted === cell.name) b.classList.add('lifted');
    const target = marks.targets.get(cell.name);
    if (target) b.classList.add(target.capture ? 'target-capture' : 'target');
    if (marks.lastMove.has(cell.name)) b.classList.add('last-move');
    if (marks.checked.has(cell.name)) b.classList.add('in-check');
    const oracle = oracleMark(marks, cell.name);
    if (oracle) {
      b.classList.add(`oracle-${oracle}`);
      b.dataset.oracle = oracle;
    }
    const inspected = marks.inspect?.squares.get(cell.name);
    if (inspected) {
      b.dataset.mark = inspected;
      b.setAttribute('aria-label', `${b.getAttribute('aria-label') ?? cell.name}, ${MARK_WORDS[inspected]}`);
    }
    if (marks.inspect?.from === cell.name) b.classList.add('inspected');
    b.addEventListener('click', () => onTap(cell.name));
    grid.append(b);
  }
  box.append(grid);
  return box;
}

/** The Oracle's mark on a square: where its piece is, where it lands, what it captures. */
function oracleMark(marks: Marks, square: string): 'from' | 'to' | 'capture' | null {
  const o = marks.oracle;
  if (!o) return null;
  if (o.captured === square) return 'capture';
  if (o.to === square) return 'to';
  if (o.from === square) return 'from';
  return null;
}

/** Where the Oracle's attack-board move would take the board: a gold outline beside it. */
function boardDestination(board: string, to: string): HTMLElement {
  const box = el('section', 'flat-panel oracle-board-dest');
  box.dataset.oracle = 'to';
  box.dataset.to = to;
  box.setAttribute('aria-label', `${board} would go to ${to}`);
  box.append(el('h3', 'flat-label', `${board} → ${to}`));
  box.append(el('div', 'oracle-ghost'));
  return box;
}

function appendPanel(into: HTMLElement, p: FlatPanel, marks: Marks, onTap: (square: string) => void): void {
  into.append(renderPanel(p, marks, onTap));
  const o = marks.oracle;
  if (o?.board === p.board && o.boardTo) into.append(boardDestination(p.board, o.boardTo));
}

/** A move to animate: the piece now on `to` slides there from `from`. */
export interface FlatMotion {
  from: string;
  to: string;
}

export function renderFlat(
  container: HTMLElement,
  view: Screen,
  orientation: Side,
  marks: Marks,
  onTap: (square: string) => void,
  motion: FlatMotion | null = null,
): void {
  installFlatInput(container, onTap);
  const active = document.activeElement as HTMLElement | null;
  const focused = container.contains(active) ? active?.dataset?.square : undefined;
  const stop = container.querySelector<HTMLElement>('button[data-square][tabindex="0"]')?.dataset.square;
  const root = el('div', `flat flat-${view.variant}`);
  // Whose pieces may be dragged (none in a past position or on the computer's turn).
  root.dataset.turn = view.legal_moves.length > 0 ? view.turn : '';
  for (const row of flatRows(view, orientation)) {
    const r = el('div', 'flat-row');
    if (row.left || row.right) {
      const left = el('div', 'flat-side');
      for (const p of row.left ?? []) appendPanel(left, p, marks, onTap);
      const right = el('div', 'flat-side');
      for (const p of row.right ?? []) appendPanel(right, p, marks, onTap);
      r.append(left);
      for (const p of row.panels) r.append(renderPanel(p, marks, onTap));
      r.append(right);
    } else {
      for (const p of row.panels) r.append(renderPanel(p, marks, onTap));
    }
    root.append(r);
  }
  container.replaceChildren(root);
  // One tab stop for all the boards (the arrow keys move on from it): the square last
  // focused, else the lifted piece, else the first square.
  const find = (name: string | null | undefined) =>
    name ? container.querySelector<HTMLButtonElement>(`button[data-square="${CSS.escape(name)}"]`) : null;
  const home = find(focused) ?? find(stop) ?? find(marks.lifted) ?? container.querySelector<HTMLButtonElement>('button[data-square]');
  if (home) home.tabIndex = 0;
  if (focused && home) focusSquare(container, home);
  if (motion) animate(container, motion);
}

/** Slides the piece of a move from its old square (an arc when it changes board). */
function animate(container: HTMLElement, m: FlatMotion): void {
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  const sq = (name: string) => container.querySelector<HTMLElement>(`button[data-square="${CSS.escape(name)}"]`);
  const from = sq(m.from);
  const to = sq(m.to);
  const glyph = to?.querySelector<HTMLElement>('.piece');
  if (!from || !to || !glyph || typeof glyph.animate !== 'function') return;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  const dx = a.left + a.width / 2 - (b.left + b.width / 2);
  const dy = a.top + a.height / 2 - (b.top + b.height / 2);
  const otherBoard = from.closest('.flat-panel') !== to.closest('.flat-panel');
  const lift = otherBoard ? Math.min(80, 20 + Math.hypot(dx, dy) / 4) : 0;
  glyph.classList.add('moving');
  const run = glyph.animate(
    [
      { transform: `translate(${dx}px, ${dy}px)` },
      ...(otherBoard ? [{ transform: `translate(${dx / 2}px, ${dy / 2 - lift}px) scale(1.25)`, offset: 0.5 }] : []),
      { transform: 'translate(0, 0)' },
    ],
    { duration: otherBoard ? 380 : 220, easing: 'ease-in-out' },
  );
  run.onfinish = () => glyph.classList.remove('moving');
  run.oncancel = () => glyph.classList.remove('moving');
}
