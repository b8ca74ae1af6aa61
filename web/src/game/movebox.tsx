// The move box: type a move in the variant's notation (glyphs or plain letters) or as a
// token; the legal moves that fit are listed as you type (from the server's legal move
// list) and Enter plays the one chosen. Nothing is judged here: only the listed moves
// can be played.

import { useState } from 'preact/hooks';
import type { LegalMove } from '../api';
import type { GameSession } from './session';

/** At most this many completions are listed. */
const SHOWN = 8;

const GLYPH_LETTERS: Record<string, string> = { '♔': 'K', '♕': 'Q', '♖': 'R', '♗': 'B', '♘': 'N', '♙': 'P', '♚': 'K', '♛': 'Q', '♜': 'R', '♝': 'B', '♞': 'N', '♟': 'P' };

/** A move's text reduced for matching what people type: plain letters, no dashes or spaces. */
export function typingForm(text: string): string {
  return [...text]
    .map((c) => GLYPH_LETTERS[c] ?? c)
    .join('')
    .replace(/[–—\-\s]/g, '')
    .replace(/×/g, 'x')
    .toLowerCase();
}

/** The legal moves that fit what was typed: exact matches first, then by where it fits. */
export function completions(moves: LegalMove[], typed: string): LegalMove[] {
  const t = typingForm(typed);
  if (!t) return [];
  const scored = moves.flatMap((m) => {
    const forms = [typingForm(m.notation), typingForm(m.token)];
    if (forms.some((f) => f === t)) return [{ m, score: 0 }];
    if (forms.some((f) => f.startsWith(t))) return [{ m, score: 1 }];
    if (forms.some((f) => f.includes(t))) return [{ m, score: 2 }];
    return [];
  });
  return scored.sort((a, b) => a.score - b.score).map((s) => s.m);
}

export function MoveBox({ session }: { session: GameSession }) {
  const v = session.view.value;
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const moves = v && !session.review.active.value ? v.legal_moves : [];
  const fits = completions(moves, text);
  const shown = fits.slice(0, SHOWN);
  const disabled = !v || moves.length === 0 || session.busy.value;
  const playMove = (m: LegalMove | undefined) => {
    if (!m) {
      session.say(text.trim() ? `No legal move fits “${text.trim()}”.` : 'Type a move first.', 'error');
      return;
    }
    // Under touch-move a picked piece must be the one that moves.
    const s = session.selection.peek();
    if (!session.visualizer && s.kind === 'piece' && s.square !== m.from) {
      session.say(`Touch-move: the piece on ${s.square} must move.`, 'error');
      return;
    }
    setText('');
    setActive(0);
    session.playToken(m.token);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (shown.length === 0) return;
      e.preventDefault();
      setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : shown.length - 1)) % shown.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      // An exact fit, else the highlighted completion, else the only one.
      playMove(shown[Math.min(active, shown.length - 1)]);
    } else if (e.key === 'Escape') {
      setText('');
    }
  };
  const listId = 'move-completions';
  return (
    <div class="move-box">
      <label class="move-box-label" for="move-input">
        Type a move
      </label>
      <input
        id="move-input"
        class="move-input"
        type="text"
        autocomplete="off"
        spellcheck={false}
        role="combobox"
        aria-expanded={shown.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown.length ? `move-opt-${Math.min(active, shown.length - 1)}` : undefined}
        placeholder={disabled ? 'Not your move' : 'e.g. Nb1c3 or a token'}
        disabled={disabled}
        value={text}
        onInput={(e) => {
          setText((e.currentTarget as HTMLInputElement).value);
          setActive(0);
        }}
        onKeyDown={onKey}
      />
      <ul id={listId} class="move-completions" role="listbox" aria-label="Legal moves that fit" hidden={shown.length === 0}>
        {shown.map((m, i) => (
          <li
            key={m.token}
            id={`move-opt-${i}`}
            role="option"
            class={i === Math.min(active, shown.length - 1) ? 'active' : ''}
            aria-selected={i === Math.min(active, shown.length - 1)}
            data-token={m.token}
            onMouseDown={(e) => {
              e.preventDefault();
              playMove(m);
            }}
          >
            <span class="notation">{m.notation}</span> <small class="token">{m.token}</small>
          </li>
        ))}
        {fits.length > SHOWN && <li class="more" aria-hidden="true">{`… ${fits.length - SHOWN} more`}</li>}
      </ul>
    </div>
  );
}
