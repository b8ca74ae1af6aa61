// The move record: each move in the variant's notation with the evaluation after it.

import { useEffect, useRef } from 'preact/hooks';
import type { HistoryEntry } from '../api';
import { formatEval } from '../format';
import type { GameSession } from './session';

export function Record({ session }: { session: GameSession }) {
  const v = session.view.value;
  const list = useRef<HTMLOListElement>(null);
  // Each entry comes numbered, with its side (the rules crate's screen); ply = index + 1.
  const rows: { key: string; num: string; moves: { entry: HistoryEntry; ply: number }[] }[] = [];
  (v?.history ?? []).forEach((entry, i) => {
    const m = { entry, ply: i + 1 };
    const last = rows[rows.length - 1];
    if (entry.side === 'white' || !last) rows.push({ key: String(m.ply), num: `${entry.number}.${entry.side === 'black' ? '..' : ''}`, moves: [m] });
    else last.moves.push(m);
  });
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [v?.history.length]);
  if (rows.length === 0) return <p class="record-empty">No moves yet.</p>;
  return (
    <ol class="record" aria-label="Move record" ref={list}>
      {rows.map((r) => (
        <li key={r.key}>
          <span class="num">{r.num}</span>
          {r.moves.map((m) => {
            const ev = formatEval(m.entry.eval);
            return (
              <>
                <span class="mv" data-ply={String(m.ply)}>
                  {m.entry.notation}
                </span>
                {ev && <small class="eval">{ev}</small>}
              </>
            );
          })}
        </li>
      ))}
    </ol>
  );
}
