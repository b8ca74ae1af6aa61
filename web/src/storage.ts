// The game to resume, per host: only its id and view preferences; the server keeps a
// server game, IndexedDB a browser game (hosts/browser-store.ts). Server games and browser
// games are kept apart: each has its own entry.

import type { HostKind } from './hosts/host';

export interface SavedGame {
  id: string;
  /** Who keeps the game (absent: the server, as before browser games existed). */
  host?: HostKind;
  visualizer: boolean;
  view: '3d' | 'flat';
  /** The Oracle panel is open (on duty at the start of each of the player's turns). */
  oracle?: boolean;
}

const keyOf = (host: HostKind = 'server') => (host === 'server' ? 'spacechess.saved' : 'spacechess.saved.browser');

export function loadSaved(host: HostKind = 'server'): SavedGame | null {
  try {
    const raw = localStorage.getItem(keyOf(host));
    if (!raw) return null;
    const s = JSON.parse(raw) as Partial<SavedGame>;
    if (typeof s.id !== 'string' || !s.id) return null;
    return { id: s.id, host, visualizer: s.visualizer !== false, view: s.view === 'flat' ? 'flat' : '3d', oracle: s.oracle === true };
  } catch {
    return null;
  }
}

export function save(game: SavedGame): void {
  try {
    localStorage.setItem(keyOf(game.host), JSON.stringify(game));
  } catch {
    // Storage may be full or disabled; the game still lives on the server.
  }
}

export function forget(host: HostKind = 'server'): void {
  try {
    localStorage.removeItem(keyOf(host));
  } catch {
    // Nothing to do.
  }
}
