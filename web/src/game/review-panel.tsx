// Review: the buttons that step through the game, the banner over the boards while a past
// position is shown, the evaluation graph, captured pieces and the material balance, and
// the record's download. The arrow keys step too, except on a focused board square
// (there they move between squares; see flat-keys.ts).

import { useEffect } from 'preact/hooks';
import type { GameView } from '../api';
import { GLYPHS } from '../flat';
import { formatEval } from '../format';
import { EndIcon, StepIcon } from '../icons';
import { analyseGame } from './analyse';
import type { GameSession } from './session';
import { refusalText } from '../refusals';

/** Whether a key press belongs to the element that has it (typing, or a board square). */
function keyBelongsToTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('input, textarea, select, [role="listbox"], [role="tablist"]')) return true;
  return target.dataset.square !== undefined;
}

export function ReviewControls({ session }: { session: GameSession }) {
  const v = session.view.value;
  const ply = session.review.ply.value;
  const n = v?.history.length ?? 0;
  const at = ply ?? n;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || keyBelongsToTarget(e.target)) return;
      const r = session.review;
      if (e.key === 'ArrowLeft') r.step(-1);
      else if (e.key === 'ArrowRight') r.step(1);
      else if (e.key === 'Home') r.goTo(0);
      else if (e.key === 'End' || (e.key === 'Escape' && r.active.peek())) r.toLive();
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [session]);
  return (
    <div class="review-controls" role="group" aria-label="Step through the game">
      <button type="button" class="review-first" aria-label="First position" title="First position (Home)" disabled={at === 0} onClick={() => session.review.goTo(0)}>
        <EndIcon dir="back" />
      </button>
      <button type="button" class="review-back" aria-label="Previous move" title="Previous move (←)" disabled={at === 0} onClick={() => session.review.step(-1)}>
        <StepIcon dir="back" />
      </button>
      <button type="button" class="review-forward" aria-label="Next move" title="Next move (→)" disabled={ply === null} onClick={() => session.review.step(1)}>
        <StepIcon dir="forward" />
      </button>
      <button type="button" class="review-live" aria-label="Live position" title="Live position (End)" disabled={ply === null} onClick={() => session.review.toLive()}>
        <EndIcon dir="forward" />
      </button>
    </div>
  );
}

/** What the boards show while reviewing, over the boards, with the way back. */
export function ReviewBanner({ session }: { session: GameSession }) {
  const v = session.view.value;
  const ply = session.review.ply.value;
  const error = session.review.error.value;
  if (!v || ply === null) return null;
  const entry = ply > 0 ? v.history[ply - 1] : null;
  const what = entry ? `after ${entry.number}${entry.side === 'black' ? '...' : '.'} ${entry.notation}` : 'at the start';
  return (
    <div class="review-banner" role="status">
      <span class="review-what">
        {`Reviewing: the position ${what} (half-move ${ply} of ${v.history.length}). Moves are not taken back.`}
      </span>
      {error && <span class="review-error">{error}</span>}
      <button type="button" class="review-to-live" onClick={() => session.review.toLive()}>
        Back to the game
      </button>
      <ContinueFromHere session={session} view={v} ply={ply} />
      <AnalyseHere session={session} ply={ply} />
    </div>
  );
}

/** The address of a game of `session`'s host (a browser game is marked so). */
function gameUrl(session: GameSession, id: string, extra = ''): string {
  const host = session.host.kind === 'browser' ? '&host=browser' : '';
  return `?game=${encodeURIComponent(id)}${host}${extra}`;
}

/** A new game that goes on from the position shown (the game's host replays this game's record). */
function ContinueFromHere({ session, view, ply }: { session: GameSession; view: GameView; ply: number }) {
  const start = async () => {
    try {
      const record = await session.recordText();
      const game = await session.host.createGame({ record, record_ply: ply, mode: view.mode, human: view.human, level: view.level });
      location.assign(gameUrl(session, game.id));
    } catch (e) {
      session.say(refusalText(e), 'error');
    }
  };
  return (
    <button type="button" class="review-continue" onClick={() => void start()}>
      New game from here
    </button>
  );
}

/**
 * An analysis board on the position shown: the server's (it refuses one to the players of
 * an online game while it runs), or this browser's for a game kept here.
 */
function AnalyseHere({ session, ply }: { session: GameSession; ply: number }) {
  const open = () => {
    analyseGame(session, ply).catch((e: unknown) => session.say(refusalText(e), 'error'));
  };
  return (
    <button type="button" class="review-analyse" onClick={open}>
      Analyse this position
    </button>
  );
}

/** Pieces each side took, and who is ahead in material (the server counts). */
export function Material({ session }: { session: GameSession }) {
  const v = session.review.shown.value;
  const m = v?.material;
  if (!m) return null;
  const glyphs = (letters: string[]) => letters.map((l) => GLYPHS[l.toLowerCase()] ?? l).join('');
  const lead = m.balance === 0 ? 'Material is even' : `${m.balance > 0 ? 'White' : 'Black'} is ${Math.abs(m.balance)} ahead in material`;
  return (
    <div class="material" aria-label="Captured pieces">
      <p class="taken-by-white">
        <span class="who">White took</span> {m.captured_by_white.length ? <span class="pieces black-pieces">{glyphs(m.captured_by_white)}</span> : <span class="none">nothing yet</span>}
      </p>
      <p class="taken-by-black">
        <span class="who">Black took</span> {m.captured_by_black.length ? <span class="pieces white-pieces">{glyphs(m.captured_by_black)}</span> : <span class="none">nothing yet</span>}
      </p>
      <p class="balance" data-balance={String(m.balance)}>
        {`${lead}${m.balance !== 0 ? ` (${m.balance > 0 ? '+' : '−'}${Math.abs(m.balance)})` : ''}.`}
      </p>
    </div>
  );
}

const GRAPH_W = 300;
const GRAPH_H = 64;
/** Evaluations beyond this many pawns are drawn at the edge (a mate is ±100). */
const GRAPH_CAP = 8;

/** The evaluation over the game, White above the line; a click shows that position. */
export function EvalGraph({ session }: { session: GameSession }) {
  const v = session.view.value;
  const ply = session.review.ply.value;
  const history = v?.history ?? [];
  const n = history.length;
  if (n === 0) return null;
  const x = (p: number) => (p / n) * GRAPH_W;
  const y = (e: number) => GRAPH_H / 2 - (Math.max(-GRAPH_CAP, Math.min(GRAPH_CAP, e)) / GRAPH_CAP) * (GRAPH_H / 2 - 2);
  const points = history.flatMap((h, i) => (h.eval === null ? [] : [{ ply: i + 1, e: h.eval }]));
  const line = [{ ply: 0, e: 0 }, ...points].map((p) => `${x(p.ply).toFixed(1)},${y(p.e).toFixed(1)}`).join(' ');
  const at = ply ?? n;
  const onClick = (ev: MouseEvent) => {
    const box = (ev.currentTarget as SVGSVGElement).getBoundingClientRect();
    const p = Math.round(((ev.clientX - box.left) / box.width) * n);
    session.review.goTo(p);
  };
  const last = points[points.length - 1];
  return (
    <figure class="eval-graph">
      <svg
        viewBox={`0 0 ${GRAPH_W} ${GRAPH_H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Evaluation over the game: ${points.length} of ${n} moves evaluated${last ? `, last ${formatEval(last.e)}` : ''}. Click to show a position.`}
        onClick={onClick}
      >
        <rect class="graph-black" x="0" y={GRAPH_H / 2} width={GRAPH_W} height={GRAPH_H / 2} />
        <line class="graph-zero" x1="0" y1={GRAPH_H / 2} x2={GRAPH_W} y2={GRAPH_H / 2} />
        <polyline class="graph-line" points={line} />
        {points.map((p) => (
          <circle key={p.ply} class="graph-point" data-ply={String(p.ply)} cx={x(p.ply)} cy={y(p.e)} r="1.8" />
        ))}
        <line class="graph-at" x1={x(at)} y1="0" x2={x(at)} y2={GRAPH_H} />
      </svg>
      <figcaption>Evaluation over the game (White up, Black down). Click to jump there.</figcaption>
    </figure>
  );
}

/** Saves the game record (records.md) as a file. */
export function DownloadRecord({ session }: { session: GameSession }) {
  const download = async () => {
    const v = session.view.peek();
    if (!v) return;
    try {
      const text = await session.recordText();
      const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `spacechess-${v.variant}-${v.id.slice(0, 8)}.pgn`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      session.say('Game record downloaded.');
    } catch (e) {
      session.say(refusalText(e), 'error');
    }
  };
  return (
    <button type="button" class="download-record" onClick={() => void download()}>
      Download record
    </button>
  );
}

/** Opens the import dialog; the imported game replaces this one on the page. */
export function ImportRecord({ session }: { session: GameSession }) {
  const open = () => {
    void import('../import-record').then((m) =>
      m.openImportDialog(async (choice) => {
        try {
          // The record is read by this game's host: the imported game lives beside this one.
          const game = await session.host.createGame(choice.game);
          const visualizer = choice.visualizer ? 'on' : 'off';
          location.assign(gameUrl(session, game.id, `&visualizer=${visualizer}&view=${session.viewMode.peek()}`));
        } catch (e) {
          throw new Error(refusalText(e), { cause: e });
        }
      }),
    );
  };
  return (
    <button type="button" class="import-record" onClick={open}>
      Import a record…
    </button>
  );
}
