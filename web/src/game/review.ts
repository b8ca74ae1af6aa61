// Stepping through the game without taking moves back. The boards then show a past
// position, which the server replays (GET /api/games/{id}/positions/{ply}); the browser
// only keeps the answers. `ply` null means the live game.

import { batch, computed, signal } from '@preact/signals';
import type { GameView, PositionView } from '../api';
import { computeMarks } from '../marks';
import { IDLE } from '../selection';
import { refusalText } from '../refusals';

export class Review {
  /** The half-moves played in the position shown, or null for the live game. */
  readonly ply = signal<number | null>(null);
  /** The server's answer for `ply` (null while it is on its way). */
  readonly past = signal<PositionView | null>(null);
  readonly error = signal('');
  /** Answers already received, by ply and the moves that led there. */
  private readonly cache = new Map<string, PositionView>();
  private wanted = '';

  /** The game as the boards draw it: the live view, or the past position (no moves). */
  readonly shown = computed<GameView | null>(() => {
    const live = this.live.value;
    const ply = this.ply.value;
    const past = this.past.value;
    // Until the next answer arrives the last one stays up (no flash of the live game).
    if (!live || ply === null || !past) return live;
    return { ...live, ...past, legal_moves: [] };
  });
  readonly marks = computed(() => {
    const v = this.shown.value;
    return v ? computeMarks(v, IDLE, false, null) : null;
  });
  readonly active = computed(() => this.ply.value !== null);

  constructor(
    private readonly live: { readonly value: GameView | null; peek(): GameView | null },
    /** Asks the game's host for the board after a ply. */
    private readonly fetchPosition: (ply: number) => Promise<PositionView>,
  ) {}

  /** Shows the position after `ply` half-moves; the last ply (or beyond) is the live game. */
  goTo(ply: number): void {
    const v = this.live.peek();
    if (!v) return;
    const target = Math.max(0, Math.min(ply, v.history.length));
    if (target === v.history.length) {
      this.toLive();
      return;
    }
    const key = `${target}:${v.history
      .slice(0, target)
      .map((e) => e.token)
      .join(' ')}`;
    this.wanted = key;
    const known = this.cache.get(key);
    batch(() => {
      this.ply.value = target;
      this.error.value = '';
      this.past.value = known ?? this.past.peek();
    });
    if (known) return;
    this.fetchPosition(target)
      .then((p) => {
        this.cache.set(key, p);
        if (this.wanted === key) this.past.value = p;
      })
      .catch((e: unknown) => {
        if (this.wanted === key) this.error.value = refusalText(e);
      });
  }

  /** One half-move back or forward from what is shown. */
  step(delta: number): void {
    const v = this.live.peek();
    if (!v) return;
    this.goTo((this.ply.peek() ?? v.history.length) + delta);
  }

  toLive(): void {
    this.wanted = '';
    batch(() => {
      this.ply.value = null;
      this.past.value = null;
      this.error.value = '';
    });
  }

  /** The live game changed: a reviewed ply beyond its end (a take back) goes live. */
  onLive(v: GameView): void {
    const ply = this.ply.peek();
    if (ply !== null && ply >= v.history.length) this.toLive();
  }
}
