// Entry point: shows the opening screen at once, then fetches the 3D code in the
// background so the board is ready when a game starts. `/?game=<id>` opens a game
// directly (a reload resumes it; tests create games through the API and open them so);
// `&host=browser` marks a game kept in this browser. The static site (scripts/build-static)
// has only browser games and registers the service worker that keeps it offline.

import { api, ApiError } from './api';
import type { GameScreen } from './game/game';
import type { GameHost, HostKind } from './hosts/host';
import { serverHost } from './hosts/server-host';
import { renderOpening, type OpeningHosts } from './opening';
import { forget, loadSaved, save, type SavedGame } from './storage';
import './style.css';
import './teach/teach.css';

/** Built by scripts/build-static: no server behind this page. */
const STATIC = __SPACECHESS_STATIC__;

let browserHost: Promise<GameHost> | null = null;
function hostFor(kind: HostKind): Promise<GameHost> {
  if (kind === 'server') return Promise.resolve(serverHost);
  browserHost ??= import('./hosts/browser-host').then((m) => m.BrowserHost.load());
  // A failed load (no module in this build) may be retried later.
  browserHost.catch(() => (browserHost = null));
  return browserHost;
}

/** The static site: only this browser. The served app: the server first, this browser too. */
const opening: OpeningHosts = STATIC
  ? {
      load: async () => ({ catalogue: await (await hostFor('browser')).catalogue(), hosts: ['browser'] }),
      note: 'Online play and the game archive need the spacechess server. Here you play the computer, or two players on this device, and the lessons, rules pages and analysis board work in this browser; games are kept in this browser.',
    }
  : {
      // When the server cannot be reached, the rules in this browser still offer every game.
      load: () =>
        api.variants().then(
          (catalogue) => ({ catalogue, hosts: ['server', 'browser'] as HostKind[] }),
          async () => ({ catalogue: await (await hostFor('browser')).catalogue(), hosts: ['browser'] as HostKind[] }),
        ),
    };

const app = document.getElementById('app') ?? document.body;
let screen: GameScreen | null = null;
const loadScene = () => import('./scene3d');

function setUrl(id: string | null, kind: HostKind = 'server'): void {
  const url = new URL(location.href);
  // An invitation's path (/join/…) becomes the game's own address once it is open.
  url.pathname = '/';
  if (id) url.searchParams.set('game', id);
  else url.searchParams.delete('game');
  if (id && kind === 'browser') url.searchParams.set('host', 'browser');
  else url.searchParams.delete('host');
  history.replaceState(null, '', url);
}

async function openGame(saved: SavedGame, initial?: import('./api').GameView, review = false): Promise<void> {
  save(saved);
  setUrl(saved.id, saved.host);
  const [{ GameScreen }, host] = await Promise.all([import('./game/game'), hostFor(saved.host ?? 'server')]);
  screen?.dispose();
  screen = new GameScreen(app, { saved, initial, onNewGame: showOpening, loadScene, host, review });
}

function showOpening(): void {
  screen?.dispose();
  screen = null;
  setUrl(null);
  void renderOpening(
    app,
    STATIC ? null : loadSaved('server'),
    async (choice) => {
      const host = await hostFor(choice.host);
      const view = await host.createGame(choice.game).catch((e: unknown) => {
        throw e instanceof ApiError ? new Error(e.message) : e;
      });
      await openGame({ id: view.id, host: choice.host, visualizer: choice.visualizer, view: '3d' }, view);
    },
    (saved) => {
      void openGame(saved).catch(() => {
        forget(saved.host);
        showOpening();
      });
    },
    { ...opening, savedBrowser: loadSaved('browser') },
  ).then(() => {
    if (!STATIC) mountIdentityBar();
    // The game screen and three.js are fetched once the opening screen is up (not while
    // its catalogue is still loading, which on a slow line or a busy machine can take
    // longer than the browser takes to go idle), while the player chooses.
    const idle = (window as { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
    idle(() => {
      void import('./game/game');
      void loadScene();
    });
  });
}

/** The identity bar (identity/bar.tsx) under the opening screen's tagline: who plays here, names, accounts. */
function mountIdentityBar(): void {
  const tagline = app.querySelector('.opening .tagline');
  if (!tagline || app.querySelector('.identity-slot')) return;
  const slot = document.createElement('div');
  slot.className = 'identity-slot';
  tagline.after(slot);
  void import('./identity/bar').then((m) => m.renderIdentityBar(slot));
}

if (STATIC && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('sw.js').catch((e: unknown) => console.warn('no offline copy of this site:', e));
}

const params = new URLSearchParams(location.search);
const direct = params.get('game');
const analysis = params.get('analysis');
/**
 * `?lessons[=<variant>]`, `?lesson=<id>` and `?rules[=<variant>]`: the teaching pages;
 * `?puzzles[=<set or variant>][&theme=…][&mode=daily|streak][&puzzle=<id>]`: the puzzles;
 * `?player=<name>`: a player's profile; `?leaderboard[=<pool>]`: a pool's best ratings.
 */
if (location.pathname.startsWith('/join/')) {
  // An online game's invitation: take its free seat (or watch), then play there.
  void api
    .join(location.pathname)
    .then((view) => openGame({ id: view.id, host: 'server', visualizer: true, view: params.get('view') === 'flat' ? 'flat' : '3d' }, view))
    .catch(() => showOpening());
} else if (analysis) {
  // An analysis board (`/?analysis=<id>`): the server keeps it, or this browser
  // (`&host=browser`, and on the static site); a closed one goes home.
  void import('./analysis/screen').then((m) => m.renderAnalysis(app, analysis, params.get('host') === 'browser'));
} else if (params.has('lessons') || params.has('lesson')) {
  void import('./teach/lessons').then((m) => m.renderLessons(app, params.get('lessons'), params.get('lesson')));
} else if (params.has('puzzles') || params.has('puzzle')) {
  void import('./puzzles/screen').then((m) => m.renderPuzzles(app, params));
} else if (params.has('player') && !STATIC) {
  void import('./identity/pages').then((m) => m.renderProfile(app, params.get('player') ?? ''));
} else if (params.has('leaderboard') && !STATIC) {
  void import('./identity/pages').then((m) => m.renderLeaderboard(app, params.get('leaderboard')));
} else if (params.has('rules')) {
  void import('./teach/rules').then((m) => m.renderRules(app, params.get('rules')));
} else if (direct) {
  const kind: HostKind = STATIC || params.get('host') === 'browser' ? 'browser' : 'server';
  const saved = loadSaved(kind);
  const visualizerParam = params.get('visualizer');
  void openGame({
    id: direct,
    host: kind,
    visualizer: visualizerParam !== null ? visualizerParam !== 'off' : saved?.id === direct ? saved.visualizer : true,
    view: params.get('view') === 'flat' ? 'flat' : saved?.id === direct ? saved.view : '3d',
    oracle: saved?.id === direct && saved.oracle === true,
  }, undefined, params.has('review'));
} else {
  showOpening();
}
