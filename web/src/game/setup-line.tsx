// The game's set-up in one compact line under the title (the variant): rule set, options,
// who plays which colours (and the computer's look-ahead), and the time control. Titles
// come from the host's catalogue (what the opening screen offered); until it arrives,
// the identifiers stand in.

import { useEffect, useState } from 'preact/hooks';
import type { Catalogue, GameView } from '../api';
import type { GameSession } from './session';
import { daysPerMoveText } from '../lobby/words';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const minutes = (ms: number) => {
  const m = ms / 60000;
  return Number.isInteger(m) ? String(m) : m.toFixed(1);
};

/** Who plays which side, in words. */
export function seatsPart(v: GameView): string {
  const level = `look-ahead ${v.level === 'max' ? 'Max' : v.level}`;
  if (v.mode === 'computer') return `You play ${capital(v.human)} against the computer (${level})`;
  if (v.mode === 'local') return `Two players on this device (Oracle ${level})`;
  const you = v.you ?? [];
  if (you.length === 0) return 'Online game: you are watching';
  return `Online game: you play ${capital(you[0])}`;
}

/** The time control, in words. */
export function clockPart(v: GameView): string {
  if (!v.clocks) return 'No clock';
  // Correspondence (days per move): the allowance of every move.
  if ((v.clocks as typeof v.clocks & { per_move?: boolean }).per_move) return daysPerMoveText(Math.round(v.clocks.initial_ms / 86_400_000));
  return `Clock ${minutes(v.clocks.initial_ms)} min + ${v.clocks.increment_ms / 1000} s a move`;
}

/** The line's parts (the variant is the title above it), titles from `catalogue` when it has them. */
export function setupParts(v: GameView, catalogue: Catalogue | null): string[] {
  const entry = catalogue?.variants.find((x) => x.id === v.variant);
  const parts: string[] = [];
  if (v.rules) parts.push(`${entry?.rules.find((r) => r.id === v.rules)?.title ?? capital(v.rules)} rules`);
  for (const o of v.options) parts.push(entry?.options.find((x) => x.id === o)?.title ?? capital(o.replace(/-/g, ' ')));
  parts.push(seatsPart(v), clockPart(v));
  return parts;
}

export function SetupLine({ session }: { session: GameSession }) {
  const v = session.view.value;
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  useEffect(() => {
    let live = true;
    session.host
      .catalogue()
      .then((c) => live && setCatalogue(c))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [session]);
  if (!v) return null;
  return (
    <p class="setup-line" aria-label="Set-up">
      {setupParts(v, catalogue).join(' · ')}
    </p>
  );
}
