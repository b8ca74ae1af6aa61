// The puzzle screen: a position from a real game where one move wins, drawn from the
// solver's side (flat boards or the 3D view), the set, theme and mode to choose, the host's
// verdict on each move, hints, the solution step by step, and the player's ratings with
// their history. Everything is judged and rated by the host (source.ts).

import { render } from 'preact';
import { useSignalEffect } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { Side } from '../api';
import { GLYPHS, renderFlat } from '../flat';
import { CrossIcon, StepIcon, TickIcon } from '../icons';
import { TeachHeader } from '../teach/nav';
import { Choosers } from '../teach/lessons';
import { PuzzleSession, screenAsGame, type Mode } from './session';
import { puzzleSource, type PuzzleSource } from './source';
import type { AttemptEntry, PuzzleSolution, PuzzleView, RatingView } from './types';
import './puzzles.css';

const MODES: { id: Mode; title: string }[] = [
  { id: 'normal', title: 'Puzzles' },
  { id: 'daily', title: 'Daily puzzle' },
  { id: 'streak', title: 'Streak' },
];

/** A rating as shown: provisional ones marked "?". */
export function ratingText(r: RatingView): string {
  return `${r.rating}${r.provisional ? '?' : ''}`;
}

function sideName(side: string): string {
  return side === 'black' ? 'Black' : 'White';
}

/** What the player must do, in words. */
export function goalText(p: PuzzleView): string {
  const find = p.solver_moves === 1 ? 'Find the one winning move.' : `Find the winning line: ${p.solver_moves} moves of yours.`;
  if (p.mate_in !== null) return `Mate in ${p.mate_in}. ${find}`;
  return `Win material. ${find}`;
}

function themeTitle(session: PuzzleSession, id: string): string {
  const set = session.catalogue.value?.sets.find((s) => s.id === session.set.value);
  return set?.themes.find((t) => t.id === id)?.title ?? id.replace(/-/g, ' ');
}

function Board({ session }: { session: PuzzleSession }) {
  const flat = useRef<HTMLDivElement>(null);
  const view3d = useRef<HTMLDivElement>(null);
  useSignalEffect(() => {
    if (session.viewMode.value === '3d' && view3d.current) void session.ensureScene(view3d.current);
  });
  useSignalEffect(() => {
    const s = session.shown.value;
    const marks = session.marks.value;
    const side: Side = session.puzzle.value?.side === 'black' ? 'black' : 'white';
    if (!s || !marks) {
      // No puzzle (none left, or an error): no old position stays on the boards.
      flat.current?.replaceChildren();
      return;
    }
    if (session.viewMode.value === 'flat' && flat.current) {
      renderFlat(flat.current, s, side, marks, (square) => session.dispatch({ type: 'tap', square }));
      // The wrong move's squares, in red on the flat boards too (the 3D view marks its square).
      const wrong = session.solution.value ? null : session.wrong.value;
      if (wrong) for (const sq of [wrong.from, wrong.to]) flat.current.querySelector(`[data-square="${CSS.escape(sq)}"]`)?.classList.add('wrong-move');
    }
    session.scene.value?.update(screenAsGame(s), marks, side, true);
  });
  const mode = session.viewMode.value;
  const scene = session.scene.value;
  return (
    <div class="puzzle-board-area">
      <div class="view3d" aria-label="3D view" ref={view3d} hidden={mode !== '3d' || !session.shown.value} />
      <div class="flatview puzzle-boards" ref={flat} hidden={mode !== 'flat'} />
      <div class="view-tools">
        <button type="button" class="toggle-view" onClick={() => (session.viewMode.value = mode === '3d' ? 'flat' : '3d')}>
          {mode === '3d' ? 'Flat boards' : '3D view'}
        </button>
        {mode === '3d' && (
          <>
            <button type="button" onClick={() => scene?.turn()}>
              Turn
            </button>
            <button type="button" onClick={() => scene?.resetView()}>
              Reset view
            </button>
          </>
        )}
      </div>
    </div>
  );
}

function Filters({ session }: { session: PuzzleSession }) {
  const cat = session.catalogue.value;
  if (!cat) return null;
  const set = cat.sets.find((s) => s.id === session.set.value);
  return (
    <div class="puzzle-filters">
      <label class="inline">
        Set{' '}
        <select aria-label="Set" value={session.set.value} onChange={(e) => session.chooseSet((e.target as HTMLSelectElement).value)}>
          {cat.sets.map((s) => (
            <option key={s.id} value={s.id} disabled={s.count === 0}>
              {`${s.title} (${s.count})`}
            </option>
          ))}
        </select>
      </label>
      <label class="inline">
        Theme{' '}
        <select
          aria-label="Theme"
          value={session.theme.value ?? ''}
          disabled={session.mode.value === 'daily'}
          onChange={(e) => session.chooseTheme((e.target as HTMLSelectElement).value || null)}
        >
          <option value="">All themes</option>
          {(set?.themes ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {`${t.title} (${t.count})`}
            </option>
          ))}
        </select>
      </label>
      <div class="puzzle-modes" role="group" aria-label="Mode">
        {MODES.map((m) => (
          <button type="button" key={m.id} class={`puzzle-mode${session.mode.value === m.id ? ' on' : ''}`} aria-pressed={session.mode.value === m.id} data-mode={m.id} onClick={() => session.chooseMode(m.id)}>
            {m.title}
          </button>
        ))}
      </div>
    </div>
  );
}

function PuzzleCard({ session }: { session: PuzzleSession }) {
  const p = session.puzzle.value;
  if (!p) return null;
  return (
    <section class="puzzle-card" aria-label="Puzzle" data-puzzle={p.id} data-side={p.side}>
      <p class="puzzle-goal">
        <strong>{`You play ${sideName(p.side)}.`}</strong> {goalText(p)}
      </p>
      <p class="puzzle-meta">
        {session.mode.value === 'daily' ? 'Today’s puzzle · ' : ''}Puzzle rating <span class="puzzle-rating">{ratingText(p.rating)}</span>
        {p.themes.length > 0 && ' · '}
        {p.themes.map((t) => (
          <span class="theme-chip" key={t}>
            {themeTitle(session, t)}
          </span>
        ))}
      </p>
    </section>
  );
}

function Note({ session }: { session: PuzzleSession }) {
  const n = session.note.value;
  if (!n) return <p class="puzzle-message" role="status" />;
  return (
    <p class={`puzzle-message ${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'} data-kind={n.kind}>
      {n.kind === 'solved' ? <TickIcon /> : n.kind === 'missed' ? <CrossIcon /> : null} {n.text}
    </p>
  );
}

function Buttons({ session }: { session: PuzzleSession }) {
  const phase = session.phase.value;
  const over = phase === 'solved' || phase === 'missed';
  const streakOver = session.mode.value === 'streak' && phase === 'missed';
  return (
    <div class="puzzle-buttons">
      {phase === 'solving' && (
        <button type="button" class="puzzle-hint" onClick={() => void session.hint()} disabled={session.hintSquare.value !== null || session.busy.value}>
          Hint
        </button>
      )}
      {(phase === 'solving' || phase === 'missed') && !session.solution.value && (
        <button type="button" class="show-solution" onClick={() => void session.showSolution()} disabled={session.busy.value}>
          {phase === 'solving' ? 'Give up: show solution' : 'Show solution'}
        </button>
      )}
      {over && !streakOver && (
        <button type="button" class="next-puzzle primary" onClick={() => void session.nextPuzzle()}>
          {session.mode.value === 'daily' ? 'Another puzzle' : 'Next puzzle'}
        </button>
      )}
      {streakOver && (
        <button type="button" class="new-streak primary" onClick={() => session.newStreak()}>
          Start a new streak
        </button>
      )}
      {phase === 'none' && session.catalogue.value && session.retry.value && (
        <button type="button" class="next-puzzle" onClick={() => void session.nextPuzzle()}>
          Try again
        </button>
      )}
    </div>
  );
}

/**
 * A solution move in words: its notation when the screen it was played on lists its
 * moves, else the piece and the squares of the next screen's last move.
 */
export function moveWords(sol: PuzzleSolution, i: number, token: string): string {
  const named = sol.screens[i]?.legal_moves.find((m) => m.token === token)?.notation;
  if (named) return named;
  const after = sol.screens[i + 1];
  const last = after?.last_move;
  if (!last) return token;
  const piece = after.cells.find((c) => c.name === last.to)?.piece;
  return `${piece ? GLYPHS[piece.toLowerCase()] + ' ' : ''}${last.from}–${last.to}`;
}

function SolutionSteps({ session }: { session: PuzzleSession }) {
  const sol = session.solution.value;
  if (!sol) return null;
  const at = session.solutionStep.value;
  const side = session.puzzle.value?.side ?? 'white';
  const words = sol.moves.map((t, i) => moveWords(sol, i, t));
  return (
    <section class="solution" aria-label="Solution" data-step={String(at)}>
      <h3>Solution</h3>
      <ol class="solution-moves">
        {words.map((w, i) => (
          <li key={i} class={`${i < at ? 'played' : ''}${i === at - 1 ? ' current' : ''}`}>
            <button type="button" class="solution-move" onClick={() => (session.solutionStep.value = i + 1)}>
              {w}
            </button>
            <span class="who">{` (${i % 2 === 0 ? sideName(side) : sideName(side === 'white' ? 'black' : 'white')})`}</span>
          </li>
        ))}
      </ol>
      <div class="solution-steps">
        <button type="button" class="solution-prev" disabled={at === 0} onClick={() => session.stepSolution(-1)}>
          <StepIcon dir="back" /> Previous
        </button>
        <span class="solution-at">{`${at} / ${sol.moves.length}`}</span>
        <button type="button" class="solution-next" disabled={at >= sol.moves.length} onClick={() => session.stepSolution(1)}>
          Next <StepIcon dir="forward" />
        </button>
        <button type="button" class="solution-hide" onClick={() => session.hideSolution()}>
          Back to my moves
        </button>
      </div>
    </section>
  );
}

function Result({ session }: { session: PuzzleSession }) {
  const r = session.result.value;
  if (!r) return null;
  const diff = r.player.rating - r.player_before.rating;
  return (
    <section class={`puzzle-result ${r.solved ? 'solved' : 'missed'}`} aria-label="Result" data-solved={String(r.solved)} data-rated={String(r.rated)}>
      <p class="result-line">
        Your rating: <span class="rating-before">{ratingText(r.player_before)}</span> → <strong class="rating-after">{ratingText(r.player)}</strong>{' '}
        {r.rated && <span class={`rating-diff ${diff >= 0 ? 'up' : 'down'}`}>{`(${diff >= 0 ? '+' : ''}${diff})`}</span>}
      </p>
      <p class="result-line">
        Puzzle rating now <span class="puzzle-rating-after">{ratingText(r.puzzle)}</span>
      </p>
      {!r.rated && <p class="result-note">Not rated: only your first try at a puzzle counts.</p>}
    </section>
  );
}

function Streak({ session }: { session: PuzzleSession }) {
  if (session.mode.value !== 'streak') return null;
  return (
    <p class="streak-line" aria-live="polite">
      Streak <strong class="streak-now">{session.streak.value}</strong> · Best <strong class="streak-best">{session.bestStreak.value}</strong>
      <span class="streak-rule"> — puzzles get harder until your first miss.</span>
    </p>
  );
}

/** The rating after each attempt, oldest to newest, as a small line graph with its ends labelled. */
export function RatingGraph({ history }: { history: AttemptEntry[] }) {
  const points = history.slice(0, 50).reverse().map((h) => h.rating_after);
  if (points.length < 2) return null;
  const w = 240;
  const h = 64;
  const pad = 6;
  const lo = Math.min(...points) - 10;
  const hi = Math.max(...points) + 10;
  const x = (i: number) => 30 + (i / (points.length - 1)) * (w - 60);
  const y = (r: number) => pad + (1 - (r - lo) / (hi - lo)) * (h - 2 * pad);
  const d = points.map((r, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(r).toFixed(1)}`).join(' ');
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <figure class="rating-graph-box">
      <svg class="rating-graph" viewBox={`0 0 ${w} ${h}`} role="img" aria-label={`Rating over your last ${points.length} attempts: from ${first} to ${last}`}>
        <path d={d} fill="none" stroke="currentColor" stroke-width="2" />
        {points.map((r, i) => (
          <circle key={i} cx={x(i)} cy={y(r)} r="2.5" fill="currentColor" />
        ))}
        <text x={x(0) - 4} y={y(first) + 4} text-anchor="end">
          {first}
        </text>
        <text x={x(points.length - 1) + 4} y={y(last) + 4} text-anchor="start">
          {last}
        </text>
      </svg>
      <figcaption>Your rating after each attempt in this set</figcaption>
    </figure>
  );
}

function Ratings({ session }: { session: PuzzleSession }) {
  const me = session.me.value;
  const cat = session.catalogue.value;
  if (!me || !cat) return null;
  const title = (id: string) => cat.sets.find((s) => s.id === id)?.title ?? id;
  const mine = me.history.filter((h) => h.set === session.set.value);
  return (
    <section class="puzzle-ratings" aria-label="My puzzle ratings">
      <h3>My ratings</h3>
      {me.ratings.length === 0 ? (
        <p class="muted">No puzzles tried yet: everyone starts at 1500. A "?" marks a rating that is still settling.</p>
      ) : (
        <table class="set-ratings">
          <tbody>
            {me.ratings.map((r) => (
              <tr key={r.set} data-set={r.set} class={r.set === session.set.value ? 'current' : ''}>
                <th scope="row">{title(r.set)}</th>
                <td class="set-rating">{ratingText(r.rating)}</td>
                <td class="muted">{`${r.solved}/${r.attempts} solved`}</td>
              </tr>
            ))}
            {!me.ratings.some((r) => r.set === session.set.value) && (
              <tr class="current unrated">
                <th scope="row">{title(session.set.value)}</th>
                <td class="set-rating">–</td>
                <td class="muted">no puzzle tried yet</td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      <RatingGraph history={mine} />
      {me.history.length > 0 && (
        <>
          <h3>Last attempts</h3>
          <ol class="puzzle-history">
            {me.history.slice(0, 8).map((h, i) => (
              <li key={`${h.puzzle}-${h.at_ms}-${i}`} class={h.solved ? 'solved' : 'missed'}>
                {h.solved ? <TickIcon /> : <CrossIcon />} {h.solved ? 'Solved' : 'Missed'} · {title(h.set)} · {h.rated ? `rating ${h.rating_after}` : 'not rated'}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** Keeps the address on what is shown, so a reload opens the same puzzle. */
function useAddress(session: PuzzleSession): void {
  useSignalEffect(() => {
    const set = session.set.value;
    const p = session.puzzle.value;
    if (!set) return;
    const url = new URL(location.href);
    url.search = '';
    url.searchParams.set('puzzles', set);
    if (session.theme.value) url.searchParams.set('theme', session.theme.value);
    if (session.mode.value !== 'normal') url.searchParams.set('mode', session.mode.value);
    if (p) url.searchParams.set('puzzle', p.id);
    history.replaceState(null, '', url);
  });
}

function Puzzles({ session }: { session: PuzzleSession }) {
  useEffect(() => () => session.dispose(), [session]);
  useAddress(session);
  const phase = session.phase.value;
  const s = session.screen.value;
  return (
    <div class={`puzzles-page mode-${session.viewMode.value}`} data-phase={phase} data-busy={session.busy.value ? 'true' : undefined}>
      <Board session={session} />
      <aside class="panel puzzle-panel">
        <TeachHeader page="puzzles" />
        <h1>Puzzles</h1>
        <Filters session={session} />
        <Streak session={session} />
        {phase === 'loading' && <p class="loading">Loading…</p>}
        <PuzzleCard session={session} />
        <Note session={session} />
        {s && phase === 'solving' && !session.solution.value && <Choosers screen={s} selection={session.selection.value} send={(e) => session.dispatch(e)} />}
        <Result session={session} />
        <Buttons session={session} />
        <SolutionSteps session={session} />
        <Ratings session={session} />
      </aside>
    </div>
  );
}

/** Shows the puzzle screen: `set` a set id or a variant, `id` a puzzle to open. */
export function renderPuzzles(host: HTMLElement, params: URLSearchParams, source: PuzzleSource = puzzleSource()): void {
  const asked = params.get('mode');
  const mode: Mode = asked === 'daily' || asked === 'streak' ? asked : 'normal';
  const session = new PuzzleSession(source);
  host.replaceChildren();
  render(<Puzzles session={session} />, host);
  void session.start({ set: params.get('puzzles') || null, theme: params.get('theme'), mode, id: params.get('puzzle') });
}
