// A rating history as an SVG line (no chart library): one point per rated game, evenly
// spaced, between round ratings with grid lines (format.ts `scaleGraph`).

import { ratingY, scaleGraph } from './format';
import type { RatingPointView } from './types';

const day = (ms: number) => new Date(ms).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

export function HistoryGraph({ history, title }: { history: RatingPointView[]; title: string }) {
  if (history.length === 0) return null;
  const s = scaleGraph(history);
  const d = s.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const first = s.points[0];
  const last = s.points[s.points.length - 1];
  const games = history.length === 1 ? 'one rated game' : `${history.length} rated games`;
  return (
    <figure class="history-graph" data-pool={history[0].pool}>
      <svg viewBox={`0 0 ${s.width} ${s.height}`} role="img" aria-label={`${title}: rating after each of ${games}, from ${Math.round(first.rating)} to ${Math.round(last.rating)}`}>
        {s.ticks.map((t) => (
          <g key={t}>
            <line class="grid" x1={40} x2={s.width - 8} y1={ratingY(s, t)} y2={ratingY(s, t)} />
            <text x={36} y={ratingY(s, t) + 3} text-anchor="end">
              {t}
            </text>
          </g>
        ))}
        {s.points.length > 1 && <path d={d} fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" />}
        {s.points.map((p, i) => (
          <circle key={i} cx={p.x} cy={p.y} r={s.points.length > 40 ? 1.5 : 3} fill="currentColor">
            <title>{`${Math.round(p.rating)} on ${day(p.at_ms)}`}</title>
          </circle>
        ))}
        {/* The latest rating beside its point (left of it when the point is at the right edge). */}
        <text class="last-rating" x={last.x + (last.x > s.width - 48 ? -6 : 6)} y={last.y - 6} text-anchor={last.x > s.width - 48 ? 'end' : 'start'}>
          {Math.round(last.rating)}
        </text>
        <text x={40} y={s.height - 4} text-anchor="start">
          {day(first.at_ms)}
        </text>
        {s.points.length > 1 && (
          <text x={s.width - 8} y={s.height - 4} text-anchor="end">
            {day(last.at_ms)}
          </text>
        )}
      </svg>
      <figcaption>{`${title}: ${Math.round(last.rating)} after ${games}`}</figcaption>
    </figure>
  );
}
