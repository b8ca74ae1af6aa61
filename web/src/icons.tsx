// Icons drawn as inline SVG in the text's colour, so that they show on every machine:
// emoji and symbol glyphs need a font that has them (a headless browser or a bare Linux
// desktop often has none, and draws an empty box). Each icon is decorative: the button
// or text beside it says what it is.

import type { JSX } from 'preact';

type Props = { class?: string };

function Svg({ class: cls, children, viewBox = '0 0 16 16' }: Props & { children: JSX.Element | JSX.Element[]; viewBox?: string }) {
  return (
    <svg class={`icon${cls ? ` ${cls}` : ''}`} viewBox={viewBox} width="1em" height="1em" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** The Oracle: a ball on a stand. */
export function OracleIcon(p: Props) {
  return (
    <Svg {...p}>
      <circle cx="8" cy="7" r="5.5" fill="none" stroke="currentColor" stroke-width="1.5" />
      <path d="M5.5 6.2a2.8 2.8 0 0 1 2.3-2.3" fill="none" stroke="currentColor" stroke-width="1.2" stroke-linecap="round" />
      <path d="M3.5 15h9l-1.5-3h-6z" fill="currentColor" />
    </Svg>
  );
}

/** Inspect: a magnifying glass. */
export function SearchIcon(p: Props) {
  return (
    <Svg {...p}>
      <circle cx="6.5" cy="6.5" r="4.5" fill="none" stroke="currentColor" stroke-width="1.6" />
      <path d="M10 10l4.5 4.5" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
    </Svg>
  );
}

/** A triangle pointing left or right (previous and next move). */
export function StepIcon({ dir, ...p }: Props & { dir: 'back' | 'forward' }) {
  return <Svg {...p}>{dir === 'back' ? <path d="M12 2.5v11L3.5 8z" fill="currentColor" /> : <path d="M4 2.5v11L12.5 8z" fill="currentColor" />}</Svg>;
}

/** A triangle against a bar (first and last move). */
export function EndIcon({ dir, ...p }: Props & { dir: 'back' | 'forward' }) {
  return (
    <Svg {...p}>
      {dir === 'back' ? <path d="M2.5 2.5h2v11h-2zM13.5 2.5v11L5.5 8z" fill="currentColor" /> : <path d="M11.5 2.5h2v11h-2zM2.5 2.5v11L10.5 8z" fill="currentColor" />}
    </Svg>
  );
}

/** An arrow pointing left (back to the start page). */
export function BackArrowIcon(p: Props) {
  return (
    <Svg {...p}>
      <path d="M14 8H3M7 3.5L2.5 8 7 12.5" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" />
    </Svg>
  );
}

/** A tick (solved). */
export function TickIcon(p: Props) {
  return (
    <Svg {...p}>
      <path d="M2.5 8.5l3.5 3.5 7.5-8" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" />
    </Svg>
  );
}

/** A cross (missed). */
export function CrossIcon(p: Props) {
  return (
    <Svg {...p}>
      <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
    </Svg>
  );
}

/** The marks of the board, for legends: a dot, a diamond, a ring. */
export function MarkIcon({ shape, ...p }: Props & { shape: 'dot' | 'diamond' | 'ring' }) {
  return (
    <Svg {...p}>
      {shape === 'dot' ? (
        <circle cx="8" cy="8" r="4.5" fill="currentColor" />
      ) : shape === 'diamond' ? (
        <path d="M8 2.5L13.5 8 8 13.5 2.5 8z" fill="currentColor" />
      ) : (
        <circle cx="8" cy="8" r="5" fill="none" stroke="currentColor" stroke-width="1.6" />
      )}
    </Svg>
  );
}
