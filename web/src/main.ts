// Entry point: shows the opening screen at once, then fetches the 3D code in the
// background so the board is ready when a game starts. `/?game=<id>` opens a game
// directly (a reload resumes it; tests create games through the API and open them so).

import { api, ApiError } from './api';
import type { GameScreen } from './game/game';
import { renderOpening } from './opening';
import { forget, loadSaved, save, type SavedGame } from './storage';
import './style.css';

const app = document.getElementById('app') ?? document.body;
let screen: GameScreen | null = null;
const loadScene = () => import('./scene3d');

function setUrl(id: string | null): void {
  const url = new URL(location.href);
  // An invitation's path (/join/…) becomes the game's own address once it is open.
  url.pathname = '/';
  if (id) url.searchParams.set('game', id);
  else url.searchParams.delete('game');
  history.replaceState(null, '', url);
}

async function openGame(saved: SavedGame, initial?: import('./api').GameView): Promise<void> {
  save(saved);
  setUrl(saved.id);
  const { GameScreen } = await import('./game/game');
  screen?.dispose();
  screen = new GameScreen(app, { saved, initial, onNewGame: showOpening, loadScene });
}

function showOpening(): void {
  screen?.dispose();
  screen = null;
  setUrl(null);
  renderOpening(
    app,
    loadSaved(),
    async (choice) => {
      const view = await api.createGame(choice.game).catch((e: unknown) => {
        throw e instanceof ApiError ? new Error(e.message) : e;
      });
      await openGame({ id: view.id, visualizer: choice.visualizer, view: '3d' }, view);
    },
    (saved) => {
      void openGame(saved).catch(() => {
        forget();
        showOpening();
      });
    },
  );
  const idle = (window as { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
  idle(() => {
    void import('./game/game');
    void loadScene();
  });
}

const params = new URLSearchParams(location.search);
const direct = params.get('game');
if (location.pathname.startsWith('/join/')) {
  // An online game's invitation: take its free seat (or watch), then play there.
  void api
    .join(location.pathname)
    .then((view) => openGame({ id: view.id, visualizer: true, view: params.get('view') === 'flat' ? 'flat' : '3d' }, view))
    .catch(() => showOpening());
} else if (direct) {
  const saved = loadSaved();
  const visualizerParam = params.get('visualizer');
  void openGame({
    id: direct,
    visualizer: visualizerParam !== null ? visualizerParam !== 'off' : saved?.id === direct ? saved.visualizer : true,
    view: params.get('view') === 'flat' ? 'flat' : saved?.id === direct ? saved.view : '3d',
    oracle: saved?.id === direct && saved.oracle === true,
  });
} else {
  showOpening();
}
