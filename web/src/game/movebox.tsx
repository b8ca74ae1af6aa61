// The move box: type a move the way players write it (`Nf3`-style short forms as the
// rules give them, the full notation in glyphs or plain letters, or a token); the legal
// moves that fit are listed as you type and Enter plays the one the text names. Reading
// is text matching against the forms the host sends (typing.ts); no rule is judged here.

import { useMemo, useState } from 'preact/hooks';
import type { LegalMove } from '../api';
import type { GameSession } from './session';
import { completions, exampleMove, missReason, readMove, shortOf } from './typing';

/** At most this many completions are listed. */
const SHOWN = 8;

export function MoveBox({ session }: { session: GameSession }) {
  const v = session.view.value;
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  // Whether the arrow keys chose a listed move: Enter then plays that one.
  const [picked, setPicked] = useState(false);
  const moves = v && !session.review.active.value ? v.legal_moves : [];
  const fits = completions(moves, text);
  const shown = fits.slice(0, SHOWN);
  const disabled = !v || moves.length === 0 || session.busy.value;
  const example = useMemo(() => exampleMove(moves), [moves]);
  const reading = readMove(moves, text);
  // The listed move Enter plays, highlighted: the one chosen with the arrows, else the
  // one the text names, else the only one listed; none when the text is ambiguous.
  const current = picked
    ? Math.min(active, shown.length - 1)
    : reading.kind === 'move' || (reading.kind === 'none' && fits.length === 1)
      ? 0
      : -1;
  const playMove = (m: LegalMove) => {
    // Under touch-move a picked piece must be the one that moves.
    const s = session.selection.peek();
    if (!session.visualizer && s.kind === 'piece' && s.square !== m.from) {
      session.say(`Touch-move: the piece on ${s.square} must move.`, 'error');
      return;
    }
    setText('');
    setActive(0);
    setPicked(false);
    session.playToken(m.token);
  };
  // Enter plays the highlighted move; without one it says why nothing fits.
  const enter = () => {
    if (current >= 0 && shown[current]) playMove(shown[current]);
    else session.say(missReason(moves, text, reading), 'error');
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (shown.length === 0) return;
      e.preventDefault();
      setActive((a) => (picked ? a + (e.key === 'ArrowDown' ? 1 : shown.length - 1) : 0) % shown.length);
      setPicked(true);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      enter();
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
        aria-activedescendant={current >= 0 ? `move-opt-${current}` : undefined}
        placeholder={disabled ? 'Not your move' : example ? `e.g. ${example}` : 'a move'}
        disabled={disabled}
        value={text}
        onInput={(e) => {
          setText((e.currentTarget as HTMLInputElement).value);
          setActive(0);
          setPicked(false);
        }}
        onKeyDown={onKey}
      />
      <ul id={listId} class="move-completions" role="listbox" aria-label="Legal moves that fit" hidden={shown.length === 0}>
        {shown.map((m, i) => (
          <li
            key={m.token}
            id={`move-opt-${i}`}
            role="option"
            class={i === current ? 'active' : ''}
            aria-selected={i === current}
            data-token={m.token}
            onMouseDown={(e) => {
              e.preventDefault();
              playMove(m);
            }}
          >
            <span class="notation">{m.notation}</span> <small class="short">{shortOf(m)}</small>
          </li>
        ))}
        {fits.length > SHOWN && <li class="more" aria-hidden="true">{`… ${fits.length - SHOWN} more`}</li>}
      </ul>
    </div>
  );
}
