// The game screen: the board views beside a panel of small components, all reading one
// GameSession (the server link and the screen's state as signals).

import { render } from 'preact';
import type { GameView } from '../api';
import type { SavedGame } from '../storage';
import { Actions, GameOver } from './actions';
import { BoardArea } from './boards';
import { Clocks } from './clocks';
import { BoardFlow, Chooser } from './moving';
import { Record } from './record';
import { GameSession, type SceneModule } from './session';
import { Connection, MessageLine, Status, ThinkingLine, Title } from './status';
import { installTestHook } from './test-hook';

export interface GameScreenOptions {
  saved: SavedGame;
  initial?: GameView;
  onNewGame: () => void;
  loadScene: () => Promise<SceneModule>;
}

function VisualizerToggle({ session }: { session: GameSession }) {
  return (
    <label class="visualizer">
      <input
        type="checkbox"
        class="visualizer-toggle"
        checked={session.visualizer.value}
        onChange={(e) => session.setVisualizer(e.currentTarget.checked)}
      />{' '}
      Visualizer
    </label>
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
      <aside class="panel">
        <Title session={session} />
        <Status session={session} />
        <Connection session={session} />
        <Clocks session={session} />
        <ThinkingLine session={session} />
        <MessageLine session={session} />
        <Chooser session={session} />
        <BoardFlow session={session} />
        <VisualizerToggle session={session} />
        <Actions session={session} onNewGame={onNewGame} />
        <h3>Moves</h3>
        <Record session={session} />
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
    this.session = new GameSession(options.saved, options.loadScene, options.initial);
    installTestHook(this.session);
    host.replaceChildren();
    render(<Game session={this.session} onNewGame={options.onNewGame} />, host);
  }

  dispose(): void {
    this.session.dispose();
    render(null, this.host);
  }
}
