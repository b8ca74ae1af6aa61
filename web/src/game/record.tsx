// The move record: each move in the variant's notation with the evaluation after it.

import { useEffect, useRef } from 'preact/hooks';
import { formatEval, numberHistory, type NumberedMove } from '../format';
import type { GameSession } from './session';

export function Record({ session }: { session: GameSession }) {
  const v = session.view.value;
  const list = useRef<HTMLOListElement>(null);
  const rows: { key: string; num: string; moves: NumberedMove[] }[] = [];
  for (const m of v ? numberHistory(v) : []) {
    const last = rows[rows.length - 1];
    if (m.side === 'white' || !last) rows.push({ key: String(m.ply), num: `${m.number}.${m.side === 'black' ? '..' : ''}`, moves: [m] });
    else last.moves.push(m);
  }
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
