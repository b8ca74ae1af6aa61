// Both clocks, counting down locally between the server's states.

import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { Side } from '../api';
import { formatClock, isLowTime } from '../format';
import type { GameSession } from './session';

const SIDES: Side[] = ['white', 'black'];

export function Clocks({ session }: { session: GameSession }) {
  const now = useSignal(performance.now());
  useEffect(() => {
    const t = setInterval(() => (now.value = performance.now()), 200);
    return () => clearInterval(t);
  }, [now]);
  const v = session.view.value;
  if (!v || !v.clocks) return <div class="clocks" hidden />;
  const c = v.clocks;
  const elapsed = v.status === 'in-progress' && c.running ? Math.max(0, now.value - session.receivedAt.value) : 0;
  const ms = (side: Side) => (side === 'white' ? c.white_ms : c.black_ms) - (c.running === side ? elapsed : 0);
  if (v.status === 'in-progress' && c.running && ms(c.running) <= 0) session.checkFlag();
  return (
    <div class="clocks">
      {SIDES.map((side) => {
        const left = ms(side);
        const lost = v.result?.reason === 'time' && v.result.winner !== side;
        const running = c.running === side && v.status === 'in-progress';
        const cls = `clock clock-${side}${running ? ' running' : ''}${isLowTime(left) ? ' low' : ''}${lost ? ' flagged' : ''}`;
        return (
          <div class={cls} key={side}>
            <span class="who">{side === 'white' ? 'White' : 'Black'}</span>
            <span class="time">{lost ? 'time' : formatClock(left)}</span>
          </div>
        );
      })}
    </div>
  );
}
