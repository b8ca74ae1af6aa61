// A rematch as a new game: the finished game's set-up (variant, rule set, options, level,
// time control) from the usual start, colours swapped against the computer. Online, the
// server makes the same game once both players agree (POST .../rematch).

import type { GameView, NewGame } from '../api';

export function rematchOf(v: GameView): NewGame {
  return {
    variant: v.variant,
    rules: v.rules,
    options: v.options,
    mode: v.mode,
    // On one device the two players simply swap seats; the page's side does not change.
    human: v.mode === 'computer' ? (v.human === 'white' ? 'black' : 'white') : v.human,
    level: v.level,
    time_control: !v.clocks
      ? null
      : v.clocks.per_move
        ? { days_per_move: Math.round(v.clocks.initial_ms / 86400000) }
        : { minutes: v.clocks.initial_ms / 60000, increment_seconds: v.clocks.increment_ms / 1000 },
    position: null,
  };
}
