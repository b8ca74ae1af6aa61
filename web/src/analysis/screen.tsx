// The analysis board's screen: the flat boards (the same widget the game uses, told what
// to draw), the moves that led here with the side line, the engine's best lines (a tap on
// a line's first move plays it on the side line), the Oracle, and the way back to the game.

import { render } from 'preact';
import { useSignalEffect } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { renderFlat } from '../flat';
import { formatEval } from '../format';
import { OracleIcon, StepIcon } from '../icons';
import { tagColour, tagLabel } from '../oracle';
import { serverBoard, type AnalysisBackend } from './backend';
import { AnalysisSession, type AnalysisView } from './session';
import './analysis.css';

/** Line counts offered (the server takes 1 to 8). */
const LINE_CHOICES = [1, 2, 3, 4, 5];

function sourceText(v: AnalysisView): string {
  const at = v.source.ply === 0 ? 'at the start' : `after half-move ${v.source.ply}`;
  switch (v.source.kind) {
    case 'game':
      return `A position of your game, ${at}.`;
    case 'record':
      return `A position of the imported record, ${at}.`;
    default:
      return 'The position you gave.';
  }
}

/** A score as the lines show it: pawns from White's side, or a mate in N. */
function scoreText(score: number, mate: number | null): string {
  if (mate !== null) return mate > 0 ? `White mates in ${mate}` : `Black mates in ${-mate}`;
  return formatEval(score) || '0.0';
}

function Board({ session }: { session: AnalysisSession }) {
  const flat = useRef<HTMLDivElement>(null);
  const view3d = useRef<HTMLDivElement>(null);
  useSignalEffect(() => {
    if (session.viewMode.value === '3d' && view3d.current) void session.ensureScene(view3d.current);
  });
  useSignalEffect(() => {
    const v = session.shown.value;
    const marks = session.marks.value;
    if (!v || !marks) return;
    if (session.viewMode.value === 'flat' && flat.current) {
      renderFlat(flat.current, v, 'white', marks, (square) => session.dispatch({ type: 'tap', square }), null);
    }
    session.scene.value?.update(v, marks, 'white', true);
  });
  const mode = session.viewMode.value;
  return (
    <div class={`analysis-board-area mode-${mode}`}>
      <div class="view3d" aria-label="3D view" ref={view3d} hidden={mode !== '3d'} />
      <div class="flatview analysis-boards" ref={flat} hidden={mode !== 'flat'} />
      <div class="view-tools">
        <button type="button" class="toggle-view" onClick={() => (session.viewMode.value = mode === '3d' ? 'flat' : '3d')}>
          {mode === '3d' ? 'Flat boards' : '3D view'}
        </button>
      </div>
    </div>
  );
}

function Moves({ session }: { session: AnalysisSession }) {
  const v = session.view.value;
  if (!v) return null;
  const side = v.history.slice(v.side_line_from);
  const before = v.history.slice(0, v.side_line_from);
  const last = before[before.length - 1];
  return (
    <section class="analysis-moves" aria-label="Side line">
      <p class="analysis-from">
        {last ? `From ${last.number}${last.side === 'black' ? '...' : '.'} ${last.notation}` : 'From the start'}
        {` — ${v.turn === 'white' ? 'White' : 'Black'} to move.`}
      </p>
      <ol class="side-line">
        {side.length === 0 && <li class="none">No moves on the side line yet: make one on the boards, or tap a line below.</li>}
        {side.map((e, i) => (
          <li key={i} data-token={e.token}>
            {`${e.number}${e.side === 'black' ? '...' : '.'} ${e.notation}`}
          </li>
        ))}
      </ol>
      <div class="analysis-steps">
        <button type="button" class="analysis-back" disabled={side.length === 0} onClick={() => session.back()}>
          <StepIcon dir="back" /> Back one move
        </button>
        <button type="button" class="analysis-start-over" disabled={side.length === 0} onClick={() => session.startOver()}>
          Start over
        </button>
      </div>
    </section>
  );
}

function Lines({ session }: { session: AnalysisSession }) {
  const v = session.view.value;
  const report = session.lines.value;
  if (!v) return null;
  let status: string;
  const best = `best for ${v.turn === 'white' ? 'White' : 'Black'} first`;
  if (v.status === 'over') status = 'The game is over in this position.';
  else if (v.engine_running) status = report ? `Depth ${report.depth} · ${report.nodes.toLocaleString('en')} positions · ${best}` : 'The engine is starting…';
  else if (report) status = `Stopped at depth ${report.depth}.`;
  else status = 'The engine is off.';
  return (
    <section class="analysis-lines" aria-label="Engine lines">
      <header class="analysis-lines-head">
        <h3>Engine</h3>
        <label class="inline">
          Lines{' '}
          <select aria-label="Lines" value={String(v.lines)} onChange={(e) => session.setLines(Number((e.target as HTMLSelectElement).value))}>
            {LINE_CHOICES.map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button type="button" class={`analysis-engine${v.engine_on ? ' on' : ''}`} aria-pressed={v.engine_on} disabled={v.status === 'over'} onClick={() => session.engine(!v.engine_on)}>
          {v.engine_on ? 'Stop the engine' : 'Start the engine'}
        </button>
      </header>
      <p class="analysis-status" aria-live="polite" data-depth={report ? String(report.depth) : undefined}>
        {status}
      </p>
      {report && (
        <ol class="engine-lines">
          {report.lines.map((l, i) => (
            <li key={l.pv[0] ?? i} class="engine-line" data-first={l.pv[0]}>
              <span class="line-score" data-score={String(l.score)}>
                {scoreText(l.score, l.mate)}
              </span>
              <button type="button" class="line-first" title="Play this move on the side line" onClick={() => l.pv[0] && session.play(l.pv[0])}>
                {l.notation[0]}
              </button>
              <span class="line-rest">{l.notation.slice(1).join(' ')}</span>
            </li>
          ))}
        </ol>
      )}
      {/* A board in this browser has no server's seconds to share: no line. */}
      {Number.isFinite(v.engine_seconds_left) && <p class="analysis-seconds">{`${Math.round(v.engine_seconds_left)} engine seconds left on this board.`}</p>}
    </section>
  );
}

function Oracle({ session }: { session: AnalysisSession }) {
  const v = session.view.value;
  const report = session.oracleReport.value;
  if (!v) return null;
  return (
    <section class="analysis-oracle" aria-label="Oracle">
      <header class="analysis-lines-head">
        <h3>Oracle</h3>
        <button type="button" class={`oracle-button${v.oracle ? ' on' : ''}`} aria-pressed={v.oracle} disabled={v.status === 'over'} onClick={() => session.oracle(!v.oracle)}>
          <OracleIcon /> {v.oracle ? 'Close' : 'Ask the Oracle'}
        </button>
      </header>
      {v.oracle && !report && <p class="oracle-status">The Oracle is looking at every move…</p>}
      {v.oracle && report && (
        <ol class="oracle-lines">
          {report.moves.map((m) => (
            <li key={m.token}>
              <button type="button" class="oracle-line" data-token={m.token} onClick={() => session.play(m.token)}>
                <span class="oracle-move">{m.notation}</span>
                <span class={`oracle-tag tag-${tagColour(m.tag)}`} data-tag={m.tag}>
                  {tagLabel(m)}
                </span>
                <small class="oracle-depth">{`${m.depth} ahead`}</small>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function BackToGame({ session }: { session: AnalysisSession }) {
  const v = session.view.value;
  const close = (to: string) => {
    void session.board
      .close()
      .catch(() => undefined)
      .finally(() => location.assign(to));
  };
  if (v?.source.kind === 'game' && v.source.game) {
    const to = session.board.home(v.source.game);
    return (
      <button type="button" class="analysis-to-game" onClick={() => close(to)}>
        Back to the game
      </button>
    );
  }
  return (
    <button type="button" class="analysis-to-game" onClick={() => close(session.board.home(null))}>
      Close the board
    </button>
  );
}

function Analysis({ session }: { session: AnalysisSession }) {
  const v = session.view.value;
  useEffect(() => () => session.dispose(), [session]);
  return (
    <div class="analysis" data-serial={v ? String(v.serial) : undefined} data-ply={v ? String(v.ply) : undefined}>
      <Board session={session} />
      <aside class="panel analysis-panel">
        <div class="panel-head">
          <h2>{v ? `Analysis · ${v.title}` : 'Analysis'}</h2>
          <BackToGame session={session} />
        </div>
        {v && <p class="analysis-source">{sourceText(v)} Moves here never change the game.</p>}
        <p class="message" role="status">
          {session.message.value}
        </p>
        <Moves session={session} />
        <Lines session={session} />
        <Oracle session={session} />
      </aside>
    </div>
  );
}

/** Shows the analysis board `id` in `host`: the server's, or (static site, `inBrowser`) this browser's. */
export async function renderAnalysis(host: HTMLElement, id: string, inBrowser = false): Promise<void> {
  let board: AnalysisBackend;
  if (__SPACECHESS_STATIC__ || inBrowser) {
    try {
      board = await import('./browser-board').then((m) => m.BrowserBoard.restore(id));
    } catch (e) {
      host.replaceChildren();
      const p = document.createElement('p');
      p.className = 'error';
      p.setAttribute('role', 'alert');
      p.textContent = e instanceof Error ? e.message : String(e);
      const home = document.createElement('a');
      home.href = './';
      home.textContent = 'Back to the opening screen';
      host.append(p, home);
      return;
    }
  } else {
    board = serverBoard(id);
  }
  const session = new AnalysisSession(board);
  host.replaceChildren();
  render(<Analysis session={session} />, host);
}
