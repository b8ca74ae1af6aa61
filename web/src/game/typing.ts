// Reading a typed move against the forms the host sends with each legal move: its token,
// its notation and its short forms (`short_forms`, worked out by the rules). Only text is
// compared here; which forms exist and which is shortest is the rules' business. The
// rules read typed moves the same way (crates/rules/src/notation.rs, `find_in`).

import type { LegalMove } from '../api';

const GLYPH_LETTERS: Record<string, string> = { '♔': 'K', '♕': 'Q', '♖': 'R', '♗': 'B', '♘': 'N', '♙': 'P', '♚': 'K', '♛': 'Q', '♜': 'R', '♝': 'B', '♞': 'N', '♟': 'P' };

/**
 * The comparison form: glyphs as letters, castling with zeros as with letters, `→`/`->`
 * as `>`, `↻` as `r`, no spaces, dashes, `x`/`×` or `=`, no trailing `+#!?`.
 */
export function typingKey(text: string): string {
  let t = text.trim().replace(/^0-0-0/, 'O-O-O').replace(/^0-0/, 'O-O');
  t = [...t].map((c) => GLYPH_LETTERS[c] ?? c).join('');
  return t
    .replace(/[–—]/g, '-')
    .replace(/×/g, 'x')
    .replace(/→/g, '->')
    .replace(/↻/g, 'r')
    .replace(/[+#!?]+$/, '')
    .replace(/->/g, '>')
    .replace(/[\s\-x=]/g, '');
}

export type Reading =
  | { kind: 'move'; move: LegalMove }
  | { kind: 'ambiguous'; moves: LegalMove[] }
  | { kind: 'none' };

/** The shortest form of a move (its notation where the host sent none). */
export function shortOf(m: LegalMove): string {
  return m.short_forms[0] ?? m.notation;
}

/**
 * Which legal move the text names. In turn, the first that fits wins: the exact token;
 * the notation, token or shortest form; a looser form; the same two ignoring case. Text
 * that fits several moves in the first tier it fits is ambiguous.
 */
export function readMove(moves: LegalMove[], text: string): Reading {
  const exact = moves.find((m) => m.token === text.trim());
  if (exact) return { kind: 'move', move: exact };
  const wanted = typingKey(text);
  if (!wanted) return { kind: 'none' };
  const written = (m: LegalMove) => [m.notation, m.token, ...m.short_forms.slice(0, 1)];
  const looser = (m: LegalMove) => m.short_forms.slice(1);
  for (const fold of [false, true]) {
    const same = (form: string) => (fold ? typingKey(form).toLowerCase() === wanted.toLowerCase() : typingKey(form) === wanted);
    for (const forms of [written, looser]) {
      const found = moves.filter((m) => forms(m).some(same));
      if (found.length === 1) return { kind: 'move', move: found[0] };
      if (found.length > 1) return { kind: 'ambiguous', moves: found };
    }
  }
  return { kind: 'none' };
}

/** Why the text plays no move, as a sentence. */
export function missReason(moves: LegalMove[], text: string, reading: Reading = readMove(moves, text)): string {
  const t = text.trim();
  if (!t) return 'Type a move first.';
  if (reading.kind === 'ambiguous') {
    const listed = reading.moves.slice(0, 8).map(shortOf).join(', ');
    const more = reading.moves.length > 8 ? ` and ${reading.moves.length - 8} more` : '';
    return `“${t}” fits ${reading.moves.length} moves: ${listed}${more}. Type one of them.`;
  }
  // The legal moves to the square the text ends with, if it ends with one.
  const key = typingKey(t).toLowerCase();
  const squares = [...new Set(moves.map((m) => m.to))].filter((to) => key.endsWith(typingKey(to).toLowerCase()));
  const square = squares.sort((a, b) => b.length - a.length)[0];
  if (square) {
    const there = moves.filter((m) => m.to === square).map(shortOf);
    return `No legal move fits “${t}”. Moves to ${square}: ${there.slice(0, 8).join(', ')}${there.length > 8 ? ', …' : ''}.`;
  }
  const example = exampleMove(moves);
  return `No legal move fits “${t}”: no piece of yours can go there.${example ? ` Type a piece and its square, e.g. ${example}.` : ''}`;
}

/** Pieces in the order an example prefers them: a knight's move reads most like chess. */
const EXAMPLE_ORDER = 'NBRQK';

/**
 * A form to show as an example: the shortest text that plays a piece move (not a pawn,
 * a capture or a board move; a knight's if there is one) in this position, else any
 * move's shortest form.
 */
export function exampleMove(moves: LegalMove[]): string | null {
  const rank = (m: LegalMove) => EXAMPLE_ORDER.indexOf(shortOf(m)[0]);
  const pieceMoves = moves
    .filter((m) => m.mover === 'piece' && !m.capture && !m.castling && rank(m) >= 0)
    .sort((a, b) => rank(a) - rank(b));
  for (const m of pieceMoves.length ? pieceMoves : moves) {
    const forms = [...m.short_forms].sort((a, b) => a.length - b.length);
    const plays = forms.find((f) => {
      const r = readMove(moves, f);
      return r.kind === 'move' && r.move === m;
    });
    if (plays) return plays;
  }
  return moves.length ? shortOf(moves[0]) : null;
}

/** The legal moves that fit what was typed: the one it names first, then by where it fits. */
export function completions(moves: LegalMove[], typed: string): LegalMove[] {
  const t = typingKey(typed).toLowerCase();
  if (!t) return [];
  const reading = readMove(moves, typed);
  const named = reading.kind === 'move' ? [reading.move] : reading.kind === 'ambiguous' ? reading.moves : [];
  const scored = moves.flatMap((m) => {
    if (named.includes(m)) return [{ m, score: 0 }];
    const forms = [m.notation, m.token, ...m.short_forms].map((f) => typingKey(f).toLowerCase());
    if (forms.some((f) => f.startsWith(t))) return [{ m, score: 1 }];
    if (forms.some((f) => f.includes(t))) return [{ m, score: 2 }];
    return [];
  });
  return scored.sort((a, b) => a.score - b.score).map((s) => s.m);
}
