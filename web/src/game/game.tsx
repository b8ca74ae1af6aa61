// The game screen: the board views beside a panel of small components, all reading one
// GameSession (the server link and the screen's state as signals).

import { render } from 'preact';
import type { GameView } from '../api';
import type { GameHost } from '../hosts/host';
import type { SavedGame } from '../storage';
import { Actions, GameOver } from './actions';
import { BoardArea } from './boards';
import { Clocks } from './clocks';
import { InspectButton, InspectPanel } from './inspect';
import { BoardFlow, Chooser } from './moving';
import { OracleButton, OracleOff, OraclePanel, oracleOffReason } from './oracle';
import { SetupLine } from './setup-line';
import { Announcer, SoundToggle } from './feedback';
import { MoveBox } from './movebox';
import { OnlinePanel } from './online';
import { Players, TurnNotify } from './players';
import { Record } from './record';
import { DownloadRecord, EvalGraph, ImportRecord, Material, ReviewControls } from './review-panel';
import { GameSession, type PanelTab, type SceneModule } from './session';
import { Connection, MessageLine, Status, ThinkingLine, Title } from './status';
import { offerToProbes } from './probe-port';

export interface GameScreenOptions {
  saved: SavedGame;
  initial?: GameView;
  onNewGame: () => void;
  loadScene: () => Promise<SceneModule>;
  /** Who answers for the game (default: the server). */
  host?: GameHost;
  /** Opened for review (a finished game from "My games"): the moves and review tools first. */
  review?: boolean;
}

/** The visualizer is chosen on the opening screen and stays set for the game (seed 000). */
function VisualizerNote({ session }: { session: GameSession }) {
  return (
    <p class="visualizer" data-visualizer={session.visualizer ? 'on' : 'off'}>
      {session.visualizer ? 'Visualizer on: moves are marked.' : 'Visualizer off: touch-move — a piece you pick up must be moved.'}
    </p>
  );
}

const TABS: { id: PanelTab; label: string }[] = [
  { id: 'play', label: 'Play' },
  { id: 'moves', label: 'Moves' },
  { id: 'oracle', label: 'Oracle' },
];

/** On a phone the panel shows one part at a time, chosen by these tabs (CSS hides them elsewhere). */
function PanelTabs({ session }: { session: GameSession }) {
  const tab = session.panelTab.value;
  return (
    <div class="panel-tabs" role="tablist" aria-label="Panel">
      {TABS.map((t) => (
        <button
          type="button"
          role="tab"
          key={t.id}
          class={`panel-tab${t.id === tab ? ' selected' : ''}`}
          data-tab={t.id}
          aria-selected={t.id === tab}
          onClick={() => (session.panelTab.value = t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

/** The variant's rules page and lessons, opened beside the game (it goes on meanwhile). */
function TeachLinks({ session }: { session: GameSession }) {
  const v = session.view.value;
  if (!v) return null;
  return (
    <p class="teach-links">
      <a href={`?rules=${v.variant}`} target="_blank" rel="noopener">
        Rules of {v.title}
      </a>{' '}
      ·{' '}
      <a href={`?lessons=${v.variant}`} target="_blank" rel="noopener">
        Lessons
      </a>
    </p>
  );
}

function OracleClosed({ session }: { session: GameSession }) {
  if (session.oracleOpen.value || oracleOffReason(session)) return null;
  return (
    <p class="oracle-closed">
      The Oracle is your advisor: it weighs every move you could make. Open it with the Oracle button above.
    </p>
  );
}

function Game({ session, onNewGame }: { session: GameSession; onNewGame: () => void }) {
  const v = session.view.value;
  const mode = session.viewMode.value;
  return (
    <div
      class={`game mode-${mode}${session.busy.value ? ' busy' : ''}`}
      data-ply={v ? String(v.ply) : undefined}
      data-turn={v?.turn}
      data-status={v?.status}
      data-selection={session.selection.value.kind}
    >
      <BoardArea session={session} />
      <aside class="panel" data-tab={session.panelTab.value}>
        <div class="panel-head">
          <Title session={session} />
          <OracleButton session={session} />
          <InspectButton session={session} />
        </div>
        <SetupLine session={session} />
        <Players session={session} />
        <Status session={session} />
        <OnlinePanel session={session} />
        <Connection session={session} />
        <Clocks session={session} />
        <ThinkingLine session={session} />
        <MessageLine session={session} />
        <Chooser session={session} />
        <BoardFlow session={session} />
        <InspectPanel session={session} />
        <PanelTabs session={session} />
        <div class="tab-part tab-oracle">
          <OraclePanel session={session} />
          <OracleOff session={session} />
          <OracleClosed session={session} />
        </div>
        <div class="tab-part tab-play">
          <VisualizerNote session={session} />
          <MoveBox session={session} />
          <Actions session={session} onNewGame={onNewGame} />
          <SoundToggle />
          <TurnNotify session={session} />
          <TeachLinks session={session} />
        </div>
        <div class="tab-part tab-moves">
          <h3>Moves</h3>
          <ReviewControls session={session} />
          <Record session={session} />
          <EvalGraph session={session} />
          <Material session={session} />
          <div class="record-tools">
            <DownloadRecord session={session} />
            <ImportRecord session={session} />
          </div>
        </div>
        <Announcer session={session} />
      </aside>
      <GameOver session={session} onNewGame={onNewGame} />
    </div>
  );
}

export class GameScreen {
  private readonly session: GameSession;

  constructor(
    private readonly host: HTMLElement,
    options: GameScreenOptions,
  ) {
    this.session = new GameSession(options.saved, options.loadScene, options.initial, options.host);
    if (options.review) this.session.openForReview();
    offerToProbes(this.session);
    host.replaceChildren();
    render(<Game session={this.session} onNewGame={options.onNewGame} />, host);
  }

  dispose(): void {
    this.session.dispose();
    render(null, this.host);
  }
}
