// The move record: one row per full move, its number, White's move and Black's, each
// move kept on one line with the evaluation after it in a slot of its own (so the numbers
// line up down the column), the legend below saying once what they mean. A click on a move shows the
// position after it (review); the review buttons step through the game.

import { useEffect, useRef } from 'preact/hooks';
import type { HistoryEntry } from '../api';
import { evalSourceText, formatEval, legendOf } from '../format';
import type { GameSession } from './session';

interface Row {
  key: string;
  num: string;
  white: { entry: HistoryEntry; ply: number } | null;
  black: { entry: HistoryEntry; ply: number } | null;
}

/** Full moves in rows; a game that starts with Black's move has an empty White cell. */
function rowsOf(history: HistoryEntry[]): Row[] {
  const rows: Row[] = [];
  history.forEach((entry, i) => {
    const m = { entry, ply: i + 1 };
    const last = rows[rows.length - 1];
    if (entry.side === 'white' || !last || last.black) {
      rows.push({ key: String(m.ply), num: `${entry.number}.`, white: null, black: null });
    }
    const row = rows[rows.length - 1];
    if (entry.side === 'white') row.white = m;
    else row.black = m;
  });
  return rows;
}

function MoveCell({ session, m, side }: { session: GameSession; m: Row['white']; side: 'white' | 'black' }) {
  const shown = session.review.ply.value;
  if (!m) return <span class={`mv-cell ${side} empty`} />;
  const ev = formatEval(m.entry.eval);
  const source = evalSourceText(m.entry.eval_source, m.entry.eval_depth);
  const current = shown === m.ply;
  return (
    <span class={`mv-cell ${side}`}>
      <button
        type="button"
        class={`mv${current ? ' current' : ''}`}
        data-ply={String(m.ply)}
        aria-current={current ? 'step' : undefined}
        aria-label={`${m.entry.number}${side === 'black' ? '...' : '.'} ${m.entry.notation}${ev ? `, ${ev} (${source})` : ''}: show the position after it`}
        onClick={() => session.review.goTo(m.ply)}
      >
        {m.entry.notation}
      </button>
      <span class="eval-slot">
        {ev && (
          <small class={`eval eval-${m.entry.eval_source ?? 'unknown'}`} title={`Evaluation ${ev}, from ${source}`}>
            {ev}
          </small>
        )}
      </span>
    </span>
  );
}

/** The longest move's length in characters: the record's moves are sized so that it fits. */
function longestMove(history: HistoryEntry[]): number {
  return Math.max(8, ...history.map((h) => [...h.notation].length));
}

export function Record({ session }: { session: GameSession }) {
  const v = session.view.value;
  const list = useRef<HTMLOListElement>(null);
  const history = v?.history ?? [];
  const rows = rowsOf(history);
  const reviewing = session.review.ply.value;
  useEffect(() => {
    const l = list.current;
    if (!l) return;
    // Follow the game; while reviewing, keep the shown move in view.
    const current = l.querySelector('.mv.current');
    if (current) current.scrollIntoView({ block: 'nearest' });
    else l.scrollTop = l.scrollHeight;
  }, [history.length, reviewing]);
  if (rows.length === 0) return <p class="record-empty">No moves yet.</p>;
  return (
    <>
      <div class="record-head" aria-hidden="true">
        <span class="num">#</span>
        <span>White</span>
        <span>Black</span>
      </div>
      <ol class="record" aria-label="Move record" ref={list} style={{ '--longest': longestMove(history) }}>
        {rows.map((r) => (
          <li key={r.key}>
            <span class="num">{r.num}</span>
            <MoveCell session={session} m={r.white} side="white" />
            <MoveCell session={session} m={r.black} side="black" />
          </li>
        ))}
      </ol>
      <p class="record-legend">
        Numbers: pawns ahead, from White's side.
        {legendOf(history).map(([key, colour, text]) => (
          <span key={key}>
            {' '}
            <span class={`eval eval-${key}`}>{colour}</span>: {text}.
          </span>
        ))}
      </p>
    </>
  );
}
