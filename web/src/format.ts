// Small pure helpers for what the game panel shows: evaluations and clocks. Move numbers,
// sides and results in words come with the view (the rules crate's screen).

import type { HistoryEntry } from './api';

/**
 * Pawns at and beyond which a score is a mate: the engine's one mapping (its
 * `Score::pawns_for_white`) writes a mate in n moves as ±(100 − n/100), and no material
 * count comes near 99 pawns.
 */
const MATE_FROM_PAWNS = 99;

/** An evaluation in pawns from White's side, as shown after a move: `+M3` for a mate in 3. */
export function formatEval(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  if (Math.abs(value) >= MATE_FROM_PAWNS) {
    const moves = Math.round((100 - Math.abs(value)) * 100);
    return `${value > 0 ? '+' : '-'}M${moves > 0 ? moves : ''}`;
  }
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

/** Where a move's evaluation came from, in words (the API's `eval_source`). */
export function evalSourceText(source: 'computer' | 'quick' | 'record' | null, depth: number | null): string {
  switch (source) {
    case 'computer':
      return depth ? `the computer's search, depth ${depth}` : "the computer's search";
    case 'quick':
      return 'a quick check (a short search after the move)';
    case 'record':
      return 'the imported record';
    default:
      return 'an earlier version of the server';
  }
}

type SourceKey = NonNullable<HistoryEntry['eval_source']> | 'unknown';

/** What each colour of evaluation means, for the sources this game's moves have (an
 * imported game has the record's). Both hosts run the quick check: the server, or the
 * browser's own worker. */
const SOURCES: [SourceKey, string, string][] = [
  ['computer', 'Blue', "the computer's own search when it chose the move"],
  ['quick', 'Green', 'a quick check of the move (a short search)'],
  ['record', 'Green', 'from the imported record'],
  ['unknown', 'Green', 'from an earlier version of the server'],
];

export function legendOf(history: HistoryEntry[]): [SourceKey, string, string][] {
  const present = new Set(history.filter((e) => e.eval !== null).map((e) => e.eval_source ?? 'unknown'));
  return SOURCES.filter(([key]) => present.has(key));
}
