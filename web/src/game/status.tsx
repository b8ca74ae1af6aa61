// The panel's status lines: title, whose turn, connection, messages, the computer's thinking.

import type { GameSession } from './session';
import { computerToMove } from '../state';

export function Title({ session }: { session: GameSession }) {
  const v = session.view.value;
  if (!v) return <h2 class="game-title" />;
  // The rule set, options and the rest of the set-up are on the line below (setup-line.tsx).
  return <h2 class="game-title">{v.title}</h2>;
}

export function Status({ session }: { session: GameSession }) {
  const v = session.view.value;
  let text: string;
  if (!v) text = 'Loading the game…';
  else if (v.status === 'over') text = `${v.result?.description ?? ''} (${v.result?.text ?? ''})`;
  else if (computerToMove(v)) text = 'The computer is thinking…';
  else text = `${v.turn === 'white' ? 'White' : 'Black'} to move${v.checked_kings.length ? ' — check!' : ''}`;
  return (
    <div class="status" aria-live="polite">
      {text}
    </div>
  );
}

export function Connection({ session }: { session: GameSession }) {
  const lost = session.connection.value === 'lost';
  return (
    <div class="connection" role="status" hidden={!lost}>
      {lost ? 'Connection lost — reconnecting…' : ''}
    </div>
  );
}

export function MessageLine({ session }: { session: GameSession }) {
  const m = session.message.value;
  return (
    <div class={`message ${m.kind}`} role="status" aria-live="assertive" hidden={!m.text}>
      {m.text}
    </div>
  );
}

export function ThinkingLine({ session }: { session: GameSession }) {
  const v = session.view.value;
  const active = !!v && computerToMove(v);
  const t = session.thinking.value;
  if (!active) return <div class="thinking" aria-live="polite" hidden />;
  if (!t) {
    return (
      <div class="thinking" aria-live="polite">
        <span>Computer thinking…</span>
      </div>
    );
  }
  const left = Math.max(0, t.budget_ms - t.elapsed_ms);
  const frac = t.budget_ms > 0 ? Math.min(1, t.elapsed_ms / t.budget_ms) : 0;
  return (
    <div class="thinking" aria-live="polite">
      <span>{`Computer thinking: depth ${t.depth}, ${(left / 1000).toFixed(1)} s left`}</span>
      <progress max={1} value={frac} />
    </div>
  );
}
