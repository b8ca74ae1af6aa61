// Browser games kept in this browser: IndexedDB (database `spacechess`, store `games`),
// one entry per game with its record, so a reload or a new visit resumes it.

import type { StoredGame } from '../wasm/protocol';

/** A kept game: its shape is the module's (crates/wasm/src/tables.rs), which writes and reads it. */
export type { StoredGame };

export interface GameStore {
  get(id: string): Promise<StoredGame | undefined>;
  put(game: StoredGame): Promise<void>;
}

const DB = 'spacechess';
const STORE = 'games';

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** The games in IndexedDB (opened at the first request). */
export function indexedDbStore(): GameStore {
  let db: Promise<IDBDatabase> | null = null;
  const open = () => {
    db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(DB, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB cannot be opened'));
    });
    return db;
  };
    return {
    get: async (id) => (await done((await open()).transaction(STORE, 'readonly').objectStore(STORE).get(id))) as StoredGame | undefined,
    // Resolves once the transaction has committed: a reload right after finds the game.
    put: async (game) => {
      const tx = (await open()).transaction(STORE, 'readwrite');
      tx.objectStore(STORE).put(game);
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
        tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
      });
    },
  };
}

/** Games kept in memory only (tests; a browser without IndexedDB). */
export function memoryStore(): GameStore {
  const games = new Map<string, StoredGame>();
  return {
    get: (id) => Promise.resolve(games.get(id)),
    put: (game) => {
      games.set(game.id, { ...game });
      return Promise.resolve();
    },
  };
}
