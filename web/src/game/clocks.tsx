// Both clocks, counting down locally between the server's states. A correspondence clock
// (`per_move`: days per move) shows the time left as days and hours ("2 d 23 h"), not mm:ss,
// the waiting side's whole allowance in words ("1 day"), and a line on what it means.

import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { Side } from '../api';
import { formatClock, isLowTime } from '../format';
import { daysPerMoveText, timeLeftText } from '../lobby/words';
import './clocks.css';
import type { GameSession } from './session';

const SIDES: Side[] = ['white', 'black'];
const DAY = 86_400_000;

/** A correspondence clock's words: the time left while it runs, else the allowance ("3 days"). */
export function perMoveClockText(ms: number, running: boolean): string {
  if (!running && ms > 0 && ms % DAY === 0) return `${ms / DAY} day${ms === DAY ? '' : 's'}`;
  return timeLeftText(ms);
}

export function Clocks({ session }: { session: GameSession }) {
  const now = useSignal(performance.now());
  useEffect(() => {
    const t = setInterval(() => (now.value = performance.now()), 200);
    return () => clearInterval(t);
  }, [now]);
  const v = session.view.value;
  if (!v || !v.clocks) return <div class="clocks" hidden />;
  const c = v.clocks;
  // Correspondence: each move has its days; low once an hour is left.
  const perMove = (c as typeof c & { per_move?: boolean }).per_move === true;
  const low = (ms: number) => (perMove ? ms < 3_600_000 : isLowTime(ms));
  const elapsed = v.status === 'in-progress' && c.running ? Math.max(0, now.value - session.receivedAt.value) : 0;
  const ms = (side: Side) => (side === 'white' ? c.white_ms : c.black_ms) - (c.running === side ? elapsed : 0);
  if (v.status === 'in-progress' && c.running && ms(c.running) <= 0) session.checkFlag();
  return (
    <div class={`clocks${perMove ? ' per-move' : ''}`}>
      {SIDES.map((side) => {
        const left = ms(side);
        const lost = v.result?.reason === 'time' && v.result.winner !== side;
        const running = c.running === side && v.status === 'in-progress';
        const cls = `clock clock-${side}${running ? ' running' : ''}${low(left) ? ' low' : ''}${lost ? ' flagged' : ''}`;
        return (
          <div class={cls} key={side}>
            <span class="who">{side === 'white' ? 'White' : 'Black'}</span>
            <span class="time" title={perMove ? 'Time left for this move' : undefined}>
              {lost ? 'time' : perMove ? perMoveClockText(left, running) : formatClock(left)}
            </span>
          </div>
        );
      })}
      {perMove && v.status === 'in-progress' && (
        <p class="clock-note">{daysPerMoveText(Math.round(c.initial_ms / DAY))}: the side to move must move before its clock runs out.</p>
      )}
    </div>
  );
}
