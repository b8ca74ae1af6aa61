// Small pure helpers for what the game panel shows: move numbers, evaluations, clocks,
// results.

import type { GameView, HistoryEntry, Side } from './api';

export const other = (s: Side): Side => (s === 'white' ? 'black' : 'white');

export interface NumberedMove {
  entry: HistoryEntry;
  number: number;
  side: Side;
  ply: number;
}

/** Gives every history entry its move number and side, working back from the current ones. */
export function numberHistory(view: Pick<GameView, 'history' | 'fullmove' | 'turn'>): NumberedMove[] {
  const out: NumberedMove[] = [];
  // After White's move the number stays; after Black's it goes up. Walk back from now.
  let num = view.fullmove;
  let side = view.turn;
  for (let i = view.history.length - 1; i >= 0; i--) {
    side = other(side);
    if (side === 'black') num -= 1;
    out.unshift({ entry: view.history[i], number: num, side, ply: i + 1 });
  }
  return out;
}

/** An evaluation in pawns from White's side, as shown after a move. */
export function formatEval(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  if (Math.abs(value) >= 100) return value > 0 ? '+M' : '-M';
  const s = value.toFixed(1);
  return value > 0 ? `+${s}` : s === '-0.0' ? '0.0' : s;
}

export function formatClock(ms: number): string {
  const clamped = Math.max(0, ms);
  const total = Math.floor(clamped / 1000);
  const m = Math.floor(total / 60);
  const s = total % 60;
  if (clamped < 10000) return `${m}:${String(s).padStart(2, '0')}.${Math.floor((clamped % 1000) / 100)}`;
  return `${m}:${String(s).padStart(2, '0')}`;
}

export const LOW_TIME_MS = 20000;

export function isLowTime(ms: number): boolean {
  return ms < LOW_TIME_MS;
}

const REASONS: Record<string, string> = {
  checkmate: 'checkmate',
  stalemate: 'stalemate',
  repetition: 'threefold repetition',
  'fifty-moves': 'the 50-move rule',
  'insufficient-material': 'insufficient material',
  agreement: 'agreement',
  resignation: 'resignation',
  time: 'time',
};

export function describeResult(view: Pick<GameView, 'result'>): string {
  const r = view.result;
  if (!r) return '';
  const reason = REASONS[r.reason] ?? r.reason;
  if (!r.winner) return `Draw by ${reason}`;
  const w = r.winner === 'white' ? 'White' : 'Black';
  if (r.reason === 'resignation') return `${w} wins: ${r.winner === 'white' ? 'Black' : 'White'} resigned`;
  if (r.reason === 'time') return `${w} wins on time`;
  return `${w} wins by ${reason}`;
}
