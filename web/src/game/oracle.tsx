// The Oracle panel: the Oracle's button, then the server's reports for the player's turn, each
// move with its tag; tapping a line shows it on the boards. It never moves for the player.

import { OracleIcon } from '../icons';
import { oracleUnavailable } from '../online';
import { finePrint, tagColour, tagLabel } from '../oracle';
import { computerToMove } from '../state';
import type { GameSession } from './session';

/** Why the Oracle cannot be called here now, or null (it can). */
export function oracleOffReason(session: GameSession): string | null {
  const v = session.view.value;
  return v ? oracleUnavailable(v) : null;
}

export function OracleButton({ session }: { session: GameSession }) {
  const off = oracleOffReason(session);
  const open = session.oracleOpen.value && !off;
  return (
    <button
      type="button"
      class={`oracle-button${open ? ' on' : ''}`}
      aria-label="Oracle"
      aria-pressed={open}
      aria-describedby={off ? 'oracle-off' : undefined}
      disabled={!!off}
      title={off ?? (open ? 'Close the Oracle' : 'Open the Oracle, your advisor')}
      onClick={() => (open ? session.closeOracle() : session.openOracle())}
    >
      <OracleIcon /> Oracle
    </button>
  );
}

/** The reason the Oracle is off here (a watcher, an online game that runs), in the Oracle's place. */
export function OracleOff({ session }: { session: GameSession }) {
  const off = oracleOffReason(session);
  return off ? (
    <p class="oracle-off" id="oracle-off">
      {off}
    </p>
  ) : null;
}

export function OraclePanel({ session }: { session: GameSession }) {
  const v = session.view.value;
  if (!session.oracleOpen.value || !v || oracleUnavailable(v)) return null;
  const report = session.oracleReport.value;
  const chosen = session.oracleChosen.value ?? report?.moves[0]?.token ?? null;
  let status: string;
  if (v.status === 'over') status = 'The game is over.';
  else if (computerToMove(v)) status = 'The Oracle waits for your turn.';
  else if (!report) status = 'The Oracle is looking at every move…';
  else if (!report.done) status = 'Looking deeper at the most promising moves…';
  else status = 'Best first. Tap a line to see it on the boards.';
  return (
    <section class="oracle" role="region" aria-label="Oracle">
      <header class="oracle-head">
        <h3>Oracle</h3>
        <button type="button" class="oracle-close" onClick={() => session.closeOracle()}>
          Close
        </button>
      </header>
      <p class="oracle-status" aria-live="polite">
        {status}
      </p>
      {report && v.status === 'in-progress' && !computerToMove(v) && (
        <>
          <ol class="oracle-lines">
            {report.moves.map((m) => (
              <li key={m.token}>
                <button
                  type="button"
                  class={`oracle-line${m.token === chosen ? ' chosen' : ''}`}
                  data-token={m.token}
                  aria-pressed={m.token === chosen}
                  onClick={() => session.chooseOracleLine(m.token)}
                >
                  <span class="oracle-move">{m.notation}</span>
                  <span class={`oracle-tag tag-${tagColour(m.tag)}`} data-tag={m.tag}>
                    {tagLabel(m)}
                  </span>
                  <small class="oracle-depth">{`${m.depth} ahead`}</small>
                </button>
              </li>
            ))}
          </ol>
          <p class="oracle-legend">
            On the boards: <span class="legend-from">purple</span> the piece (or attack board) to move,{' '}
            <span class="legend-to">gold</span> where it goes, <span class="legend-capture">red</span> what it takes.
          </p>
          <p class="oracle-fine">{finePrint(report, v.level)}</p>
        </>
      )}
    </section>
  );
}
