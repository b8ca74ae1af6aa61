// The game clocks of a browser game, kept by the browser host as the server keeps its own
// (crates/spacechess/src/server/clock.rs, docs/api.md): each side's remaining time is
// charged when its move arrives, plus the increment; each side's clock starts with that
// side's first move (both first moves are free); a move that arrives after the flag fell
// loses on time instead. Time is counted on this page's monotonic clock
// (`performance.now()`); what is kept in the store is the remaining time, so a reload goes
// on from what was left when the page last saved it.

import type { Side } from '../api';
import type { ClocksView } from '../generated/api';

/** What the store keeps of a game's clocks. */
export interface StoredClock {
  initial_ms: number;
  increment_ms: number;
  /** Remaining time when last saved (the running side charged up to then). */
  white_ms: number;
  black_ms: number;
  /** Both sides' remaining time after each move, for take backs. */
  after: [number, number][];
}

/** Whether the side to move's clock runs after `ply` half-moves (as the server's `runs_after`). */
export const runsAfter = (ply: number) => ply >= 2;

export class GameClock {
  private readonly stored: StoredClock;
  private remaining: { white: number; black: number };
  private running: { side: Side; since: number } | null = null;

  constructor(
    stored: StoredClock,
    private readonly now: () => number = () => performance.now(),
  ) {
    // A copy: what the store handed out is never changed under it.
    this.stored = { ...stored, after: stored.after.map(([w, b]) => [w, b]) };
    this.remaining = { white: stored.white_ms, black: stored.black_ms };
  }

  /** New clocks for a time control: both sides have the initial time. */
  static fresh(initial_ms: number, increment_ms: number): StoredClock {
    return { initial_ms, increment_ms, white_ms: initial_ms, black_ms: initial_ms, after: [] };
  }

  /** The time `side` has left now (negative once its flag has fallen). */
  left(side: Side): number {
    const base = this.remaining[side];
    return this.running?.side === side ? base - (this.now() - this.running.since) : base;
  }

  /** The side whose clock runs. */
  get runningSide(): Side | null {
    return this.running?.side ?? null;
  }

  /** Whether a move by `mover` now arrives after its flag fell (nothing is changed). */
  flagged(mover: Side): boolean {
    return this.running?.side === mover && this.left(mover) <= 0;
  }

  /**
   * Charges `mover` for its move now, adds the increment and notes both clocks after the
   * move. A move while the clocks stand (a side's first move) costs and earns nothing.
   */
  charge(mover: Side): void {
    if (this.running) {
      this.remaining[mover] = this.left(mover) + this.stored.increment_ms;
      this.running = null;
    }
    this.stored.after.push([this.remaining.white, this.remaining.black]);
  }

  /** After a change: the side to move's clock runs while the game goes on from its second move on. */
  settle(turn: Side, ply: number, inProgress: boolean): void {
    const runs = inProgress && runsAfter(ply);
    if (runs && this.running?.side === turn) return;
    this.stop();
    if (runs) this.running = { side: turn, since: this.now() };
  }

  /** Stops the clocks, charging the running side for the time used so far. */
  stop(): void {
    if (!this.running) return;
    this.remaining[this.running.side] = this.left(this.running.side);
    this.running = null;
  }

  /** The clocks as they were after the first `ply` moves (a take back); they stand until settled. */
  rewind(ply: number): void {
    this.running = null;
    this.stored.after.length = Math.min(ply, this.stored.after.length);
    const last = this.stored.after[this.stored.after.length - 1];
    const [w, b] = last ?? [this.stored.initial_ms, this.stored.initial_ms];
    this.remaining = { white: w, black: b };
  }

  /** Milliseconds until the running side's flag falls (null: no clock runs). */
  untilFlag(): number | null {
    return this.running ? Math.max(0, this.left(this.running.side)) : null;
  }

  /** The clocks as the API shows them. */
  view(): ClocksView {
    return {
      initial_ms: this.stored.initial_ms,
      white_ms: Math.max(0, Math.round(this.left('white'))),
      black_ms: Math.max(0, Math.round(this.left('black'))),
      increment_ms: this.stored.increment_ms,
      running: this.runningSide,
    };
  }

  /** What the store keeps now (the running side charged up to now; the clocks keep running). */
  save(): StoredClock {
    return {
      ...this.stored,
      after: this.stored.after.map(([w, b]) => [w, b]),
      white_ms: this.left('white'),
      black_ms: this.left('black'),
    };
  }
}
