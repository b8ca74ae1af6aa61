// The game saved in this browser: only its id and view preferences; the server keeps the game.

export interface SavedGame {
  id: string;
  visualizer: boolean;
  view: '3d' | 'flat';
  /** The Oracle panel is open (on duty at the start of each of the player's turns). */
  oracle?: boolean;
}

const KEY = 'spacechess.saved';

export function loadSaved(): SavedGame | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Partial<SavedGame>;
    if (typeof s.id !== 'string' || !s.id) return null;
    return { id: s.id, visualizer: s.visualizer !== false, view: s.view === 'flat' ? 'flat' : '3d', oracle: s.oracle === true };
  } catch {
    return null;
  }
}

export function save(game: SavedGame): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(game));
  } catch {
    // Storage may be full or disabled; the game still lives on the server.
  }
}

export function forget(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to do.
  }
}
